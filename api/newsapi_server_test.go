package api

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"net/url"
	"slices"
	"testing"
	"time"

	"tidings/model"
	"tidings/server"
	"tidings/server/demodb"
	"tidings/server/store/sqlite"
)

// The client in the NewsAPI dialect against `tidings serve`'s NewsAPI
// paths over loopback: every endpoint and filter reads back what the
// store itself answers to the same question, and the plan's cap and a
// refused key come back as the typed errors the reader explains.
func TestNewsAPIDialectAgainstTheRealServer(t *testing.T) {
	st, err := demodb.Open(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h, err := server.New(st, server.Config{APIKeys: []string{contractKey}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := New(srv.URL+"/v2", contractKey, WithDialect(DialectNewsAPI), WithBackoff(time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	t.Run("sources", func(t *testing.T) {
		for _, q := range []model.SourcesQuery{{}, {Language: "se"}, {Language: "de", Category: "sports"}, {Country: "fr"}} {
			got, err := c.Sources(ctx, q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			want := allSources(t, st, q)
			if !slices.Equal(sourceIDs(got.Items), want) {
				t.Fatalf("%+v: %d sources %v, the store has %d %v", q, len(got.Items), sourceIDs(got.Items), len(want), want)
			}
		}
	})
	t.Run("top-headlines", func(t *testing.T) {
		for _, q := range []model.HeadlinesQuery{{Country: "de"}, {Category: "technology"},
			{Country: "us", Category: "business", PageSize: 5, Page: 2}} {
			got, err := c.LatestHeadlines(ctx, q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			want, err := st.Headlines(ctx, withPaging(q))
			if err != nil {
				t.Fatal(err)
			}
			sameArticles(t, fmt.Sprintf("%+v", q), got, want)
		}
	})
	t.Run("everything", func(t *testing.T) {
		day := time.Now().UTC().AddDate(0, 0, -3).Format("2006-01-02")
		for _, q := range []model.ArticlesQuery{
			{Q: "election"},
			{Q: "wahl", Language: "de"},
			{Q: "klimat", Language: "se"},
			{Q: "election", SortBy: model.SortRelevancy, PageSize: 10, Page: 2},
			{Q: "election", SortBy: model.SortPopularity},
			{Q: "election", From: day},
			{Q: "election", To: day},
			{Q: `"central bank" -football`},
		} {
			got, err := c.Articles(ctx, q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			sq := q
			if sq.PageSize == 0 {
				sq.PageSize = model.NewsAPIEverythingPageSize
			}
			if sq.Page == 0 {
				sq.Page = 1
			}
			if sq.To != "" {
				sq.To += "T23:59:59Z"
			}
			want, err := st.Articles(ctx, sq)
			if err != nil {
				t.Fatal(err)
			}
			sameArticles(t, fmt.Sprintf("%+v", q), got, want)
		}
		// Sources and domains, taken from what the search found.
		first, _ := c.Articles(ctx, model.ArticlesQuery{Q: "election"})
		a := first.Items[0]
		for _, q := range []model.ArticlesQuery{
			{Q: "election", Sources: []string{a.Source.ID}},
			{Q: "election", Domains: []string{hostOf(a.URL)}},
			{Q: "election", ExcludeDomains: []string{hostOf(a.URL)}},
			// NewsAPI lets sources or domains stand without keywords (the
			// reader's `s` on a source in this dialect).
			{Sources: []string{a.Source.ID}},
			{Domains: []string{hostOf(a.URL)}, SortBy: model.SortPopularity},
		} {
			got, err := c.Articles(ctx, q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			q.Page, q.PageSize = 1, model.NewsAPIEverythingPageSize
			want, _ := st.Articles(ctx, q)
			sameArticles(t, fmt.Sprintf("%+v", q), got, want)
		}
	})
	t.Run("the plan's cap", func(t *testing.T) {
		_, err := c.Articles(ctx, model.ArticlesQuery{Q: "the", Page: 101, PageSize: 100})
		if !errors.Is(err, ErrResultsCapped) {
			t.Fatalf("page 101 of 100: %v, want ErrResultsCapped", err)
		}
	})
	t.Run("refused key", func(t *testing.T) {
		bad, _ := New(srv.URL+"/v2", "not-the-key", WithDialect(DialectNewsAPI))
		_, err := bad.LatestHeadlines(ctx, model.HeadlinesQuery{Country: "us"})
		if !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("a wrong key: %v, want ErrUnauthorized", err)
		}
	})
}

func withPaging(q model.HeadlinesQuery) model.HeadlinesQuery {
	if q.Page == 0 {
		q.Page = 1
	}
	if q.PageSize == 0 {
		q.PageSize = model.NewsAPIHeadlinesPageSize
	}
	return q
}

func allSources(t *testing.T, st *sqlite.Store, q model.SourcesQuery) []string {
	t.Helper()
	var ids []string
	for q.Page, q.PageSize = 1, 100; ; q.Page++ {
		p, err := st.Sources(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, sourceIDs(p.Items)...)
		if !p.HasMore() {
			return ids
		}
	}
}

func sourceIDs(s []model.Source) []string {
	ids := make([]string, len(s))
	for i, x := range s {
		ids[i] = x.ID
	}
	return ids
}

func sameArticles(t *testing.T, what string, got, want model.Page[model.Article]) {
	t.Helper()
	if got.TotalResults != want.TotalResults || len(got.Items) != len(want.Items) || len(want.Items) == 0 {
		t.Fatalf("%s: %d of %d articles, the store has %d of %d", what, len(got.Items), got.TotalResults, len(want.Items), want.TotalResults)
	}
	for i := range want.Items {
		if got.Items[i].URL != want.Items[i].URL || got.Items[i].Title != want.Items[i].Title ||
			!got.Items[i].PublishedAt.Equal(want.Items[i].PublishedAt) || got.Items[i].Source != want.Items[i].Source {
			t.Fatalf("%s: article %d is %+v, the store's %+v", what, i, got.Items[i], want.Items[i])
		}
	}
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Hostname()
}
