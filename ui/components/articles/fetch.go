package articles

import (
	"context"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/pagedlist"
)

// HeadlinesFetch fetches pages of a copy of q, sanitising them inside the
// command so that Update never does the work.
func HeadlinesFetch(c common.Client, q model.HeadlinesQuery) pagedlist.Fetch[Item] {
	return func(ctx context.Context, page int) (model.Page[Item], error) {
		q := q
		q.Page = page
		p, err := c.LatestHeadlines(ctx, q)
		return FromPage(p), err
	}
}

// SearchFetch fetches pages of a copy of q from /articles.
func SearchFetch(c common.Client, q model.ArticlesQuery) pagedlist.Fetch[Item] {
	q.Sources = append([]string(nil), q.Sources...)
	q.Domains = append([]string(nil), q.Domains...)
	q.ExcludeDomains = append([]string(nil), q.ExcludeDomains...)
	return func(ctx context.Context, page int) (model.Page[Item], error) {
		q := q
		q.Page = page
		p, err := c.Articles(ctx, q)
		return FromPage(p), err
	}
}
