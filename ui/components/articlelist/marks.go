package articlelist

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
	"tidings/wording"
)

// Read state in a list (issue 27, docs/marks.md). Every article is unread
// until opened, sent to the browser or read in full; m toggles the
// selected one, A marks the whole list read, u lists only the unread.
//
// On a service that keeps marks (Context.Marks) the list's view is the
// unit: u asks the service for the view's unread articles, A marks the
// view read there up to its newest loaded article, and the status line
// counts the view's unread articles as the service does. Elsewhere the
// reader keeps read state itself (the state file): u hides read rows among
// those loaded, A marks the loaded ones, and the status line counts the
// articles new since the user's last visit to the view.

// markState is a list's side of read state.
type markState struct {
	view       *model.View // what the list shows as a whole; nil: a list the screen loads itself
	viewKey    string
	unreadOnly bool
	confirming bool // A asked and waits for the answer
	// screenFilter is the screen's own filter (Headlines' one row per
	// story), combined with the unread filter.
	screenFilter func(articles.Item) bool
	// visits holds the previous visit to each view, as loaded this
	// session ("new since your last visit"); a zero time: none before.
	visits map[string]time.Time
	// visitDue: the view's last visit is to be asked once its first
	// page is in (visitAfterFirstPage).
	visitDue bool
	count    countCache
}

// markedAllMsg answers A on a service that keeps marks.
type markedAllMsg struct {
	list int
	n    int
	err  error
}

// Load shows v: its first page, fetched with the service's unread filter
// when u is on and the service keeps marks.
func (m *Model) Load(v model.View) tea.Cmd {
	m.marks.view = &v
	m.marks.viewKey = viewKey(v)
	m.marks.count = countCache{}
	q := v
	if m.marks.unreadOnly && m.ctx.Marks != nil {
		q = withUnread(v)
	}
	var fetch pagedlist.Fetch[articles.Item]
	switch {
	case q.Headlines != nil:
		fetch = articles.HeadlinesFetch(m.ctx.Client, *q.Headlines)
	case q.Articles != nil:
		fetch = articles.SearchFetch(m.ctx.Client, *q.Articles)
	default:
		return nil // a feed's view: listed by the Feeds screen, not here
	}
	m.marks.visitDue = true
	return m.Reset(fetch)
}

// visitAfterFirstPage asks for the view's last visit once its first page
// is in (or failed). Asked beside the request, the state file's first use
// (opening and checking it) shared the cores with the first headlines.
func (m *Model) visitAfterFirstPage() tea.Cmd {
	if !m.marks.visitDue || m.list.Loading() {
		return nil
	}
	m.marks.visitDue = false
	return m.loadVisit()
}

func withUnread(v model.View) model.View {
	if v.Headlines != nil {
		h := *v.Headlines
		h.Unread = true
		v.Headlines = &h
	}
	if v.Articles != nil {
		a := *v.Articles
		a.Unread = true
		v.Articles = &a
	}
	return v
}

// updateMarks handles the answers of the list's own read-state commands.
func (m *Model) updateMarks(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case visitMsg:
		if msg.list == m.list.ID() {
			m.marks.visits[msg.key] = msg.prev
			m.marks.count = countCache{}
		}
		return nil, true
	case markedAllMsg:
		if msg.list != m.list.ID() {
			return nil, true
		}
		if msg.err != nil {
			title, _ := common.Explain(msg.err, m.ctx.BaseURL)
			return common.Status("Could not mark them all read: "+title, common.LevelError), true
		}
		// The list is asked again, so its count and (with u) its rows
		// are the service's.
		return tea.Batch(m.list.Refresh(), common.Cmd(articles.MarksChangedMsg{}), common.Status("Marked "+
			wording.Count(msg.n, "article", "articles")+" read.", common.LevelSuccess)), true
	}
	return nil, false
}

// markKey handles m, A and u, and the answer to A's question.
func (m *Model) markKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.ctx.Keys
	if m.marks.confirming {
		m.marks.confirming = false
		if key.Matches(msg, k.MarkAll.Confirm) {
			return m.markAll(), true
		}
		return common.Status("Nothing was marked.", common.LevelInfo), true
	}
	switch {
	case key.Matches(msg, k.List.ToggleRead):
		it, ok := m.list.Selected()
		if !ok {
			return nil, true
		}
		return common.Cmd(articles.MarkMsg{Items: []articles.Item{it}, Read: !IsRead(m.ctx, it)}), true
	case key.Matches(msg, k.List.MarkAllRead):
		return m.askMarkAll(), true
	case key.Matches(msg, k.List.UnreadOnly):
		return m.toggleUnreadOnly(), true
	}
	return nil, false
}

