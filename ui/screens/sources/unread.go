package sources

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/textsafe"
	"tidings/wording"
)

// Each source's unread count, where the service keeps marks
// (Context.Marks, docs/marks.md): asked when the catalogue loads and on
// r, shown at the end of the source's row. Elsewhere rows are as before.

// unreadTimeout bounds the one request for the counts.
const unreadTimeout = 15 * time.Second

// countWidth is the cells the count takes in a row: "12,345 unread".
const countWidth = 13

// unreadMsg brings the counts by source id; gen tells a late answer.
type unreadMsg struct {
	gen    int
	counts map[string]int
	err    error
}

// unreadState is the screen's side of the counts.
type unreadState struct {
	counts map[string]int // nil until the first answer
	gen    int
}

// loadUnread asks the service for the unread counts per source.
func (m *Model) loadUnread() tea.Cmd {
	marks := m.ctx.Marks
	if marks == nil {
		return nil
	}
	m.unread.gen++
	gen, parent := m.unread.gen, m.ctx.Parent()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, unreadTimeout)
		defer cancel()
		counts, err := marks.UnreadBy(ctx, model.UnreadBySource)
		return unreadMsg{gen: gen, counts: counts, err: err}
	}
}

func (m *Model) unreadArrived(msg unreadMsg) tea.Cmd {
	if msg.gen != m.unread.gen {
		return nil
	}
	if msg.err != nil {
		if common.IsCanceled(msg.err) {
			return nil
		}
		return common.Status("Could not count the unread articles per source: "+
			textsafe.Line(msg.err.Error()), common.LevelWarning)
	}
	m.unread.counts = msg.counts
	if m.unread.counts == nil {
		m.unread.counts = map[string]int{}
	}
	m.list.Redraw()
	m.paneCache = paneCache{}
	return nil
}

// showsCounts reports whether rows carry a count column.
func (m *Model) showsCounts() bool { return m.unread.counts != nil }

// unreadText is a source's count as its row shows it; "" for none.
func (m *Model) unreadText(id string) string {
	n := m.unread.counts[id]
	if n <= 0 {
		return ""
	}
	return wording.Thousands(n) + " unread"
}
