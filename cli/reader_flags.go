package cli

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tidings/api"
	"tidings/model"
	"tidings/ui/common"
)

// readerFlags are the root command's flags exactly as typed.
type readerFlags struct {
	screen, country, category, language     string
	query, sources, domains, excludeDomains string
	from, to, sortBy, baseURL, apiKey       string
	dialect                                 string
	pageSize                                int
	demo                                    bool
}

// readerConfig is what the flags and environment mean once checked.
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
	keyOnCLI  bool // the key came from --api-key, visible to other local users
}

var screenNames = map[string]common.ScreenID{
	"headlines": common.Headlines,
	"sources":   common.Sources,
	"search":    common.Search,
}

func (f *readerFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.screen, "screen", "", "start screen: headlines, sources or search")
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
	fl.StringVar(&f.dialect, "dialect", "", "how the service speaks: spec or newsapi (newsapi.org; env NEWS_API_DIALECT; default spec)")
	fl.BoolVar(&f.demo, "demo", false, "use the built-in demo service even if a base URL is configured")
	registerCompletions(cmd)
}

// resolve checks every flag and turns flags and environment into a config.
// Every failure is a usageError naming the allowed values.
func (f *readerFlags) resolve(getenv func(string) string) (readerConfig, error) {
	var c readerConfig
	var err error
	if c.dialect, err = f.checkedDialect(getenv); err != nil {
		return c, err
	}
	if c.screen, err = f.startScreen(); err != nil {
		return c, err
	}
	if c.pageSize, err = f.checkedPageSize(); err != nil {
		return c, err
	}
	if err = f.queries(&c); err != nil {
		return c, err
	}
	return c, f.service(&c, getenv)
}

func (f *readerFlags) startScreen() (common.ScreenID, error) {
	name := strings.ToLower(strings.TrimSpace(f.screen))
	if name == "" {
		if strings.TrimSpace(f.query) != "" {
			return common.Search, nil
		}
		return common.Headlines, nil
	}
	id, ok := screenNames[name]
	if !ok {
		return 0, usagef("invalid --screen %q: allowed values are headlines, sources, search", f.screen)
	}
	return id, nil
}

// checkedDialect reads --dialect, else NEWS_API_DIALECT. --demo always
// reads the built-in service, which speaks the spec.
func (f *readerFlags) checkedDialect(getenv func(string) string) (api.Dialect, error) {
	name, from := f.dialect, "--dialect"
	if strings.TrimSpace(name) == "" {
		name, from = getenv("NEWS_API_DIALECT"), "NEWS_API_DIALECT"
	}
	d, err := api.ParseDialect(name)
	if err != nil {
		return d, usagef("invalid %s: %v", from, err)
	}
	if f.demo {
		return api.DialectSpec, nil
	}
	return d, nil
}

func (f *readerFlags) checkedPageSize() (int, error) {
	if f.pageSize < 0 || f.pageSize > model.MaxPageSize {
		return 0, usagef("invalid --page-size %d: use a number from 1 to %d", f.pageSize, model.MaxPageSize)
	}
	return f.pageSize, nil
}

func (f *readerFlags) queries(c *readerConfig) error {
	country, err := model.ParseCountry(f.country)
	if err != nil {
		return usagef("invalid --country: %v", err)
	}
	category, err := model.ParseCategory(f.category)
	if err != nil {
		return usagef("invalid --category: %v", err)
	}
	// NewsAPI spells some languages its own way ("sv") and lacks others:
	// the dialect says what it takes, and names those values if not.
	language, err := c.dialect.ParseLanguage(f.language)
	if err != nil {
		return usagef("invalid --language: %v", err)
	}
	sortBy, err := model.ParseSortBy(f.sortBy)
	if err != nil {
		return usagef("invalid --sort-by: %v", err)
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
	return validateSearchPreset(c.search.ResolveRelativeTimes(time.Now()), c.dialect)
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
		if errors.As(err, &ve) && (ve.Param == "from" || ve.Param == "to") {
			return usagef("invalid search flags: %v; or a time ago: %s", err, model.RelativeTimeForms)
		}
		return usagef("invalid search flags: %v", err)
	}
	return nil
}

// service decides which service to read: the demo, or a configured one
// with its key. A real service needs a key; say how to give one. The
// newsapi dialect with no base URL reads newsapi.org.
func (f *readerFlags) service(c *readerConfig, getenv func(string) string) error {
	base := strings.TrimSpace(f.baseURL)
	if base == "" {
		base = strings.TrimSpace(getenv("NEWS_API_BASE_URL"))
	}
	if base == "" {
		base = c.dialect.DefaultBaseURL()
	}
	c.forceDemo = f.demo
	if f.demo || base == "" {
		return nil
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef("invalid base URL %q: give an http or https address such as https://news.example.com/v2", base)
	}
	c.baseURL = base
	c.apiKey, c.keyOnCLI = f.apiKey, f.apiKey != ""
	if c.apiKey == "" {
		c.apiKey = strings.TrimSpace(getenv("NEWS_API_KEY"))
	}
	if c.apiKey == "" && c.dialect == api.DialectNewsAPI {
		return usagef("no API key for NewsAPI (%s): set the NEWS_API_KEY environment variable (export NEWS_API_KEY=...) "+
			"to the key newsapi.org gave you, or run without --dialect newsapi to use the built-in demo", base)
	}
	if c.apiKey == "" {
		return usagef("no API key for %s: set the NEWS_API_KEY environment variable (export NEWS_API_KEY=...), "+
			"or run without a base URL to use the built-in demo", base)
	}
	return nil
}
