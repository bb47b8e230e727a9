package state

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/adrg/xdg"

	"tidings/model"
)

// TestMain points every XDG directory at a temporary one, so that nothing
// here can touch the real home, DefaultPath included.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tidings-state-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, v := range []string{"XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"} {
		os.Setenv(v, filepath.Join(dir, v))
	}
	xdg.Reload()
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var t0 = time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tidings", "state.db")
	s := mustOpen(t, path)
	return s, path
}

func mustOpen(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := s.Notice(); n != nil {
		t.Fatalf("unexpected notice: %v", n)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestDefaultPathIsUnderXDGStateHome(t *testing.T) {
	p, err := DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(os.Getenv("XDG_STATE_HOME"), "tidings", "state.db")
	if p != want {
		t.Fatalf("DefaultPath = %q, want %q", p, want)
	}
	if _, err := os.Stat(filepath.Dir(p)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("DefaultPath created something: %v", err)
	}
}

func TestOpenCreatesPrivateFileInWALMode(t *testing.T) {
	s, path := openTemp(t)
	if !s.Persistent() || s.Path() != path {
		t.Fatalf("Persistent %v, Path %q", s.Persistent(), s.Path())
	}
	for p, want := range map[string]os.FileMode{filepath.Dir(path): 0o700 | os.ModeDir, path: 0o600} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != want {
			t.Errorf("%s has mode %v, want %v", p, fi.Mode(), want)
		}
	}
	var mode, sync string
	var version int
	ctx := context.Background()
	if err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if err := s.db.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync); err != nil {
		t.Fatal(err)
	}
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		t.Fatal(err)
	}
	if mode != "wal" || sync != "1" || version != schemaVersion {
		t.Errorf("journal_mode %q, synchronous %q, user_version %d", mode, sync, version)
	}
}

