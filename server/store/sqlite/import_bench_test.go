package sqlite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tidings/server/demo"
)

// benchSizes are the store sizes benchmarks run at: TIDINGS_BENCH_SIZES,
// a comma list ("100000,1000000"), or 100,000 by default. Large sizes take
// minutes to build, so -short skips the benchmarks that need them.
func benchSizes() []int {
	var out []int
	for _, f := range strings.Split(os.Getenv("TIDINGS_BENCH_SIZES"), ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		out = []int{benchArticles()}
	}
	return out
}

// demoJSONL is n articles of the demo's generators as JSONL, the shape
// tidings-gencat writes; TIDINGS_BENCH_JSONL_DIR caches them as files.
func demoJSONL(b *testing.B, n int) []byte {
	b.Helper()
	dir := os.Getenv("TIDINGS_BENCH_JSONL_DIR")
	path := ""
	if dir != "" {
		path = filepath.Join(dir, fmt.Sprintf("demo-%d.jsonl", n))
		if data, err := os.ReadFile(path); err == nil {
			return data
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for round, written := 0, 0; written < n; round++ {
		sources, articles := demo.CatalogueRound(now.Add(-time.Duration(round)*demo.Window), round)
		if round == 0 {
			for _, s := range sources {
				enc.Encode(s)
			}
		}
		for _, a := range articles[:min(len(articles), n-written)] {
			enc.Encode(a)
		}
		written += min(len(articles), n-written)
	}
	if path != "" {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return buf.Bytes()
}

// BenchmarkImportJSONL imports n demo articles into a new database file,
// the work of `tidings import` (budget: 1,000,000 in under 3 minutes).
func BenchmarkImportJSONL(b *testing.B) {
	if testing.Short() {
		b.Skip("imports take a while")
	}
	for _, n := range benchSizes() {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			data := demoJSONL(b, n)
			for b.Loop() {
				path := filepath.Join(b.TempDir(), "import.db")
				s, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				stats, err := s.ImportJSONL(ctx, bytes.NewReader(data))
				if err != nil {
					b.Fatal(err)
				}
				if stats.Articles != n {
					b.Fatalf("imported %d articles, want %d", stats.Articles, n)
				}
				s.Close()
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()*float64(b.N), "articles/s")
		})
	}
}
