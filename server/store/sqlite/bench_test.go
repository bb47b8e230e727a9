package sqlite

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/model"
)

// benchArticles is the default size of the generated benchmark store; set
// TIDINGS_BENCH_ARTICLES to another, or TIDINGS_BENCH_SIZES to several.
func benchArticles() int {
	if n, err := strconv.Atoi(os.Getenv("TIDINGS_BENCH_ARTICLES")); err == nil && n > 0 {
		return n
	}
	return 100_000
}

var (
	benchMu     sync.Mutex
	benchStores = map[int]*Store{}
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

// generatedStore is the n-article benchmark store, built once per process.
// With TIDINGS_BENCH_DB_DIR it is a file there (zipf-<n>.db), built by a
// bulk import and reused by later runs; otherwise it is in memory.
func generatedStore(b *testing.B, n int) *Store {
	b.Helper()
	if testing.Short() {
		b.Skip("generating the benchmark store takes a while")
	}
	benchMu.Lock()
	defer benchMu.Unlock()
	if s := benchStores[n]; s != nil {
		return s
	}
	start := time.Now()
	s, err := buildBenchStore(n)
	if err != nil {
		b.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "benchmark store of %d articles ready in %v\n", n, time.Since(start).Round(time.Millisecond))
	benchStores[n] = s
	return s
}

func buildBenchStore(n int) (*Store, error) {
	path := ""
	if dir := os.Getenv("TIDINGS_BENCH_DB_DIR"); dir != "" {
		path = filepath.Join(dir, fmt.Sprintf("zipf-%d.db", n))
	}
	s, err := Open(path)
	if err != nil {
		return nil, err
	}
	if p, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 1}); err == nil && p.TotalResults == n {
		return s, nil
	}
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(writeZipfJSONL(pw, n)) }()
	_, err = s.ImportJSONL(ctx, pr)
	pr.Close()
	if err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// writeZipfJSONL writes 500 sources and n articles of Zipf-distributed
// words, as import lines.
func writeZipfJSONL(w io.Writer, n int) error {
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
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	var sources []model.Source
	for i := range 500 {
		src := model.Source{ID: fmt.Sprintf("src-%d", i), Name: fmt.Sprintf("Source %d", i),
			Category: categories[i%len(categories)], Language: languages[i%len(languages)], Country: countries[i%len(countries)]}
		sources = append(sources, src)
		if err := enc.Encode(src); err != nil {
			return err
		}
	}
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for i := range n {
		src := sources[r.Intn(len(sources))]
		if err := enc.Encode(model.Article{
			Source: model.SourceRef{ID: src.ID, Name: src.Name}, Author: "Author",
			Title: text(8), Description: text(20), Content: text(40),
			URL:         fmt.Sprintf("https://www.site%d.example.com/a/%d", i%300, i),
			PublishedAt: now.Add(-time.Duration(r.Int63n(int64(90 * 24 * time.Hour)))),
		}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// sizes runs f as one sub-benchmark per store size.
func sizes(b *testing.B, f func(b *testing.B, s *Store, n int)) {
	for _, n := range benchSizes() {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { f(b, generatedStore(b, n), n) })
	}
}

func BenchmarkHeadlines(b *testing.B) { sizes(b, benchHeadlines) }

func benchHeadlines(b *testing.B, s *Store, n int) {
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
				s.pages.Clear() // the page's rows are read; the total and anchors are cached
				if _, err := s.Headlines(ctx, c.q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSearch(b *testing.B) { sizes(b, benchSearch) }

func benchSearch(b *testing.B, s *Store, _ int) {
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
				s.pages.Clear() // the page's rows are read; the total and ranks are cached
				if _, err := s.Articles(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSearchCachedPage is a page asked for again: the page cache.
func BenchmarkSearchCachedPage(b *testing.B) { sizes(b, benchSearchCachedPage) }

func benchSearchCachedPage(b *testing.B, s *Store, _ int) {
	q := model.ArticlesQuery{Q: "w0", Page: 1, PageSize: 20}
	if _, err := s.Articles(ctx, q); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Articles(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchUncached measures a search whose total is not cached yet:
// the first page of a query nobody asked before (or asked before a write).
func BenchmarkSearchUncached(b *testing.B) { sizes(b, benchSearchUncached) }

func benchSearchUncached(b *testing.B, s *Store, _ int) {
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
				s.counts.Clear()
				s.ranks.Clear()
				s.pages.Clear()
				if _, err := s.Articles(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
