package state

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"

	sqlite3 "modernc.org/sqlite/lib"
)

// now is the clock of the corrupt file's name; tests replace it.
var now = time.Now

// moveAside renames the damaged file at path, with its -wal, -shm and
// -journal when present, to path.corrupt-<UTC time>, never over an
// existing file, and returns the new name. The companions go first: a
// stale -wal left beside a fresh file would be replayed into it.
//
// The file is moved after the connection that found the damage is closed
// (Windows cannot rename an open file). Closing the last connection to a
// WAL database checkpoints it, so a -wal that SQLite reads as valid may by
// then have been copied into the damaged file and removed, as any
// SQLite program opening the file would have done.
func moveAside(path string) (string, error) {
	stamp := now().UTC().Format("20060102T150405Z")
	dst := path + ".corrupt-" + stamp
	for i := 2; taken(dst); i++ {
		dst = fmt.Sprintf("%s.corrupt-%s-%d", path, stamp, i)
	}
	var moved []string
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if !exists(path + suffix) {
			continue
		}
		if err := os.Rename(path+suffix, dst+suffix); err != nil {
			undo(path, dst, moved)
			return "", err
		}
		moved = append(moved, suffix)
	}
	if err := os.Rename(path, dst); err != nil {
		undo(path, dst, moved)
		return "", err
	}
	return dst, nil
}

func undo(path, dst string, suffixes []string) {
	for _, s := range suffixes {
		os.Rename(dst+s, path+s)
	}
}

// taken reports whether dst or one of its companions exists.
func taken(dst string) bool {
	return exists(dst) || exists(dst+"-wal") || exists(dst+"-shm") || exists(dst+"-journal")
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

func sqliteCode(err error) int {
	var e interface{ Code() int } // *sqlite.Error
	if errors.As(err, &e) {
		return e.Code() & 0xff // the primary code of an extended one
	}
	return 0
}

// isCorrupt reports whether err says the file is not a sound SQLite
// database. Busy or locked files are not corrupt.
func isCorrupt(err error) bool {
	var qc *quickCheckError
	if errors.As(err, &qc) {
		return true
	}
	switch sqliteCode(err) {
	case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
		return true
	}
	return false
}

// isUnwritable reports whether err says the file or its directory cannot
// be written.
func isUnwritable(err error) bool {
	switch sqliteCode(err) {
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM,
		sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR:
		return true
	}
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.ENOSPC) ||
		errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.EISDIR)
}
