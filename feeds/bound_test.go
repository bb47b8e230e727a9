package feeds

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
	"tidings/server/store"
)

// undatedFlood is an RSS document of n undated items, the shape of the
// hostile feed that stalled the poller: every item the same "now".
func undatedFlood(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0"?><rss version="2.0"><channel><title>Flood</title><link>http://flood.test/</link>`)
	for i := range n {
		fmt.Fprintf(&b, "<item><title>In %d</title><link>http://flood.test/%d</link><guid>%d</guid></item>", i, i, i)
	}
	b.WriteString(`</channel></rss>`)
	return b.Bytes()
}

// A feed of far more items than a poll stores keeps its newest (here, the
// first in document order, as undated), and the outcome says how many of
// how many it kept.
func TestHugeFeedKeepsTheNewestBoundedItems(t *testing.T) {
	w := newWorld(t, func(o *Options, _ *FetcherOptions) { o.MaxItems = 50 })
	w.srv.Set("/flood.xml", feedserver.Response{Body: undatedFlood(3000), NoValidators: true})
	out := w.subscribe("flood.test", "/flood.xml")
	if out.Kept != 50 || out.Dropped != 2950 || out.Stats.New != 50 {
		t.Fatalf("kept %d, dropped %d, stored %d new; want 50 kept of 3,000, 50 stored", out.Kept, out.Dropped, out.Stats.New)
	}
	urls := byURL(w.headlines())
	if len(urls) != 50 {
		t.Fatalf("%d articles stored, want 50", len(urls))
	}
	for i := range 50 {
		if _, ok := urls[fmt.Sprintf("http://flood.test/%d", i)]; !ok {
			t.Fatalf("the feed's item %d (among its first 50) was dropped", i)
		}
	}
	sum := w.refresh(true)
	if sum.Dropped != 2950 || sum.DroppedFeeds != 1 {
		t.Fatalf("pass summary dropped %d of %d feeds, want 2,950 of 1", sum.Dropped, sum.DroppedFeeds)
	}
	if note := droppedNote(out.Dropped, out.Kept); note != "kept the newest 50 of 3,000 items" {
		t.Fatalf("note %q", note)
	}
}

// Dated items are kept by date, not by their place in the document.
func TestBoundKeepsNewestByDate(t *testing.T) {
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var items []store.FeedItem
	for i := range 10 {
		it := store.FeedItem{GUID: fmt.Sprint(i)}
		it.Article.URL = fmt.Sprintf("https://x.test/%d", i)
		// Oldest first in the document: items 7, 8, 9 are the newest.
		it.Article.PublishedAt = base.Add(time.Duration(i) * time.Hour)
		items = append(items, it)
	}
	kept, dropped := newestItems(items, 3, base.Add(48*time.Hour))
	if dropped != 7 || len(kept) != 3 || kept[0].GUID != "7" || kept[2].GUID != "9" {
		t.Fatalf("kept %v, dropped %d; want items 7, 8, 9 in document order", guids(kept), dropped)
	}
}

func guids(items []store.FeedItem) []string {
	var g []string
	for _, it := range items {
		g = append(g, it.GUID)
	}
	return g
}

// One feed that never finishes answering fails with the per-feed deadline,
// and the pass goes on: another feed of the same pass is stored.
func TestSlowFeedHitsItsDeadlineAndOthersAreStored(t *testing.T) {
	w := newWorld(t, func(o *Options, fo *FetcherOptions) {
		o.FeedTimeout = 300 * time.Millisecond
		fo.Timeout = time.Minute // the fetch's own timeout is not what stops it
	})
	w.srv.Set("/slow.xml", feedserver.Response{Body: feedserver.GenFeed("slow", 3, 0, feedserver.FixtureTime)})
	w.srv.Set("/fast.xml", feedserver.Response{Body: feedserver.GenFeed("fast", 3, 0, feedserver.FixtureTime)})
	w.subscribe("slow.test", "/slow.xml")
	w.subscribe("fast.test", "/fast.xml")
	w.srv.Set("/slow.xml", feedserver.Response{Hang: true})
	w.srv.Set("/fast.xml", feedserver.Response{Body: feedserver.GenFeed("fast", 5, 0, feedserver.FixtureTime)})
	var outs []Outcome
	sum, err := w.poller.Refresh(context.Background(), RefreshOptions{All: true, OnDone: func(o Outcome) { outs = append(outs, o) }})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Failed != 1 || sum.New != 2 {
		t.Fatalf("pass: %d failed, %d new; want the slow feed failed and the fast one's 2 new items stored", sum.Failed, sum.New)
	}
	for _, o := range outs {
		if strings.HasPrefix(o.Feed.URL, w.url("slow.test", "")) {
			if o.Err == nil || !strings.Contains(o.Err.Error(), "per-feed deadline") {
				t.Fatalf("slow feed: error %v, want the per-feed deadline named", o.Err)
			}
		}
	}
	list, err := w.st.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range list {
		if f.URL == w.url("slow.test", "/slow.xml") && !strings.Contains(f.Poll.LastError, "per-feed deadline") {
			t.Fatalf("the slow feed's status says %q, want the deadline", f.Poll.LastError)
		}
	}
}

// A subscription is stored without its validators: they go with the
// items, so a crash between the two leaves a feed the next pass fetches
// whole (see the cli's kill -9 test).
func TestSubscriptionIsStoredBeforeItsValidators(t *testing.T) {
	var seen store.FeedPoll
	w := newWorld(t)
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.GenFeed("v", 3, 0, feedserver.FixtureTime)})
	spy := &addSpy{Store: w.poller.st, added: &seen}
	w.poller.st = spy
	w.subscribe("news.test", "/feed.xml")
	if seen.ETag != "" || seen.LastModified != "" || !seen.LastSuccess.IsZero() || !seen.NextPoll.IsZero() {
		t.Fatalf("AddFeed was given polling state %+v; a crash before the items would lose them", seen)
	}
	f := w.feed(w.onlyFeed())
	if f.Poll.ETag == "" || f.Poll.LastSuccess.IsZero() {
		t.Fatalf("after the items, the feed's validators were not saved: %+v", f.Poll)
	}
}

type addSpy struct {
	Store
	added *store.FeedPoll
}

func (s *addSpy) AddFeed(ctx context.Context, f store.Feed) error {
	*s.added = f.Poll
	return s.Store.AddFeed(ctx, f)
}

// The hostile feed of issue 25: 100,000 undated items (7.8 MB, under the
// body cap). It used to run for minutes and store 60,000; a poll now
// stores the newest 1,000 (the default bound) and says so.
func TestUndatedFloodOf100000ItemsIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 7.8 MB twice")
	}
	w := newWorld(t, func(_ *Options, fo *FetcherOptions) { fo.Timeout = time.Minute })
	w.srv.Set("/flood.xml", feedserver.Response{Body: undatedFlood(100_000), NoValidators: true})
	out := w.subscribe("flood.test", "/flood.xml")
	if out.Kept != DefaultMaxItems || out.Dropped != 99_000 || out.Stats.New != DefaultMaxItems {
		t.Fatalf("kept %d, dropped %d, stored %d new; want the newest 1,000 of 100,000", out.Kept, out.Dropped, out.Stats.New)
	}
	sum := w.refresh(true)
	if sum.Failed != 0 || sum.Unchanged != DefaultMaxItems || sum.Dropped != 99_000 {
		t.Fatalf("second pass: %+v", sum)
	}
	if n := len(w.headlines()); n != DefaultMaxItems {
		t.Fatalf("%d articles stored, want 1,000", n)
	}
}
