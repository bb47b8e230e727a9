// Package feeds is the Feeds screen: every feed of the catalogue the
// reader reads (personal mode, or a tidings serve --db catalogue) with how
// its polling stands — status, last success, last error, next poll — and
// its unread count. enter lists a feed's articles (the Source screen);
// in personal mode r polls the selected feed now and d switches it off or
// on. Against a remote catalogue the list is read-only: its feeds are
// managed with `tidings feeds` on the service's machine.
//
// The screen holds no feed state of its own beyond the last list read:
// the feed store (through common.Feeds or the service) is the truth.
package feeds

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/api"
	"tidings/model"
	"tidings/ui/common"
)

// loadTimeout bounds one read of the feed list (and its unread counts).
const loadTimeout = 20 * time.Second

// origin is where the screen's feeds come from.
type origin int

const (
	originNone   origin = iota // the service keeps no feeds
	originLocal                // personal mode: this process polls them (read-write)
	originRemote               // a tidings service's catalogue: listed, managed there
)

// originOf decides from the services alone: the poller, the dialect and
// what the client can do.
func originOf(svc *common.Services) origin {
	switch {
	case svc.Feeds != nil:
		return originLocal
	case svc.Dialect != api.DialectSpec:
		return originNone
	}
	if _, ok := svc.Client.(common.FeedLister); ok {
		return originRemote
	}
	return originNone
}

// Available reports whether the reader's service can list feeds: then the
// Feeds screen has its tab.
func Available(svc *common.Services) bool { return originOf(svc) != originNone }

// Model is the Feeds screen.
type Model struct {
	ctx    *common.Context
	origin origin
	feeds  []model.FeedStatus
	// unread counts each feed's unread articles (common.Marks); nil when
	// the service keeps no read state or the count failed.
	unread  map[string]int
	cursor  int
	offset  int // the first row drawn
	loaded  bool
	loading bool
	err     error
	guard   common.FetchGuard
	// busy says, per feed id, what is being done to it ("refreshing…").
	busy          map[string]string
	width, height int
}

// loadedMsg is one read of the feed list.
type loadedMsg struct {
	id     uint64
	feeds  []model.FeedStatus
	unread map[string]int
	err    error
}

// actedMsg is the end of r or d on one feed.
type actedMsg struct {
	feed    model.FeedStatus
	refresh bool // r; else d
	enabled bool // d: the feed is polled now
	changed int  // r: articles added or changed
	err     error
}

// New makes the screen; Init loads the list.
func New(ctx *common.Context) *Model {
	return &Model{ctx: ctx, origin: originOf(&ctx.Services), busy: map[string]string{}}
}

// Init implements common.Screen: it reads the feed list.
func (m *Model) Init() tea.Cmd { return m.load() }

// Shown reads the list again each time the screen is shown: polling
// moves on while it is hidden.
func (m *Model) Shown() tea.Cmd {
	if m.loading {
		return nil
	}
	return m.load()
}

// load reads the feed list and, where the service keeps read state, the
// unread count of each feed, cancelling a read in flight.
func (m *Model) load() tea.Cmd {
	if m.origin == originNone {
		return nil
	}
	parent, id := m.guard.BeginWithin(m.ctx.Parent())
	m.loading = true
	feeds, marks := m.ctx.Feeds, m.ctx.Marks
	lister, _ := m.ctx.Client.(common.FeedLister)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, loadTimeout)
		defer cancel()
		msg := loadedMsg{id: id}
		if feeds != nil {
			msg.feeds, msg.err = feeds.List(ctx)
		} else {
			msg.feeds, msg.err = lister.Feeds(ctx)
		}
		if msg.err == nil && marks != nil {
			if u, err := marks.UnreadBy(ctx, model.UnreadByFeed); err == nil {
				msg.unread = u
			}
		}
		return msg
	}
}

// refresh polls feed f now (personal mode).
func (m *Model) refresh(f model.FeedStatus) tea.Cmd {
	feeds, parent := m.ctx.Feeds, m.ctx.Parent()
	m.busy[f.ID] = "refreshing…"
	return func() tea.Msg {
		n, err := feeds.RefreshFeed(parent, f.ID)
		return actedMsg{feed: f, refresh: true, changed: n, err: err}
	}
}

// toggle switches feed f's polling off, or on again (personal mode).
func (m *Model) toggle(f model.FeedStatus) tea.Cmd {
	feeds, parent := m.ctx.Feeds, m.ctx.Parent()
	enable := f.Disabled != ""
	m.busy[f.ID] = "disabling…"
	if enable {
		m.busy[f.ID] = "enabling…"
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, loadTimeout)
		defer cancel()
		err := feeds.SetEnabled(ctx, f.ID, enable)
		return actedMsg{feed: f, enabled: enable, err: err}
	}
}

// selected is the feed under the cursor.
func (m *Model) selected() (model.FeedStatus, bool) {
	if m.cursor < 0 || m.cursor >= len(m.feeds) {
		return model.FeedStatus{}, false
	}
	return m.feeds[m.cursor], true
}

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.scroll()
}

// Title implements common.Screen.
func (m *Model) Title() string { return "Feeds" }

// CapturesInput implements common.Screen: the screen has no text field.
func (m *Model) CapturesInput() bool { return false }

// Loading implements common.Screen.
func (m *Model) Loading() bool { return m.loading }

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	if len(m.feeds) == 0 {
		return k.Global.Short() // nothing to open, refresh or switch off
	}
	return append([]key.Binding{m.openKey(), k.Feeds.Refresh, k.Feeds.Toggle}, k.Global.Short()...)
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	l := k.List
	return [][]key.Binding{
		{l.Up, l.Down, l.PageUp, l.PageDown, l.Top, l.Bottom},
		{m.openKey(), k.Feeds.Refresh, k.Feeds.Toggle},
		k.Global.Full(),
	}
}

// openKey is enter as help names it here.
func (m *Model) openKey() key.Binding {
	b := m.ctx.Keys.List.Open
	b.SetHelp(b.Help().Key, "its articles")
	return b
}
