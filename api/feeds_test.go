package api

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"tidings/model"
)

func TestFeedsListsTheCatalogueFeeds(t *testing.T) {
	svc := newFakeService(t, ok([]byte(`{"status":"ok","totalResults":2,"feeds":[
		{"id":"herald","name":"Harbour Herald","url":"https://herald.test/rss","status":"ok","articles":120,
		 "lastAttempt":"2026-11-20T12:00:00Z","lastSuccess":"2026-11-20T12:00:00Z","nextPoll":"2026-11-20T12:30:00Z"},
		{"id":"wire","name":"Thames Wire","url":"https://wire.test/feed","status":"weird","articles":4,
		 "lastAttempt":"2026-11-20T12:00:00Z","lastError":"HTTP 404","failures":2}]}`)))
	feeds, err := svc.client(t).Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r := svc.lastRequest(t); r.URL.Path != "/v2/feeds" || r.Header.Get("Authorization") != "Bearer "+testKey {
		t.Errorf("asked %s with Authorization %q", r.URL.Path, r.Header.Get("Authorization"))
	}
	if len(feeds) != 2 || feeds[0].ID != "herald" || feeds[0].Articles != 120 ||
		!feeds[0].NextPoll.Equal(time.Date(2026, 11, 20, 12, 30, 0, 0, time.UTC)) {
		t.Fatalf("feeds = %+v", feeds)
	}
	// The status is the fields', whatever word the service used.
	if feeds[1].Status != model.FeedFailing || feeds[1].LastError != "HTTP 404" || feeds[1].Failures != 2 {
		t.Errorf("the failing feed: %+v", feeds[1])
	}
}

// A service without the extension answers 404: the client says it lists
// no feeds; a NewsAPI client does not even ask.
func TestFeedsOfAServiceWithoutThemSaysSo(t *testing.T) {
	svc := newFakeService(t, reply{status: http.StatusNotFound, body: []byte(`{"status":"error","code":"notFound","message":"no endpoint"}`)})
	if _, err := svc.client(t).Feeds(context.Background()); !errors.Is(err, ErrNoFeeds) || !errors.Is(err, ErrNotFound) {
		t.Fatalf("404: err = %v, want ErrNoFeeds", err)
	}
	news := newFakeService(t, ok([]byte(`{"status":"ok","feeds":[]}`)))
	if _, err := news.client(t, WithDialect(DialectNewsAPI)).Feeds(context.Background()); !errors.Is(err, ErrNoFeeds) {
		t.Fatalf("NewsAPI: err = %v, want ErrNoFeeds", err)
	}
	if n := news.hits.Load(); n != 0 {
		t.Errorf("a NewsAPI client asked a NewsAPI service for feeds (%d requests)", n)
	}
}
