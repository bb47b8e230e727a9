package feeds

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/api"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/textsafe"
	"tidings/wording"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case loadedMsg:
		return m.loadedList(msg)
	case actedMsg:
		return m.acted(msg)
	case common.FeedsPolledMsg:
		if m.loading {
			return nil
		}
		return m.load()
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		if msg.Button == tea.MouseWheelUp {
			m.move(-1)
		} else if msg.Button == tea.MouseWheelDown {
			m.move(1)
		}
	case tea.MouseClickMsg:
		if row := msg.Y - headerLines + m.offset; msg.Button == tea.MouseLeft && msg.Y >= headerLines && row < len(m.feeds) {
			m.cursor = row
			m.scroll()
		}
	}
	return nil
}

// loadedList takes in a read of the list, keeping the cursor on the feed
// it was on. A read superseded by a newer one is dropped.
func (m *Model) loadedList(msg loadedMsg) tea.Cmd {
	if !m.guard.Finish(msg.id) {
		return nil
	}
	m.loading = false
	if msg.err != nil {
		if common.IsCanceled(msg.err) {
			return nil
		}
		m.err = msg.err
		return nil
	}
	was, _ := m.selected()
	m.err, m.loaded = nil, true
	m.feeds, m.unread = sortFeeds(msg.feeds), msg.unread
	m.cursor = max(0, slices.IndexFunc(m.feeds, func(f model.FeedStatus) bool { return f.ID == was.ID }))
	m.scroll()
	return nil
}

// stateRank orders the list: what needs the user first (failing, then
// switched off), then the feeds not polled yet, then the healthy ones.
func stateRank(s model.FeedState) int {
	switch s {
	case model.FeedDisabled:
		return 1
	case model.FeedNew:
		return 2
	case model.FeedOK:
		return 3
	}
	return 0 // model.FeedFailing, and any state this build does not know
}

func sortFeeds(list []model.FeedStatus) []model.FeedStatus {
	out := slices.Clone(list)
	slices.SortStableFunc(out, func(a, b model.FeedStatus) int {
		return cmp.Or(cmp.Compare(stateRank(a.State()), stateRank(b.State())),
			strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), strings.Compare(a.ID, b.ID))
	})
	return out
}

// acted reports the end of r or d in the status bar and reads the list
// again.
func (m *Model) acted(msg actedMsg) tea.Cmd {
	delete(m.busy, msg.feed.ID)
	name := strconv.Quote(textsafe.Line(msg.feed.Name))
	var text string
	level := common.LevelSuccess
	switch {
	case msg.err != nil && msg.refresh:
		text, level = "Refreshing "+name+" failed: "+textsafe.Line(msg.err.Error()), common.LevelError
	case msg.err != nil:
		text, level = "Could not change "+name+": "+textsafe.Line(msg.err.Error()), common.LevelError
	case msg.refresh && msg.changed == 0:
		text = name + " refreshed: nothing new"
	case msg.refresh:
		text = name + " refreshed: " + wording.Count(msg.changed, "new or changed article", "new or changed articles")
	case msg.enabled:
		text = name + " enabled: the next pass polls it"
	default:
		text = name + " disabled: it is not polled until " + m.ctx.Keys.Feeds.Toggle.Help().Key + " again"
	}
	return tea.Batch(common.Status(text, level), m.load())
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	l, k := m.ctx.Keys.List, m.ctx.Keys.Feeds
	switch {
	case key.Matches(msg, l.Up):
		m.move(-1)
	case key.Matches(msg, l.Down):
		m.move(1)
	case key.Matches(msg, l.PageUp):
		m.move(-max(m.rows(), 1))
	case key.Matches(msg, l.PageDown):
		m.move(max(m.rows(), 1))
	case key.Matches(msg, l.Top):
		m.move(-len(m.feeds))
	case key.Matches(msg, l.Bottom):
		m.move(len(m.feeds))
	case key.Matches(msg, l.Open):
		if f, ok := m.selected(); ok {
			return common.Cmd(common.OpenSourceMsg{Source: model.SourceRef{ID: f.ID, Name: f.Name}})
		}
	case key.Matches(msg, k.Refresh):
		return m.act(true)
	case key.Matches(msg, k.Toggle):
		return m.act(false)
	}
	return nil
}

// act is r (refresh) or d (toggle) on the selected feed: done here in
// personal mode, explained against a remote catalogue.
func (m *Model) act(refresh bool) tea.Cmd {
	f, ok := m.selected()
	switch {
	case !ok:
		return nil
	case m.origin != originLocal:
		return common.Status(managedElsewhere(f, refresh), common.LevelInfo)
	case m.busy[f.ID] != "":
		return nil // one change at a time per feed
	case refresh:
		return m.refresh(f)
	}
	return m.toggle(f)
}

// managedElsewhere says where a remote catalogue's feed is refreshed or
// switched off: on the service's machine, with tidings feeds.
func managedElsewhere(f model.FeedStatus, refresh bool) string {
	if refresh {
		return strconv.Quote(textsafe.Line(f.Name)) + " is managed on the server: `tidings feeds refresh` on that machine polls it."
	}
	return strconv.Quote(textsafe.Line(f.Name)) + " is managed on the server: change it with `tidings feeds …` on that machine."
}

// move moves the cursor by delta rows, within the list.
func (m *Model) move(delta int) {
	if len(m.feeds) == 0 {
		return
	}
	m.cursor = min(max(m.cursor+delta, 0), len(m.feeds)-1)
	m.scroll()
}

// scroll keeps the cursor's row among those drawn.
func (m *Model) scroll() {
	rows := max(m.rows(), 1)
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	m.offset = max(0, min(m.offset, len(m.feeds)-rows))
}

// isNoFeeds reports whether err says the service lists no feeds at all.
func isNoFeeds(err error) bool { return errors.Is(err, api.ErrNoFeeds) }
