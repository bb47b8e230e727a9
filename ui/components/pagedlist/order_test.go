package pagedlist

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tidings/model"
)

// LoadAll fetches every remaining page without moving the cursor, so a
// filter sees the whole list.
func TestLoadAllFetchesEveryPageAndKeepsTheCursor(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 35, pageSize: 10}
		m := newList(t, 8)
		settle(t, m, m.Reset(cat.fetch))
		settle(t, m, m.Move(2))
		settle(t, m, m.LoadAll())
		if m.Len() != 35 || m.HasMore() || m.Cursor() != 2 {
			t.Fatalf("after LoadAll: %d items, more %v, cursor %d", m.Len(), m.HasMore(), m.Cursor())
		}
		if got := fmt.Sprint(cat.pages()); got != "[1 2 3 4]" {
			t.Fatalf("pages fetched %s", got)
		}
	})
}

// KeepSorted merges each page into order as it arrives; the cursor stays
// on its item.
func TestKeepSortedMergesPagesInOrder(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 30, pageSize: 10}
		m := newList(t, 8)
		// Descending: every later page sorts before the loaded ones.
		m.KeepSorted(func(a, b string) int { return strings.Compare(b, a) })
		settle(t, m, m.Reset(cat.fetch))
		if it, _ := m.Selected(); it != "item-009" {
			t.Fatalf("first page not sorted: selected %q", it)
		}
		settle(t, m, m.Move(3)) // item-006
		settle(t, m, m.LoadAll())
		if !slices.IsSortedFunc(slices.Collect(m.Items()), func(a, b string) int { return strings.Compare(b, a) }) {
			t.Fatalf("items out of order: %v", slices.Collect(m.Items()))
		}
		if it, _ := m.Selected(); it != "item-006" {
			t.Fatalf("the cursor left its item: %q", it)
		}
		if !strings.Contains(m.View(), "> item-006") {
			t.Fatalf("the view does not show the selection:\n%s", m.View())
		}
	})
}

// BenchmarkKeepSortedLastPage is the event loop's cost of the last page of
// a sorted catalogue of 1,000: 100 items whose places are spread over the
// 900 loaded ones, merged in with the cursor kept on its item.
func BenchmarkKeepSortedLastPage(b *testing.B) {
	var pages [][]string
	for p := range 10 {
		page := make([]string, 100)
		for j := range page {
			page[j] = fmt.Sprintf("item %04d", j*10+p) // page p holds every 10th item
		}
		pages = append(pages, page)
	}
	b.ReportAllocs()
	for range b.N {
		b.StopTimer()
		m := benchList(b, 0)
		m.KeepSorted(strings.Compare)
		for _, page := range pages[:9] {
			m.appendPage(page)
		}
		m.sortItems("")
		m.Move(450)
		m.hasMore = true
		_, req := m.guard.Begin()
		m.loadingPage = 10
		b.StartTimer()
		m.Update(pageMsg[string]{list: m.id, req: req, page: 10,
			result: model.Page[string]{Items: pages[9], TotalResults: 1000}})
		b.StopTimer()
		if m.Len() != 1000 || !slices.IsSorted(slices.Collect(m.Items())) {
			b.Fatalf("%d items, sorted %v", m.Len(), slices.IsSorted(slices.Collect(m.Items())))
		}
		b.StartTimer()
	}
}
