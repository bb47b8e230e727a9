package sqlite

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

var ctx = context.Background()

func TestSourcesFiltersAndPaging(t *testing.T) {
	s := openTestStore(t)
	p, err := s.Sources(ctx, model.SourcesQuery{Page: 1, PageSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	if p.TotalResults != 6 || len(p.Items) != 6 || p.Items[0].Name != "Al Jazeera" {
		t.Fatalf("all sources by name: total %d, first %+v", p.TotalResults, p.Items[0])
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

func TestHeadlinesNewestFirstAndFilters(t *testing.T) {
	s := openTestStore(t)
	p, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Climate summit opens in Belém", "Football results", "Klimagipfel in Belém"}
	if p.TotalResults != 9 || !reflect.DeepEqual(titles(p), want) {
		t.Fatalf("got %d %q", p.TotalResults, titles(p))
	}
	p, _ = s.Headlines(ctx, model.HeadlinesQuery{Page: 2, PageSize: 3})
	if got := titles(p); got[0] != "Startup raises money for climate tech" {
		t.Fatalf("page 2 %q", got)
	}
	p, _ = s.Headlines(ctx, model.HeadlinesQuery{Country: "us", Category: "technology", Page: 1, PageSize: 20})
	if p.TotalResults != 2 || titles(p)[0] != "Startup raises money for climate tech" {
		t.Fatalf("us/technology %d %q", p.TotalResults, titles(p))
	}
	if p.Items[0].Source.Name != "TechCrunch" {
		t.Fatalf("source name must come from the source: %+v", p.Items[0].Source)
	}
	p, _ = s.Headlines(ctx, model.HeadlinesQuery{Country: "gb", Page: 5, PageSize: 20})
	if p.TotalResults != 2 || len(p.Items) != 0 {
		t.Fatalf("past end %+v", p)
	}
}

func TestSourceAddedAfterArticlesResolvesFacets(t *testing.T) {
	s := openTestStore(t)
	q := model.HeadlinesQuery{Country: "fr", Page: 1, PageSize: 20}
	if p, _ := s.Headlines(ctx, q); p.TotalResults != 0 {
		t.Fatalf("no fr yet: %+v", p)
	}
	late := model.Source{ID: "unknown-src", Name: "Le Orphan", Category: "science", Language: "fr", Country: "fr"}
	if err := s.Add(ctx, []model.Source{late}, nil); err != nil {
		t.Fatal(err)
	}
	p, err := s.Headlines(ctx, q)
	if err != nil || p.TotalResults != 1 || p.Items[0].Title != "Orphan climate story" {
		t.Fatalf("late source must re-home its articles (and refresh the cached total): %+v %v", p, err)
	}
}

func TestAddSameURLReplaces(t *testing.T) {
	s := openTestStore(t)
	a := testArticles()[0]
	a.Title = "Climate summit opens (updated)"
	a.PublishedAt = base.Add(1e9)
	if err := s.Add(ctx, nil, []model.Article{a}); err != nil {
		t.Fatal(err)
	}
	p, _ := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 20})
	if p.TotalResults != 9 || p.Items[0].Title != a.Title {
		t.Fatalf("replace by URL: %d %q", p.TotalResults, titles(p))
	}
	sp, _ := s.Articles(ctx, model.ArticlesQuery{Q: "opens", Page: 1, PageSize: 20})
	if sp.TotalResults != 1 || sp.Items[0].Title != a.Title {
		t.Fatalf("the index must hold only the new text: %q", titles(sp))
	}
}

func TestSameSecondArticlesAllKept(t *testing.T) {
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var arts []model.Article
	for i := range 300 {
		arts = append(arts, art("x", "https://e.com/"+string(rune('a'+i%26))+string(rune('a'+i/26)), "same second", "", "", 0))
	}
	if err := s.Add(ctx, nil, arts); err != nil {
		t.Fatal(err)
	}
	p, _ := s.Articles(ctx, model.ArticlesQuery{Q: "second", Page: 1, PageSize: 100})
	if p.TotalResults != 300 {
		t.Fatalf("got %d of 300", p.TotalResults)
	}
}

func TestFileStorePersists(t *testing.T) {
	path := t.TempDir() + "/news.db"
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, testSources(), testArticles()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p, err := s.Articles(ctx, model.ArticlesQuery{Q: "climate", Page: 1, PageSize: 20})
	if err != nil || p.TotalResults == 0 {
		t.Fatalf("reopened: %+v %v", p, err)
	}
}

func TestClosedStoreErrors(t *testing.T) {
	s, _ := Open("")
	s.Close()
	var verr *model.ValidationError
	if _, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 1}); err == nil || errors.As(err, &verr) {
		t.Fatalf("closed store: %v", err)
	}
}

