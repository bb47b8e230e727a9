package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/api"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/screens/headlines"
)

// catalogue is the feed list behind a fake poller (fakeFeeds) or a fake
// remote service: what the Feeds screen lists, and what r and d did.
type catalogue struct {
	mu        sync.Mutex
	feeds     []model.FeedStatus
	refreshed []string
	toggled   []string // "id=on" or "id=off"
	failWith  error    // RefreshFeed's answer when set
}

func (c *catalogue) List(context.Context) ([]model.FeedStatus, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.feeds), nil
}

// Feeds is the remote service's GET /v2/feeds.
func (c *catalogue) Feeds(ctx context.Context) ([]model.FeedStatus, error) { return c.List(ctx) }

func (c *catalogue) RefreshFeed(_ context.Context, id string) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refreshed = append(c.refreshed, id)
	if c.failWith != nil {
		return 0, c.failWith
	}
	for i := range c.feeds {
		if c.feeds[i].ID == id {
			c.feeds[i].LastSuccess, c.feeds[i].LastError, c.feeds[i].Failures = testNow, "", 0
			c.feeds[i].Articles += 2
		}
	}
	return 2, nil
}

func (c *catalogue) SetEnabled(_ context.Context, id string, enabled bool) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	state := "off"
	if enabled {
		state = "on"
	}
	c.toggled = append(c.toggled, id+"="+state)
	for i := range c.feeds {
		if c.feeds[i].ID == id {
			c.feeds[i].Disabled = ""
			if !enabled {
				c.feeds[i].Disabled = "disabled by the user"
			}
		}
	}
	return nil
}

func (c *catalogue) record() (refreshed, toggled []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.refreshed), slices.Clone(c.toggled)
}

// threeFeeds are a healthy feed, a failing one and one the user switched
// off.
func threeFeeds() []model.FeedStatus {
	return []model.FeedStatus{
		{ID: "harbour-herald", Name: "Harbour Herald", URL: "https://herald.test/rss", Articles: 120,
			LastAttempt: testNow.Add(-4 * time.Minute), LastSuccess: testNow.Add(-4 * time.Minute), NextPoll: testNow.Add(26 * time.Minute)},
		{ID: "thames-wire", Name: "Thames Wire", URL: "https://wire.test/feed", Articles: 40,
			LastAttempt: testNow.Add(-10 * time.Minute), LastSuccess: testNow.Add(-3 * time.Hour), LastError: "HTTP 404 Not Found",
			Failures: 3, NextPoll: testNow.Add(50 * time.Minute)},
		{ID: "valley-voice", Name: "Valley Voice", URL: "https://valley.test/atom", Articles: 7,
			LastSuccess: testNow.Add(-48 * time.Hour), Disabled: "disabled by the user"},
	}
}

// unreadMarks is a service's read state that only counts.
type unreadMarks struct {
	common.Marks
	counts map[string]int
	asked  []model.UnreadGrouping
	mu     sync.Mutex
}

func (u *unreadMarks) UnreadBy(_ context.Context, by model.UnreadGrouping) (map[string]int, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.asked = append(u.asked, by)
	return u.counts, nil
}

// newFeedsScreenLoop starts personal mode over cat and shows the Feeds
// screen.
func newFeedsScreenLoop(t *testing.T, cat []model.FeedStatus, w, h int, cfg ...func(*Config)) (*feedsLoop, *fakeFeeds) {
	feeds := newFakeFeeds()
	feeds.feeds = cat
	l := newFeedsLoop(t, &fakeClient{total: 30}, w, h, append([]func(*Config){withFeeds(feeds)}, cfg...)...)
	l.keys("5")
	if l.app.Active() != common.FeedsScreen {
		t.Fatalf("5 went to %v, want the Feeds screen", l.app.Active())
	}
	return l, feeds
}

// Every feed is listed with its status, last success, last error, next
// poll and unread count; the ones that need the user come first.
func TestFeedsScreenListsEveryFeedWithHowItStands(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		marks := &unreadMarks{counts: map[string]int{"harbour-herald": 12, "thames-wire": 1204}}
		l, _ := newFeedsScreenLoop(t, threeFeeds(), 160, 40, func(c *Config) { c.Marks = marks })
		v := l.view()
		for _, want := range []string{"5 Feeds", "3 feeds · 1 failing · 1 disabled", "Unread", "Last fetch", "Next poll",
			"✓ ok", "✗ failing", "– disabled", "Harbour Herald", "12", "1,204", "4m ago", "3h ago", "in 26m", "off",
			"HTTP 404 Not Found"} {
			if !strings.Contains(v, want) {
				t.Errorf("the Feeds screen lacks %q:\n%s", want, v)
			}
		}
		rows := strings.Split(v, "\n")
		failing := slices.IndexFunc(rows, func(r string) bool { return strings.Contains(r, "Thames Wire") })
		ok := slices.IndexFunc(rows, func(r string) bool { return strings.Contains(r, "Harbour Herald") })
		if failing < 0 || ok < 0 || failing > ok {
			t.Errorf("the failing feed is not listed before the healthy one:\n%s", v)
		}
		if len(marks.asked) == 0 || marks.asked[0] != model.UnreadByFeed {
			t.Errorf("unread counts asked by %v, want by feed", marks.asked)
		}
		// The selected (failing) feed's details, below the list.
		if !strings.Contains(v, "Failing (3 polls in a row): HTTP 404 Not Found") || !strings.Contains(v, "https://wire.test/feed") {
			t.Errorf("no details of the selected feed:\n%s", v)
		}
		if bar := l.statusBar(); !strings.Contains(bar, "1/3") {
			t.Errorf("status bar %q lacks the position", bar)
		}
		l.stop()
	})
}

