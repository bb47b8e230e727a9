package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Another process may write the file a Store reads: `tidings import` or
// `tidings feeds …` beside a running `tidings serve`. Every write of what
// the service answers (articles, sources, stories) adds one to the file's
// change counter (catalogue_generation) in its own transaction, and a
// Store that serves a file reads the counter every watchInterval (Watch):
// when it moved past what this Store's own writes left it at, Generation
// changes, so the caches keyed by it (the store's and the service's) stop
// answering from before the other process's write. The next grouped
// write of any Store on the file drops its Grouper for the same reason
// (forgetOthersWrites, which reads the counter itself).
//
// Stores in memory and images are only ever written by their own
// process, and do not watch; nor do one-off commands (see Watch).

// counterSchema is the change counter and its one row, created with the
// schema when a Store opens.
const counterSchema = `
CREATE TABLE IF NOT EXISTS catalogue_generation (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT OR IGNORE INTO catalogue_generation (id, n) VALUES (1, 0);
`

// watchInterval is how often a Store on a file reads the change counter:
// the bound on how long an answer can outlive another process's write.
var watchInterval = 250 * time.Millisecond

// Watch makes Generation follow other processes' writes to the file too:
// it reads the change counter now and then every watchInterval until
// Close. For a Store that serves the file while other processes may
// write it (serve, the reader's personal mode); one-off commands need not
// (a million-article import peaked 120 MiB higher with a watcher running,
// measured, for a cause not found). A Store in memory has no other
// writer: Watch does nothing. It reads on a connection of its own, so
// its reads never make the pool open another one (each with its own
// page cache) while writers and readers hold theirs.
func (s *Store) Watch() error {
	if s.pollLock == "" || s.watchConn != nil {
		return nil // in memory (no file, so no lock file either), or watching already
	}
	conn, err := s.db.Conn(context.Background())
	if err != nil {
		return fmt.Errorf("open the change counter's connection: %w", err)
	}
	n, err := readCounter(context.Background(), conn)
	if err != nil {
		conn.Close()
		return err
	}
	s.watchConn = conn
	s.changes.Observe(n)
	s.changes.Watch(watchInterval, func(ctx context.Context) (int64, error) { return readCounter(ctx, conn) })
	return nil
}

// counterReader is what the counter can be read through: the pool or a
// transaction.
type counterReader interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func readCounter(ctx context.Context, q counterReader) (int64, error) {
	var n int64
	if err := q.QueryRowContext(ctx, `SELECT n FROM catalogue_generation WHERE id = 1`).Scan(&n); err != nil {
		return 0, fmt.Errorf("read the change counter: %w", err)
	}
	return n, nil
}

// bumpCounter marks a write in tx: other processes see the counter move
// once it commits.
func bumpCounter(ctx context.Context, tx counterReader) (int64, error) {
	var n int64
	if err := tx.QueryRowContext(ctx, `UPDATE catalogue_generation SET n = n + 1 WHERE id = 1 RETURNING n`).Scan(&n); err != nil {
		return 0, fmt.Errorf("mark the write: %w", err)
	}
	return n, nil
}

// commitWrite marks a write that changed what the service answers in tx
// (when changed) and commits it. The caller holds writeMu and began tx
// with beginWrite. The Grouper is checked against the counter before the
// mark, unless groupWrite did so already, so it is current with the
// counter as this write leaves it.
func (s *Store) commitWrite(ctx context.Context, tx *sql.Tx, changed bool) error {
	if !changed {
		// Nothing grouped either: groupedAt stands.
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
		return nil
	}
	if err := s.forgetOthersWrites(ctx, tx); err != nil {
		return err
	}
	n, err := bumpCounter(ctx, tx)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	s.groupedAt = n
	s.changes.Saw(n) // this Store's own write is not news to it
	return nil
}

// txBeginner begins transactions: the pool, or a bulk load's connection.
type txBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// beginWrite begins a write transaction that may group articles (and
// ends with commitWrite). The caller holds writeMu.
func (s *Store) beginWrite(ctx context.Context, db txBeginner) (*sql.Tx, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err == nil {
		s.checked = false
	}
	return tx, err
}

// forgetOthersWrites drops the Grouper when another process wrote since
// this Store's last write: it would miss the other's articles in the
// stretch of time it holds, and a later report of their event would
// start a story of its own. A new one reads the stretch again. It reads
// the counter once a write transaction, before the write's own mark (in
// groupWrite, or else in commitWrite), and tx holds the file's write
// lock from its BEGIN (IMMEDIATE, see dsn): no other process's write
// lands until it ends.
func (s *Store) forgetOthersWrites(ctx context.Context, tx *sql.Tx) error {
	if s.checked {
		return nil
	}
	if s.grouper != nil {
		n, err := readCounter(ctx, tx)
		if err != nil {
			return err
		}
		if n != s.groupedAt {
			s.grouper = nil
		}
	}
	s.checked = true
	return nil
}
