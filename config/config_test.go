package config

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/adrg/xdg"

	"tidings/api"
	"tidings/model"
)

// configHome is the test's XDG_CONFIG_HOME, empty unless a test writes
// the default file (and removes it).
var configHome string

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == helperArg {
		os.Exit(apiKeyHelper(os.Args[2:]))
	}
	dir, err := os.MkdirTemp("", "tidings-config-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	configHome = dir
	os.Setenv("XDG_CONFIG_HOME", dir)
	xdg.Reload()
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// parse parses doc as file "c.toml".
func parse(t *testing.T, doc string) (*Config, error) {
	t.Helper()
	return Parse("c.toml", []byte(doc))
}

// oneError asserts that err is exactly one *Error on line with every
// fragment in its message, and returns it.
func oneError(t *testing.T, err error, line int, fragments ...string) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want a *config.Error", err, err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("want one problem, got:\n%v", err)
	}
	if e.Path != "c.toml" || e.Line != line {
		t.Errorf("error at %s:%d, want c.toml:%d: %v", e.Path, e.Line, line, e)
	}
	if want := fmt.Sprintf("c.toml:%d: ", line); !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q does not start with %q", err, want)
	}
	if !strings.Contains(e.Msg, "; allowed: ") {
		t.Errorf("message %q does not say what is allowed", e.Msg)
	}
	for _, f := range fragments {
		if !strings.Contains(e.Msg, f) {
			t.Errorf("message %q lacks %q", e.Msg, f)
		}
	}
	return e
}

func TestDefaults(t *testing.T) {
	d := Default()
	if d.Reader.StartScreen != ScreenHeadlines || d.Reader.FullText != FullTextManual ||
		d.Theme.Mode != ThemeAuto || d.Service.Dialect != api.DialectSpec ||
		d.Feeds.RefreshInterval != 15*time.Minute || d.Reader.PageSize != 0 || len(d.Keys) != 0 {
		t.Errorf("defaults %+v", d)
	}
	c, err := parse(t, "")
	if err != nil {
		t.Fatal(err)
	}
	c.Path = ""
	if !reflect.DeepEqual(c, d) {
		t.Errorf("an empty file: %+v, want the defaults %+v", c, d)
	}
}

func TestDefaultPath(t *testing.T) {
	p, err := DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(configHome, "tidings", "config.toml"); p != want {
		t.Errorf("DefaultPath %q, want %q", p, want)
	}
}

func TestLoadMissingDefaultFileIsDefaults(t *testing.T) {
	c, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != "" || !reflect.DeepEqual(c, Default()) {
		t.Errorf("Load with no file: %+v, want the defaults", c)
	}
}

func TestLoadDefaultFile(t *testing.T) {
	p, _ := DefaultPath()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("[reader]\nstart_screen = \"sources\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(p) })
	c, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != p || c.Reader.StartScreen != ScreenSources || !c.IsSet("reader.start_screen") {
		t.Errorf("Load of the default file: path %q, screen %q", c.Path, c.Reader.StartScreen)
	}
}

func TestLoadMissingExplicitFileIsError(t *testing.T) {
	p := filepath.Join(t.TempDir(), "nope.toml")
	_, err := Load(p)
	var e *Error
	if !errors.As(err, &e) || e.Path != p || e.Line != 0 || !strings.Contains(e.Msg, "no such file") {
		t.Fatalf("Load(missing) = %v, want a *config.Error saying no such file", err)
	}
	if _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("Load(directory) = %v, want an error", err)
	}
}

func TestLoadExplicitFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "my.toml")
	if err := os.WriteFile(p, []byte("[reader]\ncountry = \"DE\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != p || c.Reader.Country != "de" {
		t.Errorf("Load: %+v", c)
	}
}

