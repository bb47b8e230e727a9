package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tidings/internal/pgtest"
	"tidings/model"
	"tidings/server/store"
)

// The service budgets (docs/performance.md) on PostgreSQL: search p50 <
// 5 ms and p99 < 25 ms, headlines p50 < 2 ms, at 1,000,000 articles:
//
//	TIDINGS_PG_BENCH_ARTICLES=1000000 go test -run='^$' -bench=. -benchtime=2000x ./server/store/postgres
//
// Without the variable the catalogue has 20,000 articles (2,000 under
// -short, CI's smoke run). Each benchmark reports p50 and p99 in ms.
//
// Building a million articles row by row takes minutes; to measure a
// catalogue already imported (`tidings import --db postgres://…`, as
// scripts/bench.sh does), name it and the words to search for:
//
//	TIDINGS_PG_BENCH_DSN=postgres://… TIDINGS_PG_BENCH_WORDS=said,details,… \
//	  go test -run='^$' -bench=. -benchtime=400x ./server/store/postgres
//
// (`benchtool words` prints a catalogue's most common words.)

var words = []string{"climate", "summit", "election", "market", "storm", "chip", "league", "vaccine", "energy",
	"court", "budget", "strike", "film", "rocket", "harvest", "bank", "railway", "festival", "drought", "merger"}

