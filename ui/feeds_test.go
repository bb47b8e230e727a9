package ui

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/ui/common"
)

// fakeFeeds is a feed poller the test drives: push delivers a status the
// way the poller does (a reader that falls behind gets the latest only),
// and Refresh calls are counted.
type fakeFeeds struct {
	updates   chan common.FeedsStatus
	refreshes atomic.Int32
	catalogue // the feed list of the Feeds screen (feedscreen_test.go)
}

// newFakeFeeds must be called inside the bubble, so that a listener
// blocked on the channel counts as blocked.
func newFakeFeeds() *fakeFeeds { return &fakeFeeds{updates: make(chan common.FeedsStatus, 1)} }

func (f *fakeFeeds) Refresh()                           { f.refreshes.Add(1) }
func (f *fakeFeeds) Updates() <-chan common.FeedsStatus { return f.updates }

func (f *fakeFeeds) push(s common.FeedsStatus) {
	select {
	case <-f.updates: // superseded before the reader took it
	default:
	}
	f.updates <- s
}

// feedsLoop runs an App the way tea.Program does, inside a synctest
// bubble: every command in its own goroutine, every message fed back. A
// listener blocked on the feeds stays blocked (the synchronous harness
// would abandon it, and it would swallow the next status), and timers
// fire only when the test lets time pass (advance).
type feedsLoop struct {
	t       *testing.T
	app     *App
	msgs    chan tea.Msg
	pending atomic.Int64 // commands still running
	seen    map[string]int
	quit    bool
	w, h    int
}

func withFeeds(f common.Feeds) func(*Config) { return func(c *Config) { c.Feeds = f } }

// newFeedsLoop starts the reader on the in-process service of personal
// mode (LocalService) at w×h, with the clock pinned to testNow unless a
// cfg says otherwise, and lets the first pages in.
func newFeedsLoop(t *testing.T, client *fakeClient, w, h int, cfg ...func(*Config)) *feedsLoop {
	t.Helper()
	c := Config{Client: client, Now: func() time.Time { return testNow }, Location: time.UTC,
		Version: "v1.0.0", PageSize: 10, LocalService: true}
	for _, f := range cfg {
		f(&c)
	}
	l := &feedsLoop{t: t, app: New(c), msgs: make(chan tea.Msg, 4096), seen: map[string]int{}, w: w, h: h}
	l.app.openURL = func(string) error { return nil }
	// A test that fails before stop must not leave the listener or
	// timers blocked: the bubble would panic over them and bury the
	// failure in goroutine dumps.
	t.Cleanup(func() {
		l.app.cancel()
		time.Sleep(time.Hour)
	})
	l.send(tea.WindowSizeMsg{Width: w, Height: h})
	l.start(l.app.Init())
	l.settle()
	return l
}

func (l *feedsLoop) start(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	l.pending.Add(1)
	go func() {
		defer l.pending.Add(-1)
		l.msgs <- cmd()
	}()
}

func (l *feedsLoop) send(msg tea.Msg) {
	_, cmd := l.app.Update(msg)
	l.start(cmd)
}

// settle delivers every message that can arrive without time passing.
func (l *feedsLoop) settle() {
	for {
		synctest.Wait()
		select {
		case msg := <-l.msgs:
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					l.start(c)
				}
			case tea.QuitMsg:
				l.quit = true
			default:
				l.seen[fmt.Sprintf("%T", msg)]++
				l.send(msg)
			}
		default:
			return
		}
	}
}

// advance lets d of virtual time pass, then settles.
func (l *feedsLoop) advance(d time.Duration) {
	time.Sleep(d)
	l.settle()
}

func (l *feedsLoop) keys(keys ...string) {
	for _, k := range keys {
		l.send(keyMsg(k))
		l.settle()
	}
}

func (l *feedsLoop) push(f *fakeFeeds, s common.FeedsStatus) {
	f.push(s)
	l.settle()
}

// stop quits the reader, as every test must: a listener still blocked
// on the feeds when the bubble ends would fail the test.
func (l *feedsLoop) stop() {
	l.keys("ctrl+c")
	if !l.quit {
		l.t.Fatal("ctrl+c did not quit")
	}
}

