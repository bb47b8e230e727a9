package cli

import (
	"bytes"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"tidings/model"
	"tidings/ui/common"
)

func noEnv(string) string { return "" }

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// run executes the command line as the shell would, returning the error
// and the exit status main would use.
func run(t *testing.T, getenv func(string) string, args ...string) (string, error) {
	t.Helper()
	var stderr bytes.Buffer
	cmd := newRootCommand(getenv, &stderr)
	cmd.SetArgs(args)
	cmd.SetOut(&stderr)
	cmd.SetErr(&stderr)
	err := cmd.Execute()
	return stderr.String(), err
}

func TestInvalidFlagValuesAreUsageErrorsNamingAllowedValues(t *testing.T) {
	hits := atomic.Int32{}
	svc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer svc.Close()
	env := envOf(map[string]string{"NEWS_API_BASE_URL": svc.URL + "/v2", "NEWS_API_KEY": "k"})

	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--country", "xx"}, "allowed values are ae, ar"},
		{[]string{"--country", "usa"}, "allowed values are"},
		{[]string{"--category", "weather"}, "business, entertainment, general"},
		{[]string{"--language", "zz"}, "ar, de, en"},
		{[]string{"--sort-by", "oldest"}, "relevancy, popularity, publishedAt"},
		{[]string{"--screen", "home"}, "headlines, sources, search"},
		{[]string{"--page-size", "101"}, "from 1 to 100"},
		{[]string{"--page-size", "-1"}, "from 1 to 100"},
		{[]string{"--page-size", "ten"}, "invalid argument"},
		{[]string{"--page-size", "0"}, "invalid --page-size 0: use a number from 1 to 100"},
		{[]string{"--from", "last week"}, `invalid --from "last week": use yyyy-MM-dd`},
		{[]string{"--to", "3 days"}, "or a time ago (30m, 12h, 3d"},
		{[]string{"--from", "today", "--to", "3d"}, "--from today ("},
		{[]string{"--from", "2026-11-20", "--to", "2026-11-01"}, "--from 2026-11-20 is after --to 2026-11-01"},
		{[]string{"--sources", "bad id!"}, `invalid --sources: "bad id!" is not a valid source id`},
		{[]string{"--domains", "http://x.com/path"}, "invalid --domains:"},
		{[]string{"--exclude-domains", "x..com"}, "invalid --exclude-domains:"},
		{[]string{"--no-such-flag"}, "unknown flag"},
		{[]string{"extra-arg"}, "unknown command"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, err := run(t, env, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to mention %q", err, tc.want)
			}
			if code := exitStatus(err); code != 2 {
				t.Fatalf("exit status = %d, want 2", code)
			}
		})
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the service got %d requests; invalid flags must fail before anything is sent", n)
	}
}

func exitStatus(err error) int { return statusOf(err) }

func TestBaseURLWithoutKeySaysHowToSetOne(t *testing.T) {
	_, err := run(t, envOf(map[string]string{"NEWS_API_BASE_URL": "https://news.example.com/v2"}))
	if err == nil || !strings.Contains(err.Error(), "NEWS_API_KEY") || exitStatus(err) != 2 {
		t.Fatalf("error = %v, want a usage error explaining NEWS_API_KEY", err)
	}
}

func TestBaseURLMustBeHTTP(t *testing.T) {
	_, err := run(t, envOf(map[string]string{"NEWS_API_KEY": "k"}), "--base-url", "ftp://news.example.com/v2")
	if err == nil || !strings.Contains(err.Error(), "http or https") {
		t.Fatalf("error = %v, want it to ask for an http(s) address", err)
	}
}

