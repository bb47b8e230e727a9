package stories

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/server/demo"
)

// benchSizes are the catalogue sizes the benchmarks run at: 100,000 by
// default (10,000 with -short), or TIDINGS_BENCH_SIZES=100000,1000000.
func benchSizes(b *testing.B) []int {
	if env := os.Getenv("TIDINGS_BENCH_SIZES"); env != "" {
		var sizes []int
		for _, f := range strings.Split(env, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 {
				b.Fatalf("TIDINGS_BENCH_SIZES: %q is not a size", f)
			}
			sizes = append(sizes, n)
		}
		return sizes
	}
	if testing.Short() {
		return []int{10_000}
	}
	return []int{100_000}
}

var (
	benchMu   sync.Mutex
	benchDocs = map[int][]Doc{}
)

// catalogueDocs is n articles from the demo generator's rounds, as the
// benchmark catalogues are built (cmd/tidings-gencat): round k is a
// fortnight older than round k-1, so the catalogue grows back in time at
// the demo's density. Oldest first, ids in that order.
func catalogueDocs(b *testing.B, n int) []Doc {
	benchMu.Lock()
	defer benchMu.Unlock()
	if d, ok := benchDocs[n]; ok {
		return d
	}
	var rounds [][]Doc
	total := 0
	for round := 0; total < n; round++ {
		now := evalNow.Add(-time.Duration(round) * demo.Window)
		sources, articles, _ := demo.EventsRound(now, round)
		docs := docsOf(sources, articles)
		rounds = append(rounds, docs)
		total += len(docs)
	}
	out := make([]Doc, 0, n)
	for r := len(rounds) - 1; r >= 0 && len(out) < n; r-- {
		out = append(out, rounds[r][:min(len(rounds[r]), n-len(out))]...)
	}
	for i := range out {
		out[i].ID = int64(i + 1)
	}
	benchDocs[n] = out
	return out
}

// BenchmarkGroupFromEmpty groups a whole catalogue into an empty
// Grouper, a page of 1,000 at a time, oldest first (as an import into a
// new catalogue does).
func BenchmarkGroupFromEmpty(b *testing.B) {
	for _, n := range benchSizes(b) {
		docs := catalogueDocs(b, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				g := New(0)
				for i := 0; i < len(docs); i += 1000 {
					if _, err := g.Group(context.Background(), nil, docs[i:min(i+1000, len(docs))]); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(docs))/1e3, "µs/article")
		})
	}
}

// BenchmarkAddPage adds a 100-article page of new articles to a
// Grouper that has grouped a whole catalogue: its cost follows the page
// (and the articles within Window of it), not the catalogue.
func BenchmarkAddPage(b *testing.B) {
	for _, n := range benchSizes(b) {
		docs := catalogueDocs(b, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			g := New(0)
			for i := 0; i < len(docs); i += 1000 {
				if _, err := g.Group(context.Background(), nil, docs[i:min(i+1000, len(docs))]); err != nil {
					b.Fatal(err)
				}
			}
			// Pages of the newest round's articles, again under new ids,
			// published within the last day.
			page := make([]Doc, 100)
			next := int64(len(docs))
			src := docs[len(docs)-2000:]
			k := 0
			for b.Loop() {
				for i := range page {
					page[i] = src[k%len(src)]
					page[i].ID = next
					next++
					k++
				}
				if _, err := g.Group(context.Background(), nil, page); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				ids := make([]int64, len(page))
				for i := range page {
					ids[i] = page[i].ID
				}
				g.Remove(ids) // the index stays the catalogue's size
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100/1e3, "µs/article")
		})
	}
}

// BenchmarkIndexMemory reports the heap an index of the catalogue holds,
// per article.
func BenchmarkIndexMemory(b *testing.B) {
	for _, n := range benchSizes(b) {
		docs := catalogueDocs(b, min(n, DefaultMaxDocs))
		b.Run(fmt.Sprintf("n=%d", len(docs)), func(b *testing.B) {
			var perDoc float64
			for b.Loop() {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				g := New(0)
				if _, err := g.Group(context.Background(), nil, docs); err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				perDoc = float64(after.HeapAlloc-before.HeapAlloc) / float64(g.Len())
				runtime.KeepAlive(g)
			}
			b.ReportMetric(perDoc, "B/article")
		})
	}
}