func (l *feedsLoop) view() string { return ansi.Strip(l.app.View().Content) }

func (l *feedsLoop) header() string { return strings.Split(l.view(), "\n")[0] }

// statusBar is the status line, the last but one.
func (l *feedsLoop) statusBar() string {
	lines := strings.Split(l.view(), "\n")
	return lines[len(lines)-2]
}

func (l *feedsLoop) helpLine() string {
	lines := strings.Split(l.view(), "\n")
	return lines[len(lines)-1]
}

func (l *feedsLoop) selected() string {
	for _, line := range strings.Split(l.view(), "\n") {
		if strings.Contains(line, "▌ ") {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "▌"))
		}
	}
	return ""
}

func TestFeedsBadgeReplacesDemo(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l := newFeedsLoop(t, &fakeClient{total: 30}, 80, 24, withFeeds(newFakeFeeds()))
		if h := l.header(); !strings.Contains(h, " FEEDS ") || strings.Contains(h, "DEMO") {
			t.Fatalf("personal mode header: %q", h)
		}
		l.stop()

		l = newFeedsLoop(t, &fakeClient{total: 30}, 80, 24, func(c *Config) { c.Demo = true })
		if h := l.header(); !strings.Contains(h, " DEMO ") || strings.Contains(h, "FEEDS") {
			t.Fatalf("demo header: %q", h)
		}
		l.stop()
	})
}

func TestFeedsStatusSaysWhenUpdatedAndWhatFails(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds := newFakeFeeds()
		l := newFeedsLoop(t, &fakeClient{total: 30}, 80, 24, withFeeds(feeds))
		if bar := l.statusBar(); strings.Contains(bar, "updated") || strings.Contains(bar, "feed") {
			t.Fatalf("a feeds status before the poller gave one: %q", bar)
		}
		l.push(feeds, common.FeedsStatus{Feeds: 9, Failing: 2, Updated: testNow.Add(-4 * time.Minute)})
		if bar := l.statusBar(); !strings.HasSuffix(bar, "1/30 · updated 4m ago · 2 feeds failing: press 5 ") {
			t.Fatalf("status bar: %q", bar)
		}
		l.push(feeds, common.FeedsStatus{Feeds: 9, Failing: 1, Updated: testNow.Add(-150 * time.Minute)})
		if bar := l.statusBar(); !strings.HasSuffix(bar, "updated 2h ago · 1 feed failing: press 5 ") {
			t.Fatalf("status bar: %q", bar)
		}
		l.push(feeds, common.FeedsStatus{Feeds: 9})
		if bar := l.statusBar(); !strings.HasSuffix(bar, "1/30 · no feed fetched yet ") {
			t.Fatalf("status bar before any fetch: %q", bar)
		}
		l.keys("2") // the feeds' state is global: every screen shows it
		if bar := l.statusBar(); !strings.Contains(bar, "no feed fetched yet") {
			t.Fatalf("sources status bar: %q", bar)
		}
		l.stop()
	})
}

