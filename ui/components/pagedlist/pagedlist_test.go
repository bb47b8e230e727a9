package pagedlist

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"tidings/ui/internal/uitest"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/api"
	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/theme"
)

// catalogue is a fake service: total items served pageSize at a time.
// failPage, when set, makes that page fail once with failErr.
type catalogue struct {
	mu       sync.Mutex
	total    int
	pageSize int
	dupes    int // items of the previous page repeated at the start of each page
	failPage int
	failErr  error
	calls    []int
}

func (c *catalogue) fetch(ctx context.Context, page int) (model.Page[string], error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = append(c.calls, page)
	if page == c.failPage {
		c.failPage = 0
		return model.Page[string]{}, c.failErr
	}
	var items []string
	start := (page - 1) * c.pageSize
	if page > 1 {
		start -= c.dupes
	}
	for i := start; i < min(start+c.pageSize, c.total); i++ {
		items = append(items, fmt.Sprintf("item-%03d", i))
	}
	return model.Page[string]{Items: items, TotalResults: c.total, Page: page, PageSize: c.pageSize}, nil
}

func (c *catalogue) pages() []int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]int(nil), c.calls...)
}

var renders int

func renderItem(it string, width int, selected bool, _ *theme.Styles) string {
	renders++
	if selected {
		return "> " + it
	}
	return "  " + it
}

func newList(t *testing.T, height int) *Model[string] {
	t.Helper()
	ctx := &common.Context{
		View: common.View{
			Styles: theme.New(true, false),
			Keys:   keymap.Default(),
			Now:    func() time.Time { return time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC) },
		},
	}
	m := New(ctx, func(s string) string { return s }, renderItem, WithNoun("thing", "things"))
	m.SetSize(40, height)
	return m
}

// settle runs cmd and feeds every page answer back into the list until no
// fetch is pending. Timer commands (spinner, countdown) are not waited for.
func settle(t *testing.T, m *Model[string], cmd tea.Cmd) {
	t.Helper()
	for _, msg := range run(cmd) {
		switch msg.(type) {
		case spinner.TickMsg, countdownMsg:
			continue
		}
		settle(t, m, m.Update(msg))
	}
}

// run executes a command, skipping timers (see uitest.Run).
func run(cmd tea.Cmd) []tea.Msg { return uitest.Run(cmd, 30*time.Millisecond) }

func TestFirstPageShowsItemsAndProgress(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 50, pageSize: 10}
		m := newList(t, 8)
		settle(t, m, m.Reset(cat.fetch))
		view := m.View()
		if !strings.Contains(view, "> item-000") || !strings.Contains(view, "item-006") {
			t.Fatalf("first page not shown:\n%s", view)
		}
		if got := m.Status(); got != "1/50" {
			t.Fatalf("Status = %q", got)
		}
		if len(strings.Split(view, "\n")) != 8 {
			t.Fatalf("view is not exactly 8 lines:\n%s", view)
		}
	})
}

func TestRequestsNextPageNearTheEndAndStopsAtTheEnd(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 25, pageSize: 10}
		m := newList(t, 6) // 5 visible rows
		settle(t, m, m.Reset(cat.fetch))
		for i := 0; i < 3; i++ {
			if cmd := m.Move(1); cmd != nil {
				t.Fatalf("fetched early at cursor %d", m.Cursor())
			}
		}
		cmd := m.Move(1) // cursor 4: within a screen of the 10th item
		if cmd == nil || !m.Loading() {
			t.Fatal("no fetch near the end of the loaded items")
		}
		if m.Move(1) != nil {
			t.Fatal("a second fetch started while one is in flight")
		}
		if !strings.Contains(m.footer(), "Loading more") {
			t.Fatalf("no loading row: %q", m.footer())
		}
		settle(t, m, cmd)
		settle(t, m, m.Move(100))
		if got := cat.pages(); fmt.Sprint(got) != "[1 2 3]" {
			t.Fatalf("pages fetched = %v", got)
		}
		if m.Move(1) != nil || m.HasMore() {
			t.Fatal("kept fetching after the last page")
		}
		m.Move(100)
		if m.Len() != 25 || m.Status() != "25/25 · End of results" {
			t.Fatalf("len %d, status %q", m.Len(), m.Status())
		}
		if !strings.Contains(m.View(), "End of results · 25 things") {
			t.Fatalf("no end row:\n%s", m.View())
		}
	})
}

func TestBottomKeepsLoadingUntilTheEnd(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 95, pageSize: 10}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		settle(t, m, m.Update(press("G")))
		if m.Len() != 95 || m.Cursor() != 94 {
			t.Fatalf("G stopped at %d items, cursor %d", m.Len(), m.Cursor())
		}
	})
}

func TestBottomSurvivesARateLimit(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 95, pageSize: 10, failPage: 4, failErr: &api.Error{Status: 429, RetryAfter: time.Second}}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		settle(t, m, m.Update(press("G")))
		if m.Len() != 30 || m.retryIn != 1 {
			t.Fatalf("expected a countdown after 3 pages: %d items, retry in %d", m.Len(), m.retryIn)
		}
		settle(t, m, m.Update(countdownMsg{list: m.id, gen: m.countdownID}))
		if m.Len() != 95 || m.Cursor() != 94 {
			t.Fatalf("G stopped after the rate limit: %d items, cursor %d", m.Len(), m.Cursor())
		}
	})
}

