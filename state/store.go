package state

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/adrg/xdg"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// Store is an open state file. It is safe for concurrent use, and several
// Stores (in one process or several) may use the same file at once.
type Store struct {
	db      *sql.DB
	keep    *sql.Conn // pins the in-memory database of a session-only store
	path    string
	notice  error
	session bool
	maxRead atomic.Int64
}

// DefaultPath is where the state file lives:
// $XDG_STATE_HOME/tidings/state.db (~/.local/state/tidings/state.db when
// the variable is unset). It creates nothing.
func DefaultPath() (string, error) {
	if xdg.StateHome == "" {
		return "", errors.New("state: no state directory: set XDG_STATE_HOME or HOME")
	}
	return filepath.Join(xdg.StateHome, "tidings", "state.db"), nil
}

// busyTimeout is how long a statement waits for another writer (another
// tidings, say) before giving up with SQLITE_BUSY. Writes here take
// microseconds, so it is never reached unless something holds the file.
const busyTimeout = 5000 // milliseconds

// Open opens the state file at path, creating its directory (0700) and the
// file (0600) when missing, and brings its schema up to date.
//
// Open keeps the reader working whatever the file's condition; it fails
// only for an empty path or when not even an in-memory database can be
// made. The condition is told by [Store.Notice]:
//   - nil: the file is open for reading and writing.
//   - an [*Error] that is [ErrCorrupt]: the file was damaged (not SQLite, or
//     failing PRAGMA quick_check); it was moved to MovedTo
//     (state.db.corrupt-<time>) and a fresh file started.
//   - an [*Error] that is [ErrUnwritable]: the file or its directory cannot
//     be written (read-only, full disk, not creatable). The Store then
//     works on an in-memory copy of what the file holds (when it can be
//     read): everything works, and nothing outlives the process.
//
// Other errors in Notice (a file written by a newer tidings, say) likewise
// leave a session-only store.
func Open(path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("state: empty path")
	}
	path = filepath.Clean(path)
	s, err := openFile(path)
	if err == nil {
		return s, nil
	}
	var corrupt *Error
	if isCorrupt(err) {
		corrupt = &Error{Op: "open", Path: path, Kind: ErrCorrupt, Err: err}
		moved, merr := moveAside(path)
		if merr == nil {
			corrupt.MovedTo = moved
			if s, err = openFile(path); err == nil {
				s.notice = corrupt
				return s, nil
			}
		} else {
			err = merr
		}
	}
	return openSession(path, err, corrupt)
}

// openFile opens path for reading and writing: the normal case.
func openFile(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	// Create the file ourselves so that it (and, after it, SQLite's -wal
	// and -shm files) is private: reading history is nobody else's
	// business. Opening for writing also tells a read-only file early.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	f.Close()

	if testOpenErr != nil {
		return nil, testOpenErr
	}
	db, err := sql.Open("sqlite", fileDSN(path))
	if err != nil {
		return nil, err
	}
	s := newStore(db, path)
	ctx := context.Background()
	if err := quickCheck(ctx, db); err != nil {
		db.Close()
		return nil, err
	}
	if err := migrate(ctx, db, schemaVersion); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// testOpenErr, when set by a test, is how the normal open fails, to
// exercise the read-only path even as root, whom chmod does not stop.
var testOpenErr error

func newStore(db *sql.DB, path string) *Store {
	// Writers are serialised by SQLite anyway; a few connections let reads
	// run beside a write.
	db.SetMaxOpenConns(4)
	db.SetMaxIdleConns(4)
	db.SetConnMaxIdleTime(0)
	db.SetConnMaxLifetime(0)
	s := &Store{db: db, path: path}
	s.maxRead.Store(DefaultHistoryLimit)
	return s
}

// fileDSN is the driver's name for path: WAL so readers never wait for the
// writer, a busy timeout so two writers wait for each other instead of
// failing, synchronous=NORMAL (durable across crashes of the process; a
// power cut may lose the last moments, never consistency), and immediate
// transactions so a transaction that writes takes the write lock first and
// cannot fail half-way with SQLITE_BUSY.
func fileDSN(path string) string {
	u := url.URL{Scheme: "file", Opaque: path}
	return u.String() + fmt.Sprintf("?_pragma=busy_timeout(%d)&_txlock=immediate", busyTimeout) +
		"&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
}

var memSeq atomic.Uint64

// openSession makes the session-only store of a file that cannot be used:
// an in-memory database holding a copy of what path holds when it can be
// read. cause is why the file could not be used; corrupt is set when it
// was found damaged.
func openSession(path string, cause error, corrupt *Error) (*Store, error) {
	dsn := fmt.Sprintf("file:/tidings-state-%d?vfs=memdb&_pragma=busy_timeout(%d)&_txlock=immediate", memSeq.Add(1), busyTimeout)
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("state: open in-memory database: %w", err)
	}
	s := newStore(db, path)
	s.session = true
	ctx := context.Background()
	// A memdb database lives while a connection to it is open.
	if s.keep, err = db.Conn(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("state: open in-memory database: %w", err)
	}
	// What cannot be copied (an unreadable file, a newer schema) is left
	// behind: cause already says why the file is not used.
	if corrupt != nil || copyFrom(ctx, s.keep, path) != nil {
		if err := migrate(ctx, s.keep, schemaVersion); err != nil {
			s.Close()
			return nil, fmt.Errorf("state: open in-memory database: %w", err)
		}
	}
	note := &Error{Op: "open", Path: path, Err: cause}
	if isUnwritable(cause) {
		note.Kind = ErrUnwritable
	}
	switch {
	case corrupt == nil:
		s.notice = note
	case corrupt.MovedTo == "": // "could not be moved aside": say why
		corrupt.Err = fmt.Errorf("%w; moving it aside: %w", corrupt.Err, cause)
		s.notice = corrupt
	default: // moved aside, but the new file failed too
		s.notice = errors.Join(corrupt, note)
	}
	return s, nil
}

// Notice is what the UI should tell the reader once about the state file,
// or nil when all is well: see [Open]. It does not change.
func (s *Store) Notice() error { return s.notice }

// Persistent reports whether changes reach the state file; false for a
// session-only store (see [Open]).
func (s *Store) Persistent() bool { return !s.session }

// Path is the state file's path.
func (s *Store) Path() string { return s.path }

// Close releases the database. For a session-only store it forgets
// everything.
func (s *Store) Close() error {
	if s.keep != nil {
		s.keep.Close()
	}
	return s.db.Close()
}

// write runs fn in an immediate transaction and commits it, wrapping a
// failure in an [*Error] naming op and the file.
func (s *Store) write(ctx context.Context, op string, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(op, err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return s.wrap(op, err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(op, err)
	}
	return nil
}

// wrap names op and the file in err, marking it ErrUnwritable when it is
// the file that cannot be written. The reader's own mistakes (a duplicate
// name, a missing watch) and cancellations pass unchanged: they are not
// about the file.
func (s *Store) wrap(op string, err error) error {
	if err == nil || isCallerError(err) {
		return err
	}
	e := &Error{Op: op, Path: s.path, Err: err}
	if isUnwritable(err) {
		e.Kind = ErrUnwritable
	}
	return e
}

func isCallerError(err error) bool {
	return errors.Is(err, ErrNotFound) || errors.Is(err, ErrDuplicateName) || errors.Is(err, ErrInvalidName) ||
		errors.Is(err, ErrInvalidQuery) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
