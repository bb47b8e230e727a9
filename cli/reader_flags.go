package cli

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tidings/api"
	"tidings/config"
	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/theme"
)

// readerFlags are the root command's flags exactly as typed.
type readerFlags struct {
	screen, country, category, language     string
	query, sources, domains, excludeDomains string
	from, to, sortBy, baseURL, apiKey       string
	dialect, user                           string
	pageSize                                int
	demo                                    bool
	// changed reports whether a flag was given (cobra's
	// Flags().Changed): only a given flag beats the environment and the
	// config file. nil: a flag counts as given when it is not zero, for
	// tests that fill the struct by hand.
	changed func(name string) bool
}

// readerConfig is what the flags, environment and config file mean once
// checked and merged.
type readerConfig struct {
	screen    common.ScreenID
	headlines model.HeadlinesQuery
	sources   model.SourcesQuery
	search    model.ArticlesQuery
	pageSize  int
	baseURL   string      // empty: run on an in-process service (personal or demo)
	dialect   api.Dialect // how the service at baseURL speaks; the spec's in-process
	forceDemo bool        // --demo: the demo even when the user has feeds
	apiKey    string
	keyOnCLI  bool   // the key came from --api-key, visible to other local users
	user      string // the greader dialect's user; the key is the password

	// From the config file alone (no flag or variable sets them).
	keys         *keymap.KeyMap   // the user's bindings; nil: the defaults
	background   theme.Background // theme.mode
	palette      theme.Adjust     // theme colour overrides; nil: none
	fullTextAuto bool             // reader.full_text = "auto"
	qQuits       bool             // reader.q_quits
	openCommand  string           // reader.open_command
	polling      feedsPolling     // feeds.refresh_interval, for personal mode
}

// screenNames are --screen's values, in the order help and completion
// give them; a static array, so that nothing is built at start-up.
var screenNames = [...]struct {
	name string
	id   common.ScreenID
}{
	{"headlines", common.Headlines},
	{"saved", common.Saved},
	{"search", common.Search},
	{"sources", common.Sources},
}

// screenNamed is the screen called name, if there is one.
func screenNamed(name string) (common.ScreenID, bool) {
	for _, s := range screenNames {
		if s.name == name {
			return s.id, true
		}
	}
	return 0, false
}

func (f *readerFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.screen, "screen", "", "start screen: headlines, sources, search or saved")
	fl.StringVar(&f.country, "country", "", "country of headlines and sources (two letters, e.g. us, de)")
	fl.StringVar(&f.category, "category", "", "category of headlines and sources (e.g. technology)")
	fl.StringVar(&f.language, "language", "", "language of sources and search results (e.g. en, de)")
	fl.StringVarP(&f.query, "query", "q", "", "search keywords: opens the search screen with results")
	fl.StringVar(&f.sources, "sources", "", "search only these source ids (comma-separated)")
	fl.StringVar(&f.domains, "domains", "", "search only these domains (comma-separated)")
	fl.StringVar(&f.excludeDomains, "exclude-domains", "", "leave these domains out of search results (comma-separated)")
	fl.StringVar(&f.from, "from", "", "oldest search result: yyyy-MM-dd, yyyy-MM-ddTHH:mm:ssZ, or a time ago ("+model.RelativeTimeForms+")")
	fl.StringVar(&f.to, "to", "", "newest search result: yyyy-MM-dd, yyyy-MM-ddTHH:mm:ssZ, or a time ago ("+model.RelativeTimeForms+")")
	fl.StringVar(&f.sortBy, "sort-by", "", "search order: relevancy, popularity or publishedAt")
	fl.IntVar(&f.pageSize, "page-size", 0, fmt.Sprintf("results per page, 1 to %d (default: the service's, %d)", model.MaxPageSize, model.DefaultPageSize))
	fl.StringVar(&f.baseURL, "base-url", "", "news service address including /v2 (env NEWS_API_BASE_URL); none: the built-in demo")
	fl.StringVar(&f.apiKey, "api-key", "", "API key of the news service; prefer the NEWS_API_KEY environment variable")
	fl.StringVar(&f.dialect, "dialect", "", "how the service speaks: spec, newsapi (newsapi.org) or greader (FreshRSS, Miniflux; needs --user); env NEWS_API_DIALECT; default spec")
	fl.StringVar(&f.user, "user", "", "user name of a Google Reader service (--dialect greader; env TIDINGS_USER); the API key is the password")
	fl.BoolVar(&f.demo, "demo", false, "use the built-in demo service even if a base URL is configured")
	registerCompletions(cmd)
}