func TestDeduplicatesAcrossPagesAndKeepsCursor(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 30, pageSize: 10, dupes: 3}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		m.Move(2)
		sel, _ := m.Selected()
		settle(t, m, m.load(2))
		seen := map[string]bool{}
		for it := range m.Items() {
			if seen[it] {
				t.Fatalf("%s listed twice", it)
			}
			seen[it] = true
		}
		if now, _ := m.Selected(); now != sel {
			t.Fatalf("cursor moved from %s to %s when a page arrived", sel, now)
		}
	})
}

func TestIgnoresStalePage(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		old := &catalogue{total: 5, pageSize: 5}
		cur := &catalogue{total: 3, pageSize: 5}
		m := newList(t, 6)
		first := m.Reset(old.fetch)
		second := m.Reset(cur.fetch)
		settle(t, m, first) // answers for the superseded query
		if m.Len() != 0 || !m.Loading() {
			t.Fatal("a stale page was applied")
		}
		settle(t, m, second)
		if m.Len() != 3 {
			t.Fatalf("current page not applied: %d items", m.Len())
		}
	})
}

func TestStaleErrorIsDropped(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		bad := &catalogue{total: 5, pageSize: 5, failPage: 1, failErr: api.ErrNetwork}
		good := &catalogue{total: 2, pageSize: 5}
		m := newList(t, 6)
		first := m.Reset(bad.fetch)
		second := m.Reset(good.fetch)
		settle(t, m, second)
		settle(t, m, first)
		if m.Err() != nil || m.Len() != 2 {
			t.Fatalf("an old error overwrote a newer success: %v", m.Err())
		}
	})
}

func TestFailedPageShowsRetryRowAndRetries(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 20, pageSize: 10, failPage: 2, failErr: fmt.Errorf("dial: %w", api.ErrNetwork)}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		settle(t, m, m.Move(9))
		if m.Err() == nil || !strings.Contains(m.View(), "r to retry") {
			t.Fatalf("no retry row:\n%s", m.View())
		}
		if m.Move(-1); m.Loading() {
			t.Fatal("moving retried by itself after a failure")
		}
		settle(t, m, m.Update(press("r")))
		if m.Err() != nil || m.Len() != 20 {
			t.Fatalf("retry did not load page 2: err %v, %d items", m.Err(), m.Len())
		}
	})
}

func TestFirstPageErrorIsExplainedInTheBody(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 5, pageSize: 5, failPage: 1, failErr: &api.Error{Status: 401}}
		m := newList(t, 8)
		settle(t, m, m.Reset(cat.fetch))
		view := ansi.Strip(m.View())
		if !strings.Contains(view, "refused the API key") || !strings.Contains(view, "NEWS_API_KEY") {
			t.Fatalf("unauthorized not explained:\n%s", view)
		}
	})
}

func TestRateLimitCountsDownAndRetries(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 5, pageSize: 5, failPage: 1, failErr: &api.Error{Status: 429, RetryAfter: 2 * time.Second}}
		m := newList(t, 8)
		settle(t, m, m.Reset(cat.fetch))
		if !strings.Contains(m.View(), "Retrying in 2s") {
			t.Fatalf("no countdown:\n%s", m.View())
		}
		stale := countdownMsg{list: m.id, gen: m.countdownID - 1}
		if m.Update(stale) != nil || m.retryIn != 2 {
			t.Fatal("a stale countdown tick counted")
		}
		tick := countdownMsg{list: m.id, gen: m.countdownID}
		if m.Update(tick) == nil || !strings.Contains(m.View(), "Retrying in 1s") {
			t.Fatalf("countdown did not advance:\n%s", m.View())
		}
		settle(t, m, m.Update(tick))
		if m.Len() != 5 || m.Err() != nil {
			t.Fatalf("no automatic retry when the countdown ended: %d items, %v", m.Len(), m.Err())
		}
	})
}

func TestSpinnerStopsWhenIdle(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 5, pageSize: 5}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		if cmd := m.Update(spinner.TickMsg{ID: m.spinner.ID()}); cmd != nil {
			t.Fatal("the spinner keeps ticking while nothing loads")
		}
	})
}

func TestViewRendersOnlyVisibleRowsAndCaches(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 1000, pageSize: 100}
		m := newList(t, 11)
		settle(t, m, m.Reset(cat.fetch))
		renders = 0
		m.View()
		if renders != 10 {
			t.Fatalf("first frame rendered %d rows, want the 10 visible", renders)
		}
		renders = 0
		m.View()
		if renders != 0 {
			t.Fatalf("an unchanged frame rendered %d rows", renders)
		}
		m.Move(1)
		renders = 0
		m.View()
		if renders != 2 {
			t.Fatalf("j re-rendered %d rows, want 2", renders)
		}
	})
}

