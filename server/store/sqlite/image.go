package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"modernc.org/sqlite/vfs"
)

// An image is a store's whole database written to one SQLite file by
// WriteImage and read back, as is and read-only, by OpenImage. It exists
// for the built-in demo: loading its catalogue with Add takes about a
// second (row inserts, full-text indexing), while an image embedded in the
// binary is served straight from the executable's memory: SQLite reads the
// pages a query touches and nothing else, so opening one costs well under
// a millisecond and nothing is parsed, copied or decompressed up front.
//
// An image's publication times are those of the moment its catalogue was
// generated for. OpenImage takes a shift to present them at: every
// publishedAt leaves the store that much later and every from/to bound is
// taken back by it on the way in, so "2 minutes ago" stays 2 minutes ago
// whenever the image is opened. Row ids, and with them every order, are
// unaffected, since all times move together.

// WriteImage writes the store's database to a new file at path (which must
// not exist), compacted, with its full-text index merged into one segment
// so that searches read the least. The file is a plain SQLite database in
// rollback-journal mode, as OpenImage needs. The same content written by
// the same program gives the same bytes, so an image can be checked for
// being current by writing it again.
func (s *Store) WriteImage(ctx context.Context, path string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO articles_fts(articles_fts) VALUES ('optimize')`); err != nil {
		return fmt.Errorf("merge the full-text index: %w", err)
	}
	s.changes.Bump()
	// The target is named as a URI with the host's file system: left to
	// default, it would go to the VFS of the source (memdb, for Open("")).
	target := url.URL{Scheme: "file", Opaque: filepath.ToSlash(path), RawQuery: "vfs=" + hostVFS()}
	if _, err := s.db.ExecContext(ctx, "VACUUM INTO ?", target.String()); err != nil {
		return fmt.Errorf("write image %s: %w", path, err)
	}
	return nil
}

// hostVFS is the name of SQLite's VFS for the operating system's files.
func hostVFS() string {
	if runtime.GOOS == "windows" {
		return "win32"
	}
	return "unix"
}

// OpenImage opens the image called name in fsys (an embed.FS, say)
// read-only, presenting its publication times shift later than stored
// (whole seconds; see the comment above WriteImage). Writes to the store
// fail. An image of another schema version is refused, as Open refuses
// such a file.
func OpenImage(fsys fs.FS, name string, shift time.Duration) (*Store, error) {
	if _, err := fs.Stat(fsys, name); err != nil {
		return nil, fmt.Errorf("open image: %w", err)
	}
	vfsName, files, err := vfs.New(fsys)
	if err != nil {
		return nil, fmt.Errorf("open image %s: %w", name, err)
	}
	// No journal, no locks worth having: nothing can write to the file.
	db, err := sql.Open("sqlite", "file:"+name+"?vfs="+vfsName+
		"&mode=ro&_pragma=query_only(1)&_pragma=temp_store(memory)&_pragma=cache_size(-16384)")
	if err != nil {
		files.Close()
		return nil, fmt.Errorf("open image %s: %w", name, err)
	}
	s := newStore(db)
	s.shift = int64(shift / time.Second)
	s.release = files.Close
	if err := s.checkImage(context.Background()); err != nil {
		s.Close()
		return nil, fmt.Errorf("open image %s: %w", name, err)
	}
	return s, nil
}

// checkImage refuses an image this program would misread.
func (s *Store) checkImage(ctx context.Context) error {
	var version int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if version != schemaVersion {
		return fmt.Errorf("the image has schema version %d, this program needs %d: rebuild it", version, schemaVersion)
	}
	return nil
}

// WriteImageFile replaces the file at path with the store's image, writing
// a temporary file next to it first so a failure leaves path as it was.
func (s *Store) WriteImageFile(ctx context.Context, path string) error {
	tmp := path + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("write image: %w", err)
	}
	if err := s.WriteImage(ctx, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write image: %w", err)
	}
	return nil
}