// Confirming reports whether A waits for its answer: the next key is
// its.
func (m *Model) Confirming() bool { return m.marks.confirming }

// serviceView reports whether the service marks the list's view as a
// whole.
func (m *Model) serviceView() bool { return m.ctx.Marks != nil && m.marks.view != nil }

// askMarkAll is A: at once when the list fits on the screen, else after
// a question naming how many articles it marks.
func (m *Model) askMarkAll() tea.Cmd {
	n := len(m.shownItems())
	if m.serviceView() {
		n = m.list.Total()
	}
	if n == 0 {
		return common.Status("Nothing to mark read.", common.LevelInfo)
	}
	if n <= m.list.PageRows() && m.list.Len() == n {
		return m.markAll()
	}
	m.marks.confirming = true
	return common.Status("Mark "+wording.Count(n, "article", "articles")+" read? ("+
		m.ctx.Keys.MarkAll.Confirm.Help().Key+"/n)", common.LevelWarning)
}

// markAll marks the list read: the loaded rows at once, and on a service
// that keeps marks the whole view up to its newest loaded article.
func (m *Model) markAll() tea.Cmd {
	items := m.shownItems()
	mark := common.Cmd(articles.MarkMsg{Items: items, Read: true, Local: m.serviceView()})
	if !m.serviceView() {
		return tea.Batch(mark, common.Status("Marked "+wording.Count(len(items), "article", "articles")+" read.", common.LevelSuccess))
	}
	req := model.MarkAllRead{View: *m.marks.view, Before: newest(items, m.ctx.Clock())}
	marks, parent, list := m.ctx.Marks, m.ctx.Parent(), m.list.ID()
	return tea.Batch(mark, func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, 30*time.Second)
		defer cancel()
		n, err := marks.MarkAllRead(ctx, req)
		return markedAllMsg{list: list, n: n, err: err}
	})
}

// newest is the time of the newest of items: what A marks up to, so an
// article that arrives meanwhile stays unread. now when none has a time.
func newest(items []articles.Item, now time.Time) time.Time {
	var t time.Time
	for _, it := range items {
		if it.PublishedAt.After(t) {
			t = it.PublishedAt
		}
	}
	if t.IsZero() {
		return now
	}
	return t
}

// shownItems is the loaded articles the list shows (its filters passed).
func (m *Model) shownItems() []articles.Item {
	match := m.filter()
	out := make([]articles.Item, 0, m.list.Loaded())
	for it := range m.list.Items() {
		if match == nil || match(it) {
			out = append(out, it)
		}
	}
	return out
}

// toggleUnreadOnly is u.
func (m *Model) toggleUnreadOnly() tea.Cmd {
	m.marks.unreadOnly = !m.marks.unreadOnly
	u := m.ctx.Keys.List.UnreadOnly.Help().Key
	note := "Every article is listed; " + u + " lists only the unread."
	if m.marks.unreadOnly {
		note = "Only unread articles are listed; " + u + " lists them all."
	}
	status := common.Status(note, common.LevelInfo)
	if m.serviceView() {
		return tea.Batch(m.Load(*m.marks.view), status)
	}
	m.applyFilter()
	return status
}

// SetFilter shows only the loaded articles match accepts (nil: all), on
// top of u's: a change of view, which keeps the selection's place.
func (m *Model) SetFilter(match func(articles.Item) bool) {
	m.marks.screenFilter = match
	m.applyFilter()
}

func (m *Model) applyFilter() {
	m.list.SetFilterKeepingPlace(m.filter())
}

// filter is the list's filter: u's where the reader filters itself, then
// the screen's. A row marked read while u is on stays until the list is
// filtered again, so the cursor does not jump from under the user.
func (m *Model) filter() func(articles.Item) bool {
	screen := m.marks.screenFilter
	if !m.marks.unreadOnly || m.serviceView() {
		return screen
	}
	ctx := m.ctx
	return func(it articles.Item) bool {
		if IsRead(ctx, it) {
			return false
		}
		return screen == nil || screen(it)
	}
}

// UnreadOnly reports whether u is on.
func (m *Model) UnreadOnly() bool { return m.marks.unreadOnly }
