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
// sources), built once per process; with TIDINGS_BENCH_DB_DIR it is built
// once there (marks-<n>.db) and each process works on a copy of it
// (marks-<n>.run.db): BenchmarkUnreadBySource/reader-after-a-write adds
// articles, and a catalogue holding them would no longer be the n
// articles the budgets speak of (MarkAllRead100k/everything refuses it)
// nor match the check below, which would import it all again.
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
		built := filepath.Join(dir, fmt.Sprintf("marks-%d.db", n))
		path = filepath.Join(dir, fmt.Sprintf("marks-%d.run.db", n))
		if err := buildMarksBenchFile(built, n); err != nil {
			b.Fatal(err)
		}
		if err := copyDBFile(built, path); err != nil {
			b.Fatal(err)
		}
	}
	s, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	if !holdsMarksBench(s, n) {
		if err := importMarksBench(s, n); err != nil {
			b.Fatal(err)
		}
	}
	marksBenchStores[n] = s
	return s
}

// holdsMarksBench reports whether s holds the n-article catalogue.
func holdsMarksBench(s *Store, n int) bool {
	p, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 1})
	return err == nil && p.TotalResults == n
}

func importMarksBench(s *Store, n int) error {
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(storetest.WriteMarksBenchJSONL(pw, n)) }()
	_, err := s.ImportJSONL(ctx, pr)
	pr.Close()
	if err != nil {
		return fmt.Errorf("import the %d-article marks benchmark catalogue: %w", n, err)
	}
	return nil
}

// buildMarksBenchFile makes path hold the n-article catalogue and nothing
// else: kept when it does, built anew (a bulk import into an empty file)
// when it does not.
func buildMarksBenchFile(path string, n int) error {
	if s, err := Open(path); err == nil {
		ok := holdsMarksBench(s, n)
		if err := s.Close(); err != nil {
			return fmt.Errorf("close %s: %w", path, err)
		}
		if ok {
			return nil
		}
	}
	if err := removeDBFile(path); err != nil {
		return err
	}
	s, err := Open(path)
	if err != nil {
		return err
	}
	if err := importMarksBench(s, n); err != nil {
		s.Close()
		return err
	}
	return s.Close()
}

// removeDBFile removes a SQLite file and its -wal and -shm files.
func removeDBFile(path string) error {
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("remove the old benchmark catalogue: %w", err)
		}
	}
	return nil
}

// copyDBFile copies a closed SQLite file (and its -wal, when one was
// left) over dst.
func copyDBFile(src, dst string) error {
	if err := removeDBFile(dst); err != nil {
		return err
	}
	for _, suffix := range []string{"", "-wal"} {
		in, err := os.Open(src + suffix)
		if os.IsNotExist(err) && suffix != "" {
			continue
		}
		if err != nil {
			return fmt.Errorf("copy the benchmark catalogue: %w", err)
		}
		out, err := os.Create(dst + suffix)
		if err == nil {
			_, err = io.Copy(out, in)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
		}
		in.Close()
		if err != nil {
			return fmt.Errorf("copy the benchmark catalogue: %w", err)
		}
	}
	return nil
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
