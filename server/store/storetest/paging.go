package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"tidings/model"
)

// Paging is the suite of the list queries' pages: order, totals, pages
// past the end (empty, with the total), and deep pages that agree with
// shallow ones.
func Paging(t *testing.T, open Open) {
	for _, c := range []struct {
		name string
		run  func(*testing.T, Open)
	}{
		{"SourcesFiltersAndPages", pagingSources},
		{"HeadlinesNewestFirstAndFilters", pagingHeadlines},
		{"SearchTotalsAndPastEnd", pagingSearchPastEnd},
		{"DeepPagesAgreeWithOnePass", pagingDeep},
		{"SourceAddedAfterArticlesResolvesFacets", pagingLateSource},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, open) })
	}
}

func pagingSources(t *testing.T, open Open) {
	s := Fixture(t, open)
	p, err := s.Sources(ctx, model.SourcesQuery{Page: 1, PageSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	if p.TotalResults != 6 || len(p.Items) != 6 || p.Items[0].Name != "Al Jazeera" {
		t.Fatalf("all sources by name: %+v", p)
	}
	p, err = s.Sources(ctx, model.SourcesQuery{Language: "en", Category: "technology", Page: 1, PageSize: 20})
	if err != nil || p.TotalResults != 1 || p.Items[0].ID != "techcrunch" || p.Items[0].Country != "us" {
		t.Fatalf("filtered: %+v %v", p, err)
	}
	p, err = s.Sources(ctx, model.SourcesQuery{Page: 2, PageSize: 4})
	if err != nil || p.TotalResults != 6 || len(p.Items) != 2 || p.Page != 2 || p.PageSize != 4 {
		t.Fatalf("page 2: %+v %v", p, err)
	}
	p, err = s.Sources(ctx, model.SourcesQuery{Page: 9, PageSize: 4})
	if err != nil || p.TotalResults != 6 || p.Items == nil || len(p.Items) != 0 {
		t.Fatalf("past the end must be empty with the total: %+v %v", p, err)
	}
}

func pagingHeadlines(t *testing.T, open Open) {
	s := Fixture(t, open)
	p := headlines(t, s, model.HeadlinesQuery{Page: 1, PageSize: 3})
	want := []string{"Climate summit opens in Belém", "Football results", "Klimagipfel in Belém"}
	if p.TotalResults != 9 || !reflect.DeepEqual(titles(p), want) {
		t.Fatalf("got %d %q", p.TotalResults, titles(p))
	}
	if got := titles(headlines(t, s, model.HeadlinesQuery{Page: 2, PageSize: 3})); len(got) == 0 || got[0] != "Startup raises money for climate tech" {
		t.Fatalf("page 2 %q", got)
	}
	p = headlines(t, s, model.HeadlinesQuery{Country: "us", Category: "technology", Page: 1, PageSize: 20})
	if p.TotalResults != 2 || titles(p)[0] != "Startup raises money for climate tech" {
		t.Fatalf("us/technology %d %q", p.TotalResults, titles(p))
	}
	if p.Items[0].Source.Name != "TechCrunch" {
		t.Fatalf("source name must come from the source: %+v", p.Items[0].Source)
	}
	p = headlines(t, s, model.HeadlinesQuery{Country: "gb", Page: 5, PageSize: 20})
	if p.TotalResults != 2 || p.Items == nil || len(p.Items) != 0 {
		t.Fatalf("past end %+v", p)
	}
}

func pagingSearchPastEnd(t *testing.T, open Open) {
	s := Fixture(t, open)
	p := articles(t, s, model.ArticlesQuery{Q: "climate", Page: 3, PageSize: 2})
	if p.TotalResults != 5 || len(p.Items) != 1 {
		t.Fatalf("page 3: %+v", p)
	}
	p = articles(t, s, model.ArticlesQuery{Q: "climate", Page: 4, PageSize: 2})
	if p.TotalResults != 5 || p.Items == nil || len(p.Items) != 0 {
		t.Fatalf("page 4 must be empty with the total: %+v", p)
	}
}

// Walking many small pages, of headlines and of a search, gives the
// articles one large page gives, in its order: deep pages (which a
// backend may seek to from cached anchors) lose and repeat nothing.
func pagingDeep(t *testing.T, open Open) {
	s := open(t)
	const n = 2500
	arts := make([]model.Article, n)
	for i := range arts {
		arts[i] = art("deep", fmt.Sprintf("https://deep.example/%d", i), fmt.Sprintf("Deep item %d", i), "", "",
			time.Duration(i/3)*time.Minute) // three to a minute: ties too
	}
	if err := s.Add(ctx, []model.Source{{ID: "deep", Name: "Deep", Language: "en", Country: "us", Category: "general"}}, arts); err != nil {
		t.Fatal(err)
	}
	walk := func(page func(p, size int) model.Page[model.Article], size int) []string {
		var out []string
		for p := 1; ; p++ {
			pg := page(p, size)
			if pg.TotalResults != n {
				t.Fatalf("page %d of %d: total %d, want %d", p, size, pg.TotalResults, n)
			}
			if len(pg.Items) == 0 {
				return out
			}
			out = append(out, urls(pg)...)
		}
	}
	heads := func(p, size int) model.Page[model.Article] {
		return headlines(t, s, model.HeadlinesQuery{Country: "us", Page: p, PageSize: size})
	}
	search := func(p, size int) model.Page[model.Article] {
		return articles(t, s, model.ArticlesQuery{Q: "deep", Page: p, PageSize: size})
	}
	for name, page := range map[string]func(p, size int) model.Page[model.Article]{"headlines": heads, "search": search} {
		small, large := walk(page, 7), walk(page, 100)
		if len(small) != n || !reflect.DeepEqual(small, large) {
			t.Errorf("%s: %d articles by pages of 7, %d by pages of 100, or in another order", name, len(small), len(large))
		}
	}
}

// A source stored after its articles gives them its facets, and the
// cached totals follow.
func pagingLateSource(t *testing.T, open Open) {
	s := Fixture(t, open)
	q := model.HeadlinesQuery{Country: "fr", Page: 1, PageSize: 20}
	if p := headlines(t, s, q); p.TotalResults != 0 {
		t.Fatalf("no fr yet: %+v", p)
	}
	late := model.Source{ID: "unknown-src", Name: "Le Orphan", Category: "science", Language: "fr", Country: "fr"}
	if err := s.Add(ctx, []model.Source{late}, nil); err != nil {
		t.Fatal(err)
	}
	if p := headlines(t, s, q); p.TotalResults != 1 || p.Items[0].Title != "Orphan climate story" {
		t.Fatalf("a late source must re-home its articles (and refresh the cached total): %+v", p)
	}
}