// TestFeedsAgeStaysTrueWhileIdle lets virtual time pass with nothing
// happening: the age must move on at each whole minute, from ticks no
// more often than one a minute.
func TestFeedsAgeStaysTrueWhileIdle(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds := newFakeFeeds()
		l := newFeedsLoop(t, &fakeClient{total: 30}, 80, 24, withFeeds(feeds),
			func(c *Config) { c.Now = time.Now }) // the bubble's virtual clock
		l.push(feeds, common.FeedsStatus{Feeds: 3, Updated: time.Now().Add(-4*time.Minute - 30*time.Second)})
		if bar := l.statusBar(); !strings.Contains(bar, "updated 4m ago") {
			t.Fatalf("status bar: %q", bar)
		}
		l.advance(29 * time.Second)
		if bar := l.statusBar(); !strings.Contains(bar, "updated 4m ago") {
			t.Fatalf("after 29 s: %q", bar)
		}
		l.advance(2 * time.Second) // the age reached 5 minutes on the way
		if bar := l.statusBar(); !strings.Contains(bar, "updated 5m ago") {
			t.Fatalf("after 31 s: %q", bar)
		}
		ticks := l.seen["ui.feedsTickMsg"]
		for range 10 {
			l.advance(time.Minute)
		}
		if bar := l.statusBar(); !strings.Contains(bar, "updated 15m ago") {
			t.Fatalf("after 10 more minutes: %q", bar)
		}
		if n := l.seen["ui.feedsTickMsg"] - ticks; n != 10 {
			t.Fatalf("%d ticks in 10 minutes, want 10", n)
		}
		// A status, with the same update time or a new one, leaves one
		// chain of ticks: the listener and one timer are all that wait.
		l.push(feeds, l.app.feeds.status)
		if n := l.pending.Load(); n != 2 {
			t.Fatalf("%d commands waiting after a status with the same time, want 2", n)
		}
		l.push(feeds, common.FeedsStatus{Feeds: 3, Updated: time.Now().Add(-10 * time.Second)})
		if n := l.pending.Load(); n != 2 {
			t.Fatalf("%d commands waiting after a status with a new time, want 2", n)
		}
		ticks = l.seen["ui.feedsTickMsg"]
		l.advance(50 * time.Second)
		if bar := l.statusBar(); !strings.Contains(bar, "updated 1m ago") {
			t.Fatalf("50 s after a new status: %q", bar)
		}
		for range 60 {
			l.advance(time.Minute)
		}
		if n := l.seen["ui.feedsTickMsg"] - ticks; n != 61 {
			t.Fatalf("%d ticks in 50 s and an hour, want 61", n)
		}
		if bar := l.statusBar(); !strings.Contains(bar, "updated 1h ago") {
			t.Fatalf("an hour later: %q", bar)
		}
		l.stop()
	})
}

func TestRefreshKeyAsksTheFeedsAndSaysSo(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 80, 24, withFeeds(feeds))
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow.Add(-4 * time.Minute)})
		before := len(client.headlineQueries())
		l.keys("r")
		if n := feeds.refreshes.Load(); n != 1 {
			t.Fatalf("r called Refresh %d times", n)
		}
		if bar := l.statusBar(); !strings.HasSuffix(bar, "1/30 · updating feeds… ") {
			t.Fatalf("status bar after r: %q", bar)
		}
		if n := len(client.headlineQueries()) - before; n != 1 {
			t.Fatalf("r sent %d headline requests, want the list's own reload", n)
		}
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow.Add(-4 * time.Minute), Refreshing: true})
		if bar := l.statusBar(); !strings.Contains(bar, "updating feeds…") {
			t.Fatalf("status bar while the pass runs: %q", bar)
		}
		l.stop()
	})
}

func TestAskedPassEndReloadsHeadlinesAndSaysWhatCame(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 100, 24, withFeeds(feeds))
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow.Add(-time.Hour)})
		l.keys("r")
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow.Add(-time.Hour), Refreshing: true})
		l.keys("j", "j")
		before := len(client.headlineQueries())
		l.push(feeds, common.FeedsStatus{Feeds: 9, Failing: 2, Updated: testNow, Changed: 12, Requested: true})
		if n := len(client.headlineQueries()) - before; n != 1 {
			t.Fatalf("the pass's end sent %d headline requests, want 1 (a reload)", n)
		}
		if sel := l.selected(); !strings.HasPrefix(sel, "Top headline number 01") {
			t.Fatalf("after the reload the cursor is on %q", sel)
		}
		bar := l.statusBar()
		if !strings.Contains(bar, "Feeds updated: 12 new or changed articles; 2 feeds failing") ||
			strings.Contains(bar, "updating") {
			t.Fatalf("status bar at the pass's end: %q", bar)
		}

		// Again, with nothing new: no reload, and the note says so.
		l.keys("r")
		before = len(client.headlineQueries())
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow, Requested: true})
		if n := len(client.headlineQueries()) - before; n != 0 {
			t.Fatalf("a pass that brought nothing sent %d headline requests", n)
		}
		if bar := l.statusBar(); !strings.Contains(bar, "Feeds updated: nothing new") ||
			!strings.HasSuffix(bar, "updated just now ") {
			t.Fatalf("status bar after an empty pass: %q", bar)
		}
		l.stop()
	})
}