// Without read state the count column is the feed's articles.
func TestFeedsScreenWithoutMarksCountsArticles(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l, _ := newFeedsScreenLoop(t, threeFeeds(), 120, 40)
		if v := l.view(); !strings.Contains(v, "Articles") || strings.Contains(v, "Unread") || !strings.Contains(v, "120") {
			t.Errorf("without marks the screen should count articles:\n%s", v)
		}
		l.stop()
	})
}

// enter lists the feed's articles on the Source screen; q goes back to
// the Feeds screen, not to Sources.
func TestFeedsEnterListsItsArticlesAndQGoesBack(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l, _ := newFeedsScreenLoop(t, threeFeeds(), 120, 40)
		l.keys("j", "enter") // failing, disabled, ok: j is on Valley Voice
		src := l.app.screens[common.Source].(*headlines.Model).Source()
		if l.app.Active() != common.Source || src.ID != "valley-voice" || src.Name != "Valley Voice" {
			t.Fatalf("enter went to %v showing %+v, want the Source screen of valley-voice", l.app.Active(), src)
		}
		if v := l.view(); !strings.Contains(v, "8 Source") {
			t.Errorf("no Source tab (8):\n%s", v)
		}
		l.keys("q")
		if l.app.Active() != common.FeedsScreen || l.quit {
			t.Fatalf("q from a feed's articles went to %v (quit %v), want the Feeds screen", l.app.Active(), l.quit)
		}
		l.stop()
	})
}

// r polls the selected feed now, says what it brought, and lists the
// feed again as it stands.
func TestFeedsRRefreshesThatFeed(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l, feeds := newFeedsScreenLoop(t, threeFeeds(), 120, 40)
		l.keys("r")
		refreshed, _ := feeds.record()
		if !slices.Equal(refreshed, []string{"thames-wire"}) {
			t.Fatalf("r refreshed %v, want the selected feed only", refreshed)
		}
		if n := feeds.refreshes.Load(); n != 0 {
			t.Errorf("r on the Feeds screen asked for a pass over every feed (%d)", n)
		}
		if bar := l.statusBar(); !strings.Contains(bar, `"Thames Wire" refreshed: 2 new or changed articles`) {
			t.Errorf("status bar after r: %q", bar)
		}
		if v := l.view(); !strings.Contains(v, "3 feeds · 1 disabled") {
			t.Errorf("the list was not read again after r (the feed no longer fails):\n%s", v)
		}
		l.stop()
	})
}

// A poll that fails says why.
func TestFeedsRSaysWhyThePollFailed(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l, feeds := newFeedsScreenLoop(t, threeFeeds(), 120, 40)
		feeds.mu.Lock()
		feeds.failWith = errors.New("HTTP 503 Service Unavailable")
		feeds.mu.Unlock()
		l.keys("r")
		if bar := l.statusBar(); !strings.Contains(bar, `Refreshing "Thames Wire" failed: HTTP 503`) {
			t.Errorf("status bar after a failed r: %q", bar)
		}
		l.stop()
	})
}

// d switches the selected feed off, and d again on.
func TestFeedsDDisablesAndEnables(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l, feeds := newFeedsScreenLoop(t, threeFeeds()[:1], 120, 40)
		l.keys("d")
		if _, toggled := feeds.record(); !slices.Equal(toggled, []string{"harbour-herald=off"}) {
			t.Fatalf("d did %v, want harbour-herald off", toggled)
		}
		if v := l.view(); !strings.Contains(v, "– disabled") || !strings.Contains(l.statusBar(), `"Harbour Herald" disabled`) {
			t.Fatalf("after d the feed is not shown disabled:\n%s", v)
		}
		l.keys("d")
		if _, toggled := feeds.record(); !slices.Equal(toggled, []string{"harbour-herald=off", "harbour-herald=on"}) {
			t.Fatalf("d twice did %v", toggled)
		}
		if v := l.view(); !strings.Contains(v, "✓ ok") || !strings.Contains(l.statusBar(), `"Harbour Herald" enabled`) {
			t.Fatalf("after d again the feed is not shown enabled:\n%s", v)
		}
		l.stop()
	})
}