// TestSettings is every setting, valid and invalid.
func TestSettings(t *testing.T) {
	tests := []struct {
		name  string
		doc   string
		check func(c *Config) bool // for valid files
		set   string               // a key IsSet must report
		line  int                  // for invalid files
		frags []string
	}{
		// [service]
		{name: "base_url", doc: "[service]\nbase_url = \"https://news.example.com/v2\"\n",
			check: func(c *Config) bool { return c.Service.BaseURL == "https://news.example.com/v2" }, set: "service.base_url"},
		{name: "base_url empty", doc: "[service]\nbase_url = \"\"\n",
			check: func(c *Config) bool { return c.Service.BaseURL == "" }, set: "service.base_url"},
		{name: "base_url bad scheme", doc: "[service]\n\nbase_url = \"ftp://x\"\n", line: 3,
			frags: []string{"service.base_url", `"ftp://x"`, "http or https"}},
		{name: "base_url no host", doc: "[service]\nbase_url = \"https://\"\n", line: 2, frags: []string{"service.base_url"}},
		{name: "base_url not a string", doc: "[service]\nbase_url = 3\n", line: 2,
			frags: []string{"service.base_url: expected a string, got a TOML integer"}},
		{name: "dialect newsapi", doc: "[service]\ndialect = \"NewsAPI\"\n",
			check: func(c *Config) bool { return c.Service.Dialect == api.DialectNewsAPI }, set: "service.dialect"},
		{name: "dialect spec", doc: "[service]\ndialect = \"spec\"\n",
			check: func(c *Config) bool { return c.Service.Dialect == api.DialectSpec }},
		{name: "dialect bad", doc: "[service]\ndialect = \"gnews\"\n", line: 2,
			frags: []string{"service.dialect", `"gnews"`, "allowed: spec, newsapi"}},
		{name: "api_key_command", doc: "[service]\napi_key_command = \"pass show 'news key'\"\n",
			check: func(c *Config) bool { return c.Service.APIKeyCommand == "pass show 'news key'" }, set: "service.api_key_command"},
		{name: "api_key_command pipe", doc: "[service]\napi_key_command = \"pass show news | head -1\"\n", line: 2,
			frags: []string{"service.api_key_command", `'|'`, "no shell"}},
		{name: "dialect greader", doc: "[service]\ndialect = \"greader\"\n",
			check: func(c *Config) bool { return c.Service.Dialect == api.DialectGReader }, set: "service.dialect"},
		{name: "user", doc: "[service]\nuser = \" alice \"\n",
			check: func(c *Config) bool { return c.Service.User == "alice" }, set: "service.user"},
		{name: "user control", doc: "[service]\nuser = \"al\\u0007ice\"\n", line: 2,
			frags: []string{"service.user", "control characters"}},
		{name: "user not a string", doc: "[service]\nuser = 3\n", line: 2,
			frags: []string{"service.user", "user name"}},
		{name: "api_key_command quote", doc: "[service]\napi_key_command = \"pass 'show\"\n", line: 2,
			frags: []string{"unterminated ' quote"}},
		// [reader]
		{name: "start_screen", doc: "[reader]\nstart_screen = \"Search\"\n",
			check: func(c *Config) bool { return c.Reader.StartScreen == ScreenSearch }, set: "reader.start_screen"},
		{name: "start_screen bad", doc: "[reader]\nstart_screen = \"home\"\n", line: 2,
			frags: []string{"reader.start_screen", `"home"`, `allowed: "headlines", "sources", "search" or "saved"`}},
		{name: "country", doc: "[reader]\ncountry = \"GB\"\n",
			check: func(c *Config) bool { return c.Reader.Country == "gb" }, set: "reader.country"},
		{name: "country any", doc: "[reader]\ncountry = \"\"\n",
			check: func(c *Config) bool { return c.Reader.Country == "" }, set: "reader.country"},
		{name: "country bad", doc: "# comment\n[reader]\ncountry = \"xx\"\n", line: 3,
			frags: []string{"reader.country", `unknown country "xx"`, "allowed: ae, ar,", "za"}},
		{name: "category", doc: "[reader]\ncategory = \"Science\"\n",
			check: func(c *Config) bool { return c.Reader.Category == model.Category("science") }},
		{name: "category bad", doc: "[reader]\ncategory = \"weather\"\n", line: 2,
			frags: []string{"reader.category", `"weather"`, "allowed: business,"}},
		{name: "language", doc: "[reader]\nlanguage = \"de\"\n",
			check: func(c *Config) bool { return c.Reader.Language == "de" }},
		{name: "language newsapi spelling", doc: "[service]\ndialect = \"newsapi\"\n[reader]\nlanguage = \"sv\"\n",
			check: func(c *Config) bool { return c.Reader.Language == "se" }},
		{name: "language bad for spec", doc: "[reader]\nlanguage = \"sv\"\n", line: 2,
			frags: []string{"reader.language", `unknown language "sv"`, "allowed: ar, de"}},
		{name: "sort", doc: "[reader]\nsort = \"PUBLISHEDAT\"\n",
			check: func(c *Config) bool { return c.Reader.Sort == model.SortPublishedAt }, set: "reader.sort"},
		{name: "sort bad", doc: "[reader]\nsort = \"newest\"\n", line: 2,
			frags: []string{"reader.sort", `"newest"`, "relevancy, popularity, publishedAt"}},
		{name: "page_size", doc: "[reader]\npage_size = 50\n",
			check: func(c *Config) bool { return c.Reader.PageSize == 50 }, set: "reader.page_size"},
		{name: "page_size max", doc: "[reader]\npage_size = 100\n",
			check: func(c *Config) bool { return c.Reader.PageSize == 100 }},
		{name: "page_size too big", doc: "[reader]\npage_size = 101\n", line: 2,
			frags: []string{"reader.page_size", "101", "allowed: 1 to 100, or 0"}},
		{name: "page_size negative", doc: "[reader]\npage_size = -1\n", line: 2, frags: []string{"reader.page_size"}},
		{name: "page_size string", doc: "[reader]\npage_size = \"20\"\n", line: 2,
			frags: []string{"reader.page_size: expected an integer, got a TOML string", "1 to 100"}},
		{name: "page_size float", doc: "[reader]\npage_size = 2.5\n", line: 2,
			frags: []string{"got a TOML float"}},
		{name: "full_text", doc: "[reader]\nfull_text = \"auto\"\n",
			check: func(c *Config) bool { return c.Reader.FullText == FullTextAuto }, set: "reader.full_text"},
		{name: "allow_private_fetch", doc: "[reader]\nallow_private_fetch = true\n",
			check: func(c *Config) bool { return c.Reader.AllowPrivateFetch }, set: "reader.allow_private_fetch"},
		{name: "allow_private_fetch bad", doc: "[reader]\nallow_private_fetch = \"yes\"\n", line: 2,
			frags: []string{"reader.allow_private_fetch", "true or false"}},
		{name: "full_text bad", doc: "[reader]\nfull_text = \"always\"\n", line: 2,
			frags: []string{"reader.full_text", `"always"`, `allowed: "manual" or "auto"`}},
		{name: "q_quits", doc: "[reader]\nq_quits = true\n",
			check: func(c *Config) bool { return c.Reader.QQuits }, set: "reader.q_quits"},
		{name: "q_quits string", doc: "[reader]\nq_quits = \"yes\"\n", line: 2,
			frags: []string{"reader.q_quits: expected a boolean, got a TOML string", "true or false"}},
		{name: "open_command", doc: "[reader]\nopen_command = \" firefox --new-tab %s \"\n",
			check: func(c *Config) bool { return c.Reader.OpenCommand == "firefox --new-tab %s" }, set: "reader.open_command"},
		{name: "open_command bad", doc: "[reader]\nopen_command = \"firefox 'x\"\n", line: 2,
			frags: []string{"reader.open_command", "unterminated ' quote", "no shell is involved"}},
		// [theme]
		{name: "mode", doc: "[theme]\nmode = \"light\"\n",
			check: func(c *Config) bool { return c.Theme.Mode == ThemeLight }, set: "theme.mode"},
		{name: "mode bad", doc: "[theme]\nmode = \"solarized\"\n", line: 2,
			frags: []string{"theme.mode", `allowed: "auto", "dark" or "light"`}},
		{name: "colors", doc: "[theme.colors]\naccent = \"#FF6FAE\"\nmuted = 244\ntext = \"#abc\"\non_accent = \"15\"\nerror = \"\"\n",
			check: func(c *Config) bool {
				return c.Theme.Colors == Colors{Accent: "#ff6fae", Muted: "244", Text: "#aabbcc", OnAccent: "15"}
			}, set: "theme.colors.accent"},
		{name: "dark and light", doc: "[theme.dark]\naccent = \"#111111\"\n[theme.light]\naccent = 1\n",
			check: func(c *Config) bool { return c.Theme.Dark.Accent == "#111111" && c.Theme.Light.Accent == "1" }},
		{name: "color out of range", doc: "[theme.colors]\naccent = 256\n", line: 2,
			frags: []string{"theme.colors.accent", `invalid colour "256"`, `"#rrggbb"`, `"0" to "255"`}},
		{name: "color bad hex", doc: "[theme.dark]\n\nprimary = \"#12345g\"\n", line: 3,
			frags: []string{"theme.dark.primary", `"#12345g"`}},
		{name: "color name", doc: "[theme.light]\ntext = \"red\"\n", line: 2, frags: []string{"theme.light.text"}},
		{name: "color bool", doc: "[theme.colors]\ntext = true\n", line: 2,
			frags: []string{"expected a string or an integer, got a boolean"}},
		{name: "color unknown role", doc: "[theme.colors]\nacent = \"#ffffff\"\n", line: 2,
			frags: []string{"unknown key theme.colors.acent (did you mean accent?)", "on_accent"}},
		{name: "theme not a table", doc: "theme = \"dark\"\n", line: 1,
			frags: []string{"theme: expected a table, got a TOML string"}},
		// [feeds]
		{name: "max_items_per_feed", doc: "[feeds]\nmax_items_per_feed = 200\n",
			check: func(c *Config) bool { return c.Feeds.MaxItemsPerFeed == 200 }, set: "feeds.max_items_per_feed"},
		{name: "max_items_per_feed negative", doc: "[feeds]\nmax_items_per_feed = -1\n", line: 2,
			frags: []string{"feeds.max_items_per_feed", "out of range", "1 to 1000000 items"}},
		{name: "refresh_interval", doc: "[feeds]\nrefresh_interval = \"1h30m\"\n",
			check: func(c *Config) bool { return c.Feeds.RefreshInterval == 90*time.Minute }, set: "feeds.refresh_interval"},
		{name: "refresh_interval days", doc: "[feeds]\nrefresh_interval = \"1d\"\n",
			check: func(c *Config) bool { return c.Feeds.RefreshInterval == 24*time.Hour }},
		{name: "refresh_interval off", doc: "[feeds]\nrefresh_interval = \"0\"\n",
			check: func(c *Config) bool { return c.Feeds.RefreshInterval == 0 }},
		{name: "refresh_interval min", doc: "[feeds]\nrefresh_interval = \"1m\"\n",
			check: func(c *Config) bool { return c.Feeds.RefreshInterval == time.Minute }},
		{name: "refresh_interval too short", doc: "[feeds]\nrefresh_interval = \"30s\"\n", line: 2,
			frags: []string{"feeds.refresh_interval", "out of range", "from 1m to 7d"}},
		{name: "refresh_interval too long", doc: "[feeds]\nrefresh_interval = \"8d\"\n", line: 2,
			frags: []string{"out of range"}},
		{name: "refresh_interval garbage", doc: "[feeds]\nrefresh_interval = \"soon\"\n", line: 2,
			frags: []string{`invalid duration "soon"`}},
		{name: "refresh_interval integer", doc: "[feeds]\nrefresh_interval = 30\n", line: 2,
			frags: []string{"feeds.refresh_interval: expected a string, got a TOML integer", `"30m"`}},
		{name: "contact", doc: "[feeds]\ncontact = \"https://news.example.com/about\"\n",
			check: func(c *Config) bool { return c.Feeds.Contact == "https://news.example.com/about" }, set: "feeds.contact"},
		{name: "contact mailto", doc: "[feeds]\ncontact = \"mailto:me@example.com\"\n",
			check: func(c *Config) bool { return c.Feeds.Contact == "mailto:me@example.com" }},
		{name: "contact not a URL", doc: "[feeds]\ncontact = \"call me maybe\"\n", line: 2,
			frags: []string{"feeds.contact", `invalid contact "call me maybe"`, "mailto:"}},
		// Inline tables and dotted keys are the same settings.
		{name: "inline table", doc: "reader = { country = \"fr\", page_size = 10 }\n",
			check: func(c *Config) bool { return c.Reader.Country == "fr" && c.Reader.PageSize == 10 }, set: "reader.page_size"},
		{name: "dotted key", doc: "reader.country = \"it\"\n",
			check: func(c *Config) bool { return c.Reader.Country == "it" }, set: "reader.country"},
		// Syntax.
		{name: "syntax", doc: "[reader]\ncountry = \"de\n", line: 2, frags: []string{"invalid TOML"}},
		{name: "duplicate key", doc: "[reader]\ncountry = \"de\"\ncountry = \"fr\"\n", line: 3,
			frags: []string{"invalid TOML", "already defined"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := parse(t, tc.doc)
			if tc.check == nil {
				if err == nil {
					t.Fatalf("no error, want one on line %d", tc.line)
				}
				oneError(t, err, tc.line, tc.frags...)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(c) {
				t.Errorf("got %+v", c)
			}
			if tc.set != "" && !c.IsSet(tc.set) {
				t.Errorf("IsSet(%q) false", tc.set)
			}
		})
	}
}

func TestIsSet(t *testing.T) {
	c, err := parse(t, "[reader]\ncountry = \"de\"\n[keys.reader]\nnext = [\"n\", \"right\"]\n")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]bool{
		"reader": true, "reader.country": true, "keys": true, "keys.reader": true, "keys.reader.next": true,
		"reader.category": false, "service": false, "service.dialect": false, "keys.reader.prev": false,
	} {
		if c.IsSet(key) != want {
			t.Errorf("IsSet(%q) = %v, want %v", key, !want, want)
		}
	}
	// A setting the file leaves alone holds its default.
	if c.Reader.StartScreen != ScreenHeadlines {
		t.Errorf("start screen %q", c.Reader.StartScreen)
	}
}

