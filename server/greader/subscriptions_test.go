package greader

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"tidings/model"
	"tidings/server/store"
)

func TestSourcesAreTheSubscriptionsWithoutFeeds(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	alice := login(t, h, keyAlice)
	var out struct{ Subscriptions []subscriptionJSON }
	alice.decode(alice.get("subscription/list", nil), &out)
	if len(out.Subscriptions) != 3 {
		t.Fatalf("%d subscriptions, want the 3 sources", len(out.Subscriptions))
	}
	s := out.Subscriptions[1]
	if s.ID != "feed/bbc" || s.Title != "BBC" || s.HTMLURL != "https://bbc.example/" || len(s.Categories) != 1 ||
		s.Categories[0].ID != "user/-/label/General" || s.Categories[0].Label != "General" || s.Categories[0].Type != "folder" {
		t.Errorf("bbc: %+v", s)
	}
}

// fakeFeeds lists feeds; its other FeedStore methods are not called.
type fakeFeeds struct {
	store.FeedStore
	mu    sync.Mutex
	feeds []store.Feed
}

func (f *fakeFeeds) Feeds(context.Context) ([]store.Feed, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]store.Feed(nil), f.feeds...), nil
}

func TestFeedsAreTheSubscriptionsWhereThereAreSome(t *testing.T) {
	st := fixture(3)
	feeds := &fakeFeeds{feeds: []store.Feed{{URL: "https://ars.example/rss", Source: model.Source{ID: "ars", Name: "Ars",
		URL: "https://ars.example/", Category: "technology"}}}}
	h, _ := newTestHandler(t, st, func(c *Config) { c.Feeds = feeds })
	alice := login(t, h, keyAlice)
	var out struct{ Subscriptions []subscriptionJSON }
	alice.decode(alice.get("subscription/list", nil), &out)
	if len(out.Subscriptions) != 1 || out.Subscriptions[0].URL != "https://ars.example/rss" || out.Subscriptions[0].HTMLURL != "https://ars.example/" {
		t.Errorf("subscriptions: %+v", out.Subscriptions)
	}
}

func TestTagListAndUnreadCount(t *testing.T) {
	h, _ := newTestHandler(t, fixture(9))
	alice := login(t, h, keyAlice)
	var tags struct{ Tags []categoryJSON }
	alice.decode(alice.get("tag/list", nil), &tags)
	var ids []string
	for _, tg := range tags.Tags {
		ids = append(ids, tg.ID)
	}
	if strings.Join(ids, " ") != stateStarred+" user/-/label/General user/-/label/Technology" {
		t.Errorf("tags: %v", ids)
	}
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000", "1001"}, "a": {stateRead}}))
	var counts struct {
		Max          int
		Unreadcounts []unreadJSON
	}
	alice.decode(alice.get("unread-count", nil), &counts)
	got := map[string]int{}
	for _, c := range counts.Unreadcounts {
		got[c.ID] = c.Count
	}
	want := map[string]int{"feed/ars": 2, "feed/bbc": 2, "feed/verge": 3, "user/-/label/General": 2,
		"user/-/label/Technology": 5, stateReadingList: 7}
	if counts.Max != 7 || len(got) != len(want) {
		t.Errorf("max %d, counts %v; want 7, %v", counts.Max, got, want)
	}
	for id, n := range want {
		if got[id] != n {
			t.Errorf("%s: %d unread, want %d", id, got[id], n)
		}
	}
}

// fakeManager records subscriptions.
type fakeManager struct {
	added   []string
	removed []string
}

func (m *fakeManager) Subscribe(_ context.Context, url string, c model.Category) (store.Feed, error) {
	if strings.Contains(url, "broken") {
		return store.Feed{}, errors.New("https://broken.example/ is not a feed")
	}
	m.added = append(m.added, url+" "+string(c))
	return store.Feed{URL: url, Source: model.Source{ID: "new", Name: "New Feed", Category: c}}, nil
}

