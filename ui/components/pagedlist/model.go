// Package pagedlist is the infinite-scroll list behind the headlines,
// search and sources screens: it fetches a query page by page through a
// [Fetch] the screen supplies, keeps one request in flight, drops stale
// answers, de-duplicates items across pages, and shows loading, retry,
// rate-limit and end-of-results rows.
//
// Rendering costs are independent of the list's length: only visible rows
// are drawn, and each row is rendered once per width, theme, minute and
// selection state, then served from a cache. The spinner ticks only while
// a page is loading, and the rate-limit countdown only while counting.
//
// The list knows nothing about articles or sources: the screen passes a
// key function (for de-duplication) and a render function. Items should be
// sanitised before they reach the list (in the Fetch), never per frame.
package pagedlist

import (
	"context"
	"hash/maphash"
	"iter"
	"sync/atomic"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/theme"
)

// Fetch loads one page (1-based) of the list's query. It runs inside a
// tea.Cmd, so it must capture a copy of the query, never the screen.
type Fetch[T any] func(ctx context.Context, page int) (model.Page[T], error)

// RenderFunc draws one item at width cells. It returns at most the list's
// row height in lines, none wider than width.
type RenderFunc[T any] func(item T, width int, selected bool, s *theme.Styles) string

// ActivatedMsg says that the user clicked the already selected row of list
// List: the screen treats it like enter.
type ActivatedMsg struct {
	List  int
	Index int
}

// pageMsg is the answer to one page request.
type pageMsg[T any] struct {
	list   int
	req    uint64
	page   int
	result model.Page[T]
	err    error
}

// countdownMsg is one second of a rate-limit countdown.
type countdownMsg struct{ list, gen int }

var lastID atomic.Int64

// Model is one paged list. Create it with [New].
type Model[T any] struct {
	ctx    *common.Context
	id     int
	key    func(T) string
	render RenderFunc[T]
	opts   options

	fetch       Fetch[T]
	guard       common.FetchGuard
	loadingPage int // the page in flight; 0 when none
	items       chunks[T]
	// seen holds a digest of each item's key: a list of 10,000 keeps 10,000
	// of them, and 8-byte digests take half a string key's slot (its
	// 16-byte header) in the map. Two keys of one list sharing a 64-bit
	// digest, one item dropped as a repeat, has odds of about 1 in 10^11
	// at 10,000 items.
	seen     map[uint64]struct{}
	seenSeed maphash.Seed
	nextPage int
	hasMore  bool
	total    int
	// unread is the last page's count of the whole list's unread items,
	// when the service said (model.Page.UnreadKnown).
	unread      int
	unreadKnown bool

	err         error // the last page fetch failed with this
	errTitle    string
	errHint     string
	errPage     int
	retryIn     int // seconds left of a rate-limit countdown
	countdownID int
	// endNote says why the list ended before the service's total (its
	// plan serves no more); "" when it ended, or will, on its last page.
	endNote string

	// replaced: the items came from Replace, not from pages of a fetch.
	replaced  bool
	followEnd bool // G was pressed: keep loading until the end
	loadAll   bool // LoadAll: keep loading until the end, the cursor staying put
	// order keeps the loaded items sorted (KeepSorted); nil: as served.
	order  func(a, b T) int
	cursor int // index into the visible (filtered) items
	offset int // first visible row
	filter func(T) bool
	view   []int // indices of items matching filter; nil without one

	spinner  spinner.Model
	spinning bool
	width    int
	height   int
	cache    rowCache
}

