package articlelist

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
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
	count  countCache
}

// countCache keeps the unread count between frames.
type countCache struct {
	readGen, items, served int
	known                  bool
	text                   string
	set                    bool
}

// visitMsg is the previous visit to a view, read (and replaced by this
// one) from the state file.
type visitMsg struct {
	list int
	key  string
	prev time.Time
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
	return tea.Batch(m.Reset(fetch), m.loadVisit())
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

// viewKey names a view for its last visit: a digest of its query without
// paging, short enough for a preference name.
func viewKey(v model.View) string {
	var text string
	switch {
	case v.Headlines != nil:
		q := *v.Headlines
		q.Page, q.PageSize, q.Unread, q.Starred = 0, 0, false, false
		text = fmt.Sprintf("headlines %+v", q)
	case v.Articles != nil:
		q := *v.Articles
		q.Page, q.PageSize, q.Unread, q.Starred = 0, 0, false, false
		text = fmt.Sprintf("articles %+v", q)
	default:
		text = "feed " + v.Feed
	}
	sum := sha256.Sum256([]byte(text))
	return "lastvisit." + hex.EncodeToString(sum[:8])
}

// loadVisit reads the previous visit to the list's view and records this
// one, once per view and session, where the service cannot count unread
// articles itself.
func (m *Model) loadVisit() tea.Cmd {
	st, k := m.ctx.State, m.marks.viewKey
	if m.ctx.Marks != nil || st == nil || k == "" {
		return nil
	}
	if _, ok := m.marks.visits[k]; ok {
		return nil
	}
	if m.marks.visits == nil {
		m.marks.visits = map[string]time.Time{}
	}
	m.marks.visits[k] = time.Time{} // asked: a reload does not ask again
	now, parent, list := m.ctx.Clock(), m.ctx.Parent(), m.list.ID()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		prevText, err := st.Preference(ctx, k)
		if err == nil {
			err = st.SetPreference(ctx, k, now.UTC().Format(time.RFC3339))
		}
		if err != nil {
			return common.StateFailedMsg{Err: err}
		}
		prev, _ := time.Parse(time.RFC3339, prevText) // never set, or unreadable: no visit before
		return visitMsg{list: list, key: k, prev: prev}
	}
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
		return tea.Batch(m.list.Refresh(), common.Status("Marked "+
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
	out := make([]articles.Item, 0, len(m.list.Items()))
	for _, it := range m.list.Items() {
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

// Count is the status line's count of the list's unread articles: "12
// unread" as the service counts the view (corrected by what was marked
// here since its page came), or "3 new since your last visit" where the
// reader counts itself; "" when neither is known.
func (m *Model) Count() string {
	served, known := m.list.Unread()
	items := m.list.Items()
	c := countCache{readGen: m.ctx.Read.Gen(), items: len(items), served: served, known: known, set: true}
	if m.marks.count.set && m.marks.count.readGen == c.readGen && m.marks.count.items == c.items &&
		m.marks.count.served == c.served && m.marks.count.known == c.known {
		return m.marks.count.text
	}
	c.text = m.countText(served, known, items)
	m.marks.count = c
	return c.text
}

func (m *Model) countText(served int, known bool, items []articles.Item) string {
	if m.ctx.Marks != nil {
		if !known {
			return ""
		}
		n := served
		for _, it := range items {
			switch now := IsRead(m.ctx, it); {
			case it.ID == "":
			case !it.Read && now:
				n--
			case it.Read && !now:
				n++
			}
		}
		return wording.Thousands(max(n, 0)) + " unread"
	}
	since, ok := m.marks.visits[m.marks.viewKey]
	if !ok || since.IsZero() {
		return ""
	}
	n := 0
	for _, it := range items {
		if it.PublishedAt.After(since) && !IsRead(m.ctx, it) {
			n++
		}
	}
	return wording.Thousands(n) + " new since your last visit"
}

// Status is the list's status line: its position and progress, u when on,
// and the count of unread articles.
func (m *Model) Status() string {
	s := m.list.Status()
	if s == "" || m.list.Len() == 0 && m.list.Loading() {
		return s
	}
	if m.marks.unreadOnly {
		s += " · unread only"
	}
	if c := m.Count(); c != "" {
		s += " · " + c
	}
	return s
}