func TestUnknownKeys(t *testing.T) {
	tests := []struct {
		name, doc string
		line      int
		frags     []string
	}{
		{"typo in table", "[reader]\ncountry = \"de\"\ncountri = \"de\"\n", 3,
			[]string{"unknown key reader.countri (did you mean country?)", "allowed: start_screen, country,"}},
		{"typo of a table", "[reader]\n\n[servce]\nbase_url = \"x\"\n", 3,
			[]string{"unknown key servce (did you mean service?)", "allowed: service, reader, theme, keys, feeds"}},
		{"far from anything", "[reader]\nwallpaper = \"x\"\n", 2,
			[]string{"unknown key reader.wallpaper;"}},
		{"inline table", "theme = { mode = \"dark\", mod = \"x\" }\n", 1,
			[]string{"unknown key theme.mod (did you mean mode?)"}},
		{"top level", "\n\ncountry = \"de\"\n", 3, []string{"unknown key country;"}},
		{"key context", "[keys.readr]\nnext = \"n\"\n", 1,
			[]string{"unknown key keys.readr (did you mean reader?)", "global, list, reader"}},
		{"key action", "[keys.reader]\n\nnxt = \"x\"\n", 3,
			[]string{"unknown key keys.reader.nxt (did you mean next?)", "open_browser"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse(t, tc.doc)
			oneError(t, err, tc.line, tc.frags...)
			if strings.Contains(tc.frags[0], ";") && strings.Contains(err.Error(), "did you mean") {
				t.Errorf("a suggestion for a name near nothing: %v", err)
			}
		})
	}
}

