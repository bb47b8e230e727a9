package cli

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/spf13/cobra"

	"tidings/config"
	"tidings/ui/common"
	"tidings/ui/theme"
)

// resolveArgs parses args as the reader's flags and merges them with env
// and the settings file text (none when text is "").
func resolveArgs(t *testing.T, text string, env map[string]string, args ...string) (readerConfig, error) {
	t.Helper()
	file := config.Default()
	if text != "" {
		var err error
		if file, err = config.Load(writeConfig(t, text)); err != nil {
			t.Fatal(err)
		}
	}
	var f readerFlags
	cmd := &cobra.Command{Use: "tidings"}
	f.register(cmd)
	if err := cmd.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	f.changed = cmd.Flags().Changed
	return f.resolveWith(t.Context(), file, envOf(env))
}

// Every reader setting: a flag beats the environment, which beats the
// file, which beats the default.
func TestPrecedenceFlagsEnvFileDefaults(t *testing.T) {
	const remote = "[service]\nbase_url = \"http://file.example/v2\"\n"
	key := map[string]string{"NEWS_API_KEY": "k"}
	withKey := func(m map[string]string) map[string]string {
		out := map[string]string{"NEWS_API_KEY": "k"}
		for k, v := range m {
			out[k] = v
		}
		return out
	}
	cases := []struct {
		name string
		file string
		env  map[string]string
		args []string
		got  func(readerConfig) string
		want string
	}{
		{"base url default", "", key, nil, func(c readerConfig) string { return c.baseURL }, ""},
		{"base url file", remote, key, nil, func(c readerConfig) string { return c.baseURL }, "http://file.example/v2"},
		{"base url env", remote, withKey(map[string]string{"NEWS_API_BASE_URL": "http://env.example/v2"}), nil,
			func(c readerConfig) string { return c.baseURL }, "http://env.example/v2"},
		{"base url flag", remote, withKey(map[string]string{"NEWS_API_BASE_URL": "http://env.example/v2"}),
			[]string{"--base-url", "http://flag.example/v2"}, func(c readerConfig) string { return c.baseURL }, "http://flag.example/v2"},
		{"base url --demo", remote, key, []string{"--demo"}, func(c readerConfig) string { return c.baseURL }, ""},

		{"dialect default", "", nil, nil, func(c readerConfig) string { return c.dialect.String() }, "spec"},
		{"dialect file", "[service]\ndialect = \"newsapi\"\n", key, nil,
			func(c readerConfig) string { return c.dialect.String() + " " + c.baseURL }, "newsapi https://newsapi.org/v2"},
		{"dialect env", "[service]\ndialect = \"newsapi\"\n", map[string]string{"NEWS_API_DIALECT": "spec"}, nil,
			func(c readerConfig) string { return c.dialect.String() + " " + c.baseURL }, "spec "},
		{"dialect flag", "[service]\ndialect = \"spec\"\n", withKey(map[string]string{"NEWS_API_DIALECT": "spec"}),
			[]string{"--dialect", "newsapi"}, func(c readerConfig) string { return c.dialect.String() }, "newsapi"},

		{"screen default", "", nil, nil, func(c readerConfig) string { return fmt.Sprint(c.screen) }, fmt.Sprint(common.Headlines)},
		{"screen file", "[reader]\nstart_screen = \"sources\"\n", nil, nil,
			func(c readerConfig) string { return fmt.Sprint(c.screen) }, fmt.Sprint(common.Sources)},
		{"screen flag", "[reader]\nstart_screen = \"sources\"\n", nil, []string{"--screen", "search"},
			func(c readerConfig) string { return fmt.Sprint(c.screen) }, fmt.Sprint(common.Search)},
		{"screen -q alone", "", nil, []string{"-q", "rates"},
			func(c readerConfig) string { return fmt.Sprint(c.screen) }, fmt.Sprint(common.Search)},
		{"screen -q with a file without a screen", "[reader]\ncountry = \"de\"\n", nil, []string{"-q", "rates"},
			func(c readerConfig) string { return fmt.Sprint(c.screen) }, fmt.Sprint(common.Search)},
		{"screen -q but the file chose", "[reader]\nstart_screen = \"headlines\"\n", nil, []string{"-q", "rates"},
			func(c readerConfig) string { return fmt.Sprint(c.screen) }, fmt.Sprint(common.Headlines)},
		{"screen -q but the flag chose", "", nil, []string{"-q", "rates", "--screen", "sources"},
			func(c readerConfig) string { return fmt.Sprint(c.screen) }, fmt.Sprint(common.Sources)},

		{"country default", "", nil, nil, func(c readerConfig) string { return string(c.headlines.Country) }, ""},
		{"country file", "[reader]\ncountry = \"fr\"\n", nil, nil,
			func(c readerConfig) string { return string(c.headlines.Country) + string(c.sources.Country) }, "frfr"},
		{"country flag", "[reader]\ncountry = \"fr\"\n", nil, []string{"--country", "de"},
			func(c readerConfig) string { return string(c.headlines.Country) }, "de"},
		{"country flag empty: every country", "[reader]\ncountry = \"fr\"\n", nil, []string{"--country", ""},
			func(c readerConfig) string { return string(c.headlines.Country) }, ""},
		{"category file", "[reader]\ncategory = \"science\"\n", nil, nil,
			func(c readerConfig) string { return string(c.headlines.Category) }, "science"},
		{"category flag", "[reader]\ncategory = \"science\"\n", nil, []string{"--category", "sports"},
			func(c readerConfig) string { return string(c.headlines.Category) }, "sports"},
		{"language file", "[reader]\nlanguage = \"fr\"\n", nil, nil,
			func(c readerConfig) string { return string(c.sources.Language) + string(c.search.Language) }, "frfr"},
		{"language flag", "[reader]\nlanguage = \"fr\"\n", nil, []string{"--language", "en"},
			func(c readerConfig) string { return string(c.search.Language) }, "en"},
		{"sort file", "[reader]\nsort = \"popularity\"\n", nil, nil,
			func(c readerConfig) string { return string(c.search.SortBy) }, "popularity"},
		{"sort flag", "[reader]\nsort = \"popularity\"\n", nil, []string{"--sort-by", "relevancy"},
			func(c readerConfig) string { return string(c.search.SortBy) }, "relevancy"},
		{"page size default", "", nil, nil, func(c readerConfig) string { return fmt.Sprint(c.pageSize) }, "0"},
		{"page size file", "[reader]\npage_size = 30\n", nil, nil,
			func(c readerConfig) string { return fmt.Sprint(c.pageSize, c.headlines.PageSize, c.search.PageSize) }, "30 30 30"},
		{"page size flag", "[reader]\npage_size = 30\n", nil, []string{"--page-size", "50"},
			func(c readerConfig) string { return fmt.Sprint(c.pageSize, c.sources.PageSize) }, "50 50"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := resolveArgs(t, tc.file, tc.env, tc.args...)
			if err != nil {
				t.Fatal(err)
			}
			if got := tc.got(c); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// keyScript writes an api_key_command: a script that prints key (and
// notes each run in a file beside it), or fails when key is "".
func keyScript(t *testing.T, key string) (command, ranFile string) {
	t.Helper()
	dir := t.TempDir()
	ranFile = filepath.Join(dir, "ran")
	body := fmt.Sprintf("#!/bin/sh\necho run >> '%s'\n", ranFile)
	if key != "" {
		body += "echo '" + key + "'\n"
	} else {
		body += "echo 'the-leaked-secret'\necho 'vault is locked' >&2\nexit 3\n"
	}
	path := filepath.Join(dir, "print-key")
	if err := os.WriteFile(path, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	return "'" + path + "' news", ranFile
}

func ran(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestAPIKeyFlagThenEnvThenCommand(t *testing.T) {
	command, ranFile := keyScript(t, "from-command")
	file := fmt.Sprintf("[service]\nbase_url = \"http://file.example/v2\"\napi_key_command = %q\n", command)

	c, err := resolveArgs(t, file, nil)
	if err != nil || c.apiKey != "from-command" || c.keyOnCLI {
		t.Fatalf("command: key %q, %v", c.apiKey, err)
	}
	os.Remove(ranFile)
	c, err = resolveArgs(t, file, map[string]string{"NEWS_API_KEY": "from-env"})
	if err != nil || c.apiKey != "from-env" || ran(ranFile) {
		t.Fatalf("env: key %q (command ran: %v), %v", c.apiKey, ran(ranFile), err)
	}
	c, err = resolveArgs(t, file, map[string]string{"NEWS_API_KEY": "from-env"}, "--api-key", "from-flag")
	if err != nil || c.apiKey != "from-flag" || !c.keyOnCLI || ran(ranFile) {
		t.Fatalf("flag: key %q (command ran: %v), %v", c.apiKey, ran(ranFile), err)
	}
}

// The demo and personal mode need no key: the command (which may ask for
// a passphrase) is never run for them.
func TestAPIKeyCommandRunsOnlyForARemoteService(t *testing.T) {
	command, ranFile := keyScript(t, "k")
	for _, tc := range []struct {
		file string
		args []string
	}{
		{fmt.Sprintf("[service]\napi_key_command = %q\n", command), nil},
		{fmt.Sprintf("[service]\nbase_url = \"http://file.example/v2\"\napi_key_command = %q\n", command), []string{"--demo"}},
	} {
		c, err := resolveArgs(t, tc.file, nil, tc.args...)
		if err != nil || c.baseURL != "" || c.apiKey != "" {
			t.Fatalf("%v: %+v, %v", tc.args, c, err)
		}
		if ran(ranFile) {
			t.Fatalf("%v: api_key_command ran for the built-in service", tc.args)
		}
	}
}

func TestFailingAPIKeyCommandNamesTheProgramNotTheKey(t *testing.T) {
	command, _ := keyScript(t, "")
	file := fmt.Sprintf("[service]\nbase_url = \"http://file.example/v2\"\napi_key_command = %q\n", command)
	_, err := resolveArgs(t, file, nil)
	if err == nil {
		t.Fatal("a failing api_key_command gave no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, "print-key") || !strings.Contains(msg, "vault is locked") || !strings.Contains(msg, "api_key_command") {
		t.Errorf("error %q should name the program, quote its stderr and the setting", msg)
	}
	if strings.Contains(msg, "the-leaked-secret") {
		t.Errorf("error %q shows what the command printed on stdout", msg)
	}
}

// The settings only the file holds reach the UI's config.
func TestFilePrefsReachTheReader(t *testing.T) {
	c, err := resolveArgs(t, `[reader]
full_text = "auto"

[theme]
mode = "light"

[theme.colors]
accent = "#ff0000"

[theme.dark]
accent = "#00ff00"

[keys.global]
sources = ["S"]

[feeds]
refresh_interval = "1h"
`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !c.fullTextAuto || c.background != theme.BackgroundLight || c.polling != (feedsPolling{interval: time.Hour, config: c.polling.config, maxItems: config.DefaultMaxItemsPerFeed}) || c.polling.config == "" {
		t.Errorf("full text auto %v, background %v, polling %+v", c.fullTextAuto, c.background, c.polling)
	}
	if c.keys == nil || !key.Matches(keyPress("S"), c.keys.Global.Sources) || key.Matches(keyPress("2"), c.keys.Global.Sources) {
		t.Errorf("the file's binding S for sources is not on the keymap")
	}
	var light, dark theme.Palette
	c.palette(false, &light)
	c.palette(true, &dark)
	if !sameColor(light.Accent, lipgloss.Color("#ff0000")) || !sameColor(dark.Accent, lipgloss.Color("#00ff00")) {
		t.Errorf("accent light %v dark %v; want the file's colours", light.Accent, dark.Accent)
	}
	if light.Primary != nil {
		t.Errorf("a colour the file does not set was changed: %v", light.Primary)
	}

	d, err := resolveArgs(t, "", nil)
	if err != nil || d.keys != nil || d.palette != nil || d.background != theme.BackgroundAuto || d.fullTextAuto ||
		d.polling != (feedsPolling{interval: config.DefaultRefreshInterval, config: d.polling.config, maxItems: config.DefaultMaxItemsPerFeed}) || d.polling.config == "" {
		t.Errorf("defaults: %+v, %v", d, err)
	}
	off, err := resolveArgs(t, "[feeds]\nrefresh_interval = \"0\"\n", nil)
	if err != nil || !off.polling.manual {
		t.Errorf("refresh_interval 0: polling %+v, %v; want manual", off.polling, err)
	}
}

func sameColor(a, b color.Color) bool {
	if a == nil || b == nil {
		return a == b
	}
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	return ar == br && ag == bg && ab == bb && aa == ba
}

// keyPress is the key press a terminal sends for one printable key.
func keyPress(s string) tea.KeyPressMsg {
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}