// TestAskedPassEndIsNotLostBehindALaterStatus: the poller keeps only the
// latest status for the reader, so the end of the asked pass can arrive
// as the status of the pass after it.
func TestAskedPassEndIsNotLostBehindALaterStatus(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 100, 24, withFeeds(feeds))
		l.keys("r")
		l.push(feeds, common.FeedsStatus{Feeds: 9, Refreshing: true})
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow})
		if bar := l.statusBar(); strings.Contains(bar, "updating") || !strings.Contains(bar, "Feeds updated") {
			t.Fatalf("status bar: %q", bar)
		}
		l.stop()
	})
}

func TestBackgroundPassOffersNewArticlesWithoutReloading(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 100, 24, withFeeds(feeds))
		l.keys("j", "j")
		before := len(client.headlineQueries())
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow, Changed: 12})
		if n := len(client.headlineQueries()) - before; n != 0 {
			t.Fatalf("a background pass sent %d headline requests", n)
		}
		if sel := l.selected(); !strings.HasPrefix(sel, "Top headline number 03") {
			t.Fatalf("a background pass moved the cursor to %q", sel)
		}
		if bar := l.statusBar(); !strings.Contains(bar, "12 new articles — press r to load them") {
			t.Fatalf("status bar: %q", bar)
		}
		l.keys("2")
		// Counted with the 12 offered before: none of them is loaded yet.
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow, Changed: 1})
		if bar := l.statusBar(); !strings.Contains(bar, "13 new articles — press r on Headlines to load them") {
			t.Fatalf("status bar on sources: %q", bar)
		}
		if n := len(client.headlineQueries()) - before; n != 0 {
			t.Fatalf("a background pass sent %d headline requests", n)
		}
		l.stop()
	})
}

// TestFirstArticlesOfNewFeedsShowThemselves: a new catalogue's list is
// empty and says why; the pass that brings its first articles loads them,
// there being no place in the list to keep.
func TestFirstArticlesOfNewFeedsShowThemselves(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 0}
		l := newFeedsLoop(t, client, 100, 24, withFeeds(feeds))
		if v := l.view(); !strings.Contains(v, "No articles yet. Your feeds are fetched in the background") {
			t.Fatalf("empty personal-mode list:\n%s", v)
		}
		client.mu.Lock()
		client.total = 12
		client.mu.Unlock()
		before := len(client.headlineQueries())
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow, Changed: 12})
		if n := len(client.headlineQueries()) - before; n != 1 {
			t.Fatalf("the first articles sent %d headline requests, want 1", n)
		}
		if sel := l.selected(); !strings.HasPrefix(sel, "Top headline number 01") {
			t.Fatalf("selected %q after the first articles came", sel)
		}
		l.stop()
	})
}

// TestBackgroundPassDuringAskedPassCountsAtItsEnd: r reloads the list at
// once, while a pass already running may still be writing; what it
// brought is loaded when the asked pass ends.
func TestBackgroundPassDuringAskedPassCountsAtItsEnd(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 100, 24, withFeeds(feeds))
		l.keys("r")
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow, Changed: 5})
		if bar := l.statusBar(); strings.Contains(bar, "press r") || !strings.Contains(bar, "updating feeds…") {
			t.Fatalf("status bar while the asked pass waits: %q", bar)
		}
		before := len(client.headlineQueries())
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow, Requested: true})
		if n := len(client.headlineQueries()) - before; n != 1 {
			t.Fatalf("the asked pass's end sent %d headline requests, want 1", n)
		}
		if bar := l.statusBar(); !strings.Contains(bar, "Feeds updated: 5 new or changed articles") {
			t.Fatalf("status bar: %q", bar)
		}
		l.stop()
	})
}