// New makes an empty list. key identifies an item across pages (a URL, a
// source id); render draws one row.
func New[T any](ctx *common.Context, key func(T) string, render RenderFunc[T], opts ...Option) *Model[T] {
	m := &Model[T]{
		ctx:     ctx,
		id:      int(lastID.Add(1)),
		key:     key,
		render:  render,
		opts:    defaultOptions(),
		spinner: spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	for _, o := range opts {
		o(&m.opts)
	}
	return m
}

// ID identifies the list in messages such as [ActivatedMsg].
func (m *Model[T]) ID() int { return m.id }

// Reset starts a new query: it cancels the request in flight, forgets the
// loaded items and fetches page 1.
func (m *Model[T]) Reset(fetch Fetch[T]) tea.Cmd {
	m.fetch, m.replaced = fetch, false
	m.items.Reset()
	m.view = nil
	if m.filter != nil {
		m.view = []int{}
	}
	m.seen, m.seenSeed = map[uint64]struct{}{}, maphash.MakeSeed()
	m.nextPage, m.hasMore, m.total = 1, true, 0
	m.unread, m.unreadKnown = 0, false
	m.cursor, m.offset, m.followEnd, m.loadAll = 0, 0, false, false
	m.endNote = ""
	m.clearError()
	m.cache.clear()
	return m.load(1)
}

// Redraw drops the rendered rows: something they show changed that the
// list cannot see (a count the screen keeps beside its items).
func (m *Model[T]) Redraw() { m.cache.clear() }

// Refresh runs the current query again from page 1.
func (m *Model[T]) Refresh() tea.Cmd {
	if m.fetch == nil {
		return nil
	}
	return m.Reset(m.fetch)
}

// Retry fetches again the page that failed, at once (also cutting a
// rate-limit countdown short).
func (m *Model[T]) Retry() tea.Cmd {
	if m.err == nil || m.fetch == nil {
		return nil
	}
	page := m.errPage
	m.clearError()
	return m.load(page)
}

// Stop cancels the request in flight; its answer will be dropped.
func (m *Model[T]) Stop() {
	m.guard.Abort()
	m.loadingPage = 0
	m.countdownID++
	m.retryIn = 0
}

func (m *Model[T]) clearError() {
	m.err, m.errTitle, m.errHint, m.errPage = nil, "", "", 0
	m.retryIn = 0
	m.countdownID++ // a running countdown's ticks become stale
}

// load fetches one page; the command captures only copies.
func (m *Model[T]) load(page int) tea.Cmd {
	ctx, req := m.guard.BeginWithin(m.ctx.Parent())
	m.loadingPage = page
	fetch, list := m.fetch, m.id
	cmd := func() tea.Msg {
		res, err := fetch(ctx, page)
		return pageMsg[T]{list: list, req: req, page: page, result: res, err: err}
	}
	if m.spinning {
		return cmd
	}
	m.spinning = true
	return tea.Batch(cmd, m.spinner.Tick)
}

// Selected returns the item under the cursor.
func (m *Model[T]) Selected() (T, bool) {
	i, ok := m.itemIndex(m.cursor)
	if !ok {
		var zero T
		return zero, false
	}
	return m.items.At(i), true
}

// Cursor is the position of the selection among the visible items.
func (m *Model[T]) Cursor() int { return m.cursor }

// Len is the number of visible (matching) items loaded so far.
func (m *Model[T]) Len() int {
	if m.view != nil {
		return len(m.view)
	}
	return m.items.Len()
}

// Items yields every loaded item, filtered or not, in the list's order.
func (m *Model[T]) Items() iter.Seq[T] { return m.items.Values() }

// Loaded is the number of items loaded, filtered or not.
func (m *Model[T]) Loaded() int { return m.items.Len() }

// Loading reports whether a page request is in flight.
func (m *Model[T]) Loading() bool { return m.loadingPage != 0 }

// Unread is the whole list's unread count the service gave with its last
// page; ok is false when it gave none.
func (m *Model[T]) Unread() (n int, ok bool) { return m.unread, m.unreadKnown }

// Total is how many items the list has in all, as far as is known: the
// service's total, or what is loaded when that is more (or the list is
// complete).
func (m *Model[T]) Total() int {
	if !m.hasMore {
		return m.items.Len()
	}
	return max(m.total, m.items.Len())
}

// PageRows is how many rows the list shows at once.
func (m *Model[T]) PageRows() int { return m.visibleRows() }

// HasMore reports whether the service has more pages to fetch.
func (m *Model[T]) HasMore() bool { return m.hasMore }

// Snapshot is a read-only summary of a list's state, for invariant checks
// in tests and for diagnostics. Building one copies every key: do not call
// it per frame.
type Snapshot struct {
	Len      int      // visible (matching) items
	Cursor   int      // position of the selection among them
	Offset   int      // first visible row
	Loading  bool     // the list thinks a page is in flight
	InFlight bool     // its fetch guard holds a live request
	Keys     []string // the de-duplication key of every loaded item, in order
}

// Snapshot returns the list's state; see [Snapshot].
func (m *Model[T]) Snapshot() Snapshot {
	keys := make([]string, m.items.Len())
	for i, it := range m.items.All() {
		keys[i] = m.key(it)
	}
	return Snapshot{Len: m.Len(), Cursor: m.cursor, Offset: m.offset,
		Loading: m.Loading(), InFlight: m.guard.InFlight(), Keys: keys}
}

// Err is the error of the last failed page fetch, nil after a success.
func (m *Model[T]) Err() error { return m.err }

// SetFilter shows only loaded items for which match is true; nil shows all.
// Filtering is local: it never fetches.
func (m *Model[T]) SetFilter(match func(T) bool) {
	m.filter = match
	m.rebuildView()
	m.cursor, m.offset = 0, 0
}

// SetFilterKeepingPlace is SetFilter for a change of view rather than of
// search (Headlines' one row per story): the selection stays on the item
// it was on, or when that item is hidden, on the nearest shown item
// before it (a collapsed story's row), and nothing is fetched.
func (m *Model[T]) SetFilterKeepingPlace(match func(T) bool) {
	idx, ok := m.itemIndex(m.cursor)
	m.filter = match
	m.rebuildView()
	m.cursor = 0
	if ok {
		m.cursor = m.positionAtOrBefore(idx)
	}
	m.scrollToCursor()
}

// positionAtOrBefore is the view position of the last shown item whose
// index is at most idx (0 when none is).
func (m *Model[T]) positionAtOrBefore(idx int) int {
	if m.view == nil {
		return min(idx, max(m.items.Len()-1, 0))
	}
	pos := 0
	for p, i := range m.view {
		if i > idx {
			break
		}
		pos = p
	}
	return pos
}

func (m *Model[T]) rebuildView() {
	if m.filter == nil {
		m.view = nil
		return
	}
	m.view = make([]int, 0, m.items.Len())
	for i, it := range m.items.All() {
		if m.filter(it) {
			m.view = append(m.view, i)
		}
	}
}

func (m *Model[T]) itemIndex(pos int) (int, bool) {
	if pos < 0 || pos >= m.Len() {
		return 0, false
	}
	if m.view != nil {
		return m.view[pos], true
	}
	return pos, true
}

// SetSize sets the list's size in cells.
func (m *Model[T]) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.scrollToCursor()
}