func TestNewerSchemaIsLeftAlone(t *testing.T) {
	s, path := openTemp(t)
	if _, err := s.db.Exec(fmt.Sprintf("PRAGMA user_version = %d", schemaVersion+1)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	var newer *NewerSchemaError
	if !errors.As(s2.Notice(), &newer) || s2.Persistent() {
		t.Fatalf("notice %v, persistent %v; want a NewerSchemaError and a session store", s2.Notice(), s2.Persistent())
	}
	if err := s2.MarkRead(context.Background(), "k", t0); err != nil {
		t.Fatalf("a session store should work: %v", err)
	}
}

// TestReopenKeepsEverything closes a store with one of everything and
// finds it all in a new one.
func TestReopenKeepsEverything(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	a := fullArticle()
	q := fullQuery()
	must(t, s.MarkRead(ctx, "https://a.example/1", t0))
	must(t, s.Save(ctx, a, t0.Add(time.Minute)))
	must(t, s.SetFullText(ctx, Key(a), fullText()))
	must(t, s.AddWatch(ctx, "Morning", q, t0))
	must(t, s.MarkSeen(ctx, "Morning", t0.Add(time.Hour)))
	must(t, s.Close())

	s2 := mustOpen(t, path)
	read, err := s2.ReadKeys(ctx)
	must(t, err)
	if !read.Has("https://a.example/1") || len(read) != 1 {
		t.Errorf("read history after reopening: %v", read)
	}
	saved, err := s2.Saved(ctx)
	must(t, err)
	if len(saved) != 1 {
		t.Fatalf("%d saved articles after reopening", len(saved))
	}
	checkSaved(t, saved[0], a, t0.Add(time.Minute), fullText())
	watches, err := s2.Watches(ctx)
	must(t, err)
	if len(watches) != 1 || watches[0].Name != "Morning" || !watches[0].LastSeen.Equal(t0.Add(time.Hour)) {
		t.Fatalf("watches after reopening: %+v", watches)
	}
	checkQuery(t, watches[0].Query, q)
}

// TestTwoWritersLoseNothing runs two Stores on one file, each writing
// hundreds of times from several goroutines, and finds every write.
func TestTwoWritersLoseNothing(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "state.db")
	const writers, perWriter = 2, 300
	var wg sync.WaitGroup
	errs := make(chan error, writers*perWriter)
	for w := range writers {
		s := mustOpen(t, path)
		for g := range 3 { // goroutines per store
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := g; i < perWriter; i += 3 {
					key := fmt.Sprintf("https://w%d.example/%d", w, i)
					var err error
					switch i % 3 {
					case 0:
						err = s.MarkRead(ctx, key, t0.Add(time.Duration(i)*time.Second))
					case 1:
						err = s.Save(ctx, model.Article{URL: key, Title: key}, t0.Add(time.Duration(i)*time.Second))
					case 2:
						err = s.AddWatch(ctx, fmt.Sprintf("w%d-%d", w, i), model.ArticlesQuery{Q: key}, t0)
					}
					if err != nil {
						errs <- err
					}
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	checkWriters(t, mustOpen(t, path), writers, perWriter)
}

func checkWriters(t *testing.T, s *Store, writers, perWriter int) {
	t.Helper()
	ctx := context.Background()
	read, err := s.ReadKeys(ctx)
	must(t, err)
	saved, err := s.SavedKeys(ctx)
	must(t, err)
	watches, err := s.Watches(ctx)
	must(t, err)
	names := map[string]bool{}
	for _, w := range watches {
		names[w.Name] = true
	}
	missing := 0
	for w := range writers {
		for i := range perWriter {
			key := fmt.Sprintf("https://w%d.example/%d", w, i)
			var ok bool
			switch i % 3 {
			case 0:
				ok = read.Has(key)
			case 1:
				_, ok = saved[key]
			case 2:
				ok = names[fmt.Sprintf("w%d-%d", w, i)]
			}
			if !ok {
				missing++
			}
		}
	}
	if missing > 0 {
		t.Errorf("%d of %d writes lost", missing, writers*perWriter)
	}
}

// TestTwoProcessesLoseNothing is TestTwoWritersLoseNothing with the second
// writer in another process, as two tidings would be.
func TestTwoProcessesLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	path := filepath.Join(t.TempDir(), "state.db")
	const perWriter = 300
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$")
	cmd.Env = append(os.Environ(), "STATE_HELPER_PATH="+path, "STATE_HELPER_WRITER=1", "STATE_HELPER_N="+strconv.Itoa(perWriter))
	out := make(chan error, 1)
	must(t, cmd.Start())
	go func() { out <- cmd.Wait() }()
	if err := runWriter(path, 0, perWriter); err != nil {
		t.Error(err)
	}
	if err := <-out; err != nil {
		t.Fatalf("helper process: %v", err)
	}
	checkWriters(t, mustOpen(t, path), 2, perWriter)
}

// TestHelperWriter is the other process of TestTwoProcessesLoseNothing.
func TestHelperWriter(t *testing.T) {
	path := os.Getenv("STATE_HELPER_PATH")
	if path == "" {
		t.Skip("helper process only")
	}
	w, _ := strconv.Atoi(os.Getenv("STATE_HELPER_WRITER"))
	n, _ := strconv.Atoi(os.Getenv("STATE_HELPER_N"))
	if err := runWriter(path, w, n); err != nil {
		t.Fatal(err)
	}
}

func runWriter(path string, w, n int) error {
	ctx := context.Background()
	s, err := Open(path)
	if err != nil {
		return err
	}
	defer s.Close()
	if s.Notice() != nil {
		return s.Notice()
	}
	for i := range n {
		key := fmt.Sprintf("https://w%d.example/%d", w, i)
		switch i % 3 {
		case 0:
			err = s.MarkRead(ctx, key, t0.Add(time.Duration(i)*time.Second))
		case 1:
			err = s.Save(ctx, model.Article{URL: key}, t0)
		case 2:
			err = s.AddWatch(ctx, fmt.Sprintf("w%d-%d", w, i), model.ArticlesQuery{Q: key}, t0)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// TestConcurrentOpensOfANewFile has several stores create and migrate one
// file at the same moment.
func TestConcurrentOpensOfANewFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	var wg sync.WaitGroup
	stores := make([]*Store, 6)
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(path)
			if err != nil {
				t.Error(err)
				return
			}
			if s.Notice() != nil {
				t.Error(s.Notice())
			}
			stores[i] = s
		}()
	}
	wg.Wait()
	for i, s := range stores {
		if s == nil {
			continue
		}
		must(t, s.MarkRead(context.Background(), strconv.Itoa(i), t0))
		s.Close()
	}
}

// TestReadOnlyDirectory opens a state file in a directory it cannot write:
// it must say so (naming the file), read what the file holds and keep
// working for the session without changing the file.
func TestReadOnlyDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		// Root ignores permission bits, so chmod 0500 cannot make the
		// directory read-only. TestReadOnlyFileForced covers the same code
		// path by opening the file read-only on purpose.
		t.Skip("running as root: chmod does not stop root from writing")
	}
	dir := filepath.Join(t.TempDir(), "tidings")
	path := filepath.Join(dir, "state.db")
	seed(t, path)
	must(t, os.Chmod(dir, 0o500))
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	checkReadOnly(t, path)
}

