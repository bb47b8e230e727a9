// Package config reads the reader's settings file,
// $XDG_CONFIG_HOME/tidings/config.toml: the news service to read, the start
// screen and default filters, the theme, key bindings and the feeds' refresh
// interval. It checks every value against what the rest of tidings allows
// (the model's countries, categories, languages and sort orders, the api
// package's dialects, keymap's contexts and actions) and reports a bad file
// as an [*Error] saying file:line, what was wrong and what is allowed.
//
// What it must not do: it never reads flags or the environment (the CLI
// merges those, see [Config]), never holds or writes the API key (only the
// command that prints it, run by [Service.APIKey]), never draws anything,
// and imports neither ui, cli, state nor server. Loading is cheap (a small
// file, two passes of a TOML parser) so that it can stay on the start-up
// path.
package config

import (
	"time"

	"tidings/api"
	"tidings/model"
)

// Config is a loaded settings file. Every field holds the value that
// applies: the file's when it set one, else the default. [Config.IsSet]
// tells the two apart.
//
// Precedence is flags > environment > config > defaults, and the CLI
// applies it: for each setting, start from the Config's value (already the
// default when the file is silent), replace it with the environment's when
// that is set (NEWS_API_BASE_URL, NEWS_API_DIALECT; NEWS_API_KEY beats
// api_key_command), then with the flag's when the flag was given
// (cobra's Flags().Changed). Where a default depends on other settings
// (the start screen is Search when --query is given and no screen was
// chosen; the base URL follows the dialect), ask IsSet: a value the file
// set counts as chosen, a default does not.
type Config struct {
	// Path is the file the settings came from; "" when there was none and
	// the defaults apply.
	Path    string
	Service Service
	Reader  Reader
	Theme   Theme
	// Keys holds the file's key bindings: context → action → keys, names
	// in snake_case ("reader" → "next" → ["n", "right"]). Only the actions
	// the file lists are here; [Config.ApplyKeys] puts them on a keymap.
	Keys  map[string]map[string][]string
	Feeds Feeds

	set map[string]bool
}

// Service says which news service to read and how to authenticate.
type Service struct {
	// BaseURL is the service's address including /v2; "" means the
	// dialect's default (none for the spec: the built-in demo or personal
	// service; newsapi.org for the newsapi dialect).
	BaseURL string
	// Dialect is how the service speaks (api.ParseDialect's names: spec,
	// newsapi).
	Dialect api.Dialect
	// APIKeyCommand is a command line whose standard output is the API
	// key ("pass show news"); see [Service.APIKey]. "" means none.
	APIKeyCommand string
	// User is the user name of the greader dialect (ClientLogin's Email;
	// the API key is its password); "" means none. Env TIDINGS_USER,
	// flag --user.
	User string
}

// Reader holds the reader's start screen and default filters. Empty
// values mean "any" (filters) or the service's default (Sort, PageSize 0),
// as the flags do.
type Reader struct {
	StartScreen Screen
	Country     model.Country
	Category    model.Category
	Language    model.Language
	Sort        model.SortBy
	PageSize    int
	FullText    FullTextMode
	// AllowPrivateFetch lifts the fetch policy (tidings/netguard) for
	// what the reader fetches itself: full text (f) from loopback,
	// private and link-local hosts, and the pages and redirects of your
	// own feeds in personal mode — for a personal intranet. By default
	// only the service's own host (the demo's too) is exempt.
	AllowPrivateFetch bool
	// QQuits makes q quit from every screen, as it once did; by default
	// q leaves the reader or a story and quits only on a tabbed screen.
	QQuits bool
	// OpenCommand opens links when $BROWSER names none that exists: a
	// program and its arguments, "%s" standing for the address (else it
	// is appended); "" for the platform's opener.
	OpenCommand string
}

// Feeds holds the settings of the personal service's feeds.
type Feeds struct {
	// RefreshInterval is how often feeds are polled; 0 means not at all.
	RefreshInterval time.Duration
	// Contact is the URL or mailto: address the poller's User-Agent
	// names, where a site's owner can reach whoever polls it; "" for
	// none (see feeds.UserAgent).
	Contact string
	// MaxItemsPerFeed bounds the items of one feed a poll stores (the
	// newest); 0 means feeds.DefaultMaxItems.
	MaxItemsPerFeed int
}

// Screen names a screen the reader can start on.
type Screen string

// The start screens, as the --screen flag spells them.
const (
	ScreenHeadlines Screen = "headlines"
	ScreenSources   Screen = "sources"
	ScreenSearch    Screen = "search"
	ScreenSaved     Screen = "saved"
)

// Screens returns every start screen, the default first.
func Screens() []Screen { return []Screen{ScreenHeadlines, ScreenSources, ScreenSearch, ScreenSaved} }

// FullTextMode says when the reader fetches an article's full text.
type FullTextMode string

// The full-text modes.
const (
	// FullTextManual fetches the full text when the user asks (f).
	FullTextManual FullTextMode = "manual"
	// FullTextAuto fetches it on opening an article whose content is
	// truncated, short or missing.
	FullTextAuto FullTextMode = "auto"
)

// FullTextModes returns every full-text mode, the default first.
func FullTextModes() []FullTextMode { return []FullTextMode{FullTextManual, FullTextAuto} }

// Bounds and default of [Feeds.RefreshInterval]. The minimum is the one
// `tidings feeds refresh --refresh` enforces; the default is
// feeds.DefaultInterval (a test keeps them equal).
const (
	DefaultRefreshInterval = 15 * time.Minute
	MinRefreshInterval     = time.Minute
	MaxRefreshInterval     = 7 * 24 * time.Hour
)

// Bounds of [Feeds.MaxItemsPerFeed]; DefaultMaxItemsPerFeed is
// feeds.DefaultMaxItems (config does not import feeds).
const (
	DefaultMaxItemsPerFeed = 1000
	MaxMaxItemsPerFeed     = 1_000_000
)

// Default returns the settings that apply when there is no file.
func Default() *Config {
	return &Config{
		Service: Service{Dialect: api.DialectSpec},
		Reader: Reader{
			StartScreen: ScreenHeadlines,
			FullText:    FullTextManual,
		},
		Theme: Theme{Mode: ThemeAuto},
		Keys:  map[string]map[string][]string{},
		Feeds: Feeds{RefreshInterval: DefaultRefreshInterval, MaxItemsPerFeed: DefaultMaxItemsPerFeed},
		set:   map[string]bool{},
	}
}

// IsSet reports whether the file set the setting named by its dotted key
// as the file spells it: "reader.country", "service.dialect",
// "theme.colors.accent", "keys.reader.next". A table's name ("reader",
// "keys.reader") is set when the file names any key in it.
func (c *Config) IsSet(key string) bool { return c.set[key] }
