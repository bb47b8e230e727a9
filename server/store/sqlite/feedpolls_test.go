package sqlite

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"tidings/server/store"
)

// Several feeds' polls stored together read back as if stored one by one:
// each poll its own counts and state, a URL two feeds carry stored once
// (for the first), a gone feed's poll refused without harming the rest.
func TestSaveFeedPollsStoresEachPollAsItsOwn(t *testing.T) {
	s := openFeedStore(t)
	for _, id := range []string{"tui", "weka"} {
		if err := s.AddFeed(ctx, testFeed(id, "https://"+id+".example/feed.xml")); err != nil {
			t.Fatal(err)
		}
	}
	defer func(n int) { feedBatchSize = n }(feedBatchSize)
	feedBatchSize = 5 // kiwi's 4 and tui's 3 items straddle two transactions
	shared := "https://wire.example/shared-story"
	polls := []store.FeedPollResult{
		{ID: "kiwi", Seen: base, Poll: store.FeedPoll{LastSuccess: base, ETag: `"k1"`}, Items: []store.FeedItem{
			item("k1", "https://kiwi.example/1", "Kiwi one", base.Add(-time.Hour)),
			item("k2", "https://kiwi.example/2", "Kiwi two", base.Add(-2*time.Hour)),
			item("k3", shared, "Shared story", base.Add(-3*time.Hour)),
			item("k4", "https://kiwi.example/4", "Kiwi four", base.Add(-4*time.Hour)),
		}},
		{ID: "gone", Seen: base, Items: []store.FeedItem{item("g1", "https://gone.example/1", "Gone", base)}},
		{ID: "tui", Seen: base, Poll: store.FeedPoll{LastSuccess: base, ETag: `"t1"`}, URL: "https://tui.example/moved.xml", Items: []store.FeedItem{
			item("t1", "https://tui.example/1", "Tui one", base.Add(-time.Hour)),
			item("t2", shared, "Shared story, tui's copy", base.Add(-3*time.Hour)),
			item("t3", "https://tui.example/3", "Tui three", base.Add(-5*time.Hour)),
		}},
		{ID: "weka", Poll: store.FeedPoll{LastError: "the site had an error (500)", Failures: 1}},
	}
	stats, errs := s.SaveFeedPolls(ctx, polls)
	if errs[0] != nil || errs[2] != nil || errs[3] != nil || !errors.Is(errs[1], store.ErrFeedNotFound) {
		t.Fatalf("errors %v; want only the gone feed's", errs)
	}
	want := []store.FeedWriteStats{{New: 4}, {}, {New: 2, Unchanged: 1}, {}}
	if fmt.Sprint(stats) != fmt.Sprint(want) {
		t.Fatalf("stats %v, want %v", stats, want)
	}
	got := feedHeadlines(t, s)
	if got.TotalResults != 6 {
		t.Fatalf("%d articles, want 6: %v", got.TotalResults, urls(got))
	}
	for _, a := range got.Items {
		if a.URL == shared && (a.Source.ID != "kiwi" || a.Title != "Shared story") {
			t.Fatalf("the shared story is %+v; the first feed to carry it keeps it", a)
		}
	}
	tui, err := s.FindFeed(ctx, "tui")
	if err != nil || tui.URL != "https://tui.example/moved.xml" || tui.Poll.ETag != `"t1"` {
		t.Fatalf("tui after the batch: %+v, %v", tui, err)
	}
	weka, _ := s.FindFeed(ctx, "weka")
	if weka.Poll.Failures != 1 || weka.Poll.LastError == "" {
		t.Fatalf("weka's failure was not recorded: %+v", weka.Poll)
	}
	// The same polls again: nothing new, and the response caches stay.
	gen := s.Generation()
	polls[2].URL = ""
	stats, _ = s.SaveFeedPolls(ctx, polls)
	if stats[0] != (store.FeedWriteStats{Unchanged: 4}) || stats[2] != (store.FeedWriteStats{Unchanged: 3}) || s.Generation() != gen {
		t.Fatalf("second batch: %v, generation %d → %d", stats, gen, s.Generation())
	}
}

// A new URL that is another feed's is that poll's error alone.
func TestSaveFeedPollsRefusesAMoveOntoAnotherFeed(t *testing.T) {
	s := openFeedStore(t)
	if err := s.AddFeed(ctx, testFeed("tui", "https://tui.example/feed.xml")); err != nil {
		t.Fatal(err)
	}
	_, errs := s.SaveFeedPolls(ctx, []store.FeedPollResult{
		{ID: "tui", URL: "https://kiwi.example/feed.xml"},
		{ID: "kiwi", Seen: base, Items: []store.FeedItem{item("k1", "https://kiwi.example/1", "Kiwi", base)}},
	})
	if !errors.Is(errs[0], store.ErrFeedExists) || errs[1] != nil {
		t.Fatalf("errors %v", errs)
	}
	if f, _ := s.FindFeed(ctx, "tui"); f.URL != "https://tui.example/feed.xml" {
		t.Fatalf("tui moved to %s", f.URL)
	}
	if feedHeadlines(t, s).TotalResults != 1 {
		t.Fatal("the other poll of the batch was lost")
	}
}