func benchStore(b *testing.B) *Store {
	b.Helper()
	if dsn := os.Getenv("TIDINGS_PG_BENCH_DSN"); dsn != "" {
		if w := os.Getenv("TIDINGS_PG_BENCH_WORDS"); w != "" {
			words = strings.Split(w, ",")
		}
		st, err := Open(context.Background(), dsn, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		return st
	}
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	if v := os.Getenv("TIDINGS_PG_BENCH_ARTICLES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			b.Fatalf("TIDINGS_PG_BENCH_ARTICLES=%q is not a number", v)
		}
	}
	srv := pgtest.Start(b, pgtest.Options{Settings: []string{"shared_buffers=512MB", "work_mem=16MB"}})
	st := openDSN(b, srv.NewDB(b, nil))
	ctx := context.Background()
	langs := []model.Language{"en", "de", "fr", "es"}
	var sources []model.Source
	for i := range 40 {
		sources = append(sources, model.Source{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Source %d", i),
			Category: model.Categories()[i%7], Language: langs[i%4], Country: model.Countries()[i%10]})
	}
	if err := st.Add(ctx, sources, nil); err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string { return words[int(r.ExpFloat64()*4)%len(words)] }
	now := time.Now()
	batch := make([]model.Article, 0, batchSize)
	for i := range n {
		batch = append(batch, model.Article{Source: model.SourceRef{ID: sources[i%40].ID},
			Title:       word() + " " + word() + " " + word(),
			Description: word() + " and " + word() + " in the news today", Content: word() + " " + word(),
			URL: fmt.Sprintf("https://s%d.example/%d", i%40, i), PublishedAt: now.Add(-time.Duration(i) * 37 * time.Second)})
		if len(batch) == cap(batch) || i == n-1 {
			if err := st.Add(ctx, nil, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if _, err := st.pool.Exec(ctx, "VACUUM ANALYZE"); err != nil {
		b.Fatal(err)
	}
	return st
}

// latencies times each call of f and reports p50 and p99.
func latencies(b *testing.B, f func(i int) error) {
	b.Helper()
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := f(i); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(ds)
	at := func(p float64) float64 { return float64(ds[int(float64(len(ds)-1)*p)]) / 1e6 }
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

func BenchmarkPostgresQueries(b *testing.B) {
	st := benchStore(b)
	ctx := context.Background()
	sorts := []model.SortBy{model.SortPublishedAt, model.SortRelevancy, model.SortPopularity}
	// Uncached: every call changes the generation first, so these are
	// the database's times, not the caches'.
	b.Run("search-uncached", func(b *testing.B) {
		latencies(b, func(i int) error {
			st.changes.Bump()
			q := model.ArticlesQuery{Q: words[i%len(words)] + " " + words[(i/3)%len(words)], SortBy: sorts[i%3], Page: 1 + i%5}
			_, err := st.Articles(ctx, q)
			return err
		})
	})
	b.Run("headlines-uncached", func(b *testing.B) {
		latencies(b, func(i int) error {
			st.changes.Bump()
			q := model.HeadlinesQuery{Country: model.Countries()[i%10], Category: model.Categories()[i%7], Page: 1 + i%3}
			_, err := st.Headlines(ctx, q)
			return err
		})
	})
}

// BenchmarkPostgresImport imports a JSONL catalogue into an empty
// database, once per iteration: the file TIDINGS_PG_BENCH_JSONL names
// (`go run ./cmd/tidings-gencat --articles 100000 --out cat.jsonl`), else
// 20,000 generated articles (2,000 under -short).
func BenchmarkPostgresImport(b *testing.B) {
	data := benchJSONL(b)
	srv := pgtest.Start(b, pgtest.Options{Settings: []string{"shared_buffers=512MB", "work_mem=16MB"}})
	for b.Loop() {
		b.StopTimer()
		st := openDSN(b, srv.NewDB(b, nil))
		b.StartTimer()
		if _, err := st.ImportJSONL(context.Background(), bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPostgresWrites times the writes of a running service over a
// catalogue of benchStore's articles: a batch of 100 new articles through
// Add, and a feed's poll of 50 new items, each reporting something the
// catalogue has already (so grouping finds candidates).
func BenchmarkPostgresWrites(b *testing.B) {
	st := benchStore(b)
	ctx := context.Background()
	feed := store.Feed{Source: model.Source{ID: "bench-feed", Name: "Bench feed", Language: "en"}, URL: "https://feed.example/rss"}
	if err := st.AddFeed(ctx, feed); err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string { return words[int(r.ExpFloat64()*4)%len(words)] }
	next := 0
	article := func(src string) model.Article {
		next++
		return model.Article{Source: model.SourceRef{ID: src}, Title: word() + " " + word() + " " + word(),
			Description: word() + " and " + word() + " in the news today", Content: word() + " " + word(),
			URL: fmt.Sprintf("https://w.example/%d", next), PublishedAt: time.Now().Add(-time.Duration(r.IntN(3600)) * time.Second)}
	}
	b.Run("add-100", func(b *testing.B) {
		latencies(b, func(i int) error {
			batch := make([]model.Article, 100)
			for j := range batch {
				batch[j] = article(fmt.Sprintf("s%d", j%40))
			}
			return st.Add(ctx, nil, batch)
		})
	})
	b.Run("feed-poll-50", func(b *testing.B) {
		latencies(b, func(i int) error {
			items := make([]store.FeedItem, 50)
			for j := range items {
				items[j] = store.FeedItem{GUID: fmt.Sprint(next + 1), Article: article("bench-feed")}
			}
			_, err := st.SaveFeedItems(ctx, feed.Source.ID, items, store.FeedPoll{}, time.Now())
			return err
		})
	})
}

// benchJSONL is BenchmarkPostgresImport's catalogue.
func benchJSONL(b *testing.B) []byte {
	b.Helper()
	if name := os.Getenv("TIDINGS_PG_BENCH_JSONL"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for i := range 40 {
		enc.Encode(model.Source{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Source %d", i), Language: "en"})
	}
	r := rand.New(rand.NewPCG(5, 6))
	word := func() string { return words[int(r.ExpFloat64()*4)%len(words)] }
	now := time.Now()
	for i := range n {
		enc.Encode(model.Article{Source: model.SourceRef{ID: fmt.Sprintf("s%d", i%40)}, Title: word() + " " + word() + " " + word(),
			Description: word() + " and " + word() + " in the news today", Content: word() + " " + word(),
			URL: fmt.Sprintf("https://s%d.example/%d", i%40, i), PublishedAt: now.Add(-time.Duration(i) * 37 * time.Second)})
	}
	return buf.Bytes()
}