// Replace makes items the whole list, as if one page had brought them all
// (for a list the screen loads itself, such as the saved articles): no
// fetch, nothing more to load. The cursor stays on the item it was on
// when that item is still there, else at the same place (clamped), so
// removing the selected item selects its neighbour.
func (m *Model[T]) Replace(items []T) {
	var selected string
	if it, ok := m.Selected(); ok {
		selected = m.key(it)
	}
	pos := m.cursor
	m.guard.Abort()
	m.fetch, m.loadingPage, m.replaced = nil, 0, true
	m.items.Reset()
	m.view = nil
	if m.filter != nil {
		m.view = []int{}
	}
	m.seen, m.seenSeed = map[uint64]struct{}{}, maphash.MakeSeed()
	m.clearError()
	m.cache.clear()
	m.appendPage(items)
	if m.order != nil {
		m.items.SortStable(m.order)
		m.rebuildView()
	}
	m.nextPage, m.hasMore, m.total = 2, false, m.items.Len()
	m.unread, m.unreadKnown = 0, false
	m.endNote, m.followEnd = "", false
	m.cursor = min(pos, max(m.Len()-1, 0))
	for i := range m.Len() {
		if idx, ok := m.itemIndex(i); ok && selected != "" && m.key(m.items.At(idx)) == selected {
			m.cursor = i
			break
		}
	}
	m.scrollToCursor()
}

// KeepSorted keeps the loaded items in cmp's order, whatever order the
// pages bring them in: each page is merged in as it arrives, the cursor
// staying on the item it was on. For a catalogue the service sorts
// differently from how people read (byte order), loaded whole.
func (m *Model[T]) KeepSorted(cmp func(a, b T) int) {
	m.order = cmp
	m.sortItems(m.selectedKey())
}

// selectedKey is the key of the item under the cursor, "" when none.
func (m *Model[T]) selectedKey() string {
	if it, ok := m.Selected(); ok {
		return m.key(it)
	}
	return ""
}

// sortItems puts the items in m.order, the cursor on the item whose key
// was selected ("": at the top), and rebuilds what is derived from their
// positions.
func (m *Model[T]) sortItems(selected string) {
	if m.order == nil || m.items.IsSorted(m.order) {
		return
	}
	m.items.SortStable(m.order)
	m.rebuildView()
	m.cache.clear() // rows are cached by position
	if selected == "" {
		return
	}
	for pos := range m.Len() {
		if i, _ := m.itemIndex(pos); m.key(m.items.At(i)) == selected {
			m.cursor = pos
			break
		}
	}
	m.scrollToCursor()
}

// LoadAll fetches every page still to come, one after another, leaving
// the cursor where it is: for a filter that must see the whole list. It
// stops, as G does, when the service's quota runs low.
func (m *Model[T]) LoadAll() tea.Cmd {
	if !m.hasMore || m.replaced {
		return nil
	}
	m.loadAll = true
	if !m.canLoad() {
		return nil // the page in flight (or r after a failure) goes on
	}
	return m.load(m.nextPage)
}
