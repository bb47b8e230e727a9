package pagedlist

import (
	"context"
	"fmt"
	"hash/maphash"
	"testing"
	"time"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/theme"
)

// benchList is a list of n loaded items in a 120×40 area.
func benchList(b *testing.B, n int) *Model[string] {
	b.Helper()
	ctx := &common.Context{
		View: common.View{
			Styles: theme.New(true, false),
			Keys:   keymap.Default(),
			Now:    func() time.Time { return time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC) },
		},
	}
	m := New(ctx, func(s string) string { return s }, func(it string, w int, sel bool, s *theme.Styles) string {
		if sel {
			return s.List.TitleSelected.Render(it) + "\n" + s.List.MetaSelected.Render("meta")
		}
		return s.List.Title.Render(it) + "\n" + s.List.Meta.Render("meta")
	}, WithRowHeight(func(int) int { return 3 }))
	m.SetSize(120, 40)
	m.fetch = func(context.Context, int) (model.Page[string], error) { return model.Page[string]{}, nil }
	m.seen, m.seenSeed = map[uint64]struct{}{}, maphash.MakeSeed()
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf("item %d", i)
	}
	m.appendPage(items)
	m.hasMore = false
	return m
}

// BenchmarkViewAfterMove is one j and one frame: cost must not grow with
// the list's length.
func BenchmarkViewAfterMove(b *testing.B) {
	for _, n := range []int{100, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := benchList(b, n)
			m.Move(n / 2)
			m.View()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%2 == 0 {
					m.Move(1)
				} else {
					m.Move(-1)
				}
				_ = m.View()
			}
		})
	}
}

// BenchmarkAppendPage is the answer to one page request (100 new items)
// reaching a list of n items through Update, as it does when the user
// scrolls to the end. Budget: n=100000 at most 2× n=100. The list is cut
// back to n items every few pages (untimed, keeping its capacity), so n
// stays the size measured however long the benchmark runs.
func BenchmarkAppendPage(b *testing.B) {
	const pageSize, pagesPerCycle = 100, 10
	for _, n := range []int{100, 1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m := benchList(b, n)
			m.hasMore = true
			pages := make([][]string, pagesPerCycle)
			for p := range pages {
				pages[p] = make([]string, pageSize)
				for j := range pages[p] {
					pages[p][j] = fmt.Sprintf("new item %d of page %d", j, p)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := i % pagesPerCycle
				if p == 0 && i > 0 {
					b.StopTimer()
					m.items.Truncate(n)
					for _, page := range pages {
						for _, k := range page {
							delete(m.seen, maphash.String(m.seenSeed, k))
						}
					}
					b.StartTimer()
				}
				_, req := m.guard.Begin() // what load does, without the command
				m.loadingPage = m.nextPage
				m.Update(pageMsg[string]{list: m.id, req: req, page: m.nextPage,
					result: model.Page[string]{Items: pages[p], TotalResults: 1 << 30}})
			}
			b.StopTimer()
			if m.Len() != n+pageSize*(1+(b.N-1)%pagesPerCycle) {
				b.Fatalf("list has %d items after the last page", m.Len())
			}
		})
	}
}
