package sqlite

import (
	"fmt"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// BenchmarkUndatedItemsInOneSecond stores n undated items of one feed
// (one "seen" second) into a fresh catalogue: the cost per article must
// stay flat as n grows (it grew with n while ids were probed).
func BenchmarkUndatedItemsInOneSecond(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 60_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			seen := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
			items := make([]store.FeedItem, n)
			for i := range items {
				items[i] = store.FeedItem{GUID: fmt.Sprint(i), Article: model.Article{URL: fmt.Sprintf("http://h/%d", i), Title: "In"}}
			}
			for range b.N {
				b.StopTimer()
				s := openFeedStore(b)
				b.StartTimer()
				if _, err := s.SaveFeedItems(ctx, "kiwi", items, store.FeedPoll{LastSuccess: seen}, seen); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/article")
		})
	}
}
