package state

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// fillHistory writes n read entries in one transaction (MarkRead one by
// one would take a commit each).
func fillHistory(tb testing.TB, s *Store, n int) {
	tb.Helper()
	ctx := context.Background()
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	err := s.write(ctx, "fill", func(tx *sql.Tx) error {
		for i := range n {
			if _, err := tx.ExecContext(ctx, `INSERT INTO read_history(id, read_at) VALUES (?, ?)`,
				int64(keyDigest(benchKey(i))),
				base.Add(time.Duration(i)*time.Second).UnixNano()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkOpenReadKeys is start-up: open the state file and load a full
// read history of 10,000 entries.
func BenchmarkOpenReadKeys(b *testing.B) {
	path := filepath.Join(b.TempDir(), "state.db")
	s, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	fillHistory(b, s, DefaultHistoryLimit)
	s.Close()
	b.ResetTimer()
	for b.Loop() {
		s, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		keys, err := s.ReadKeys(context.Background())
		if err != nil || len(keys) != DefaultHistoryLimit {
			b.Fatal(len(keys), err)
		}
		s.Close()
	}
}

// BenchmarkReadKeys is the load alone, on an open store.
func BenchmarkReadKeys(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "state.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	fillHistory(b, s, DefaultHistoryLimit)
	for b.Loop() {
		if _, err := s.ReadKeys(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen is opening alone (quick_check included) with a full history.
func BenchmarkOpen(b *testing.B) {
	path := filepath.Join(b.TempDir(), "state.db")
	s, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	fillHistory(b, s, DefaultHistoryLimit)
	s.Close()
	for b.Loop() {
		s, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkMarkRead is one MarkRead on a full history: a commit plus the
// pruning of the oldest entry.
func BenchmarkMarkRead(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "state.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	fillHistory(b, s, DefaultHistoryLimit)
	at := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	i := 0
	for b.Loop() {
		i++
		if err := s.MarkRead(context.Background(), fmt.Sprintf("https://example.com/new/%d", i), at.Add(time.Duration(i))); err != nil {
			b.Fatal(err)
		}
	}
}

func benchKey(i int) string {
	return fmt.Sprintf("https://news.example.com/2026/01/%05d/a-fairly-long-article-slug-as-urls-have", i)
}
