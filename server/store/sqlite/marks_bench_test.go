package sqlite

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"tidings/model"
	"tidings/server/store/storetest"
)

var (
	marksBenchMu     sync.Mutex
	marksBenchStores = map[int]*Store{}
)

// marksBenchStore is the n-article marks benchmark catalogue (1,000
// sources), built once per process; with TIDINGS_BENCH_DB_DIR it is a
// file there (marks-<n>.db), reused by later runs.
func marksBenchStore(b *testing.B, n int) *Store {
	b.Helper()
	if testing.Short() {
		b.Skip("building the benchmark catalogue takes a while")
	}
	marksBenchMu.Lock()
	defer marksBenchMu.Unlock()
	if s := marksBenchStores[n]; s != nil {
		return s
	}
	path := filepath.Join(b.TempDir(), "marks.db")
	if dir := os.Getenv("TIDINGS_BENCH_DB_DIR"); dir != "" {
		path = filepath.Join(dir, fmt.Sprintf("marks-%d.db", n))
	}
	s, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	if p, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 1}); err != nil || p.TotalResults != n {
		pr, pw := io.Pipe()
		go func() { pw.CloseWithError(storetest.WriteMarksBenchJSONL(pw, n)) }()
		_, err = s.ImportJSONL(ctx, pr)
		pr.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
	marksBenchStores[n] = s
	return s
}

// marksBenchSize is TIDINGS_BENCH_ARTICLES, or 1,000,000 (the budgets').
func marksBenchSize() int {
	if n := benchArticles(); os.Getenv("TIDINGS_BENCH_ARTICLES") != "" {
		return n
	}
	return 1_000_000
}

func BenchmarkMarkAllRead100k(b *testing.B) {
	storetest.BenchMarkAllRead(b, marksBenchStore(b, 100_000), 100_000)
}

func BenchmarkUnreadBySource(b *testing.B) {
	storetest.BenchUnreadBySource(b, marksBenchStore(b, marksBenchSize()))
}

func BenchmarkStreamUnread(b *testing.B) {
	storetest.BenchStreamUnread(b, marksBenchStore(b, marksBenchSize()))
}

func BenchmarkSetRead1000(b *testing.B) {
	storetest.BenchSetRead(b, marksBenchStore(b, marksBenchSize()))
}
