package sqlite

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"tidings/model"
)

// A search without keywords lists the articles its sources, domains or
// language select, newest first, exactly as a walk of all articles would
// find them; with none of those it is refused, not an unbounded listing.
func TestSearchWithoutKeywordsListsWhatItsFiltersSelect(t *testing.T) {
	s := openTestStore(t)
	all, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	expect := func(keep func(model.Article) bool) []string {
		out := []string{}
		for _, a := range all.Items {
			if keep(a) {
				out = append(out, a.URL)
			}
		}
		return out
	}
	first := all.Items[0]
	host := func(a model.Article) string { u, _ := url.Parse(a.URL); return u.Hostname() }
	srcs, err := s.Sources(ctx, model.SourcesQuery{Page: 1, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	lang := model.Language("")
	for _, src := range srcs.Items {
		if src.Language != "" {
			lang = src.Language
		}
	}
	cases := []struct {
		name string
		q    model.ArticlesQuery
		want []string
	}{
		{"a source", model.ArticlesQuery{Sources: []string{first.Source.ID}},
			expect(func(a model.Article) bool { return a.Source.ID == first.Source.ID })},
		{"a domain", model.ArticlesQuery{Domains: []string{host(first)}},
			expect(func(a model.Article) bool { return host(a) == host(first) })},
		{"every source but a domain", model.ArticlesQuery{Sources: sourceIDsOf(srcs.Items), ExcludeDomains: []string{host(first)}},
			expect(func(a model.Article) bool {
				return slices.Contains(sourceIDsOf(srcs.Items), a.Source.ID) && host(a) != host(first)
			})},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := urlsOf(doSearch(t, s, tc.q).Items)
			if len(tc.want) == 0 {
				t.Fatal("the fixture selects nothing: the case tests nothing")
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got %v\nwant %v", got, tc.want)
			}
		})
	}
	if lang == "" {
		t.Fatal("no source of the fixture has a language")
	}
	if p := doSearch(t, s, model.ArticlesQuery{Language: lang, PageSize: 100}); p.TotalResults == 0 {
		t.Fatalf("language %s alone found nothing", lang)
	}
	for _, q := range []model.ArticlesQuery{{}, {ExcludeDomains: []string{host(first)}}, {From: "2026-01-01"}} {
		q.Page, q.PageSize = 1, 20
		if _, err := s.Articles(ctx, q); !errors.Is(err, ErrNoScope) {
			t.Fatalf("%+v: %v, want ErrNoScope", q, err)
		}
	}
}

func urlsOf(arts []model.Article) []string {
	out := []string{}
	for _, a := range arts {
		out = append(out, a.URL)
	}
	return out
}

func sourceIDsOf(srcs []model.Source) []string {
	out := make([]string, len(srcs))
	for i, x := range srcs {
		out[i] = x.ID
	}
	return out
}
