package state

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"tidings/model"
	"time"
)

// DefaultHistoryLimit is how many read articles the history keeps unless
// [Store.SetHistoryLimit] says otherwise.
const DefaultHistoryLimit = 10_000

// ReadSet is the set of read articles. It holds a 64-bit digest of each
// key rather than the key (see [Store.MarkRead]); the chance that an
// unread article looks read is about one in 10^11 with a full history.
type ReadSet map[uint64]struct{}

// Has reports whether the article identified by key was read. A nil
// ReadSet is empty.
func (r ReadSet) Has(key string) bool {
	_, ok := r[keyDigest(key)]
	return ok
}

// Add puts key in the set, as the UI does when it marks an article read
// without loading the history again.
func (r ReadSet) Add(key string) { r[keyDigest(key)] = struct{}{} }

// Remove takes key out of the set, as the UI does when the user marks an
// article unread.
func (r ReadSet) Remove(key string) { delete(r, keyDigest(key)) }

// keyDigest is the first 8 bytes of key's SHA-256 as a signed integer, for
// SQLite's INTEGER PRIMARY KEY. SHA-256 rather than a faster hash so that
// nobody can make up an address that collides with another.
func keyDigest(key string) uint64 { return model.KeyDigest(key) }

// SetHistoryLimit bounds the read history to n entries (n < 1 means the
// default). It takes effect at the next MarkRead.
func (s *Store) SetHistoryLimit(n int) {
	if n < 1 {
		n = DefaultHistoryLimit
	}
	s.maxRead.Store(int64(n))
}

// MarkRead records that the article identified by key (see [Key]) was
// opened at at. Marking it again moves it to at. When the history holds
// more than its limit, the entries read longest ago are forgotten. The key
// itself is not stored, only its digest.
func (s *Store) MarkRead(ctx context.Context, key string, at time.Time) error {
	limit := s.maxRead.Load()
	return s.write(ctx, "mark read", func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO read_history(id, read_at) VALUES (?, ?)
			 ON CONFLICT(id) DO UPDATE SET read_at = excluded.read_at`, int64(keyDigest(key)), nanos(at)); err != nil {
			return err
		}
		// Counting walks the small time index; deleting happens once the
		// limit is passed, one entry per write from then on.
		var n int64
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM read_history`).Scan(&n); err != nil {
			return err
		}
		if n <= limit {
			return nil
		}
		_, err := tx.ExecContext(ctx,
			`DELETE FROM read_history WHERE id IN
			   (SELECT id FROM read_history ORDER BY read_at, id LIMIT ?)`, n-limit)
		return err
	})
}

// MarkUnread forgets that the article identified by key was read (m on a
// read article); an article never read is left as it is.
func (s *Store) MarkUnread(ctx context.Context, key string) error {
	return s.write(ctx, "mark unread", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM read_history WHERE id = ?`, int64(keyDigest(key)))
		return err
	})
}

// ReadKeys returns the read history. It is meant to be called once at
// start-up: 10,000 entries load in about a millisecond (see
// BenchmarkReadKeys), because they come back as one string made by SQLite
// rather than as 10,000 rows.
func (s *Store) ReadKeys(ctx context.Context) (ReadSet, error) {
	var list sql.NullString
	if err := s.db.QueryRowContext(ctx, `SELECT group_concat(id) FROM read_history`).Scan(&list); err != nil {
		return nil, s.wrap("load read history", err)
	}
	set := make(ReadSet, strings.Count(list.String, ",")+1)
	for f := range strings.SplitSeq(list.String, ",") {
		if f == "" {
			continue
		}
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, s.wrap("load read history", err)
		}
		set[uint64(id)] = struct{}{}
	}
	return set, nil
}

// nanos is t as stored: unix nanoseconds, 0 for the zero time, clamped to
// the years 1678 to 2262 that int64 nanoseconds reach.
func nanos(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	switch {
	case t.Before(time.Unix(0, minNanos)):
		return minNanos
	case t.After(time.Unix(0, maxNanos)):
		return maxNanos
	}
	return t.UnixNano()
}

// The earliest and latest times nanos stores, as unix nanoseconds
// (constants: time.Time values at package level would be computed by an
// initialiser in every tidings process, issue 31).
const (
	minNanos = -1<<63 + 1
	maxNanos = 1<<63 - 1
)

// fromNanos is a stored time in UTC; 0 is the zero time.
func fromNanos(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}
