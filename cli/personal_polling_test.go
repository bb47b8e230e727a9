package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
	"tidings/ui/common"
)

// refresh_interval = "0": no polling in the background, but r still
// fetches every feed; watch check starts no poller at all.
func TestPersonalModePollingFollowsTheConfig(t *testing.T) {
	freshHome(t)
	srv := feedserver.Start()
	defer srv.Close()
	fx, _ := feedserver.FixtureByName("rss20.xml")
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", fx.Path)); err != nil {
		t.Fatal(err)
	}
	if svc := mustChoose(t, readerConfig{polling: feedsPolling{off: true}}); svc.demo || svc.feeds != nil {
		t.Fatalf("polling off: %+v; want personal mode without a poller", svc)
	}

	svc := mustChoose(t, readerConfig{polling: feedsPolling{manual: true}})
	if svc.demo || svc.feeds == nil {
		t.Fatalf("manual polling: %+v; want personal mode with feeds", svc)
	}
	before := len(srv.Requests(fx.Path))
	svc.feeds.Refresh()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case s := <-svc.feeds.Updates():
			if s.Requested && !s.Refreshing {
				if n := len(srv.Requests(fx.Path)); n <= before {
					t.Fatalf("the feed was fetched %d times before r and %d after; r must fetch it", before, n)
				}
				return
			}
		case <-deadline:
			t.Fatal("the asked pass never reported its end")
		}
	}
}

// Two reader windows on one catalogue: the first polls its feeds, the
// second does not fetch them again on the same schedule, yet it hears
// what another process stored (offered as new articles, as after a pass
// of its own), and r in it fetches every feed at once.
func TestSecondReaderFollowsTheOneThatPolls(t *testing.T) {
	freshHome(t)
	defer func(d time.Duration) { followEvery = d }(followEvery)
	followEvery = 20 * time.Millisecond
	srv := feedserver.Start()
	defer srv.Close()
	rss, _ := feedserver.FixtureByName("rss20.xml")
	atom, _ := feedserver.FixtureByName("atom10.xml")
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", rss.Path)); err != nil {
		t.Fatal(err)
	}
	hourly := readerConfig{polling: feedsPolling{interval: time.Hour}}
	first := mustChoose(t, hourly)
	waitUntil(t, "the first reader to poll", func() bool { return first.feeds.(*feedsBridge).leading.Load() })
	second := mustChoose(t, hourly)
	bridge := second.feeds.(*feedsBridge)
	time.Sleep(5 * followEvery) // its poller tried to lead, and follow took its bearings
	if bridge.leading.Load() {
		t.Fatal("the second reader polls beside the first")
	}
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", atom.Path)); err != nil {
		t.Fatal(err)
	}
	awaitStatus(t, second, "another process's new articles", func(s common.FeedsStatus) bool { return s.Changed > 0 })
	before := len(srv.Requests(rss.Path))
	second.feeds.Refresh()
	awaitStatus(t, second, "the end of the pass asked for", func(s common.FeedsStatus) bool { return s.Requested && !s.Refreshing })
	if n := len(srv.Requests(rss.Path)); n <= before {
		t.Fatalf("r in the reader that does not poll fetched nothing (%d requests before, %d after)", before, n)
	}
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// awaitStatus waits for a polling status svc's UI would be sent.
func awaitStatus(t *testing.T, svc readerService, what string, ok func(common.FeedsStatus) bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case s := <-svc.feeds.Updates():
			if ok(s) {
				return
			}
		case <-deadline:
			t.Fatalf("no status told of %s", what)
		}
	}
}

// The reader that polls its catalogue offers a feed added by `tidings
// feeds add` in another terminal, counted as the articles it stored, and
// the end of the next pass asked for does not count them again (issue
// 28, item 12).
func TestPollingReaderOffersAFeedAddedElsewhere(t *testing.T) {
	freshHome(t)
	defer func(d time.Duration) { followEvery = d }(followEvery)
	followEvery = 20 * time.Millisecond
	srv := feedserver.Start()
	defer srv.Close()
	rss, _ := feedserver.FixtureByName("rss20.xml")
	atom, _ := feedserver.FixtureByName("atom10.xml")
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", rss.Path)); err != nil {
		t.Fatal(err)
	}
	reader := mustChoose(t, readerConfig{polling: feedsPolling{interval: time.Hour}})
	bridge := reader.feeds.(*feedsBridge)
	waitUntil(t, "the reader to poll", func() bool { return bridge.leading.Load() })
	waitUntil(t, "follow to take its bearings", func() bool { // the count before the add
		bridge.count.mu.Lock()
		defer bridge.count.mu.Unlock()
		return bridge.count.n >= 0
	})
	out, _, err := runOut(t, "feeds", "add", srv.URL("", atom.Path))
	if err != nil {
		t.Fatal(err)
	}
	stored := storedCount(t, out)
	var offered common.FeedsStatus
	awaitStatus(t, reader, "the other terminal's new articles", func(s common.FeedsStatus) bool {
		offered = s
		return s.Changed > 0
	})
	if offered.Changed != stored {
		t.Errorf("offered %d new articles; feeds add stored %d", offered.Changed, stored)
	}
	reader.feeds.Refresh()
	awaitStatus(t, reader, "the end of the pass asked for", func(s common.FeedsStatus) bool {
		offered = s
		return s.Requested && !s.Refreshing
	})
	if offered.Changed != 0 {
		t.Errorf("the pass after r counted %d new or changed articles; the feeds are unchanged", offered.Changed)
	}
}