func TestAskedPassEndWhileReadingKeepsTheList(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 120, 30, withFeeds(feeds))
		l.keys("r", "j", "enter")
		if l.app.Active() != common.Reader {
			t.Fatal("enter did not open the reader")
		}
		before := len(client.headlineQueries())
		l.push(feeds, common.FeedsStatus{Feeds: 9, Updated: testNow, Changed: 3, Requested: true})
		if n := len(client.headlineQueries()) - before; n != 0 {
			t.Fatalf("the pass's end reloaded the list under the reader (%d requests)", n)
		}
		if bar := l.statusBar(); !strings.Contains(bar, "Feeds updated: 3 new or changed articles — press r on Headlines") {
			t.Fatalf("status bar: %q", bar)
		}
		l.keys("n")
		if !strings.Contains(l.view(), "Top headline number 03") {
			t.Fatalf("n did not step to the next article:\n%s", l.view())
		}
		l.stop()
	})
}

func TestFeedsListenerEndsWithTheReader(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds := newFakeFeeds()
		l := newFeedsLoop(t, &fakeClient{total: 3}, 80, 24, withFeeds(feeds))
		l.push(feeds, common.FeedsStatus{Feeds: 1, Updated: testNow})
		l.advance(time.Hour) // every timer but the listener's wait has run out
		if n := l.pending.Load(); n != 2 {
			t.Fatalf("%d commands running, want the listener and the minute tick", n)
		}
		l.keys("q")
		if !l.quit {
			t.Fatal("q did not quit")
		}
		synctest.Wait()
		if n := l.pending.Load(); n != 0 {
			t.Fatalf("%d commands still running after quit", n)
		}

		// A closed channel ends the listening too.
		feeds = newFakeFeeds()
		l = newFeedsLoop(t, &fakeClient{total: 3}, 80, 24, withFeeds(feeds))
		close(feeds.updates)
		l.advance(time.Hour)
		if n := l.pending.Load(); n != 0 {
			t.Fatalf("%d commands running after the channel closed", n)
		}
		l.stop()

		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if msg := listenFeeds(ctx, make(chan common.FeedsStatus))(); msg != nil {
			t.Fatalf("a listener after quit returned %v", msg)
		}
	})
}

func TestHintShowsAtStartForFifteenSeconds(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		const hint = "Demo news. For real news: tidings feeds import --starter"
		l := newFeedsLoop(t, &fakeClient{total: 30}, 100, 24, func(c *Config) { c.Demo, c.Hint = true, hint })
		if bar := l.statusBar(); !strings.Contains(bar, hint) {
			t.Fatalf("no hint at start: %q", bar)
		}
		l.keys("j", "j") // reading on does not hide it before it is read
		l.advance(14 * time.Second)
		if bar := l.statusBar(); !strings.Contains(bar, hint) {
			t.Fatalf("hint gone after 14 s: %q", bar)
		}
		l.advance(2 * time.Second)
		if bar := l.statusBar(); strings.Contains(bar, "Demo news") {
			t.Fatalf("hint still there after 16 s: %q", bar)
		}
		l.stop()
	})
}

func TestRemoteModeHasNoFeedsStatusOrHint(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		client := &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 120, 24)
		if h := l.header(); strings.Contains(h, "FEEDS") || strings.Contains(h, "DEMO") {
			t.Fatalf("remote header: %q", h)
		}
		if bar := l.statusBar(); strings.TrimSpace(bar) != "1/30" {
			t.Fatalf("remote status bar: %q", bar)
		}
		before := len(client.headlineQueries())
		l.keys("r")
		if bar := l.statusBar(); strings.Contains(bar, "feeds") || len(client.headlineQueries()) != before+1 {
			t.Fatalf("r in remote mode: %q, %d requests", bar, len(client.headlineQueries())-before)
		}
		if h := l.helpLine(); !strings.Contains(h, "r refresh/retry") {
			t.Fatalf("remote help line: %q", h)
		}
		l.stop()
	})
}