// resolve checks every flag and turns flags and environment into a
// config, as if there were no config file.
func (f *readerFlags) resolve(getenv func(string) string) (readerConfig, error) {
	return f.resolveWith(context.Background(), config.Default(), getenv)
}

// resolveWith checks every flag and merges flags, environment and the
// config file file into a config: flags > environment > file > defaults.
// Every failure of a flag or variable is a usageError naming the allowed
// values (the file's values were checked when it was loaded). ctx bounds
// the file's api_key_command, which runs only when a remote service needs
// a key that neither --api-key nor NEWS_API_KEY gave.
func (f *readerFlags) resolveWith(ctx context.Context, file *config.Config, getenv func(string) string) (readerConfig, error) {
	var c readerConfig
	var err error
	if c.dialect, err = f.checkedDialect(file, getenv); err != nil {
		return c, err
	}
	if c.screen, err = f.startScreen(file); err != nil {
		return c, err
	}
	if c.pageSize, err = f.checkedPageSize(file); err != nil {
		return c, err
	}
	if err = f.queries(&c, file); err != nil {
		return c, err
	}
	if err = userPrefs(&c, file); err != nil {
		return c, err
	}
	return c, f.service(ctx, &c, file, getenv)
}

// startScreen is --screen, else the file's start_screen, else Search when
// keywords were given (-q), else Headlines.
func (f *readerFlags) startScreen(file *config.Config) (common.ScreenID, error) {
	name := strings.ToLower(strings.TrimSpace(f.screen))
	if name == "" || !f.given("screen") {
		switch {
		case file.IsSet("reader.start_screen"):
			name = string(file.Reader.StartScreen)
		case strings.TrimSpace(f.query) != "":
			return common.Search, nil
		default:
			name = string(file.Reader.StartScreen)
		}
		if name == "" {
			return common.Headlines, nil
		}
	}
	id, ok := screenNamed(name)
	if !ok {
		return 0, usagef("invalid --screen %q: allowed values are headlines, sources, search, saved", f.screen)
	}
	return id, nil
}

// checkedDialect reads --dialect, else NEWS_API_DIALECT, else the file's.
// --demo always reads the built-in service, which speaks the spec.
func (f *readerFlags) checkedDialect(file *config.Config, getenv func(string) string) (api.Dialect, error) {
	name, from := f.dialect, "--dialect"
	if strings.TrimSpace(name) == "" || !f.given("dialect") {
		name, from = getenv("NEWS_API_DIALECT"), "NEWS_API_DIALECT"
	}
	d := file.Service.Dialect
	if strings.TrimSpace(name) != "" {
		var err error
		if d, err = api.ParseDialect(name); err != nil {
			return d, usagef("invalid %s: %v", from, err)
		}
	}
	if f.demo {
		return api.DialectSpec, nil
	}
	return d, nil
}

func (f *readerFlags) checkedPageSize(file *config.Config) (int, error) {
	if !f.given("page-size") {
		return file.Reader.PageSize, nil
	}
	if f.pageSize < 1 || f.pageSize > model.MaxPageSize {
		return 0, usagef("invalid --page-size %d: use a number from 1 to %d", f.pageSize, model.MaxPageSize)
	}
	return f.pageSize, nil
}

func (f *readerFlags) queries(c *readerConfig, file *config.Config) error {
	value, from := f.pick("country", string(file.Reader.Country), file, "reader.country")
	country, err := model.ParseCountry(value)
	if err != nil {
		return usagef("invalid %s: %v", from, err)
	}
	value, from = f.pick("category", string(file.Reader.Category), file, "reader.category")
	category, err := model.ParseCategory(value)
	if err != nil {
		return usagef("invalid %s: %v", from, err)
	}
	// NewsAPI spells some languages its own way ("sv") and lacks others:
	// the dialect says what it takes, and names those values if not.
	value, from = f.pick("language", string(file.Reader.Language), file, "reader.language")
	language, err := c.dialect.ParseLanguage(value)
	if err != nil {
		return usagef("invalid %s: %v", from, err)
	}
	value, from = f.pick("sort-by", string(file.Reader.Sort), file, "reader.sort")
	sortBy, err := model.ParseSortBy(value)
	if err != nil {
		return usagef("invalid %s: %v", from, err)
	}
	c.headlines = model.HeadlinesQuery{Country: country, Category: category, PageSize: c.pageSize}
	c.sources = model.SourcesQuery{Country: country, Category: category, Language: language, PageSize: c.pageSize}
	c.search = model.ArticlesQuery{
		Q:              strings.TrimSpace(f.query),
		Sources:        model.SplitList(strings.ToLower(f.sources)),
		Domains:        model.SplitList(strings.ToLower(f.domains)),
		ExcludeDomains: model.SplitList(strings.ToLower(f.excludeDomains)),
		From:           strings.TrimSpace(f.from),
		To:             strings.TrimSpace(f.to),
		Language:       language,
		SortBy:         sortBy,
		PageSize:       c.pageSize,
	}
	// Relative dates ("3d") stay as typed: the search screen shows them
	// so and fixes them to instants when it sends the search.
	now := time.Now()
	if err := checkDateFlags(c.search.From, c.search.To, now); err != nil {
		return err
	}
	return validateSearchPreset(c.search.ResolveRelativeTimes(now), c.dialect)
}

