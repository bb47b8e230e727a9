package cli

import (
	"testing"
	"time"

	"tidings/internal/feedserver"
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
