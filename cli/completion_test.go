package cli

import (
	"strings"
	"testing"
	"time"
)

// complete asks the command line for completions as a shell does, and
// returns the lines offered (without cobra's directive line).
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	out, _, err := runSplit(t, noEnv, append([]string{"__complete"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, ":") {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestCompletionOffersFeedIDs(t *testing.T) {
	srv, db := feedsEnv(t)
	if got := complete(t, "feeds", "remove", "--db", db, ""); len(got) != 0 {
		t.Fatalf("with no catalogue: %q", got)
	}
	if exists(db) {
		t.Fatal("completion created the catalogue")
	}
	out, _, err := runOut(t, "feeds", "add", srv.URL("", "/fixtures/rss20.xml"), "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	id := out[strings.Index(out, `as "`)+4:]
	id = id[:strings.Index(id, `"`)]
	for _, sub := range []string{"remove", "set"} {
		got := complete(t, "feeds", sub, "--db", db, "")
		if len(got) != 1 || !strings.HasPrefix(got[0], id+"\t") {
			t.Errorf("feeds %s completes %q, want the feed id %s with its name", sub, got, id)
		}
	}
}

func TestCompletionOffersWatchNames(t *testing.T) {
	freshHome(t)
	if got := complete(t, "watch", "remove", ""); len(got) != 0 {
		t.Fatalf("with no state file: %q", got)
	}
	addWatches(t, time.Now(), "rates", "storms")
	got := complete(t, "watch", "remove", "")
	if len(got) != 2 || !strings.HasPrefix(got[0], "rates\t") || !strings.HasPrefix(got[1], "storms\t") {
		t.Fatalf("watch remove completes %q", got)
	}
}

func TestCompletionOffersEveryStartScreen(t *testing.T) {
	got := strings.Join(complete(t, "--screen", ""), " ")
	if got != "headlines saved search sources" {
		t.Fatalf("--screen completes %q, want every screen", got)
	}
}