func TestFilterIsLocal(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 30, pageSize: 30}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		m.SetFilter(func(s string) bool { return strings.HasSuffix(s, "7") })
		if m.Len() != 3 {
			t.Fatalf("filter shows %d items", m.Len())
		}
		if sel, _ := m.Selected(); sel != "item-007" {
			t.Fatalf("selected %q", sel)
		}
		m.SetFilter(nil)
		if m.Len() != 30 {
			t.Fatal("clearing the filter did not show everything")
		}
	})
}

func TestClickSelectsThenActivates(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 5, pageSize: 5}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		m.Update(tea.MouseClickMsg{X: 3, Y: 2, Button: tea.MouseLeft})
		if m.Cursor() != 2 {
			t.Fatalf("click selected row %d", m.Cursor())
		}
		msgs := run(m.Update(tea.MouseClickMsg{X: 3, Y: 2, Button: tea.MouseLeft}))
		if len(msgs) != 1 || msgs[0] != (ActivatedMsg{List: m.ID(), Index: 2}) {
			t.Fatalf("second click gave %v", msgs)
		}
		m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
		if m.Cursor() != 3 {
			t.Fatal("wheel did not move the cursor")
		}
	})
}

// inBubble runs a test in a synctest bubble, where time is virtual: a wait
// for a command runs out only once every goroutine is blocked, so a slow
// machine cannot make a fetch look like a timer. Pending timers are let
// fire at the end so no goroutine is left behind.
func inBubble(t *testing.T, f func(t *testing.T)) {
	synctest.Test(t, func(t *testing.T) {
		f(t)
		time.Sleep(time.Hour)
	})
}

// Shared with the other UI packages' tests.
var press = uitest.Key

// Replace sets the whole list at once; the cursor stays on its item, or
// where it was when that item went.
func TestReplaceKeepsTheCursorOnItsItem(t *testing.T) {
	m := newList(t, 20)
	m.Replace([]string{"a", "b", "c", "d"})
	m.Move(2)
	if it, _ := m.Selected(); it != "c" || m.Loading() || m.HasMore() {
		t.Fatalf("selected %q, loading %v, more %v", it, m.Loading(), m.HasMore())
	}
	m.Replace([]string{"new", "a", "b", "c", "d"})
	if it, _ := m.Selected(); it != "c" {
		t.Fatalf("after an item came on top the cursor is on %q", it)
	}
	m.Replace([]string{"new", "a", "b", "d"})
	if it, _ := m.Selected(); it != "d" {
		t.Fatalf("after its item went the cursor is on %q, want the next", it)
	}
	m.Replace(nil)
	if _, ok := m.Selected(); ok || m.Status() != "no things" {
		t.Fatalf("empty: status %q", m.Status())
	}
}

// "End of results · 1 articles", "0 match", "20 match" (issue 28, item
// 7): the counts agree with their nouns, and large ones are grouped.
func TestCountsAgreeWithTheirNouns(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 1, pageSize: 10}
		m := newList(t, 6)
		settle(t, m, m.Reset(cat.fetch))
		if got := m.Status(); got != "1/1 · End of results" {
			t.Errorf("Status = %q", got)
		}
		if v := m.View(); !strings.Contains(v, "End of results · 1 thing") || strings.Contains(v, "1 things") {
			t.Errorf("footer:\n%s", v)
		}
		cases := []struct {
			keep func(string) bool
			want string
		}{
			{func(string) bool { return false }, "0 matches · End of results · 1 thing"},
			{func(string) bool { return true }, "1/1 match · End of results · 1 thing"},
		}
		for _, c := range cases {
			m.SetFilter(c.keep)
			if got := m.Status(); got != c.want {
				t.Errorf("Status = %q, want %q", got, c.want)
			}
		}
		m.SetFilter(nil)

		cat = &catalogue{total: 6032, pageSize: 1000}
		settle(t, m, m.Reset(cat.fetch))
		m.SetFilter(func(string) bool { return true })
		if got := m.Status(); got != "1/1,000 matches · loaded 1,000 of 6,032" {
			t.Errorf("Status = %q", got)
		}
	})
}

// The status says where the cursor is, with thousands separators: over
// the service's total while pages remain, over what is loaded with a "+"
// when the total says no more than that, over the matches when filtered.
func TestStatusShowsThePosition(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 6032, pageSize: 100}
		m := newList(t, 8)
		settle(t, m, m.Reset(cat.fetch))
		settle(t, m, m.Move(36))
		if got := m.Status(); got != "37/6,032" {
			t.Fatalf("Status = %q, want 37/6,032", got)
		}
		m.SetFilter(func(s string) bool { return strings.HasSuffix(s, "5") })
		if got := m.Status(); got != "1/10 matches · loaded 100 of 6,032" {
			t.Fatalf("filtered Status = %q", got)
		}
		m.SetFilter(nil)
		// A total that says no more than is loaded, while the pages go on.
		m.total = 80
		if got := m.Status(); !strings.HasSuffix(got, "/100+") {
			t.Fatalf("Status with an unknown total = %q, want …/100+", got)
		}
	})
}
