package config

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"

	"tidings/api"
	"tidings/cmdline"
	"tidings/model"
)

// openCommandAllowed says how open_command is written.
const openCommandAllowed = `a program and its arguments separated by spaces, "%s" standing for the address ` +
	`(else it is added at the end), e.g. "firefox --new-tab %s"; '…' and "…" quote; no shell is involved`

// builder turns the decoded file into a Config, collecting problems.
type builder struct {
	c     *Config
	p     *problems
	lines map[string]int
}

// bad records a problem with the setting at key.
func (b *builder) bad(key, format string, args ...any) {
	b.p.add(b.line(key), "%s: %s", key, fmt.Sprintf(format, args...))
}

// line is the line of key (of "key[i]", an array element's own line),
// or of the nearest enclosing key or table the file names, or 0.
func (b *builder) line(key string) int {
	for key != "" {
		if l, ok := b.lines[key]; ok {
			return l
		}
		if i := strings.LastIndexByte(key, '['); i > 0 {
			key = key[:i] // an element of a single-string list: its key
			continue
		}
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return 0
}

func (b *builder) service(r *rawService) {
	if r == nil {
		return
	}
	s := &b.c.Service
	if r.Dialect != nil {
		d, err := api.ParseDialect(*r.Dialect)
		if err != nil {
			b.bad("service.dialect", "%s", allowedOf(err))
		}
		s.Dialect = d
	}
	if r.BaseURL != nil {
		base := strings.TrimSpace(*r.BaseURL)
		u, err := url.Parse(base)
		if base != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
			b.bad("service.base_url", "invalid address %q; allowed: an http or https address such as "+
				"\"https://news.example.com/v2\", or \"\" for the dialect's default", *r.BaseURL)
		}
		s.BaseURL = base
	}
	if r.APIKeyCommand != nil {
		cmd := strings.TrimSpace(*r.APIKeyCommand)
		if cmd != "" {
			if _, err := cmdline.Split(cmd); err != nil {
				b.bad("service.api_key_command", "%v; allowed: %s", err, commandAllowed)
			}
		}
		s.APIKeyCommand = cmd
	}
	if r.User != nil {
		user := strings.TrimSpace(*r.User)
		if strings.ContainsFunc(user, unicode.IsControl) {
			b.bad("service.user", "the user name %q holds control characters; allowed: %s", *r.User, userAllowed)
		}
		s.User = user
	}
}

// userAllowed says what service.user takes.
const userAllowed = "the user name of a Google Reader service (dialect greader), such as \"alice\""

// screenAllowed says what reader.start_screen takes.
func screenAllowed() string { return quoteList(Screens()) }

func (b *builder) reader(r *rawReader) {
	if r == nil {
		return
	}
	rd := &b.c.Reader
	if r.StartScreen != nil {
		s := Screen(strings.ToLower(strings.TrimSpace(*r.StartScreen)))
		if !contains(Screens(), s) {
			b.bad("reader.start_screen", "unknown screen %q; allowed: %s", *r.StartScreen, screenAllowed())
		} else {
			rd.StartScreen = s
		}
	}
	if r.Country != nil {
		v, err := model.ParseCountry(*r.Country)
		b.check("reader.country", err)
		rd.Country = v
	}
	if r.Category != nil {
		v, err := model.ParseCategory(*r.Category)
		b.check("reader.category", err)
		rd.Category = v
	}
	if r.Language != nil {
		// The dialect the file names decides the spelling ("sv" is
		// NewsAPI's Swedish); the CLI checks again against the dialect
		// that finally applies.
		v, err := b.c.Service.Dialect.ParseLanguage(*r.Language)
		b.check("reader.language", err)
		rd.Language = v
	}
	if r.Sort != nil {
		v, err := model.ParseSortBy(*r.Sort)
		b.check("reader.sort", err)
		rd.Sort = v
	}
	if r.PageSize != nil {
		if n := *r.PageSize; n < 0 || n > model.MaxPageSize {
			b.bad("reader.page_size", "%d is out of range; allowed: 1 to %d, or 0 for the service's default", n, model.MaxPageSize)
		} else {
			rd.PageSize = n
		}
	}
	if r.QQuits != nil {
		rd.QQuits = *r.QQuits
	}
	if r.OpenCommand != nil {
		cmd := strings.TrimSpace(*r.OpenCommand)
		if cmd != "" {
			if _, err := cmdline.Split(cmd); err != nil {
				b.bad("reader.open_command", "%v; allowed: %s", err, openCommandAllowed)
			}
		}
		rd.OpenCommand = cmd
	}
	if r.FullText != nil {
		m := FullTextMode(strings.ToLower(strings.TrimSpace(*r.FullText)))
		if !contains(FullTextModes(), m) {
			b.bad("reader.full_text", "unknown mode %q; allowed: %s", *r.FullText, quoteList(FullTextModes()))
		} else {
			rd.FullText = m
		}
	}
	if r.AllowPrivateFetch != nil {
		rd.AllowPrivateFetch = *r.AllowPrivateFetch
	}
}

