package articlelist

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"iter"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/wording"
)

// The status line's count of a list's unread articles: the service's, on
// a service that keeps marks, else the articles new since the user's last
// visit to the list's view, which the state file keeps per view.

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

// Count is the status line's count of the list's unread articles: "12
// unread" as the service counts the view (corrected by what was marked
// here since its page came), or "3 new since your last visit" where the
// reader counts itself; "" when neither is known.
func (m *Model) Count() string {
	served, known := m.list.Unread()
	items := m.list.Items()
	c := countCache{readGen: m.ctx.Read.Gen(), items: m.list.Loaded(), served: served, known: known, set: true}
	if m.marks.count.set && m.marks.count.readGen == c.readGen && m.marks.count.items == c.items &&
		m.marks.count.served == c.served && m.marks.count.known == c.known {
		return m.marks.count.text
	}
	c.text = m.countText(served, known, items)
	m.marks.count = c
	return c.text
}

func (m *Model) countText(served int, known bool, items iter.Seq[articles.Item]) string {
	if m.ctx.Marks != nil {
		if !known {
			return ""
		}
		n := served
		for it := range items {
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
	for it := range items {
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