// Relative dates are accepted and kept as typed: the search screen shows
// "3d" and fixes it to an instant each time it sends the search.
func TestRelativeDatesAreKeptAsTyped(t *testing.T) {
	f := readerFlags{query: "rates", from: "3d", to: "today", baseURL: "http://127.0.0.1:9/v2", apiKey: "k"}
	c, err := f.resolve(noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if c.search.From != "3d" || c.search.To != "today" {
		t.Fatalf("preset from=%q to=%q, want them as typed", c.search.From, c.search.To)
	}
}

func TestResolvePresetsEveryFlag(t *testing.T) {
	f := readerFlags{
		country: "DE", category: "Technology", language: "EN", query: " climate ",
		sources: "a-one, b.two", domains: "Example.com", excludeDomains: "spam.example",
		from: "2026-11-01", to: "2026-11-20T10:00:00Z", sortBy: "POPULARITY", pageSize: 50,
		baseURL: "http://127.0.0.1:9/v2", apiKey: "secret",
	}
	c, err := f.resolve(noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if c.screen != common.Search {
		t.Errorf("screen = %v, want Search because a query was given", c.screen)
	}
	want := model.ArticlesQuery{
		Q: "climate", Sources: []string{"a-one", "b.two"}, Domains: []string{"example.com"},
		ExcludeDomains: []string{"spam.example"}, From: "2026-11-01", To: "2026-11-20T10:00:00Z",
		Language: "en", SortBy: model.SortPopularity, PageSize: 50,
	}
	if got := c.search; !equalArticlesQuery(got, want) {
		t.Errorf("search preset = %+v, want %+v", got, want)
	}
	if !reflect.DeepEqual(c.headlines, model.HeadlinesQuery{Country: "de", Category: "technology", PageSize: 50}) {
		t.Errorf("headlines preset = %+v", c.headlines)
	}
	if c.sources != (model.SourcesQuery{Country: "de", Category: "technology", Language: "en", PageSize: 50}) {
		t.Errorf("sources preset = %+v", c.sources)
	}
	if !c.keyOnCLI || c.apiKey != "secret" {
		t.Errorf("key from --api-key not taken or not flagged for the warning")
	}
}

func TestEnvironmentKeyIsPreferredSilently(t *testing.T) {
	f := readerFlags{}
	c, err := f.resolve(envOf(map[string]string{"NEWS_API_BASE_URL": "https://n.example/v2", "NEWS_API_KEY": "k"}))
	if err != nil || c.apiKey != "k" || c.keyOnCLI || c.baseURL != "https://n.example/v2" {
		t.Fatalf("resolve = %+v, %v", c, err)
	}
}

func TestDemoFlagOverridesConfiguredService(t *testing.T) {
	f := readerFlags{demo: true}
	c, err := f.resolve(envOf(map[string]string{"NEWS_API_BASE_URL": "https://n.example/v2"}))
	if err != nil || c.baseURL != "" {
		t.Fatalf("--demo should ignore the configured base URL and need no key: %+v, %v", c, err)
	}
}

func TestServeNeedsAKey(t *testing.T) {
	_, err := run(t, noEnv, "serve")
	if err == nil || !strings.Contains(err.Error(), "--api-key") || exitStatus(err) != 2 {
		t.Fatalf("error = %v, want a usage error asking for --api-key", err)
	}
}

func TestVersionFlag(t *testing.T) {
	out, err := run(t, noEnv, "--version")
	if err != nil || !strings.HasPrefix(out, "tidings ") {
		t.Fatalf("--version printed %q, %v", out, err)
	}
}

func equalArticlesQuery(a, b model.ArticlesQuery) bool {
	return strings.Join(a.Sources, ",") == strings.Join(b.Sources, ",") &&
		strings.Join(a.Domains, ",") == strings.Join(b.Domains, ",") &&
		strings.Join(a.ExcludeDomains, ",") == strings.Join(b.ExcludeDomains, ",") &&
		a.Q == b.Q && a.From == b.From && a.To == b.To && a.Language == b.Language &&
		a.SortBy == b.SortBy && a.Page == b.Page && a.PageSize == b.PageSize
}

func TestDebugLogIsOwnerOnlyEvenIfItExisted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "debug.log")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	defer log.SetOutput(os.Stderr)
	f, err := openDebugLog(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Fatalf("debug log mode = %v, want 0600", perm)
	}
}

func TestKeyWarningNamesTheSaferWayAndNotTheKey(t *testing.T) {
	if !strings.Contains(keyWarning, "NEWS_API_KEY") || strings.Count(keyWarning, "\n") > 0 {
		t.Fatalf("warning %q should be one line suggesting NEWS_API_KEY", keyWarning)
	}
}

func TestCompletionOffersAllowedValues(t *testing.T) {
	for flag, want := range map[string]string{
		"--country": "de\tGermany", "--category": "sports\tSports", "--language": "he\tHebrew",
		"--sort-by": "publishedAt\tNewest first", "--screen": "sources",
	} {
		var out bytes.Buffer
		cmd := newRootCommand(noEnv, &out)
		cmd.SetOut(&out)
		cmd.SetArgs([]string{"__complete", flag, ""})
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("completing %s offered %q, want %q among them", flag, out.String(), want)
		}
	}
}

// serve --api-key on the command line warns, before serving, that the
// key shows in the process list; the key itself is not printed, and a
// key from the environment draws no warning.
func TestServeWarnsOfKeyOnCommandLine(t *testing.T) {
	const warning = "--api-key puts the key in the process list"
	// The listen address is bad, so serve stops right after starting.
	out, err := run(t, noEnv, "serve", "--api-key", "s3cret-key", "--listen", "127.0.0.1:no-port")
	if err == nil {
		t.Fatal("serve with a bad --listen started")
	}
	if !strings.Contains(out, warning) || !strings.Contains(out, "--api-keys-file") {
		t.Fatalf("no warning about the key on the command line:\n%s", out)
	}
	if strings.Contains(out, "s3cret-key") || strings.Contains(err.Error(), "s3cret-key") {
		t.Fatalf("the key leaked:\n%s\n%v", out, err)
	}
	out, _ = run(t, envOf(map[string]string{"TIDINGS_API_KEYS": "s3cret-key"}), "serve", "--listen", "127.0.0.1:no-port")
	if strings.Contains(out, warning) {
		t.Fatalf("a key from the environment drew the warning:\n%s", out)
	}
}
