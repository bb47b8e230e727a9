package openapi_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"tidings/model"
	"tidings/server"
	"tidings/server/store"
)

// checkFeeds lists a catalogue's feeds, one healthy, one failing and one
// never polled, and checks the answer against the document and the
// store.
func (d *docValidator) checkFeeds(t *testing.T) exchange {
	st := fixtureStore(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	for _, f := range []store.Feed{
		{Source: model.Source{ID: "herald", Name: "Harbour Herald", URL: "https://herald.test"}, URL: "https://herald.test/rss", AddedAt: now},
		{Source: model.Source{ID: "wire", Name: "Thames Wire", URL: "https://wire.test"}, URL: "https://wire.test/feed", AddedAt: now},
		{Source: model.Source{ID: "fresh", Name: "Fresh Feed", URL: "https://fresh.test"}, URL: "https://fresh.test/atom", AddedAt: now},
	} {
		if err := st.AddFeed(ctx, f); err != nil {
			t.Fatalf("add feed %s: %v", f.Source.ID, err)
		}
	}
	if err := st.SaveFeedPoll(ctx, "herald", "https://herald.test/rss", store.FeedPoll{LastAttempt: now, LastSuccess: now,
		NextPoll: now.Add(30 * time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveFeedPoll(ctx, "wire", "https://wire.test/feed", store.FeedPoll{LastAttempt: now, LastError: "HTTP 404",
		Failures: 2, NextPoll: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	h := newService(t, st, server.Config{})
	e := d.check(t, h, spec("feeds of a catalogue", "/v2/feeds", 200, docAllows))
	var body struct {
		TotalResults int                `json:"totalResults"`
		Feeds        []model.FeedStatus `json:"feeds"`
	}
	if err := json.Unmarshal(e.body, &body); err != nil {
		t.Fatalf("decode %s: %v", e.body, err)
	}
	want := map[string]model.FeedState{"herald": model.FeedOK, "wire": model.FeedFailing, "fresh": model.FeedNew}
	if body.TotalResults != 3 || len(body.Feeds) != 3 {
		t.Fatalf("%d feeds (totalResults %d), want 3: %s", len(body.Feeds), body.TotalResults, e.body)
	}
	for _, f := range body.Feeds {
		if f.Status != want[f.ID] {
			t.Errorf("feed %s: status %q, want %q", f.ID, f.Status, want[f.ID])
		}
		if f.ID == "wire" && (f.LastError != "HTTP 404" || f.Failures != 2 || !f.NextPoll.Equal(now.Add(time.Hour))) {
			t.Errorf("the failing feed's poll state is not all there: %+v", f)
		}
	}
	// Polling state changes without the store's generation moving: the
	// list must not come from a cache.
	if err := st.SaveFeedPoll(ctx, "wire", "https://wire.test/feed", store.FeedPoll{LastAttempt: now, LastSuccess: now}); err != nil {
		t.Fatal(err)
	}
	again := d.check(t, h, spec("feeds after a poll", "/v2/feeds", 200, docAllows))
	if err := json.Unmarshal(again.body, &body); err != nil {
		t.Fatal(err)
	}
	for _, f := range body.Feeds {
		if f.ID == "wire" && f.Status != model.FeedOK {
			t.Errorf("after a successful poll the feed is still %q: a stale answer", f.Status)
		}
	}
	return e
}