// storedCount reads N from feeds add's "Stored N articles".
func storedCount(t *testing.T, out string) int {
	t.Helper()
	m := regexp.MustCompile(`Stored (\d+) article`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("feeds add said no count: %q", out)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// r pressed before follow has looked: the end of the pass counts the
// articles another terminal stored, which the list gains as it reloads,
// not only the pass's own (issue 28, item 12: "1 new or changed article"
// while the list grew by 5).
func TestAskedPassCountsArticlesStoredElsewhere(t *testing.T) {
	freshHome(t)
	defer func(d time.Duration) { followEvery = d }(followEvery)
	followEvery = time.Hour
	srv := feedserver.Start()
	defer srv.Close()
	rss, _ := feedserver.FixtureByName("rss20.xml")
	atom, _ := feedserver.FixtureByName("atom10.xml")
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", rss.Path)); err != nil {
		t.Fatal(err)
	}
	reader := mustChoose(t, readerConfig{polling: feedsPolling{manual: true}})
	reader.feeds.Refresh() // a first pass: the count the UI knows
	awaitStatus(t, reader, "the first pass's end", func(s common.FeedsStatus) bool { return s.Requested && !s.Refreshing })
	out, _, err := runOut(t, "feeds", "add", srv.URL("", atom.Path))
	if err != nil {
		t.Fatal(err)
	}
	stored := storedCount(t, out)
	reader.feeds.Refresh()
	var end common.FeedsStatus
	awaitStatus(t, reader, "the second pass's end", func(s common.FeedsStatus) bool {
		end = s
		return s.Requested && !s.Refreshing
	})
	if end.Changed != stored {
		t.Errorf("the pass after r counted %d new or changed articles; the other terminal stored %d", end.Changed, stored)
	}
}

// refresh_interval = "1m" written while the reader runs: its feeds stayed
// due "in 10m" (issue 28, item 23). The running reader follows the
// settings file: the feeds are polled at the new pace, at once when it
// is shorter, and the reader says so.
func TestRunningReaderPicksUpANewRefreshInterval(t *testing.T) {
	freshHome(t)
	defer func(d time.Duration) { followEvery = d }(followEvery)
	followEvery = 20 * time.Millisecond
	srv := feedserver.Start()
	defer srv.Close()
	atom, _ := feedserver.FixtureByName("atom10.xml") // no ttl of its own to outlast the interval
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", atom.Path)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "config.toml")
	writeConfig := func(interval string) {
		t.Helper()
		body := "[feeds]\nrefresh_interval = \"" + interval + "\"\n"
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	writeConfig("10m")
	reader := mustChoose(t, readerConfig{polling: feedsPolling{interval: 10 * time.Minute, config: path}})
	bridge := reader.feeds.(*feedsBridge)
	waitUntil(t, "the reader to poll", func() bool { return bridge.leading.Load() })

	writeConfig("1m")
	var note string
	awaitStatus(t, reader, "the new interval", func(s common.FeedsStatus) bool { note = s.Note; return note != "" })
	if !strings.Contains(note, "every 1m") {
		t.Fatalf("note %q does not say the new pace", note)
	}
	waitUntil(t, "the feeds to be due within a minute", func() bool {
		list, err := bridge.st.Feeds(context.Background())
		if err != nil || len(list) == 0 {
			return false
		}
		p := list[0].Poll
		return p.NextPoll.Sub(p.LastSuccess) <= time.Minute+6*time.Second
	})

	// Turning background polling off is chosen at start: said, not done.
	writeConfig("0")
	awaitStatus(t, reader, "the change that needs a restart", func(s common.FeedsStatus) bool { note = s.Note; return note != "" })
	if !strings.Contains(note, "applies when tidings next starts") || !strings.Contains(note, "every 1m") {
		t.Fatalf("note %q", note)
	}
}