func TestConcurrentReadsDuringWrites(t *testing.T) {
	s := openTestStore(t)
	done := make(chan struct{})
	errs := make(chan error, 8)
	for range 4 {
		go func() {
			for {
				select {
				case <-done:
					errs <- nil
					return
				default:
				}
				if _, err := s.Articles(ctx, model.ArticlesQuery{Q: "climate", Page: 1, PageSize: 5}); err != nil {
					errs <- err
					return
				}
				if _, err := s.Headlines(ctx, model.HeadlinesQuery{Country: "gb", Page: 1, PageSize: 5}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for i := range 20 {
		a := art("bbc-news", fmt.Sprintf("https://www.bbc.co.uk/live/%d", i), "Live climate update", "", "", 0)
		if err := s.Add(ctx, nil, []model.Article{a}); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	p, _ := s.Headlines(ctx, model.HeadlinesQuery{Country: "gb", Page: 1, PageSize: 5})
	if p.TotalResults != 22 {
		t.Fatalf("total after writes: %d", p.TotalResults)
	}
}

func TestManyQueryShapesBeyondStatementCache(t *testing.T) {
	defer func(n int) { maxCachedStmts = n }(maxCachedStmts)
	maxCachedStmts = 4
	s := openTestStore(t)
	for i := range 12 {
		var domains []string
		for j := 0; j <= i%6; j++ {
			domains = append(domains, fmt.Sprintf("d%d.com", j))
		}
		var sources []string
		for j := 0; j <= i/6; j++ {
			sources = append(sources, fmt.Sprintf("s%d", j))
		}
		sources = append(sources, "techcrunch")
		p, err := s.Articles(ctx, model.ArticlesQuery{Q: "climate", Sources: sources,
			ExcludeDomains: domains, Page: 1, PageSize: 5})
		if err != nil || p.TotalResults != 2 {
			t.Fatalf("shape %d: %+v %v", i, p.TotalResults, err)
		}
	}
}

func TestDeepHeadlinePagesThroughAnchors(t *testing.T) {
	defer func(n int64) { anchorStep = n }(anchorStep)
	anchorStep = 3
	s := openTestStore(t)
	var more []model.Article
	for i := range 40 {
		src := []string{"bbc-news", "spiegel", "techcrunch"}[i%3]
		more = append(more, art(src, fmt.Sprintf("https://x.com/%d", i), fmt.Sprintf("story %d", i), "", "", time.Duration(i)*time.Minute))
	}
	if err := s.Add(ctx, nil, more); err != nil {
		t.Fatal(err)
	}
	for _, country := range []model.Country{"", "gb"} {
		full, _ := s.Headlines(ctx, model.HeadlinesQuery{Country: country, Page: 1, PageSize: 100})
		for _, size := range []int{1, 4, 7} {
			var got []string
			// Deep pages first, so anchors are built from a cold cache
			// and then reused.
			pages := (full.TotalResults + size - 1) / size
			for page := pages; page >= 1; page-- {
				p, err := s.Headlines(ctx, model.HeadlinesQuery{Country: country, Page: page, PageSize: size})
				if err != nil {
					t.Fatal(err)
				}
				got = append(titles(p), got...)
			}
			if !reflect.DeepEqual(got, titles(full)) {
				t.Fatalf("country %q size %d:\ngot  %q\nwant %q", country, size, got, titles(full))
			}
		}
	}
	// A write moves every position: anchors must not survive it.
	newest := art("bbc-news", "https://x.com/newest", "newest", "", "", -time.Hour)
	if err := s.Add(ctx, nil, []model.Article{newest}); err != nil {
		t.Fatal(err)
	}
	full, _ := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 100})
	p, _ := s.Headlines(ctx, model.HeadlinesQuery{Page: 4, PageSize: 4})
	if !reflect.DeepEqual(titles(p), titles(full)[12:16]) {
		t.Fatalf("after a write: %q want %q", titles(p), titles(full)[12:16])
	}
}

func TestOpenRefusesOtherSchemaVersions(t *testing.T) {
	path := t.TempDir() + "/news.db"
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := Open(path); err == nil || !strings.Contains(err.Error(), "schema version 99") {
		if s != nil {
			s.Close()
		}
		t.Fatalf("want a schema version error, got %v", err)
	}
}
