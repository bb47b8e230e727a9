package storetest

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

// Search is the suite of the articles query's q and filters: the query
// language (package store/query), folding, scripts, filters, the sort
// orders and their totals.
func Search(t *testing.T, open Open) {
	for _, c := range []struct {
		name string
		run  func(*testing.T, Open)
	}{
		{"Semantics", searchSemantics},
		{"SortOrders", searchSortOrders},
		{"RejectsUnsearchableQ", searchRejectsUnsearchableQ},
		{"AddSameURLReplaces", searchAddSameURLReplaces},
		{"SameSecondArticlesAllKept", searchSameSecondArticlesAllKept},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, open) })
	}
}

func searchSemantics(t *testing.T, open Open) {
	s := Fixture(t, open)
	hoursAgo := func(h int) string { return Base.Add(-time.Duration(h) * time.Hour).Format(time.RFC3339) }
	cases := []struct {
		name string
		q    model.ArticlesQuery
		want []string // titles, newest first
	}{
		{"word in any field, newest first", model.ArticlesQuery{Q: "climate"}, []string{
			"Climate summit opens in Belém", "Football results", "Startup raises money for climate tech",
			"Apple unveils new chip", "Orphan climate story"}},
		{"words are ANDed", model.ArticlesQuery{Q: "climate summit"}, []string{"Climate summit opens in Belém"}},
		{"phrase", model.ArticlesQuery{Q: `"climate tech"`}, []string{"Startup raises money for climate tech"}},
		{"phrase is ordered", model.ArticlesQuery{Q: `"tech climate"`}, []string{}},
		{"+must", model.ArticlesQuery{Q: "+carbon climate"}, []string{"Startup raises money for climate tech"}},
		{"-exclude", model.ArticlesQuery{Q: "climate -chip -football"}, []string{
			"Climate summit opens in Belém", "Startup raises money for climate tech", "Orphan climate story"}},
		{"OR", model.ArticlesQuery{Q: "arsenal OR apple"}, []string{"Football results", "Apple unveils new chip"}},
		{"case and diacritics", model.ArticlesQuery{Q: "BELEM"}, []string{"Climate summit opens in Belém", "Klimagipfel in Belém"}},
		{"umlaut folded", model.ArticlesQuery{Q: "uber"}, []string{"Klimagipfel in Belém"}},
		{"russian", model.ArticlesQuery{Q: "саммит"}, []string{"Климатический саммит"}},
		{"arabic", model.ArticlesQuery{Q: "المناخ"}, []string{"قمة المناخ تبدأ"}},
		{"hebrew", model.ArticlesQuery{Q: "האקלים"}, []string{"פסגת האקלים נפתחה"}},
		{"language", model.ArticlesQuery{Q: "climate", Language: "en"}, []string{
			"Climate summit opens in Belém", "Football results", "Startup raises money for climate tech", "Apple unveils new chip"}},
		{"sources", model.ArticlesQuery{Q: "climate", Sources: []string{"techcrunch", "unknown-src"}}, []string{
			"Startup raises money for climate tech", "Apple unveils new chip", "Orphan climate story"}},
		{"domain matches subdomains", model.ArticlesQuery{Q: "climate", Domains: []string{"techcrunch.com"}}, []string{
			"Startup raises money for climate tech", "Apple unveils new chip"}},
		{"subdomain only", model.ArticlesQuery{Q: "climate", Domains: []string{"news.techcrunch.com"}}, []string{"Apple unveils new chip"}},
		{"domain is not a suffix match", model.ArticlesQuery{Q: "climate", Domains: []string{"crunch.com"}}, []string{}},
		{"www host matches bare domain", model.ArticlesQuery{Q: "climate", Domains: []string{"bbc.co.uk", "example.org"}}, []string{
			"Climate summit opens in Belém", "Football results", "Orphan climate story"}},
		{"excludeDomains", model.ArticlesQuery{Q: "climate", ExcludeDomains: []string{"bbc.co.uk", "techcrunch.com"}}, []string{"Orphan climate story"}},
		{"from", model.ArticlesQuery{Q: "climate", From: hoursAgo(4)}, []string{
			"Climate summit opens in Belém", "Football results", "Startup raises money for climate tech"}},
		{"to", model.ArticlesQuery{Q: "climate", To: hoursAgo(4)}, []string{
			"Startup raises money for climate tech", "Apple unveils new chip", "Orphan climate story"}},
		{"bare to date is the whole day", model.ArticlesQuery{Q: "climate", From: "2026-11-20", To: "2026-11-20"}, []string{
			"Climate summit opens in Belém", "Football results", "Startup raises money for climate tech", "Apple unveils new chip"}},
		{"filters without q", model.ArticlesQuery{Sources: []string{"bbc-news"}}, []string{
			"Climate summit opens in Belém", "Football results"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.q.Page, c.q.PageSize = 1, 20
			if got := titles(articles(t, s, c.q)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// Relevancy ranks a title match over a description's over a content's;
// popularity ranks by the popularity an import gave; both page without
// losing or repeating an article.
func searchSortOrders(t *testing.T, open Open) {
	s := open(t)
	in := `{"id":"a","name":"A"}
{"source":{"id":"a"},"title":"Volcano erupts","url":"https://a.com/1","publishedAt":"2026-11-20T07:00:00Z","popularity":1}
{"source":{"id":"a"},"title":"Daily news","content":"A volcano was mentioned once among many other words here.","url":"https://a.com/2","publishedAt":"2026-11-20T11:00:00Z","popularity":50}
{"source":{"id":"a"},"title":"Weather","description":"The volcano is calm","url":"https://a.com/3","publishedAt":"2026-11-20T09:00:00Z","popularity":10}`
	if st, err := s.ImportJSONL(ctx, strings.NewReader(in)); err != nil || st.Articles != 3 {
		t.Fatalf("import: %+v %v", st, err)
	}
	for sortBy, want := range map[model.SortBy][]string{
		model.SortRelevancy:   {"Volcano erupts", "Weather", "Daily news"},
		model.SortPopularity:  {"Daily news", "Weather", "Volcano erupts"},
		model.SortPublishedAt: {"Daily news", "Weather", "Volcano erupts"},
		"":                    {"Daily news", "Weather", "Volcano erupts"},
	} {
		got := titles(articles(t, s, model.ArticlesQuery{Q: "volcano", SortBy: sortBy, Page: 1, PageSize: 20}))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q want %q", sortBy, got, want)
		}
	}
	for _, sortBy := range model.SortOrders() {
		p1 := articles(t, s, model.ArticlesQuery{Q: "volcano", SortBy: sortBy, Page: 1, PageSize: 2})
		p2 := articles(t, s, model.ArticlesQuery{Q: "volcano", SortBy: sortBy, Page: 2, PageSize: 2})
		all := append(titles(p1), titles(p2)...)
		slices.Sort(all)
		if p1.TotalResults != 3 || p2.TotalResults != 3 || !reflect.DeepEqual(all, []string{"Daily news", "Volcano erupts", "Weather"}) {
			t.Errorf("%s paging: %q (totals %d, %d)", sortBy, all, p1.TotalResults, p2.TotalResults)
		}
	}
}

func searchRejectsUnsearchableQ(t *testing.T, open Open) {
	s := Fixture(t, open)
	for _, q := range []string{"-climate", "- -", "*", `""`, "NOT climate", "()", "OR", strings.Repeat("a ", 40)} {
		_, err := s.Articles(ctx, model.ArticlesQuery{Q: q, Page: 1, PageSize: 20})
		var verr *model.ValidationError
		if !errors.As(err, &verr) || verr.Param != "q" {
			t.Errorf("q=%q: want a q validation error, got %v", q, err)
		}
	}
}

// An article added again under its URL replaces the stored one, in the
// lists and in the full-text index.
func searchAddSameURLReplaces(t *testing.T, open Open) {
	s := Fixture(t, open)
	a := FixtureArticles()[0]
	a.Title = "Climate summit opens (updated)"
	a.PublishedAt = Base.Add(time.Second)
	if err := s.Add(ctx, nil, []model.Article{a}); err != nil {
		t.Fatal(err)
	}
	p := headlines(t, s, model.HeadlinesQuery{Page: 1, PageSize: 20})
	if p.TotalResults != 9 || p.Items[0].Title != a.Title {
		t.Fatalf("replace by URL: %d %q", p.TotalResults, titles(p))
	}
	sp := searchFor(t, s, "opens")
	if sp.TotalResults != 1 || sp.Items[0].Title != a.Title {
		t.Fatalf("the index must hold only the new text: %q", titles(sp))
	}
}

// Articles of one second are all kept, however many.
func searchSameSecondArticlesAllKept(t *testing.T, open Open) {
	s := open(t)
	var arts []model.Article
	for i := range 300 {
		arts = append(arts, art("x", "https://e.com/"+string(rune('a'+i%26))+string(rune('a'+i/26)), "same second", "", "", 0))
	}
	if err := s.Add(ctx, nil, arts); err != nil {
		t.Fatal(err)
	}
	if p := searchFor(t, s, "second"); p.TotalResults != 300 {
		t.Fatalf("got %d of 300", p.TotalResults)
	}
}
