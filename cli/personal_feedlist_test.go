package cli

import (
	"context"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
	"tidings/model"
	"tidings/ui/common"
)

// The Feeds screen's share of personal mode: the bridge lists the feeds
// as the store has them, polls one by name, and switches one off, which
// the status line hears at once (no longer failing).
func TestPersonalBridgeListsRefreshesAndSwitchesFeeds(t *testing.T) {
	freshHome(t)
	srv := feedserver.Start()
	defer srv.Close()
	rss, _ := feedserver.FixtureByName("rss20.xml")
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", rss.Path)); err != nil {
		t.Fatal(err)
	}
	reader := mustChoose(t, readerConfig{polling: feedsPolling{interval: time.Hour}})
	feeds := reader.feeds
	ctx := context.Background()
	list, err := feeds.List(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("List = %+v, %v; want the one feed", list, err)
	}
	f := list[0]
	if f.Articles == 0 || f.State() != model.FeedOK || f.URL != srv.URL("", rss.Path) {
		t.Fatalf("the feed as listed: %+v", f)
	}

	srv.Set(rss.Path, feedserver.Response{Status: 404})
	if _, err := feeds.RefreshFeed(ctx, f.ID); err == nil {
		t.Fatal("refreshing a feed that answers 404 reported no failure")
	}
	awaitStatus(t, reader, "the failing feed", func(s common.FeedsStatus) bool { return s.Failing == 1 })

	if err := feeds.SetEnabled(ctx, f.ID, false); err != nil {
		t.Fatal(err)
	}
	awaitStatus(t, reader, "the feed switched off, no longer failing", func(s common.FeedsStatus) bool { return s.Failing == 0 })
	if list, _ := feeds.List(ctx); len(list) != 1 || list[0].State() != model.FeedDisabled {
		t.Fatalf("after SetEnabled(false): %+v", list)
	}
	if err := feeds.SetEnabled(ctx, f.ID, true); err != nil {
		t.Fatal(err)
	}
	if list, _ := feeds.List(ctx); len(list) != 1 || list[0].Disabled != "" {
		t.Fatalf("after SetEnabled(true): %+v", list)
	}
}
