package store

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/model"
)

// benchArticles is the size of the generated benchmark store; set
// TIDINGS_BENCH_ARTICLES to try others (the target is 1,000,000).
func benchArticles() int {
	if n, err := strconv.Atoi(os.Getenv("TIDINGS_BENCH_ARTICLES")); err == nil && n > 0 {
		return n
	}
	return 100_000
}

var (
	benchOnce  sync.Once
	benchStore *Store
	benchErr   error
)

// benchVocabulary has a Zipf-like spread: "w0" is in most articles, "w1999"
// in few, so searches range from common to rare words.
func benchVocabulary() []string {
	words := make([]string, 2000)
	for i := range words {
		words[i] = "w" + strconv.Itoa(i)
	}
	return words
}

func generatedStore(b *testing.B) *Store {
	b.Helper()
	if testing.Short() {
		b.Skip("generating the benchmark store takes a while")
	}
	benchOnce.Do(func() {
		start := time.Now()
		benchStore, benchErr = buildBenchStore(benchArticles())
		fmt.Fprintf(os.Stderr, "built %d-article store in %v\n", benchArticles(), time.Since(start).Round(time.Millisecond))
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchStore
}

// buildBenchStore generates n articles in memory, or, when
// TIDINGS_BENCH_DB names a file, in that file, reusing it if it already
// holds articles (generation takes a while).
func buildBenchStore(n int) (*Store, error) {
	path := os.Getenv("TIDINGS_BENCH_DB")
	s, err := Open(path)
	if err != nil {
		return nil, err
	}
	if p, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 1}); err == nil && p.TotalResults > 0 {
		return s, nil
	}
	r := rand.New(rand.NewSource(42))
	words := benchVocabulary()
	zipf := rand.NewZipf(r, 1.1, 1, uint64(len(words)-1))
	text := func(k int) string {
		parts := make([]string, k)
		for i := range parts {
			parts[i] = words[zipf.Uint64()]
		}
		return strings.Join(parts, " ")
	}
	countries, categories, languages := model.Countries(), model.Categories(), model.Languages()
	var sources []model.Source
	for i := range 500 {
		sources = append(sources, model.Source{ID: fmt.Sprintf("src-%d", i), Name: fmt.Sprintf("Source %d", i),
			Category: categories[i%len(categories)], Language: languages[i%len(languages)], Country: countries[i%len(countries)]})
	}
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	const chunk = 20_000
	for done := 0; done < n; done += chunk {
		arts := make([]model.Article, 0, chunk)
		for i := done; i < min(n, done+chunk); i++ {
			src := sources[r.Intn(len(sources))]
			arts = append(arts, model.Article{
				Source: model.SourceRef{ID: src.ID, Name: src.Name}, Author: "Author",
				Title: text(8), Description: text(20), Content: text(40),
				URL:         fmt.Sprintf("https://www.site%d.example.com/a/%d", i%300, i),
				PublishedAt: now.Add(-time.Duration(r.Int63n(int64(90 * 24 * time.Hour)))),
			})
		}
		var srcs []model.Source
		if done == 0 {
			srcs = sources
		}
		if err := s.Add(ctx, srcs, arts); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

func BenchmarkHeadlines(b *testing.B) {
	s := generatedStore(b)
	n := benchArticles()
	for _, c := range []struct {
		name string
		q    model.HeadlinesQuery
	}{
		{"all/page1", model.HeadlinesQuery{Page: 1, PageSize: 20}},
		{"all/page1size100", model.HeadlinesQuery{Page: 1, PageSize: 100}},
		{"country/page1", model.HeadlinesQuery{Country: "de", Page: 1, PageSize: 20}},
		{"country+category/page1", model.HeadlinesQuery{Country: "us", Category: "sports", Page: 1, PageSize: 20}},
		{"country/page50", model.HeadlinesQuery{Country: "de", Page: 50, PageSize: 20}},
		{"all/deep", model.HeadlinesQuery{Page: n / 200, PageSize: 100}},
	} {
		b.Run(c.name, func(b *testing.B) {
			// Warm: totals and anchors are cached per write generation;
			// BenchmarkSearchUncached measures the cold cost.
			if _, err := s.Headlines(ctx, c.q); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := s.Headlines(ctx, c.q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSearch(b *testing.B) {
	s := generatedStore(b)
	for _, c := range []struct {
		name string
		q    model.ArticlesQuery
	}{
		{"common/publishedAt", model.ArticlesQuery{Q: "w0"}},
		{"common/page20", model.ArticlesQuery{Q: "w0", Page: 20}},
		{"common/relevancy", model.ArticlesQuery{Q: "w0", SortBy: model.SortRelevancy}},
		{"common/popularity", model.ArticlesQuery{Q: "w0", SortBy: model.SortPopularity}},
		{"mid/relevancy", model.ArticlesQuery{Q: "w50", SortBy: model.SortRelevancy}},
		{"rare/publishedAt", model.ArticlesQuery{Q: "w1500"}},
		{"two-words", model.ArticlesQuery{Q: "w3 w7"}},
		{"phrase", model.ArticlesQuery{Q: `"w1 w2"`}},
		{"exclude", model.ArticlesQuery{Q: "w5 -w0"}},
		{"language", model.ArticlesQuery{Q: "w5", Language: "de"}},
		{"domain", model.ArticlesQuery{Q: "w5", Domains: []string{"site7.example.com"}}},
		{"from-to", model.ArticlesQuery{Q: "w5", From: "2026-11-01", To: "2026-11-10"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			q := c.q
			if q.Page == 0 {
				q.Page = 1
			}
			q.PageSize = 20
			if _, err := s.Articles(ctx, q); err != nil { // warm, as above
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := s.Articles(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSearchUncached measures a search whose total is not cached yet:
// the first page of a query nobody asked before (or asked before a write).
func BenchmarkSearchUncached(b *testing.B) {
	s := generatedStore(b)
	for _, c := range []struct {
		name string
		q    model.ArticlesQuery
	}{
		{"common", model.ArticlesQuery{Q: "w0"}},
		{"mid", model.ArticlesQuery{Q: "w50"}},
		{"rare", model.ArticlesQuery{Q: "w1500"}},
		{"mid/relevancy", model.ArticlesQuery{Q: "w50", SortBy: model.SortRelevancy}},
		{"mid/domain", model.ArticlesQuery{Q: "w50", Domains: []string{"site7.example.com"}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			q := c.q
			q.Page, q.PageSize = 1, 20
			for b.Loop() {
				s.counts.clear()
				s.ranks.clear()
				if _, err := s.Articles(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
