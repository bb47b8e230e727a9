package postgres

import (
	"context"
	"io"
	"os"
	"strconv"
	"sync"
	"testing"

	"tidings/internal/pgtest"
	"tidings/server/store/storetest"
)

var (
	marksBenchOnce  sync.Once
	marksBenchSt    *Store
	marksBenchN     int
	marksBenchError error
)

// marksBenchStore is the marks benchmark catalogue (1,000 sources) of
// TIDINGS_PG_BENCH_ARTICLES articles (default 100,000) on a throwaway
// server, imported once per process.
func marksBenchStore(b *testing.B) (*Store, int) {
	b.Helper()
	if testing.Short() {
		b.Skip("importing the benchmark catalogue takes a while")
	}
	marksBenchOnce.Do(func() {
		marksBenchN = 100_000
		if v, err := strconv.Atoi(os.Getenv("TIDINGS_PG_BENCH_ARTICLES")); err == nil && v > 0 {
			marksBenchN = v
		}
		st, err := Open(context.Background(), pgtest.Shared(b).NewDB(b, migrated), Options{})
		if err != nil {
			marksBenchError = err
			return
		}
		pr, pw := io.Pipe()
		go func() { pw.CloseWithError(storetest.WriteMarksBenchJSONL(pw, marksBenchN)) }()
		_, marksBenchError = st.ImportJSONL(context.Background(), pr)
		pr.Close()
		marksBenchSt = st
	})
	if marksBenchError != nil {
		b.Fatal(marksBenchError)
	}
	return marksBenchSt, marksBenchN
}

func BenchmarkMarkAllRead(b *testing.B) {
	st, n := marksBenchStore(b)
	storetest.BenchMarkAllRead(b, st, n)
}

func BenchmarkUnreadBySource(b *testing.B) {
	st, _ := marksBenchStore(b)
	storetest.BenchUnreadBySource(b, st)
}

func BenchmarkStreamUnread(b *testing.B) {
	st, _ := marksBenchStore(b)
	storetest.BenchStreamUnread(b, st)
}

func BenchmarkSetRead1000(b *testing.B) {
	st, _ := marksBenchStore(b)
	storetest.BenchSetRead(b, st)
}
