package pagedlist

import (
	"fmt"
	"hash/maphash"
	"math"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"tidings/api"
	"tidings/ui/common"
	"tidings/ui/textsafe"
	"tidings/wording"
)

// defaultRetryAfter is the wait after a 429 without a usable Retry-After.
const defaultRetryAfter = 10 * time.Second

// Update handles list keys, mouse wheel and clicks (coordinates relative to
// the list), page answers, spinner ticks and countdown ticks. Messages for
// other lists are ignored, so screens may pass everything through.
func (m *Model[T]) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case pageMsg[T]:
		if msg.list != m.id {
			return nil
		}
		return m.handlePage(msg)
	case countdownMsg:
		if msg.list != m.id || msg.gen != m.countdownID {
			return nil
		}
		return m.countdown()
	case spinner.TickMsg:
		if msg.ID != m.spinner.ID() {
			return nil
		}
		if !m.Loading() {
			m.spinning = false // idle means idle: let the tick chain end
			return nil
		}
		var cmd tea.Cmd
		m.spinner, cmd = m.spinner.Update(msg)
		return cmd
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			return m.Move(-1)
		case tea.MouseWheelDown:
			return m.Move(1)
		}
	case tea.MouseClickMsg:
		return m.handleClick(msg)
	}
	return nil
}

func (m *Model[T]) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys.List
	switch {
	case key.Matches(msg, k.Up):
		return m.Move(-1)
	case key.Matches(msg, k.Down):
		return m.Move(1)
	case key.Matches(msg, k.PageUp):
		return m.Move(-m.visibleRows())
	case key.Matches(msg, k.PageDown):
		return m.Move(m.visibleRows())
	case key.Matches(msg, k.Top):
		return m.Move(-m.Len())
	case key.Matches(msg, k.Bottom):
		cmd := m.Move(m.Len())
		m.followEnd = m.hasMore && m.err == nil
		return cmd
	case key.Matches(msg, k.Refresh):
		if m.err != nil {
			return m.Retry()
		}
		return m.Refresh()
	}
	return nil
}

func (m *Model[T]) handleClick(msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || msg.X < 0 || msg.X >= m.width || msg.Y < 0 {
		return nil
	}
	row := m.offset + msg.Y/m.rowHeight()
	if row >= m.Len() || row >= m.offset+m.visibleRows() {
		return nil
	}
	if row == m.cursor {
		return common.Cmd(ActivatedMsg{List: m.id, Index: row})
	}
	return m.Move(row - m.cursor)
}

// Move moves the cursor by delta rows, clamped to the loaded items, and
// starts loading the next page when the cursor comes within a screen of
// the end.
func (m *Model[T]) Move(delta int) tea.Cmd {
	m.followEnd = false
	atEnd := m.cursor >= m.Len()-1
	if n := m.Len(); n > 0 {
		m.cursor = min(max(m.cursor+delta, 0), n-1)
	}
	m.scrollToCursor()
	if delta > 0 && atEnd && m.canLoad() {
		// ↓ on the last row asks for the next page outright, whatever
		// the quota: the user wants it now.
		return m.load(m.nextPage)
	}
	return m.maybeLoadMore()
}

func (m *Model[T]) handlePage(msg pageMsg[T]) tea.Cmd {
	if !m.guard.Finish(msg.req) {
		return nil // superseded or cancelled: drop it, errors included
	}
	m.loadingPage = 0
	if msg.err != nil {
		if common.IsCanceled(msg.err) {
			return nil
		}
		return m.fail(msg.page, msg.err)
	}
	m.clearError()
	selected := m.selectedKey()
	added := m.appendPage(msg.result.Items)
	res := msg.result
	if res.Page == 0 {
		res.Page = msg.page
	}
	m.total = res.TotalResults
	m.unread, m.unreadKnown = res.UnreadResults, res.UnreadKnown
	// A page of nothing but items already listed ends the list too: a
	// service that serves page 1 for every page would otherwise be paged
	// until its total runs out, or forever if the total lies as well.
	m.hasMore = res.HasMore() && added > 0
	m.nextPage = msg.page + 1
	m.sortItems(selected)
	if _, level := m.ctx.QuotaState(); level != common.QuotaPlenty {
		// G and LoadAll stop here: the rest would spend the last requests.
		m.followEnd, m.loadAll = false, false
	}
	if m.followEnd {
		m.cursor = max(m.Len()-1, 0)
		m.scrollToCursor()
		if !m.hasMore {
			m.followEnd = false
			return nil
		}
		return m.load(m.nextPage)
	}
	if m.loadAll && m.hasMore {
		return m.load(m.nextPage)
	}
	return m.maybeLoadMore()
}

// appendPage adds the items not seen on earlier pages, leaving the cursor
// on the item it was on, and returns how many it added.
func (m *Model[T]) appendPage(items []T) int {
	before := m.items.Len()
	for _, it := range items {
		k := maphash.String(m.seenSeed, m.key(it))
		if _, dup := m.seen[k]; dup {
			continue
		}
		m.seen[k] = struct{}{}
		m.items.Append(it)
		if m.filter != nil && m.filter(it) {
			m.view = append(m.view, m.items.Len()-1)
		}
	}
	return m.items.Len() - before
}

