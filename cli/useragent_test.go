package cli

import (
	"strings"
	"testing"
)

func TestFeedsPollerNamesTheConfiguredContact(t *testing.T) {
	srv, db := feedsEnv(t)
	cfg := writeConfig(t, "[feeds]\ncontact = \"mailto:news@example.com\"\n")
	if _, _, err := runOut(t, "--config", cfg, "feeds", "add", srv.URL("", "/fixtures/rss20.xml"), "--db", db); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests("/fixtures/rss20.xml")
	if len(reqs) == 0 {
		t.Fatal("the feed was not fetched")
	}
	ua := reqs[0].Header.Get("User-Agent")
	if !strings.HasPrefix(ua, "tidings/") || !strings.HasSuffix(ua, " (+mailto:news@example.com)") {
		t.Fatalf("User-Agent %q, want tidings/VERSION (+mailto:news@example.com)", ua)
	}
	// Without one, the agent is the program and version alone.
	srv2, db2 := feedsEnv(t)
	if _, _, err := runOut(t, "feeds", "add", srv2.URL("", "/fixtures/rss20.xml"), "--db", db2); err != nil {
		t.Fatal(err)
	}
	if ua := srv2.Requests("/fixtures/rss20.xml")[0].Header.Get("User-Agent"); strings.ContainsAny(ua, " ()") {
		t.Fatalf("User-Agent %q without a contact", ua)
	}
}

func TestServeContactIsChecked(t *testing.T) {
	_, err := run(t, noEnv, "serve", "--api-key", "k", "--contact", "ring me")
	if statusOf(err) != 2 || !strings.Contains(err.Error(), `--contact: invalid contact "ring me"`) {
		t.Fatalf("%v (status %d)", err, statusOf(err))
	}
}
