package stories

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
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

// BenchmarkIndexMemory reports the heap an index holds per article: of
// the demo's catalogue, whose text repeats its phrase banks, and of
// articles of words drawn at random from a 50,000-word vocabulary (Zipf),
// whose every sentence is new, as feeds' text is: the worst case.
func BenchmarkIndexMemory(b *testing.B) {
	for _, n := range benchSizes(b) {
		n = min(n, DefaultMaxDocs)
		b.Run(fmt.Sprintf("text=demo/n=%d", n), func(b *testing.B) { benchMemory(b, withinWindow(catalogueDocs(b, n))) })
		b.Run(fmt.Sprintf("text=random/n=%d", n), func(b *testing.B) { benchMemory(b, withinWindow(randomDocs(n))) })
	}
}

// randomDocs are n articles of Zipf-drawn words, a tenth of them
// capitalised as names, published a minute apart.
func randomDocs(n int) []Doc {
	r := rand.New(rand.NewPCG(1, 2))
	z := rand.NewZipf(r, 1.1, 2, 49_999)
	sentence := func(words int) string {
		var sb strings.Builder
		for i := range words {
			w := "w" + strconv.FormatUint(z.Uint64(), 36)
			if r.IntN(10) == 0 {
				w = strings.ToUpper(w[:1]) + w[1:] + "x"
			}
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(w)
			if i%12 == 11 {
				sb.WriteByte('.')
			}
		}
		return sb.String()
	}
	docs := make([]Doc, n)
	for i := range docs {
		docs[i] = Doc{ID: int64(i + 1), Source: "s" + strconv.Itoa(i%1000), Language: "en",
			Published: evalNow.Add(time.Duration(i-n) * time.Minute),
			Title:     sentence(10), Description: sentence(30), Content: sentence(80)}
	}
	return docs
}

// withinWindow is docs published within one Window, in their order,
// so that none is evicted: the most an index holds of so many.
func withinWindow(docs []Doc) []Doc {
	out := slices.Clone(docs)
	step := Window / time.Duration(len(out)+1)
	for i := range out {
		out[i].Published = evalNow.Add(-Window + time.Duration(i)*step)
	}
	return out
}

func benchMemory(b *testing.B, docs []Doc) {
	{
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
	}
}
