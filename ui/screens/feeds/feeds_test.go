package feeds

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/internal/uitest"
	"tidings/ui/theme"
)

var now = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

// listFeeds is a poller whose list the test sets.
type listFeeds struct {
	common.Feeds
	list []model.FeedStatus
}

func (l *listFeeds) List(context.Context) ([]model.FeedStatus, error) { return l.list, nil }

func newScreen(t *testing.T, list []model.FeedStatus, w, h int) *Model {
	t.Helper()
	ctx := &common.Context{
		View: common.View{
			Styles: theme.New(true, false),
			Keys:   keymap.Default(),
			Now:    func() time.Time { return now },
		},
		Services: common.Services{
			Feeds: &listFeeds{list: list},
		},
	}
	m := New(ctx)
	m.SetSize(w, h)
	return m
}

func feed(id, name string, f func(*model.FeedStatus)) model.FeedStatus {
	s := model.FeedStatus{ID: id, Name: name, URL: "https://" + id + ".test/feed", Articles: 10,
		LastAttempt: now.Add(-time.Minute), LastSuccess: now.Add(-time.Minute), NextPoll: now.Add(29 * time.Minute)}
	if f != nil {
		f(&s)
	}
	return s
}

// A read of the list that a newer one superseded is dropped: an old list
// never replaces a newer one.
func TestStaleListIsDropped(t *testing.T) {
	m := newScreen(t, nil, 100, 30)
	m.load() // the first read, id 1: superseded before it answers
	second := m.load()
	m.Update(second())
	m.Update(loadedMsg{id: 1, feeds: []model.FeedStatus{feed("old", "Old", nil)}}) // the first read's late answer
	if v := ansi.Strip(m.View()); strings.Contains(v, "Old") || !strings.Contains(v, "No feeds yet") {
		t.Fatalf("the superseded read was shown:\n%s", v)
	}
}

// The failing and switched-off feeds come first, then the new, then the
// healthy ones, by name; the cursor stays on its feed across reloads.
func TestFeedsNeedingTheUserComeFirstAndTheCursorStays(t *testing.T) {
	list := []model.FeedStatus{
		feed("a", "Alpha", nil),
		feed("b", "Beta", func(f *model.FeedStatus) { f.LastError = "HTTP 500" }),
		feed("c", "Gamma", func(f *model.FeedStatus) { f.Disabled = "gone (410)" }),
		feed("d", "Delta", func(f *model.FeedStatus) { f.LastSuccess, f.LastAttempt = time.Time{}, time.Time{} }),
	}
	m := newScreen(t, list, 100, 30)
	for _, msg := range uitest.RunAll([]tea.Cmd{m.Init()}) {
		m.Update(msg)
	}
	var order []string
	for _, f := range m.feeds {
		order = append(order, f.Name)
	}
	if got := strings.Join(order, ","); got != "Beta,Gamma,Delta,Alpha" {
		t.Fatalf("order = %s", got)
	}
	m.Update(uitest.Key("G")) // Alpha
	for _, msg := range uitest.RunAll([]tea.Cmd{m.load()}) {
		m.Update(msg)
	}
	if f, _ := m.selected(); f.Name != "Alpha" {
		t.Fatalf("after a reload the cursor is on %q, want Alpha", f.Name)
	}
}

// Every size from the smallest the reader allows keeps the screen's
// frame: its height, no line wider than the terminal.
func TestFrameAtEverySize(t *testing.T) {
	list := []model.FeedStatus{feed("a", strings.Repeat("Very long feed name ", 5), func(f *model.FeedStatus) {
		f.LastError = strings.Repeat("connection refused ", 10)
	})}
	for _, size := range [][2]int{{40, 6}, {80, 20}, {120, 36}, {160, 46}} {
		m := newScreen(t, list, size[0], size[1])
		for _, msg := range uitest.RunAll([]tea.Cmd{m.Init()}) {
			m.Update(msg)
		}
		uitest.AssertFrame(t, m.View(), size[0], size[1])
	}
}

// A name or an error from the catalogue cannot reach the terminal as
// escapes.
func TestFeedTextIsMadeInert(t *testing.T) {
	m := newScreen(t, []model.FeedStatus{feed("a", "Evil\x1b[2JName", func(f *model.FeedStatus) {
		f.LastError = "bad\x1b]52;c;AAAA\x07"
	})}, 160, 40)
	for _, msg := range uitest.RunAll([]tea.Cmd{m.Init()}) {
		m.Update(msg)
	}
	if v := m.View(); strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x1b]52") {
		t.Fatalf("escapes from the catalogue reached the view: %q", v)
	}
}
