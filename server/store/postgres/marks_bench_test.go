package postgres

import (
	"context"
	"io"
	"os"
	"strconv"
	"testing"

	"tidings/internal/pgtest"
	"tidings/server/store/storetest"
)

// BenchmarkMarks runs the marks benchmarks (storetest.Bench*) on one
// catalogue of TIDINGS_PG_BENCH_ARTICLES articles (default 100,000; 1,000
// sources) on a throwaway server, imported once and vacuumed, as
// autovacuum leaves a catalogue that has settled.
func BenchmarkMarks(b *testing.B) {
	if testing.Short() {
		b.Skip("importing the benchmark catalogue takes a while")
	}
	n := 100_000
	if v, err := strconv.Atoi(os.Getenv("TIDINGS_PG_BENCH_ARTICLES")); err == nil && v > 0 {
		n = v
	}
	ctx := context.Background()
	st, err := Open(ctx, pgtest.Shared(b).NewDB(b, migrated), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(storetest.WriteMarksBenchJSONL(pw, n)) }()
	_, err = st.ImportJSONL(ctx, pr)
	pr.Close()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.pool.Exec(ctx, "VACUUM ANALYZE articles"); err != nil {
		b.Fatal(err)
	}
	b.Run("MarkAllRead", func(b *testing.B) { storetest.BenchMarkAllRead(b, st, n) })
	b.Run("UnreadBySource", func(b *testing.B) { storetest.BenchUnreadBySource(b, st) })
	b.Run("StreamUnread", func(b *testing.B) { storetest.BenchStreamUnread(b, st) })
	b.Run("SetRead1000", func(b *testing.B) { storetest.BenchSetRead(b, st) })
}
