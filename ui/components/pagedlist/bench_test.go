package pagedlist

import (
	"context"
	"fmt"
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
	ctx := &common.Context{Styles: theme.New(true, false), Keys: keymap.Default(),
		Now: func() time.Time { return time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC) }}
	m := New(ctx, func(s string) string { return s }, func(it string, w int, sel bool, s *theme.Styles) string {
		if sel {
			return s.List.TitleSelected.Render(it) + "\n" + s.List.MetaSelected.Render("meta")
		}
		return s.List.Title.Render(it) + "\n" + s.List.Meta.Render("meta")
	}, WithRowHeight(func(int) int { return 3 }))
	m.SetSize(120, 40)
	m.fetch = func(context.Context, int) (model.Page[string], error) { return model.Page[string]{}, nil }
	m.seen = map[string]struct{}{}
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

// BenchmarkAppendPage appends one 100-item page to lists of growing
// length: cost must follow the page, not the list.
func BenchmarkAppendPage(b *testing.B) {
	for _, n := range []int{1_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := benchList(b, n)
			page := make([]string, 100)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := range page {
					page[j] = fmt.Sprintf("new %d %d", i, j)
				}
				m.appendPage(page)
			}
		})
	}
}
