package cli

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"tidings/api"
)

// countingService is a loopback service that only counts requests.
func countingService(t *testing.T) (url string, hits *atomic.Int32) {
	t.Helper()
	hits = &atomic.Int32{}
	svc := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	t.Cleanup(svc.Close)
	return svc.URL + "/v2", hits
}

func TestBadDialectIsAUsageErrorNamingTheDialects(t *testing.T) {
	base, hits := countingService(t)
	cases := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"NEWS_API_KEY": "k", "NEWS_API_BASE_URL": base}, []string{"--dialect", "gnews"}, "invalid --dialect"},
		{map[string]string{"NEWS_API_KEY": "k", "NEWS_API_BASE_URL": base, "NEWS_API_DIALECT": "bing"}, nil, "invalid NEWS_API_DIALECT"},
	}
	for _, c := range cases {
		_, err := run(t, envOf(c.env), c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "spec, newsapi") {
			t.Errorf("%v %v: error = %v; want %q naming spec, newsapi", c.env, c.args, err, c.want)
		}
		if exitStatus(err) != 2 {
			t.Errorf("exit status %d, want 2", exitStatus(err))
		}
	}
	if hits.Load() != 0 {
		t.Fatal("a request was sent before the bad dialect was reported")
	}
}

func TestNewsAPIDialectReadsNewsAPIByDefault(t *testing.T) {
	for _, how := range []struct {
		flags readerFlags
		env   map[string]string
	}{
		{readerFlags{dialect: "newsapi"}, map[string]string{"NEWS_API_KEY": "k"}},
		{readerFlags{}, map[string]string{"NEWS_API_KEY": "k", "NEWS_API_DIALECT": "NewsAPI"}},
	} {
		c, err := how.flags.resolve(envOf(how.env))
		if err != nil {
			t.Fatal(err)
		}
		if c.dialect != api.DialectNewsAPI || c.baseURL != "https://newsapi.org/v2" || c.apiKey != "k" {
			t.Errorf("%+v: dialect %v, base %q", how, c.dialect, c.baseURL)
		}
	}
	// A configured address wins (a proxy, or a test's fake NewsAPI).
	f := readerFlags{dialect: "newsapi"}
	c, err := f.resolve(envOf(map[string]string{"NEWS_API_KEY": "k", "NEWS_API_BASE_URL": "http://127.0.0.1:9/v2"}))
	if err != nil || c.baseURL != "http://127.0.0.1:9/v2" || c.dialect != api.DialectNewsAPI {
		t.Fatalf("resolve = %+v, %v", c, err)
	}
}

func TestNewsAPIDialectWithoutAKeySaysWhereToGetOne(t *testing.T) {
	_, err := run(t, noEnv, "--dialect", "newsapi")
	if err == nil || exitStatus(err) != 2 || !strings.Contains(err.Error(), "NEWS_API_KEY") || !strings.Contains(err.Error(), "newsapi.org") {
		t.Fatalf("error = %v; want a usage error naming NEWS_API_KEY and newsapi.org", err)
	}
}

func TestDemoIgnoresTheNewsAPIDialect(t *testing.T) {
	f := readerFlags{demo: true}
	c, err := f.resolve(envOf(map[string]string{"NEWS_API_DIALECT": "newsapi"}))
	if err != nil || c.baseURL != "" || c.dialect != api.DialectSpec {
		t.Fatalf("--demo must read the built-in service in the spec's dialect: %+v, %v", c, err)
	}
}

// NewsAPI spells Swedish "sv" (the spec: "se"); a language NewsAPI does
// not have is a usage error naming NewsAPI's codes, before anything is
// sent.
func TestLanguageFlagFollowsTheDialect(t *testing.T) {
	base, hits := countingService(t)
	env := envOf(map[string]string{"NEWS_API_KEY": "k", "NEWS_API_BASE_URL": base})
	_, err := run(t, env, "--dialect", "newsapi", "--language", "zh")
	if err == nil || exitStatus(err) != 2 || !strings.Contains(err.Error(), "NewsAPI") || !strings.Contains(err.Error(), "ru, sv, ud") {
		t.Fatalf("error = %v; want a usage error naming NewsAPI's values", err)
	}
	if hits.Load() != 0 {
		t.Fatal("a request was sent before the bad language was reported")
	}
	for _, lang := range []string{"sv", "se", "SV"} {
		f := readerFlags{dialect: "newsapi", language: lang}
		c, err := f.resolve(env)
		if err != nil || c.sources.Language != "se" || c.search.Language != "se" {
			t.Errorf("--language %s: %+v, %v; want the spec's se", lang, c.sources, err)
		}
	}
	// The spec's dialect keeps the spec's spelling only.
	if _, err := run(t, env, "--language", "sv"); err == nil || exitStatus(err) != 2 {
		t.Fatalf("spec dialect took sv: %v", err)
	}
}

// NewsAPI searches a source without keywords; a preset that NewsAPI would
// refuse is still refused on the command line.
func TestSearchFlagsFollowTheDialect(t *testing.T) {
	env := envOf(map[string]string{"NEWS_API_KEY": "k"})
	f := readerFlags{dialect: "newsapi", sources: "bbc-news"}
	if _, err := f.resolve(env); err != nil {
		t.Fatal(err)
	}
	f = readerFlags{dialect: "newsapi", from: "yesterday-ish"}
	if _, err := f.resolve(env); err == nil || exitStatus(err) != 2 {
		t.Fatalf("bad --from accepted in the newsapi dialect: %v", err)
	}
}

func TestCompletionOffersTheDialects(t *testing.T) {
	var out bytes.Buffer
	cmd := newRootCommand(noEnv, &out)
	cmd.SetOut(&out)
	cmd.SetArgs([]string{"__complete", "--dialect", ""})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"spec\t", "newsapi\tnewsapi.org"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("completion offered %q; want %q among them", out.String(), want)
		}
	}
}

// The dialect reaches the client and the UI through the chosen service.
func TestConfiguredServiceKeepsItsDialect(t *testing.T) {
	f := readerFlags{dialect: "newsapi"}
	cfg, err := f.resolve(envOf(map[string]string{"NEWS_API_KEY": "k"}))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := chooseService(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.stop()
	if svc.dialect != api.DialectNewsAPI || svc.baseURL != api.NewsAPIBaseURL || svc.demo || svc.local {
		t.Fatalf("service = %+v", svc)
	}
	if _, err := api.New(svc.baseURL, svc.apiKey, api.WithDialect(svc.dialect)); err != nil {
		t.Fatal(err)
	}
}
