package sqlite

import (
	"context"
	"testing"
	"time"

	"tidings/model"
)

// Totals and ranked windows are cached by query and arguments; searches
// that differ only in their time bounds (int64 row ids in the arguments)
// must not share an entry.
func TestSearchesDifferingOnlyInTimeBoundsAreCountedApart(t *testing.T) {
	s := openTestStore(t)
	ctx := context.Background()
	for _, sortBy := range []model.SortBy{model.SortPublishedAt, model.SortRelevancy} {
		for _, tc := range []struct {
			from time.Duration // before base
			want int
		}{{3 * time.Hour, 2}, {6 * time.Hour, 4}, {90 * time.Minute, 1}} {
			q := model.ArticlesQuery{Q: "climate", SortBy: sortBy, PageSize: 100,
				From: base.Add(-tc.from).Format(time.RFC3339)}
			page, err := s.Articles(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if page.TotalResults != tc.want || len(page.Items) != tc.want {
				t.Errorf("%s from %v before: total %d, %d items; want %d", sortBy, tc.from, page.TotalResults, len(page.Items), tc.want)
			}
		}
	}
}
