package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	sqlite3 "modernc.org/sqlite"
	sqlite3lib "modernc.org/sqlite/lib"
)

// CannotWrite says whether err, from Open, means the database cannot be
// written here: a read-only file or folder (SQLITE_READONLY), or a
// journal that cannot be created beside it (SQLITE_CANTOPEN). The
// reader then opens it with OpenReadOnly.
func CannotWrite(err error) bool {
	var se *sqlite3.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3lib.SQLITE_READONLY, sqlite3lib.SQLITE_CANTOPEN, sqlite3lib.SQLITE_PERM:
		return true
	}
	return false
}

// OpenReadOnly opens the database at path for reading only, for a
// catalogue this process may not write (a read-only folder, file or
// mount): nothing is migrated or created, and every write fails. A file
// of another schema version is refused, since it cannot be upgraded.
//
// A WAL database needs its -shm file to be read; when the folder is
// read-only and none is there (the last writer closed cleanly), the file
// is opened as immutable: read as it is, changes by others unseen.
func OpenReadOnly(path string) (*Store, error) {
	u := url.URL{Scheme: "file", Opaque: path}
	const pragmas = "&_pragma=query_only(1)&_pragma=busy_timeout(5000)&_pragma=cache_size(-65536)"
	var errs []error
	for _, mode := range []string{"mode=ro", "mode=ro&immutable=1"} {
		db, err := sql.Open("sqlite", u.String()+"?"+mode+pragmas)
		if err != nil {
			return nil, fmt.Errorf("open database read-only: %w", err)
		}
		s := newStore(db)
		err = s.checkReadOnly(context.Background())
		if err == nil {
			s.pollLock = path + pollLockSuffix // lets Watch follow other processes' writes
			return s, nil
		}
		s.Close()
		var stale *staleSchemaError
		if errors.As(err, &stale) {
			return nil, err
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("open database read-only: %w", errors.Join(errs...))
}

// staleSchemaError: a read-only file of a schema this program cannot read
// and may not upgrade.
type staleSchemaError struct{ version int }

func (e *staleSchemaError) Error() string {
	return fmt.Sprintf("the database has schema version %d, this program needs %d, and it is read-only here: "+
		"open it once where it can be written to upgrade it", e.version, schemaVersion)
}

// checkReadOnly reads the schema version and one row, so that a file that
// cannot be read at all fails here rather than at the first query.
func (s *Store) checkReadOnly(ctx context.Context) error {
	var version int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if version != schemaVersion {
		return &staleSchemaError{version: version}
	}
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM feeds").Scan(&n); err != nil {
		return fmt.Errorf("read the feeds: %w", err)
	}
	return nil
}