func (m *fakeManager) Unsubscribe(_ context.Context, id string) error {
	m.removed = append(m.removed, id)
	return nil
}

func TestFeedManagementIsRefusedByDefault(t *testing.T) {
	m := &fakeManager{}
	h, _ := newTestHandler(t, fixture(3), func(c *Config) { c.Manager = m })
	alice := login(t, h, keyAlice)
	for call, v := range map[string]url.Values{
		"subscription/quickadd": {"quickadd": {"https://example.org/feed"}},
		"subscription/edit":     {"ac": {"unsubscribe"}, "s": {"feed/bbc"}},
	} {
		rec := alice.post(call, v)
		if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "--feed-manager-keys-file") {
			t.Errorf("%s: %d %q, want 403 naming --feed-manager-keys-file", call, rec.Code, rec.Body)
		}
	}
	if len(m.added)+len(m.removed) != 0 {
		t.Errorf("feeds changed: %v %v", m.added, m.removed)
	}
}

func TestAFeedManagerKeySubscribesAndUnsubscribes(t *testing.T) {
	m := &fakeManager{}
	h, gate := newTestHandler(t, fixture(3), func(c *Config) { c.Manager = m })
	gate.managers[keyAlice] = true
	alice := login(t, h, keyAlice)
	var out map[string]any
	alice.decode(alice.post("subscription/quickadd", url.Values{"quickadd": {"feed/https://example.org/feed"}}), &out)
	if out["numResults"] != 1.0 || out["streamId"] != "feed/new" || out["streamName"] != "New Feed" {
		t.Errorf("quickadd: %v", out)
	}
	alice.decode(alice.post("subscription/quickadd", url.Values{"quickadd": {"https://broken.example/"}}), &out)
	if out["numResults"] != 0.0 || !strings.Contains(out["error"].(string), "not a feed") {
		t.Errorf("quickadd of no feed: %v", out)
	}
	alice.mustOK(alice.post("subscription/edit", url.Values{"ac": {"subscribe"}, "s": {"feed/https://other.example/rss"},
		"a": {"user/-/label/Science"}}))
	alice.mustOK(alice.post("subscription/edit", url.Values{"ac": {"unsubscribe"}, "s": {"feed/bbc"}}))
	if strings.Join(m.added, "|") != "https://example.org/feed |https://other.example/rss science" || strings.Join(m.removed, "|") != "bbc" {
		t.Errorf("added %q, removed %q", m.added, m.removed)
	}
	if rec := alice.post("subscription/edit", url.Values{"ac": {"edit"}, "s": {"feed/bbc"}, "t": {"Beeb"}}); rec.Code != http.StatusNotImplemented {
		t.Errorf("ac=edit: %d, want 501", rec.Code)
	}
	bob := login(t, h, keyBob)
	if rec := bob.post("subscription/edit", url.Values{"ac": {"unsubscribe"}, "s": {"feed/ars"}}); rec.Code != http.StatusForbidden {
		t.Errorf("bob is no manager: %d", rec.Code)
	}
}

func TestUnknownCallsAreNamed(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	alice := login(t, h, keyAlice)
	rec := alice.get("friend/list", nil)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "friend/list") {
		t.Errorf("friend/list: %d %q", rec.Code, rec.Body)
	}
	alice.mustOK(alice.get("preference/stream/list", nil))
	if rec := alice.get("subscription/list", url.Values{"output": {"xml"}}); rec.Code != http.StatusOK {
		t.Errorf("the helper sets output=json; got %d", rec.Code)
	}
	r := newRequest(http.MethodGet, Prefix+apiPrefix+"tag/list?output=atom", "")
	r.Header.Set("Authorization", "GoogleLogin auth="+alice.token)
	if rec := serve(h, r); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "output=atom") {
		t.Errorf("output=atom: %d %q", rec.Code, rec.Body)
	}
}
