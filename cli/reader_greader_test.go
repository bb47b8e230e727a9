package cli

import (
	"context"
	"strings"
	"testing"

	"tidings/api"
	"tidings/api/greader"
	"tidings/internal/fakes/greaderfake"
	"tidings/model"
	"tidings/ui/common"
)

func TestGReaderNeedsBaseURLUserAndPassword(t *testing.T) {
	cases := []struct {
		env  map[string]string
		args []string
		want []string
	}{
		{map[string]string{"NEWS_API_KEY": "pw"}, []string{"--dialect", "greader", "--user", "alice"},
			[]string{"--dialect greader needs --base-url", "greader.php"}},
		{map[string]string{"NEWS_API_KEY": "pw"}, []string{"--dialect", "greader", "--base-url", "http://127.0.0.1:9/api/greader.php"},
			[]string{"no user for the Google Reader service at http://127.0.0.1:9/api/greader.php", "--user NAME", "TIDINGS_USER"}},
		{nil, []string{"--dialect", "greader", "--base-url", "http://127.0.0.1:9/", "--user", "alice"},
			[]string{"no password for user alice at http://127.0.0.1:9/", "NEWS_API_KEY"}},
		{map[string]string{"NEWS_API_KEY": "pw", "TIDINGS_USER": "alice"},
			[]string{"--dialect", "greader", "--base-url", "http://127.0.0.1:9/", "--country", "de"},
			[]string{"--country does not apply to --dialect greader"}},
	}
	for _, c := range cases {
		_, err := run(t, envOf(c.env), c.args...)
		for _, want := range c.want {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%v: error = %v; want it to say %q", c.args, err, want)
			}
		}
		if exitStatus(err) != 2 {
			t.Errorf("%v: exit status %d, want 2 (usage)", c.args, exitStatus(err))
		}
	}
}

func TestGReaderUserFlagThenEnvThenFile(t *testing.T) {
	file := "[service]\ndialect = \"greader\"\nbase_url = \"https://rss.example.org/api/greader.php\"\nuser = \"from-file\"\n" +
		"[reader]\ncountry = \"de\"\nlanguage = \"de\"\n"
	env := map[string]string{"NEWS_API_KEY": "pw"}
	c, err := resolveArgs(t, file, env)
	if err != nil || c.user != "from-file" || c.dialect != api.DialectGReader || c.apiKey != "pw" {
		t.Fatalf("file: %+v, %v", c, err)
	}
	if c.headlines.Country != "" || c.sources.Language != "" || c.sources.Country != "" {
		t.Errorf("the file's country and language, meant for other services, reach a Google Reader one: %+v %+v", c.headlines, c.sources)
	}
	env["TIDINGS_USER"] = "from-env"
	if c, _ = resolveArgs(t, file, env); c.user != "from-env" {
		t.Errorf("env: user %q", c.user)
	}
	if c, _ = resolveArgs(t, file, env, "--user", "from-flag"); c.user != "from-flag" {
		t.Errorf("flag: user %q", c.user)
	}
}

func TestGReaderRefusedPasswordEndsTheReaderSayingHow(t *testing.T) {
	srv := greaderfake.New(greaderfake.FreshRSS, "alice", "right-password")
	base := srv.Start(t)
	_, err := run(t, envOf(map[string]string{"NEWS_API_KEY": "wrong-password"}),
		"--dialect", "greader", "--base-url", base, "--user", "alice")
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	for _, want := range []string{"FreshRSS at " + base, "refused user alice's password", "NEWS_API_KEY"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "wrong-password") {
		t.Errorf("the password leaked: %q", msg)
	}
}

func TestHeadlinesCommandReadsAGoogleReaderService(t *testing.T) {
	for _, f := range []greaderfake.Flavor{greaderfake.FreshRSS, greaderfake.Miniflux} {
		srv := greaderfake.New(f, "alice", "pw")
		srv.Populate(2, 3)
		env := envOf(map[string]string{"NEWS_API_KEY": "pw", "TIDINGS_USER": "alice", "NEWS_API_DIALECT": "greader",
			"NEWS_API_BASE_URL": srv.Start(t)})
		out, _, err := runSplit(t, env, "headlines", "--limit", "4")
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		if !strings.Contains(out, "Feed 1 item 1") || strings.Count(out, "Feed ") < 4 {
			t.Errorf("%v: headlines printed\n%s", f, out)
		}
	}
}

func TestGReaderSearchIsExplainedNamingTheService(t *testing.T) {
	srv := greaderfake.New(greaderfake.FreshRSS, "alice", "pw")
	base := srv.Start(t)
	c, err := greader.New(greader.Config{BaseURL: base, User: "alice", Password: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Articles(context.Background(), model.ArticlesQuery{Q: "climate"})
	title, hint := common.Explain(err, base)
	if title != "This service has no search" || !strings.Contains(hint, "FreshRSS at "+base) || !strings.Contains(hint, "Headlines") {
		t.Errorf("explained as %q / %q", title, hint)
	}
}

// Miniflux lists no label's items: the reader says so beside its advice.
func TestGReaderLabelRefusalIsExplained(t *testing.T) {
	srv := greaderfake.New(greaderfake.Miniflux, "alice", "pw")
	srv.Populate(2, 2, "Technology")
	c, err := greader.New(greader.Config{BaseURL: srv.Start(t), User: "alice", Password: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Category: "technology"})
	title, hint := common.Explain(err, "")
	if title != "The service rejected the request" || !strings.Contains(hint, "no label's items") || !strings.Contains(hint, "All categories") {
		t.Errorf("explained as %q / %q", title, hint)
	}
}