func TestRefreshHelpNamesTheFeedsOnHeadlines(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		l := newFeedsLoop(t, &fakeClient{total: 30}, 120, 30, withFeeds(newFakeFeeds()))
		if h := l.helpLine(); !strings.Contains(h, "r refresh feeds") {
			t.Fatalf("help line: %q", h)
		}
		l.keys("?")
		if v := l.view(); !strings.Contains(v, "refresh feeds") || strings.Contains(v, "refresh/retry") {
			t.Fatalf("full help:\n%s", v)
		}
		l.keys("esc", "2", "?") // sources: r reloads the sources only
		if v := l.view(); !strings.Contains(v, "refresh/retry") || strings.Contains(v, "refresh feeds") {
			t.Fatalf("sources full help:\n%s", v)
		}
		l.stop()
	})
}

// Articles offered before r ("5 new articles — press r") are loaded by
// r's reload, so the end of the pass r asked for counts them (issue 28,
// item 12): the note counts what the list gained.
func TestAskedPassEndCountsArticlesOfferedBefore(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 120, 40, withFeeds(feeds))
		l.push(feeds, common.FeedsStatus{Feeds: 2, Updated: testNow, Changed: 5})
		if bar := l.statusBar(); !strings.Contains(bar, "5 new articles — press r to load them") {
			t.Fatalf("status bar: %q", bar)
		}
		l.keys("r")
		l.push(feeds, common.FeedsStatus{Feeds: 2, Updated: testNow, Requested: true})
		if bar := l.statusBar(); !strings.Contains(bar, "Feeds updated: 5 new or changed articles") {
			t.Fatalf("status bar at the pass's end: %q", bar)
		}
		l.stop()
	})
}

// At 120 columns the end of a pass said "1 feed failing" in the note and
// again on the right, and the right was cut (issue 28, item 15): the
// note names the failing feed, the right side does not count it again
// while the note shows, and the line fits.
func TestAskedPassEndNamesTheFailingFeedOnce(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		client.total = 8 // one page: "1/8 · End of results"
		l := newFeedsLoop(t, client, 120, 40, withFeeds(feeds))
		l.keys("r")
		l.push(feeds, common.FeedsStatus{Feeds: 9, Failing: 1, FailingNames: []string{"Thames Test Wire"},
			Updated: testNow, Changed: 1, Requested: true})
		bar := l.statusBar()
		if !strings.Contains(bar, `Feeds updated: 1 new or changed article; "Thames Test Wire" failing`) {
			t.Fatalf("the note does not name the failing feed: %q", bar)
		}
		if n := strings.Count(bar, "failing"); n != 1 {
			t.Fatalf("the status bar says %d times that a feed fails: %q", n, bar)
		}
		if strings.Contains(bar, "…") || !strings.HasSuffix(bar, "1/8 · End of results · updated just now ") {
			t.Fatalf("the status bar is cut: %q", bar)
		}
		l.advance(feedsNoteTTL)
		if bar := l.statusBar(); !strings.HasSuffix(bar, `updated just now · "Thames Test Wire" failing: press 5 `) {
			t.Fatalf("once the note is gone the right side counts the failing feed again: %q", bar)
		}
		l.stop()
	})
}

// The poller's note about a new refresh_interval shows in the status bar
// and ends no pass (issue 28, item 23).
func TestFeedsNoteShowsAndEndsNoPass(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		feeds, client := newFakeFeeds(), &fakeClient{total: 30}
		l := newFeedsLoop(t, client, 120, 40, withFeeds(feeds))
		l.keys("r")
		l.push(feeds, common.FeedsStatus{Feeds: 2, Updated: testNow, Refreshing: true})
		l.push(feeds, common.FeedsStatus{Feeds: 2, Updated: testNow,
			Note: "Feeds are now polled every 1m (refresh_interval in the settings file)."})
		bar := l.statusBar()
		if !strings.Contains(bar, "Feeds are now polled every 1m") || !strings.Contains(bar, "updating feeds…") {
			t.Fatalf("status bar: %q", bar)
		}
		l.stop()
	})
}