// A catalogue without feeds says so and how to add one.
func TestFeedsScreenOfAnEmptyCatalogueSaysHowToAddOne(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l, _ := newFeedsScreenLoop(t, nil, 80, 24)
		if v := l.view(); !strings.Contains(v, "No feeds yet") || !strings.Contains(v, "tidings feeds add URL") {
			t.Fatalf("an empty catalogue's Feeds screen:\n%s", v)
		}
		l.stop()
	})
}

// newHarnessWith is newHarness over any client.
func newHarnessWith(client common.Client, w, h int, cfg ...func(*Config)) *harness {
	c := Config{Client: client, Now: func() time.Time { return testNow }, Location: time.UTC,
		Version: "v1.0.0", BaseURL: "http://127.0.0.1:9/v2", PageSize: 10}
	for _, f := range cfg {
		f(&c)
	}
	hs := &harness{app: New(c), wait: 60 * time.Millisecond}
	hs.app.openURL = func(u string) error { hs.opened = append(hs.opened, u); return nil }
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.app.Init())
	return hs
}

// remoteFeedsClient is a tidings service that lists its feeds.
type remoteFeedsClient struct {
	*fakeClient
	*catalogue
}

// Against a remote tidings catalogue the feeds are listed, read-only: r
// and d say the feed is managed on the server.
func TestFeedsOfARemoteCatalogueAreReadOnly(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{feeds: threeFeeds()}
		h := newHarnessWith(&remoteFeedsClient{&fakeClient{total: 30}, cat}, 120, 40)
		if v := h.view(); !strings.Contains(v, "5 Feeds") {
			t.Fatalf("no Feeds tab against a tidings service:\n%s", v)
		}
		h.keys("5")
		if v := h.view(); !strings.Contains(v, "Thames Wire") || !strings.Contains(v, "managed on the server") {
			t.Fatalf("the remote catalogue's feeds:\n%s", v)
		}
		h.keys("r")
		if s := h.app.status.Text(); !strings.Contains(s, "managed on the server") || !strings.Contains(s, "tidings feeds refresh") {
			t.Errorf("r on a remote feed: %q", s)
		}
		h.keys("d")
		if s := h.app.status.Text(); !strings.Contains(s, "managed on the server") {
			t.Errorf("d on a remote feed: %q", s)
		}
		if refreshed, toggled := cat.record(); len(refreshed)+len(toggled) > 0 {
			t.Errorf("a remote feed was changed: %v %v", refreshed, toggled)
		}
		h.app.cancel()
	})
}

// A service that keeps no feeds (NewsAPI) has no Feeds tab, and 5 says
// why.
func TestNoFeedsTabWhereTheServiceKeepsNone(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, func(c *Config) { c.Dialect = api.DialectNewsAPI })
		if v := h.view(); strings.Contains(v, "Feeds") {
			t.Fatalf("a Feeds tab on a service without feeds:\n%s", v)
		}
		h.keys("5")
		if h.app.Active() == common.FeedsScreen || !strings.Contains(h.app.status.Text(), "No feeds here") {
			t.Fatalf("5 without feeds: on %v, status %q", h.app.Active(), h.app.status.Text())
		}
	})
}

// The status line names the failing feeds and points to the Feeds
// screen; where the name does not fit it counts them, and on the Feeds
// screen it does not point to itself.
func TestStatusLineNamesFailingFeedsAndPointsToTheFeedsScreen(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds := newFakeFeeds()
		feeds.feeds = threeFeeds()
		l := newFeedsLoop(t, &fakeClient{total: 30}, 120, 40, withFeeds(feeds))
		l.push(feeds, common.FeedsStatus{Feeds: 3, Failing: 1, FailingNames: []string{"Field Notes from the Wend Valley"},
			Updated: testNow})
		if bar := l.statusBar(); !strings.HasSuffix(bar, `updated just now · "Field Notes from the We…" failing: press 5 `) {
			t.Errorf("120 columns: %q", bar)
		}
		l.send(tea.WindowSizeMsg{Width: 60, Height: 24})
		if bar := l.statusBar(); !strings.HasSuffix(bar, "updated just now · 1 feed failing: press 5 ") {
			t.Errorf("60 columns: %q", bar)
		}
		l.keys("5")
		if bar := l.statusBar(); strings.Contains(bar, "press 5") || !strings.Contains(bar, "failing") {
			t.Errorf("on the Feeds screen: %q", bar)
		}
		l.stop()
	})
}

// A remote catalogue without feeds says where they are added; the demo's
// says how to read your own.
func TestEmptyRemoteAndDemoCataloguesSayHowToAddFeeds(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		for _, demo := range []bool{false, true} {
			h := newHarnessWith(&remoteFeedsClient{&fakeClient{total: 30}, &catalogue{}}, 80, 24,
				func(c *Config) { c.Demo = demo })
			h.keys("5")
			v := h.view()
			want := "This catalogue has no feeds. They are added on the service's machine"
			if demo {
				want = "The demo's catalogue has no feeds"
			}
			if !strings.Contains(v, want) || !strings.Contains(v, "tidings feeds add URL") {
				t.Errorf("demo %v: the empty Feeds screen lacks %q:\n%s", demo, want, v)
			}
			h.app.cancel()
		}
	})
}
