package sqlite

import (
	"slices"
	"testing"
	"time"

	"tidings/model"
)

func TestCachedPagesEndAtTheNextWrite(t *testing.T) {
	s := openTestStore(t)
	for _, sortBy := range []model.SortBy{model.SortPublishedAt, model.SortRelevancy} {
		q := model.ArticlesQuery{Q: "climate", SortBy: sortBy, Page: 1, PageSize: 100}
		before := doSearch(t, s, q)
		before.Items[0].Title = "changed by the caller" // must not reach the cache
		if again := doSearch(t, s, q); again.Items[0].Title == "changed by the caller" {
			t.Fatalf("%s: a caller's change to a page reached the next caller", sortBy)
		}
		title := "Climate climate climate newest " + string(sortBy)
		if err := s.Add(ctx, nil, []model.Article{art("bbc-news", "https://www.bbc.co.uk/new/"+string(sortBy),
			title, "climate", "climate", -time.Hour)}); err != nil {
			t.Fatal(err)
		}
		after := doSearch(t, s, q)
		if after.TotalResults != before.TotalResults+1 || !slices.Contains(titles(after), title) {
			t.Fatalf("%s: after a write the page holds %q (total %d), want the new article too", sortBy, titles(after), after.TotalResults)
		}
	}
	h := model.HeadlinesQuery{Country: "gb", Page: 1, PageSize: 1}
	if _, err := s.Headlines(ctx, h); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, nil, []model.Article{art("bbc-news", "https://www.bbc.co.uk/newer", "Newer", "", "", -2*time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Headlines(ctx, h); err != nil || p.Items[0].Title != "Newer" {
		t.Fatalf("headlines after a write: %+v %v", p.Items, err)
	}
}

func TestCachedSourcePagesEndAtTheNextWrite(t *testing.T) {
	s := openTestStore(t)
	q := model.SourcesQuery{Language: "en", Page: 1, PageSize: 100}
	p, err := s.Sources(ctx, q)
	if err != nil || len(p.Items) == 0 {
		t.Fatalf("%+v %v", p, err)
	}
	p.Items[0].Name = "changed by the caller"
	if err := s.Add(ctx, []model.Source{{ID: "aaa", Name: "AAA News", Category: "general", Language: "en", Country: "us"}}, nil); err != nil {
		t.Fatal(err)
	}
	p, err = s.Sources(ctx, q)
	if err != nil || p.Items[0].Name != "AAA News" || p.TotalResults != 3 {
		t.Fatalf("sources after a write: %+v %v", p, err)
	}
}
