package saved

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/state"
	"tidings/ui/common"
	"tidings/ui/components/articles"
)

// savedMsg brings the saved articles, cleaned for display inside the
// command, with the full texts kept with them.
type savedMsg struct {
	gen   int
	items []articles.Item
	full  map[string]*extract.Article
	err   error
}

// watchesMsg brings the watches.
type watchesMsg struct {
	gen     int
	watches []state.Watch
	err     error
}

// countMsg is one watch's count of new articles in round.
type countMsg struct {
	round int
	name  string
	n     int
	err   error
}

// seenMsg and removedMsg answer MarkSeen and RemoveWatch.
type (
	seenMsg    struct{ err error }
	removedMsg struct {
		name string
		err  error
	}
)

func (m *Model) stateCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(m.ctx.Parent(), common.StateTimeout)
}

// loadSaved reads the saved articles; an answer to an earlier call is
// dropped.
func (m *Model) loadSaved() tea.Cmd {
	m.loadGen++
	st, gen, parent := m.ctx.State, m.loadGen, m.ctx.Parent()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		saved, err := st.Saved(ctx)
		if err != nil {
			return savedMsg{gen: gen, err: err}
		}
		msg := savedMsg{gen: gen, items: make([]articles.Item, len(saved)), full: map[string]*extract.Article{}}
		for i, a := range saved {
			it := articles.FromArticle(a.Article)
			msg.items[i] = it
			if a.FullText != nil {
				msg.full[articles.Key(it)] = a.FullText
			}
		}
		return msg
	}
}

// loadWatches reads the watches.
func (m *Model) loadWatches() tea.Cmd {
	m.wLoadGen++
	st, gen, parent := m.ctx.State, m.wLoadGen, m.ctx.Parent()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		ws, err := st.Watches(ctx)
		return watchesMsg{gen: gen, watches: ws, err: err}
	}
}

// countAll starts a round of counts: every watch that can have new
// articles, countWorkers at a time. A round still running is cancelled
// and its answers dropped.
func (m *Model) countAll() tea.Cmd {
	m.endRound()
	m.round++
	m.roundCtx, m.cancel = context.WithCancel(m.ctx.Parent())
	m.queue, m.inFlight = nil, 0
	m.countedAt = m.ctx.Clock()
	for i := range m.watches {
		r := &m.watches[i]
		r.err, r.checking = "", false
		if !r.w.Expired(m.ctx.Clock()) {
			r.checking = true
			m.queue = append(m.queue, r.w.Name)
		}
	}
	var cmds []tea.Cmd
	for len(m.queue) > 0 && m.inFlight < countWorkers {
		cmds = append(cmds, m.countNext())
	}
	if m.inFlight == 0 {
		m.endRound()
	}
	return tea.Batch(cmds...)
}

// endRound cancels the round's requests still under way.
func (m *Model) endRound() {
	if m.cancel != nil {
		m.cancel()
	}
	m.cancel, m.roundCtx = nil, nil
}

// countNext sends the next request of the round's queue. The command
// captures copies only: the client, the query, the round's context and id.
func (m *Model) countNext() tea.Cmd {
	name := m.queue[0]
	m.queue = m.queue[1:]
	r := m.row(name)
	if r == nil {
		return nil
	}
	m.inFlight++
	client, q, round, ctx := m.ctx.Client, r.w.NewQuery(m.ctx.Clock()), m.round, m.roundCtx
	return func() tea.Msg {
		p, err := client.Articles(ctx, q)
		return countMsg{round: round, name: name, n: p.TotalResults, err: err}
	}
}

// counted applies one count and sends the next request of the round.
func (m *Model) counted(msg countMsg) tea.Cmd {
	if msg.round != m.round || m.roundCtx == nil {
		return nil // an earlier round's: superseded
	}
	m.inFlight--
	if r := m.row(msg.name); r != nil {
		r.checking = false
		switch {
		case msg.err == nil:
			r.counted, r.n = true, msg.n
		case !common.IsCanceled(msg.err):
			title, _ := common.Explain(msg.err, m.ctx.BaseURL)
			r.err = title
		}
	}
	if len(m.queue) > 0 {
		return m.countNext()
	}
	if m.inFlight == 0 {
		m.endRound()
	}
	return nil
}

func (m *Model) row(name string) *watchRow {
	for i := range m.watches {
		if m.watches[i].w.Name == name {
			return &m.watches[i]
		}
	}
	return nil
}

// openWatch is enter on a watch: it is marked seen now (its count starts
// again from zero) and its search runs on the Search screen.
func (m *Model) openWatch() tea.Cmd {
	if m.wcursor >= len(m.watches) {
		return nil
	}
	r := &m.watches[m.wcursor]
	now := m.ctx.Clock()
	r.w.LastSeen = now
	r.counted, r.n, r.err, r.checking = true, 0, "", false
	st, name, parent := m.ctx.State, r.w.Name, m.ctx.Parent()
	seen := func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		return seenMsg{err: st.MarkSeen(ctx, name, now)}
	}
	return tea.Batch(seen, common.Cmd(common.SearchMsg{Query: r.w.Query}))
}

// removeWatch deletes the watch name, once confirmed.
func (m *Model) removeWatch(name string) tea.Cmd {
	st, parent := m.ctx.State, m.ctx.Parent()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		err := st.RemoveWatch(ctx, name)
		if errors.Is(err, state.ErrNotFound) {
			err = nil // deleted meanwhile (by another tidings): as wanted
		}
		return removedMsg{name: name, err: err}
	}
}