func (b *builder) check(key string, err error) {
	if err != nil {
		b.bad(key, "%s", allowedOf(err))
	}
}

func (b *builder) theme(r *rawTheme) {
	if r == nil {
		return
	}
	t := &b.c.Theme
	if r.Mode != nil {
		m := ThemeMode(strings.ToLower(strings.TrimSpace(*r.Mode)))
		if !contains(ThemeModes(), m) {
			b.bad("theme.mode", "unknown mode %q; allowed: %s", *r.Mode, quoteList(ThemeModes()))
		} else {
			t.Mode = m
		}
	}
	b.colors("theme.colors", r.Colors, &t.Colors)
	b.colors("theme.dark", r.Dark, &t.Dark)
	b.colors("theme.light", r.Light, &t.Light)
}

func (b *builder) colors(table string, raw map[string]any, dst *Colors) {
	roles := colorRoles.Get()
	for _, role := range sortedKeys(raw) {
		key := table + "." + role
		if !contains(roles, role) {
			b.unknown(key, role, roles)
			continue
		}
		var s string
		switch v := raw[role].(type) {
		case string:
			s = v
		case int64:
			s = fmt.Sprint(v)
		default:
			b.bad(key, "expected a string or an integer, got %s; allowed: %s", tomlKind(v), colorAllowed)
			continue
		}
		if s == "" {
			continue // the built-in colour, as the template shows it
		}
		col, err := ParseColor(s)
		if err != nil {
			b.bad(key, "%v; allowed: %s", err, colorAllowed)
			continue
		}
		dst.setColor(role, col)
	}
}

// refreshAllowed says what refresh_interval takes.
func refreshAllowed() string {
	return fmt.Sprintf("a duration from %s to %s such as \"30m\", \"1h30m\" or \"1d\", or \"0\" to not poll",
		fmtDuration(MinRefreshInterval), fmtDuration(MaxRefreshInterval))
}

// maxItemsAllowed says what max_items_per_feed takes.
func maxItemsAllowed() string {
	return fmt.Sprintf("1 to %d items, or 0 for the default (%d)", MaxMaxItemsPerFeed, DefaultMaxItemsPerFeed)
}

func (b *builder) feeds(r *rawFeeds) {
	if r == nil {
		return
	}
	if r.Contact != nil {
		if err := CheckContact(*r.Contact); err != nil {
			b.bad("feeds.contact", "%v", err)
		} else {
			b.c.Feeds.Contact = strings.TrimSpace(*r.Contact)
		}
	}
	if r.MaxItemsPerFeed != nil {
		if n := *r.MaxItemsPerFeed; n < 0 || n > MaxMaxItemsPerFeed {
			b.bad("feeds.max_items_per_feed", "%d is out of range; allowed: %s", n, maxItemsAllowed())
		} else {
			b.c.Feeds.MaxItemsPerFeed = n
		}
	}
	if r.RefreshInterval == nil {
		return
	}
	s := strings.TrimSpace(*r.RefreshInterval)
	d, err := parseDuration(s)
	switch {
	case err != nil:
		b.bad("feeds.refresh_interval", "invalid duration %q; allowed: %s", *r.RefreshInterval, refreshAllowed())
	case d != 0 && (d < MinRefreshInterval || d > MaxRefreshInterval):
		b.bad("feeds.refresh_interval", "%s is out of range; allowed: %s", *r.RefreshInterval, refreshAllowed())
	default:
		b.c.Feeds.RefreshInterval = d
	}
}

// parseDuration reads a Go duration ("1h30m") or a span as the feeds
// flags take it ("3d", "2w": model.ParseAge).
func parseDuration(s string) (time.Duration, error) {
	if s == "0" {
		return 0, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		return d, nil
	}
	return model.ParseAge(s)
}

// fmtDuration writes d as the template and messages show it: "15m",
// "1h30m", "7d".
func fmtDuration(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	if d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	}
	s := d.String()
	s = strings.TrimSuffix(s, "0s")
	return strings.TrimSuffix(s, "0m")
}
