package sqlite

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

func doSearch(t *testing.T, s *Store, q model.ArticlesQuery) model.Page[model.Article] {
	t.Helper()
	if q.Page == 0 {
		q.Page = 1
	}
	if q.PageSize == 0 {
		q.PageSize = 20
	}
	p, err := s.Articles(ctx, q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	return p
}

func sorted(ss []string) []string { sort.Strings(ss); return ss }

func TestSearchSemantics(t *testing.T) {
	s := openTestStore(t)
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
		{"-\"phrase\"", model.ArticlesQuery{Q: `climate -"climate summit"`}, []string{
			"Football results", "Startup raises money for climate tech", "Apple unveils new chip", "Orphan climate story"}},
		{"OR", model.ArticlesQuery{Q: "arsenal OR apple"}, []string{"Football results", "Apple unveils new chip"}},
		{"NOT", model.ArticlesQuery{Q: "climate NOT summit NOT chip NOT orphan NOT startup"}, []string{"Football results"}},
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
		{"from", model.ArticlesQuery{Q: "climate", From: base.Add(-4 * 3600e9).Format("2006-01-02T15:04:05Z")}, []string{
			"Climate summit opens in Belém", "Football results", "Startup raises money for climate tech"}},
		{"to", model.ArticlesQuery{Q: "climate", To: base.Add(-4 * 3600e9).Format("2006-01-02T15:04:05Z")}, []string{
			"Startup raises money for climate tech", "Apple unveils new chip", "Orphan climate story"}},
		{"bare to date is the whole day", model.ArticlesQuery{Q: "climate", From: "2026-11-20", To: "2026-11-20"}, []string{
			"Climate summit opens in Belém", "Football results", "Startup raises money for climate tech", "Apple unveils new chip"}},
		{"punctuation is not syntax", model.ArticlesQuery{Q: `climate* (summit) ^opens: "belém`}, []string{"Climate summit opens in Belém"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := titles(doSearch(t, s, c.q)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestSearchSortOrders(t *testing.T) {
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Relevancy: the title match beats a content-only match even when older.
	recs := []record{
		{Article: art("a", "https://a.com/1", "Volcano erupts", "", "", 5*3600e9), popularity: 1, hasPopularity: true},
		{Article: art("a", "https://a.com/2", "Daily news", "", "A volcano was mentioned once among many other words here.", 1*3600e9), popularity: 50, hasPopularity: true},
		{Article: art("a", "https://a.com/3", "Weather", "The volcano is calm", "", 3*3600e9), popularity: 10, hasPopularity: true},
	}
	if err := s.add(ctx, nil, recs); err != nil {
		t.Fatal(err)
	}
	for sortBy, want := range map[model.SortBy][]string{
		model.SortRelevancy:   {"Volcano erupts", "Weather", "Daily news"},
		model.SortPopularity:  {"Daily news", "Weather", "Volcano erupts"},
		model.SortPublishedAt: {"Daily news", "Weather", "Volcano erupts"},
		"":                    {"Daily news", "Weather", "Volcano erupts"},
	} {
		if got := titles(doSearch(t, s, model.ArticlesQuery{Q: "volcano", SortBy: sortBy})); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q want %q", sortBy, got, want)
		}
	}
	for _, sortBy := range model.SortOrders() {
		p1 := doSearch(t, s, model.ArticlesQuery{Q: "volcano", SortBy: sortBy, PageSize: 2})
		p2 := doSearch(t, s, model.ArticlesQuery{Q: "volcano", SortBy: sortBy, PageSize: 2, Page: 2})
		all := append(titles(p1), titles(p2)...)
		if p1.TotalResults != 3 || p2.TotalResults != 3 || len(all) != 3 ||
			!reflect.DeepEqual(sorted(all), []string{"Daily news", "Volcano erupts", "Weather"}) {
			t.Errorf("%s paging: %q", sortBy, all)
		}
	}
}

func TestSearchRejectsUnsearchableQ(t *testing.T) {
	s := openTestStore(t)
	for _, q := range []string{"-climate", "- -", "*", `""`, "NOT climate", "()", "OR", strings.Repeat("a ", 40)} {
		_, err := s.Articles(ctx, model.ArticlesQuery{Q: q, Page: 1, PageSize: 20})
		var verr *model.ValidationError
		if !errors.As(err, &verr) || verr.Param != "q" {
			t.Errorf("q=%q: want a q validation error, got %v", q, err)
		}
	}
}

func TestSearchTotalsAndPastEnd(t *testing.T) {
	s := openTestStore(t)
	p := doSearch(t, s, model.ArticlesQuery{Q: "climate", Page: 3, PageSize: 2})
	if p.TotalResults != 5 || len(p.Items) != 1 {
		t.Fatalf("page 3: %+v", p)
	}
	p = doSearch(t, s, model.ArticlesQuery{Q: "climate", Page: 4, PageSize: 2})
	if p.TotalResults != 5 || p.Items == nil || len(p.Items) != 0 {
		t.Fatalf("page 4 must be empty with the total: %+v", p)
	}
}

func TestRankWindow(t *testing.T) {
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Six matches: the oldest has the best title match, popularity rises
	// with age.
	var recs []record
	for i := range 6 {
		title := "storm report"
		if i == 5 {
			title = "storm storm storm"
		}
		recs = append(recs, record{Article: art("a", fmt.Sprintf("https://a.com/%d", i), title, "", "", time.Duration(i)*time.Hour),
			popularity: float64(i), hasPopularity: true})
	}
	if err := s.add(ctx, nil, recs); err != nil {
		t.Fatal(err)
	}
	urls := func(sortBy model.SortBy, pageSize int) []string {
		var out []string
		for page := 1; page <= 6/pageSize; page++ {
			p := doSearch(t, s, model.ArticlesQuery{Q: "storm", SortBy: sortBy, Page: page, PageSize: pageSize})
			if p.TotalResults != 6 {
				t.Fatalf("total %d", p.TotalResults)
			}
			for _, a := range p.Items {
				out = append(out, strings.TrimPrefix(a.URL, "https://a.com/"))
			}
		}
		return out
	}
	if got := urls(model.SortRelevancy, 6); got[0] != "5" {
		t.Fatalf("inside the window bm25 decides: %q", got)
	}
	if got := urls(model.SortPopularity, 6); !reflect.DeepEqual(got, []string{"5", "4", "3", "2", "1", "0"}) {
		t.Fatalf("inside the window popularity decides: %q", got)
	}
	defer func(w int64) { rankWindow = w }(rankWindow)
	rankWindow = 3
	// The window holds the three newest (0, 1, 2), ranked; the rest follow
	// newest first. Pages of 2 straddle the edge.
	for sortBy, want := range map[model.SortBy][]string{
		model.SortRelevancy:  {"0", "1", "2", "3", "4", "5"}, // equal scores: newest first
		model.SortPopularity: {"2", "1", "0", "3", "4", "5"},
	} {
		if got := urls(sortBy, 2); !reflect.DeepEqual(got, want) {
			t.Errorf("%s across the window edge: got %q want %q", sortBy, got, want)
		}
	}
}

func TestRankedWindowCacheSeesWrites(t *testing.T) {
	s := openTestStore(t)
	q := model.ArticlesQuery{Q: "climate", SortBy: model.SortRelevancy}
	before := doSearch(t, s, q)
	if doSearch(t, s, q).Items[0].Title != before.Items[0].Title {
		t.Fatal("same query, same first result")
	}
	best := art("bbc-news", "https://www.bbc.co.uk/news/best", "Climate climate climate", "climate", "climate", 0)
	if err := s.Add(ctx, nil, []model.Article{best}); err != nil {
		t.Fatal(err)
	}
	after := doSearch(t, s, q)
	if after.TotalResults != before.TotalResults+1 || after.Items[0].Title != best.Title {
		t.Fatalf("a write must invalidate cached totals and rankings: %d %q", after.TotalResults, titles(after))
	}
}

func TestFacetsFollowLateSourcesAndStayHidden(t *testing.T) {
	s := openTestStore(t)
	q := model.ArticlesQuery{Q: "orphan", Language: "fr"}
	if p := doSearch(t, s, q); p.TotalResults != 0 {
		t.Fatalf("no language yet: %q", titles(p))
	}
	late := model.Source{ID: "unknown-src", Name: "Le Orphan", Category: "science", Language: "fr", Country: "fr"}
	if err := s.Add(ctx, []model.Source{late}, nil); err != nil {
		t.Fatal(err)
	}
	if p := doSearch(t, s, q); p.TotalResults != 1 {
		t.Fatalf("the late source's language must reach the index: %q", titles(p))
	}
	late.Language = "it"
	if err := s.Add(ctx, []model.Source{late}, nil); err != nil {
		t.Fatal(err)
	}
	if p := doSearch(t, s, q); p.TotalResults != 0 {
		t.Fatalf("a changed language must replace the old one: %q", titles(p))
	}
	if p := doSearch(t, s, model.ArticlesQuery{Q: "orphan", Language: "it"}); p.TotalResults != 1 {
		t.Fatalf("new language: %q", titles(p))
	}
	for _, hidden := range []string{languageToken("en"), sourceToken("bbc-news"), domainToken("bbc.co.uk")} {
		if p := doSearch(t, s, model.ArticlesQuery{Q: hidden}); p.TotalResults != 0 {
			t.Errorf("q=%s matched facet tokens: %q", hidden, titles(p))
		}
	}
}

func TestSearchResultsStopAtMaxResults(t *testing.T) {
	s := openTestStore(t)
	defer func(old int64) { maxResults = old }(maxResults)
	maxResults = 3
	for _, sortBy := range []model.SortBy{model.SortPublishedAt, model.SortRelevancy, model.SortPopularity} {
		all := doSearch(t, s, model.ArticlesQuery{Q: "climate", SortBy: sortBy, PageSize: 100})
		if all.TotalResults != 3 || len(all.Items) != 3 {
			t.Fatalf("%s: total %d with %d items, want both capped at 3", sortBy, all.TotalResults, len(all.Items))
		}
		var paged []string
		for page := 1; page <= 3; page++ {
			p := doSearch(t, s, model.ArticlesQuery{Q: "climate", SortBy: sortBy, Page: page, PageSize: 2})
			if p.TotalResults != 3 {
				t.Fatalf("%s page %d: total %d, want 3", sortBy, page, p.TotalResults)
			}
			paged = append(paged, titles(p)...)
		}
		if !slices.Equal(paged, titles(all)) {
			t.Errorf("%s: pages of 2 give %q, one page gives %q", sortBy, paged, titles(all))
		}
	}
}

func TestRelevancyWeighsTitleOverDescriptionAndShortOverLong(t *testing.T) {
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Newest first as added: equal scores would keep this order.
	arts := []model.Article{
		art("a", "https://a.com/1", "Other news", "quake quake quake", "", 1*time.Hour),
		art("a", "https://a.com/2", "Quake hits the coast as the long weekend of storms and floods goes on", "", "", 2*time.Hour),
		art("a", "https://a.com/3", "Quake hits", "", "quake quake quake quake", 3*time.Hour),
		art("a", "https://a.com/4", "Nothing here", "", "quake", 4*time.Hour),
	}
	if err := s.Add(ctx, nil, arts); err != nil {
		t.Fatal(err)
	}
	got := titles(doSearch(t, s, model.ArticlesQuery{Q: "QUAKE", SortBy: model.SortRelevancy}))
	// A short title hit beats a long one; any title hit beats three in the
	// description (10 against 4, and frequency saturates); content does not
	// count, so the content-only match comes last.
	want := []string{"Quake hits", "Quake hits the coast as the long weekend of storms and floods goes on", "Other news", "Nothing here"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("relevancy order %q, want %q", got, want)
	}
}