func TestAPIKeyRefused(t *testing.T) {
	const secret = "s3cr3t-0123456789"
	for _, doc := range []string{
		"[service]\nbase_url = \"https://x.example/v2\"\napi_key = \"" + secret + "\"\n",
		"service = { dialect = \"spec\", api_key = \"" + secret + "\" }\n",
		"[service]\napikey = \"" + secret + "\"\n",
		"[service]\ntoken = \"" + secret + "\"\n",
		"api_key = \"" + secret + "\"\n",
	} {
		_, err := parse(t, doc)
		line := strings.Count(doc[:strings.Index(doc, secret)], "\n") + 1
		oneError(t, err, line, "never kept in this file", "api_key_command", "NEWS_API_KEY")
		if strings.Contains(err.Error(), secret) {
			t.Errorf("the error repeats the key: %v", err)
		}
	}
}

func TestSeveralProblemsAreAllReported(t *testing.T) {
	doc := "[reader]\ncountry = \"xx\"\ncountri = 1\n[theme]\nmode = \"pink\"\n"
	_, err := parse(t, doc)
	if err == nil {
		t.Fatal("no error")
	}
	got := strings.Split(err.Error(), "\n")
	if len(got) != 3 || !strings.HasPrefix(got[0], "c.toml:2: reader.country") ||
		!strings.HasPrefix(got[1], "c.toml:3: unknown key reader.countri") || !strings.HasPrefix(got[2], "c.toml:5: theme.mode") {
		t.Errorf("problems:\n%v", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Line != 2 {
		t.Errorf("errors.As finds %+v, want the first problem", e)
	}
}

func TestSuggest(t *testing.T) {
	known := []string{"country", "category", "language", "page_size"}
	for name, want := range map[string]string{
		"countyr": "country", "catgory": "category", "lang": "", "pagesize": "page_size", "Country": "country", "xyz": "",
	} {
		if got := suggest(name, known); got != want {
			t.Errorf("suggest(%q) = %q, want %q", name, got, want)
		}
	}
}

// typical is a file as a newcomer writes it.
const typical = `[service]
base_url = "https://news.example.com/v2"
api_key_command = "pass show news"

[reader]
start_screen = "sources"
country = "de"
category = "technology"

[theme]
mode = "dark"

[theme.colors]
accent = "#ff8800"

[keys.reader]
next = ["n", "right"]
`

// BenchmarkParseTypical measures the file most users have.
func BenchmarkParseTypical(b *testing.B) {
	for b.Loop() {
		if _, err := Parse("c.toml", []byte(typical)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadTypical adds reading the file.
func BenchmarkLoadTypical(b *testing.B) {
	p := filepath.Join(b.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(typical), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Load(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParse measures a full file, the template uncommented: start-up
// pays this once.
func BenchmarkParse(b *testing.B) {
	data := []byte(uncomment(Template()))
	for b.Loop() {
		if _, err := Parse("c.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRefreshDefaultMatchesFeeds keeps DefaultRefreshInterval equal to
// feeds.DefaultInterval, reading feeds' source (config does not import
// feeds).
func TestRefreshDefaultMatchesFeeds(t *testing.T) {
	files, _ := filepath.Glob("../feeds/*.go")
	found := ""
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok {
				for i, id := range vs.Names {
					if id.Name == "DefaultInterval" && i < len(vs.Values) {
						found = types.ExprString(vs.Values[i])
					}
				}
			}
			return true
		})
	}
	if found != "15 * time.Minute" || DefaultRefreshInterval != 15*time.Minute {
		t.Errorf("feeds.DefaultInterval = %q, config's default %v: keep them equal", found, DefaultRefreshInterval)
	}
}