// TestReadOnlyFile does the same with a file of mode 0400.
func TestReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: chmod does not stop root from writing")
	}
	path := filepath.Join(t.TempDir(), "state.db")
	seed(t, path)
	must(t, os.Chmod(path, 0o400))
	checkReadOnly(t, path)
}

// TestReadOnlyFileForced exercises the read-only path even as root, by
// having the normal open fail as SQLite does on a read-only file; the copy
// for the session is then read from the real file.
func TestReadOnlyFileForced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	seed(t, path)
	testOpenErr = &fakeSQLiteError{code: 8} // SQLITE_READONLY
	t.Cleanup(func() { testOpenErr = nil })
	checkReadOnly(t, path)
}

// seed leaves a state file at path holding one read key, one saved
// article and one watch, closed cleanly.
func seed(t *testing.T, path string) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(path)
	must(t, err)
	must(t, s.MarkRead(ctx, "https://seen.example/", t0))
	must(t, s.Save(ctx, fullArticle(), t0))
	must(t, s.AddWatch(ctx, "Morning", fullQuery(), t0))
	must(t, s.Close())
}

func checkReadOnly(t *testing.T, path string) {
	t.Helper()
	ctx := context.Background()
	before, err := os.ReadFile(path)
	must(t, err)
	s, err := Open(path)
	if err != nil {
		t.Fatalf("Open of a read-only state file should succeed: %v", err)
	}
	defer s.Close()
	var e *Error
	if !errors.Is(s.Notice(), ErrUnwritable) || !errors.As(s.Notice(), &e) || e.Path != path {
		t.Fatalf("notice %v: want an *Error that is ErrUnwritable naming %s", s.Notice(), path)
	}
	if s.Persistent() {
		t.Error("a read-only store claims to be persistent")
	}
	read, err := s.ReadKeys(ctx)
	must(t, err)
	saved, err := s.Saved(ctx)
	must(t, err)
	watches, err := s.Watches(ctx)
	must(t, err)
	if !read.Has("https://seen.example/") || len(saved) != 1 || len(watches) != 1 {
		t.Fatalf("read-only store lost the file's state: read %v, %d saved, %d watches", read, len(saved), len(watches))
	}
	checkQuery(t, watches[0].Query, fullQuery())
	// The session goes on in memory.
	must(t, s.MarkRead(ctx, "https://new.example/", t0))
	must(t, s.Unsave(ctx, Key(fullArticle())))
	if ok, _ := s.IsSaved(ctx, Key(fullArticle())); ok {
		t.Error("unsave did not take in the session")
	}
	read, _ = s.ReadKeys(ctx)
	if !read.Has("https://new.example/") {
		t.Error("MarkRead did not take in the session")
	}
	after, err := os.ReadFile(path)
	must(t, err)
	if string(after) != string(before) {
		t.Error("the read-only file was changed")
	}
}

// TestUncreatableDirectory asks for a state file under a regular file:
// no directory can be made there.
func TestUncreatableDirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "home")
	must(t, os.WriteFile(file, []byte("not a directory"), 0o600))
	path := filepath.Join(file, "tidings", "state.db")
	s, err := Open(path)
	must(t, err)
	defer s.Close()
	if !errors.Is(s.Notice(), ErrUnwritable) {
		t.Fatalf("notice %v, want ErrUnwritable", s.Notice())
	}
	if msg := s.Notice().Error(); !strings.Contains(msg, path) || !strings.Contains(msg, "until tidings quits") {
		t.Errorf("notice %q should name the file and say state lasts the session", msg)
	}
	ctx := context.Background()
	must(t, s.Save(ctx, fullArticle(), t0))
	saved, err := s.Saved(ctx)
	must(t, err)
	if len(saved) != 1 {
		t.Fatalf("session store holds %d saved articles, want 1", len(saved))
	}
}

// TestWriteErrorsNameTheFile checks the wrapping of a failing write.
func TestWriteErrorsNameTheFile(t *testing.T) {
	s, path := openTemp(t)
	err := s.wrap("save article", &fakeSQLiteError{code: 13}) // SQLITE_FULL
	var e *Error
	if !errors.Is(err, ErrUnwritable) || !errors.As(err, &e) || e.Path != path || !strings.Contains(err.Error(), path) {
		t.Fatalf("%v: want ErrUnwritable naming %s", err, path)
	}
	if err := s.wrap("add watch", fmt.Errorf("%w: x", ErrDuplicateName)); errors.As(err, &e) {
		t.Fatalf("a caller's mistake was wrapped as a file error: %v", err)
	}
}

type fakeSQLiteError struct{ code int }

func (e *fakeSQLiteError) Error() string { return "database or disk is full" }
func (e *fakeSQLiteError) Code() int     { return e.code }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
