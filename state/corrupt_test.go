package state

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func fixClock(t *testing.T) {
	now = func() time.Time { return time.Date(2026, 11, 20, 8, 30, 0, 0, time.FixedZone("CET", 3600)) }
	t.Cleanup(func() { now = time.Now })
}

const stamp = "20261120T073000Z"

// TestNotSQLiteIsMovedAside opens a file that is not SQLite: it is moved
// aside untouched and a fresh state starts, saying so.
func TestNotSQLiteIsMovedAside(t *testing.T) {
	fixClock(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "state.db")
	junk := strings.Repeat("this is not a database\n", 300)
	must(t, os.WriteFile(path, []byte(junk), 0o600))
	must(t, os.WriteFile(path+".corrupt-"+stamp, []byte("an older one"), 0o600)) // never overwritten
	s, err := Open(path)
	must(t, err)
	defer s.Close()
	moved := checkMovedAside(t, s, path)
	if moved != path+".corrupt-"+stamp+"-2" {
		t.Errorf("moved to %s", moved)
	}
	if b, _ := os.ReadFile(moved); string(b) != junk {
		t.Error("the moved file differs from the corrupt one")
	}
	if b, _ := os.ReadFile(path + ".corrupt-" + stamp); string(b) != "an older one" {
		t.Error("an earlier corrupt file was overwritten")
	}
}

// TestDamagedDatabaseIsMovedAside damages the pages of a real state file
// (keeping its header): quick_check catches it, and the file goes aside.
func TestDamagedDatabaseIsMovedAside(t *testing.T) {
	fixClock(t)
	path := filepath.Join(t.TempDir(), "state.db")
	s, err := Open(path)
	must(t, err)
	fillHistory(t, s, 3000)
	must(t, s.Close())
	b, err := os.ReadFile(path)
	must(t, err)
	if len(b) < 8*4096 {
		t.Fatalf("file only %d bytes", len(b))
	}
	for i := 4096 + 100; i < len(b)-4096; i += 4096 { // the middle of every page but the first and last
		copy(b[i:], "garbage garbage garbage garbage garbage")
	}
	must(t, os.WriteFile(path, b, 0o600))

	s2, err := Open(path)
	must(t, err)
	defer s2.Close()
	moved := checkMovedAside(t, s2, path)
	var e *Error
	errors.As(s2.Notice(), &e)
	if msg := e.Err.Error(); !strings.HasPrefix(msg, "quick_check: ") || strings.Contains(msg, "\n") || len(msg) > 300 {
		t.Errorf("cause %q: want one short quick_check line", msg)
	}
	if got, _ := os.ReadFile(moved); string(got) != string(b) {
		t.Error("the moved file differs from the damaged one")
	}
}

// TestMoveAsideTakesCompanions checks that -wal, -shm and -journal go
// with the file (a stale -wal beside a fresh file would be replayed into
// it), and that nothing is overwritten.
func TestMoveAsideTakesCompanions(t *testing.T) {
	fixClock(t)
	path := filepath.Join(t.TempDir(), "state.db")
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		must(t, os.WriteFile(path+suffix, []byte("x"+suffix), 0o600))
	}
	must(t, os.WriteFile(path+".corrupt-"+stamp+"-wal", []byte("older"), 0o600))
	moved, err := moveAside(path)
	must(t, err)
	if moved != path+".corrupt-"+stamp+"-2" {
		t.Errorf("moved to %s", moved)
	}
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		if b, err := os.ReadFile(moved + suffix); string(b) != "x"+suffix {
			t.Errorf("%s: %q, %v", moved+suffix, b, err)
		}
		if _, err := os.Stat(path + suffix); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s still there", path+suffix)
		}
	}
	if b, _ := os.ReadFile(path + ".corrupt-" + stamp + "-wal"); string(b) != "older" {
		t.Error("an older file was overwritten")
	}
}

func checkMovedAside(t *testing.T, s *Store, path string) string {
	t.Helper()
	var e *Error
	if !errors.Is(s.Notice(), ErrCorrupt) || !errors.As(s.Notice(), &e) || e.MovedTo == "" {
		t.Fatalf("notice %v: want ErrCorrupt with MovedTo", s.Notice())
	}
	if msg := e.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, e.MovedTo) {
		t.Errorf("notice %q should name both files", msg)
	}
	if !s.Persistent() {
		t.Error("the fresh store is not persistent")
	}
	ctx := context.Background()
	must(t, s.MarkRead(ctx, "k", t0))
	read, err := s.ReadKeys(ctx)
	must(t, err)
	if len(read) != 1 {
		t.Errorf("fresh store holds %d read keys", len(read))
	}
	if _, err := os.Stat(e.MovedTo); err != nil {
		t.Fatal(err)
	}
	return e.MovedTo
}

// TestCorruptInReadOnlyDirectory cannot move the file aside: it must not
// delete it either, and the session goes on in memory.
func TestCorruptInReadOnlyDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: chmod does not stop root from writing")
	}
	dir := filepath.Join(t.TempDir(), "d")
	must(t, os.Mkdir(dir, 0o700))
	path := filepath.Join(dir, "state.db")
	must(t, os.WriteFile(path, []byte(strings.Repeat("junk", 2000)), 0o600))
	must(t, os.Chmod(dir, 0o500))
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	s, err := Open(path)
	must(t, err)
	defer s.Close()
	if !errors.Is(s.Notice(), ErrCorrupt) || s.Persistent() {
		t.Fatalf("notice %v, persistent %v", s.Notice(), s.Persistent())
	}
	must(t, s.MarkRead(context.Background(), "k", t0))
	if b, _ := os.ReadFile(path); len(b) != 8000 {
		t.Error("the corrupt file was changed")
	}
}
