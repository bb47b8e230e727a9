package state

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strings"
)

// migrations[i] takes the schema from version i to version i+1. The
// version is kept in PRAGMA user_version. A migration only ever adds
// (tables, columns with defaults, indexes), so that a file stays readable
// to the code that wrote it; changing its meaning needs a new table.
var migrations = [...]string{
	// 1: read history, saved articles, watched searches.
	`
-- The history keeps a 64-bit digest of each key, not the key: rows of a
-- few bytes make start-up's load and quick_check cheap, and the file does
-- not list the addresses one has read.
CREATE TABLE read_history (
	id      INTEGER PRIMARY KEY, -- keyDigest(key)
	read_at INTEGER NOT NULL     -- unix nanoseconds
);
CREATE INDEX read_history_by_time ON read_history(read_at);

-- The article is kept as the JSON of model.Article (and the full text as
-- that of extract.Article): every field, present and future, round-trips
-- without a migration, and nothing here ever filters on a field.
CREATE TABLE saved (
	key       TEXT NOT NULL UNIQUE,
	saved_at  INTEGER NOT NULL, -- unix nanoseconds
	article   TEXT NOT NULL,    -- JSON of model.Article
	full_text TEXT              -- JSON of extract.Article; NULL until fetched
);
CREATE INDEX saved_by_time ON saved(saved_at);

CREATE TABLE watches (
	name      TEXT NOT NULL UNIQUE COLLATE NOCASE,
	query     TEXT NOT NULL,              -- JSON of watchQuery
	created   INTEGER NOT NULL,           -- unix nanoseconds
	last_seen INTEGER NOT NULL DEFAULT 0  -- unix nanoseconds; 0 = never opened
);
`,
	// 2: choices the reader remembers (Headlines' one row per story).
	`
CREATE TABLE preferences (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
`,
}

// schemaVersion is the version this code writes (a constant, as
// migrations is an array).
const schemaVersion = len(migrations)

// NewerSchemaError is a state file written by a newer tidings, whose schema
// this one does not know. Such a file is left untouched.
type NewerSchemaError struct {
	Have, Known int
}

// Error implements error.
func (e *NewerSchemaError) Error() string {
	return fmt.Sprintf("written by a newer tidings (schema version %d; this one knows up to %d)", e.Have, e.Known)
}

// dbConn is what migrations need of a *sql.DB or a *sql.Conn.
type dbConn interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// migrate brings the schema to version target (or leaves a later one) in
// one immediate transaction: two processes opening a new file at once take
// turns, and the second finds the work done.
func migrate(ctx context.Context, c dbConn, target int) error {
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var have int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&have); err != nil {
		return err
	}
	if have > schemaVersion {
		return &NewerSchemaError{Have: have, Known: schemaVersion}
	}
	if have >= target {
		// Nothing to do; but the transaction, begun IMMEDIATE, has taken
		// the write lock, which a file that cannot be written refuses
		// (SQLITE_READONLY): found out now, when the reader can be told
		// once, and not at the first save.
		return tx.Commit()
	}
	if err := applyMigrations(ctx, tx, have, target); err != nil {
		return err
	}
	return tx.Commit()
}

func applyMigrations(ctx context.Context, tx *sql.Tx, from, to int) error {
	for v := from; v < to; v++ {
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("migrate state schema to version %d: %w", v+1, err)
		}
	}
	// PRAGMA takes no parameters; to is an int of ours.
	_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", to))
	return err
}

// quickCheck runs PRAGMA quick_check, turning a report of damage into an
// error that isCorrupt recognises.
func quickCheck(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, strings.Split(line, "\n")...)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return &quickCheckError{problems: problems}
	}
	return nil
}

type quickCheckError struct{ problems []string }

// Error gives the first problem and how many more there are: enough to
// tell damage from a bug, short enough for a status bar.
func (e *quickCheckError) Error() string {
	msg := "quick_check: " + e.problems[0]
	if n := len(e.problems) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more problems)", n)
	}
	return msg
}

// copyFrom fills the empty in-memory database behind c with what the file
// at path holds, read without writing to it, and migrates the copy to
// schemaVersion: all in one transaction, so that a failure leaves the
// memory empty.
func copyFrom(ctx context.Context, c *sql.Conn, path string) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	u := url.URL{Scheme: "file", Opaque: path}
	// ATTACH would use the in-memory database's VFS; the file needs the
	// system's.
	vfs := "vfs=unix&"
	if runtime.GOOS == "windows" {
		vfs = "vfs=win32&"
	}
	// mode=ro reads a WAL file with its -wal; when the directory is
	// read-only and the -shm is missing that can fail, and immutable=1
	// reads the main file alone (the -wal's latest writes, if any, are
	// then not seen, but nothing is written).
	var err error
	for _, mode := range []string{"mode=ro", "immutable=1"} {
		if _, err = c.ExecContext(ctx, "ATTACH DATABASE ? AS disk", u.String()+"?"+vfs+mode); err != nil {
			continue
		}
		if err = copyAttached(ctx, c); err == nil {
			break
		}
		c.ExecContext(ctx, "DETACH DATABASE disk")
	}
	if err != nil {
		return err
	}
	_, err = c.ExecContext(ctx, "DETACH DATABASE disk")
	return err
}

func copyAttached(ctx context.Context, c *sql.Conn) error {
	var have int
	if err := c.QueryRowContext(ctx, "PRAGMA disk.user_version").Scan(&have); err != nil {
		return err
	}
	if have > schemaVersion {
		return &NewerSchemaError{Have: have, Known: schemaVersion}
	}
	tables, err := attachedTables(ctx, c)
	if err != nil {
		return err
	}
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := applyMigrations(ctx, tx, 0, have); err != nil {
		return err
	}
	for _, t := range tables {
		// Both sides were built by the same migrations, so the columns
		// line up. Copying in rowid order keeps the order of equal times.
		q := fmt.Sprintf(`INSERT INTO main."%[1]s" SELECT * FROM disk."%[1]s" ORDER BY rowid`, t)
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	if err := applyMigrations(ctx, tx, have, schemaVersion); err != nil {
		return err
	}
	return tx.Commit()
}

func attachedTables(ctx context.Context, c *sql.Conn) ([]string, error) {
	rows, err := c.QueryContext(ctx,
		`SELECT name FROM disk.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		if strings.ContainsRune(n, '"') {
			return nil, fmt.Errorf("unexpected table name %q", n)
		}
		names = append(names, n)
	}
	return names, rows.Err()
}
