package cli

import (
	"context"
	"os"
	"testing"
	"time"

	"tidings/api"
	"tidings/feeds"
	"tidings/internal/fakes/feedserver"
	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/sqlite"
)

// Plain tidings reads the user's own catalogue only when it holds feeds;
// otherwise (or with --demo) the demo, and the catalogue is never created.
func TestPersonalModeOnlyWithFeeds(t *testing.T) {
	ctx := context.Background()
	path := defaultCataloguePath()
	os.Remove(path)
	t.Cleanup(func() { os.Remove(path) })

	svc := mustChoose(t, readerConfig{})
	if !svc.demo || svc.feeds != nil || svc.hint == "" {
		t.Fatalf("no catalogue: %+v, want the demo with its hint", svc)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("starting the reader created the catalogue")
	}

	srv := feedserver.Start()
	defer srv.Close()
	if _, _, err := runOut(t, "feeds", "import", "--starter"); err != nil { // creates it, with feeds
		t.Fatal(err)
	}
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range mustFeeds(t, st) {
		st.RemoveFeed(ctx, f.Source.ID, false)
	}
	st.Close()
	if svc := mustChoose(t, readerConfig{}); !svc.demo {
		t.Fatal("a catalogue without feeds started personal mode")
	}

	if _, _, err := runOut(t, "feeds", "add", srv.URL("", "/fixtures/rss20.xml")); err != nil {
		t.Fatal(err)
	}
	if svc := mustChoose(t, readerConfig{forceDemo: true}); !svc.demo {
		t.Fatal("--demo did not force the demo")
	}
	svc = mustChoose(t, readerConfig{})
	if svc.demo || svc.feeds == nil || !svc.local || svc.hint != "" {
		t.Fatalf("with feeds: %+v, want personal mode", svc)
	}
	client, err := api.New(svc.baseURL, svc.apiKey)
	if err != nil {
		t.Fatal(err)
	}
	page, err := client.LatestHeadlines(ctx, model.HeadlinesQuery{})
	fx, _ := feedserver.FixtureByName("rss20.xml")
	if err != nil || page.TotalResults != fx.ItemCount {
		t.Fatalf("the service of personal mode: %d articles, %v; want the feed's %d", page.TotalResults, err, fx.ItemCount)
	}

	// r asks for a pass over every feed; its end comes on Updates.
	svc.feeds.Refresh()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case s := <-svc.feeds.Updates():
			if s.Requested && !s.Refreshing {
				if s.Feeds != 1 || s.Failing != 0 || s.Updated.IsZero() {
					t.Fatalf("status after the asked pass: %+v", s)
				}
				if n := len(srv.Requests(fx.Path)); n < 2 {
					t.Fatalf("the feed was fetched %d times; r must fetch it again", n)
				}
				return
			}
		case <-deadline:
			t.Fatal("the asked pass never reported its end")
		}
	}
}

func mustChoose(t *testing.T, cfg readerConfig) readerService {
	t.Helper()
	svc, err := chooseService(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.stop)
	return svc
}

func mustFeeds(t *testing.T, st feeds.Store) []store.Feed {
	t.Helper()
	list, err := st.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return list
}