// validateSearchPreset applies the dialect's search rules to the search
// flags. Keywords are optional on the command line (the search form asks
// for them), so a missing q alone is not an error here.
func validateSearchPreset(q model.ArticlesQuery, d api.Dialect) error {
	if q.Q == "" {
		q.Q = "preset"
	}
	if err := d.ValidateArticles(q); err != nil {
		var ve *model.ValidationError
		if errors.As(err, &ve) {
			if flag, ok := searchParamFlag(ve.Param); ok {
				return usagef("invalid --%s: %s", flag, strings.TrimPrefix(ve.Message, ve.Param+": "))
			}
		}
		return usagef("invalid search flags: %v", err)
	}
	return nil
}

// searchParamFlag names the flag of each search parameter whose errors
// the service's rules give, so that a message names what the user typed.
func searchParamFlag(param string) (string, bool) {
	switch param {
	case "sources", "domains", "from", "to", "language":
		return param, true
	case "excludeDomains":
		return "exclude-domains", true
	case "sortBy":
		return "sort-by", true
	case "pageSize":
		return "page-size", true
	}
	return "", false
}

// service decides which service to read: the demo, or a configured one
// with its key. A real service needs a key; say how to give one. The
// newsapi dialect with no base URL reads newsapi.org.
func (f *readerFlags) service(ctx context.Context, c *readerConfig, file *config.Config, getenv func(string) string) error {
	base := ""
	if f.given("base-url") {
		base = strings.TrimSpace(f.baseURL)
	}
	if base == "" {
		base = strings.TrimSpace(getenv("NEWS_API_BASE_URL"))
	}
	if base == "" {
		base = file.Service.BaseURL
	}
	if base == "" {
		base = c.dialect.DefaultBaseURL()
	}
	c.forceDemo = f.demo
	if c.dialect == api.DialectGReader && !f.demo {
		if err := f.greaderService(c, base, file, getenv); err != nil {
			return err
		}
	}
	if f.demo || base == "" {
		return nil
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef("invalid base URL %q: give an http or https address such as https://news.example.com/v2", base)
	}
	c.baseURL = base
	if f.given("api-key") {
		c.apiKey, c.keyOnCLI = f.apiKey, f.apiKey != ""
	}
	if c.apiKey == "" {
		c.apiKey = strings.TrimSpace(getenv("NEWS_API_KEY"))
	}
	if c.apiKey == "" && file.Service.APIKeyCommand != "" {
		// Only now, with a remote service and no other key: the command may
		// ask for a passphrase, and the demo and personal mode need no key.
		key, err := file.Service.APIKey(ctx)
		if err != nil {
			return fmt.Errorf("no API key for %s: %w (%s)", base, err, fileSetting(file, "service.api_key_command"))
		}
		c.apiKey = key
	}
	if c.apiKey == "" && c.dialect == api.DialectGReader {
		return noGReaderPassword(c.user, base)
	}
	if c.apiKey == "" && c.dialect == api.DialectNewsAPI {
		return usagef("no API key for NewsAPI (%s): set the NEWS_API_KEY environment variable (export NEWS_API_KEY=...) "+
			"to the key newsapi.org gave you, or api_key_command in the config file, "+
			"or run without --dialect newsapi to use the built-in demo", base)
	}
	if c.apiKey == "" {
		return usagef("no API key for %s: set the NEWS_API_KEY environment variable (export NEWS_API_KEY=...) "+
			"or api_key_command in the config file, or run without a base URL to use the built-in demo", base)
	}
	return nil
}
