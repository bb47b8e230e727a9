package cli

import (
	"testing"
	"time"

	"tidings/internal/feedserver"
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