func (m *Model[T]) fail(page int, err error) tea.Cmd {
	title, hint := common.Explain(err, m.ctx.BaseURL)
	if common.EndsList(err) {
		// Not a failure to retry: the list ends here, as on its last
		// page, and says why. r reloads it; nothing asks again by itself.
		m.hasMore, m.followEnd = false, false
		m.endNote = textsafe.Line(title)
		return nil
	}
	// followEnd survives: after the retry (automatic on 429, r otherwise)
	// a G keeps loading to the end.
	m.err, m.errPage = err, page
	m.errTitle, m.errHint = textsafe.Line(title), textsafe.Line(hint)
	wait, limited := api.RetryAfter(err)
	if !limited {
		return nil
	}
	if wait <= 0 {
		wait = defaultRetryAfter
	}
	m.retryIn = int(math.Ceil(wait.Seconds()))
	m.countdownID++
	return m.tickCountdown()
}

func (m *Model[T]) tickCountdown() tea.Cmd {
	list, gen := m.id, m.countdownID
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return countdownMsg{list: list, gen: gen} })
}

// countdown advances a rate-limit countdown and retries when it ends.
func (m *Model[T]) countdown() tea.Cmd {
	m.retryIn--
	if m.retryIn > 0 {
		return m.tickCountdown()
	}
	return m.Retry()
}

// maybeLoadMore fetches the next page when the cursor is within a screen
// of the end, nothing is in flight and the last fetch did not fail.
//
// How early depends on the quota the service states (common.QuotaState):
// with plenty, a screen ahead, so scrolling never waits; when low, only
// at the last row; in the reserve, never by itself (Move's ↓ on the last
// row still loads).
func (m *Model[T]) maybeLoadMore() tea.Cmd {
	if !m.canLoad() {
		return nil
	}
	ahead := m.visibleRows()
	switch _, level := m.ctx.QuotaState(); level {
	case common.QuotaLow:
		ahead = 0
	case common.QuotaReserve:
		return nil
	}
	if m.cursor < m.Len()-ahead-1 {
		return nil
	}
	return m.load(m.nextPage)
}

// canLoad reports whether there is a next page to ask for now.
func (m *Model[T]) canLoad() bool {
	return m.hasMore && m.fetch != nil && !m.Loading() && m.err == nil
}

// QuotaHeld reports whether the list has more to load but waits for ↓ to
// keep the service's last requests (the footer says so).
func (m *Model[T]) QuotaHeld() bool {
	_, level := m.ctx.QuotaState()
	return level == common.QuotaReserve && m.canLoad()
}

func (m *Model[T]) rowHeight() int { return max(m.opts.rowHeight(m.width), 1) }

// visibleRows is how many rows fit, keeping one line for the footer row.
func (m *Model[T]) visibleRows() int { return max((m.height-1)/m.rowHeight(), 1) }

func (m *Model[T]) scrollToCursor() {
	rows := m.visibleRows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	m.offset = max(min(m.offset, m.Len()-rows), 0)
}

// Status describes the list's progress for the status bar.
func (m *Model[T]) Status() string {
	n := m.items.Len()
	switch {
	case m.fetch == nil && !m.replaced:
		return ""
	case m.Loading() && n == 0:
		return "Loading…"
	case m.retryIn > 0:
		return fmt.Sprintf("rate limited · retry in %ds", m.retryIn)
	case m.err != nil && n == 0:
		return "request failed"
	case n == 0:
		return "no " + m.opts.many
	}
	if m.filter != nil {
		// The position is within the matches; what is loaded follows.
		matches := m.Position() + " " + wording.Noun(m.Len(), "match", "matches")
		if m.Len() == 0 {
			matches = "0 matches"
		}
		if m.hasMore {
			return matches + " · loaded " + wording.Thousands(n) + " of " + m.totalText()
		}
		return matches + " · End of results · " + m.opts.count(n)
	}
	if m.hasMore || m.replaced {
		return m.Position()
	}
	return m.Position() + " · End of results"
}

// Position is where the cursor is in the list, "37/6,032": its row among
// the rows shown (the matches, when filtered) over how many there are.
// While more pages exist and the service has not said how many (or said
// no more than is loaded), the count is what is loaded and a "+":
// "37/1,204+".
func (m *Model[T]) Position() string {
	if m.Len() == 0 {
		return ""
	}
	return wording.Thousands(m.cursor+1) + "/" + m.count()
}

// count is the denominator of Position.
func (m *Model[T]) count() string {
	if m.filter != nil {
		return wording.Thousands(m.Len())
	}
	return m.totalText()
}

// totalText is how many items the list has in all: the service's total while
// more pages exist, "1,204+" when that total is unknown, else the loaded
// count.
func (m *Model[T]) totalText() string {
	n := m.items.Len()
	switch {
	case !m.hasMore:
		return wording.Thousands(n)
	case m.total > n:
		return wording.Thousands(m.total)
	}
	return wording.Thousands(n) + "+"
}
