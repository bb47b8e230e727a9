// Package pgtest starts throwaway PostgreSQL servers for tests: initdb into
// a temp directory, the server listening only on a unix socket in that
// directory (no TCP port, so nothing outside the machine can reach it and
// parallel test binaries never collide), settings for speed over
// durability (fsync off), and a fresh database per test cloned from a
// prepared template.
//
// The binaries are Debian's (the postgresql package): the newest
// /usr/lib/postgresql/*/bin, or the directory in TIDINGS_PG_BIN, or
// initdb on PATH. When they are absent the tests that need them skip with
// a loud reason, except under CI=true, where a missing server fails the
// test: CI must test both backends.
//
// PostgreSQL refuses to run as root; as root the server runs as the
// "postgres" user the Debian package creates, else "nobody", and its
// directory is given to that user.
//
// It must not be imported by non-test code, and it never touches a
// server or data directory it did not create.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is one throwaway PostgreSQL server. Its methods are safe for
// concurrent use.
type Server struct {
	bin  string // directory of initdb and postgres
	dir  string // data directory; the socket lives here too
	cred *syscall.Credential
	opts []string // extra -c settings

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{} // closed when cmd has exited
	logf *os.File

	seq       atomic.Uint64
	templates sync.Map // name -> *template
}

const port = 5432 // only names the socket file; nothing listens on TCP

// superuser is the role initdb creates and the tests connect as.
const superuser = "tidings"

// Options tune a server.
type Options struct {
	// Settings are extra postgres -c settings ("shared_buffers=256MB").
	Settings []string
}

// binDir finds the PostgreSQL binaries, or says why there are none.
func binDir() (string, error) {
	if d := os.Getenv("TIDINGS_PG_BIN"); d != "" {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err != nil {
			return "", fmt.Errorf("TIDINGS_PG_BIN=%s has no initdb: %w", d, err)
		}
		return d, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("no PostgreSQL server binaries (initdb, postgres): install Debian's postgresql package " +
		"(apt-get install -y postgresql) or set TIDINGS_PG_BIN")
}

func versionOf(binPath string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binPath)))
	return v
}

// Available reports whether tests can start a server, and if not, why.
func Available() error {
	_, err := binDir()
	return err
}

// Require skips t (or fails it under CI=true) when no server can start.
func Require(t testing.TB) {
	t.Helper()
	if err := Available(); err != nil {
		missing(t, err)
	}
}

func missing(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("PostgreSQL tests cannot run in CI: %v", err)
	}
	t.Skipf("SKIPPING PostgreSQL tests: %v", err)
}

// Start starts a new server for t alone, stopped and removed when t ends.
// Use it when a test stops the server; otherwise share one (Shared).
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	Require(t)
	s, err := start(o)
	if err != nil {
		t.Fatalf("start PostgreSQL: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("stop PostgreSQL: %v", err)
		}
	})
	return s
}

var shared struct {
	once sync.Once
	s    *Server
	err  error
}

// Shared is the test binary's one shared server, started on first use.
// A package that uses it calls StopShared from TestMain after m.Run, so
// the server does not outlive the tests (if the binary is killed, the
// server dies with it, leaving only its temp directory).
func Shared(t testing.TB) *Server {
	t.Helper()
	Require(t)
	shared.once.Do(func() { shared.s, shared.err = start(Options{}) })
	if shared.err != nil {
		t.Fatalf("start the shared PostgreSQL: %v", shared.err)
	}
	return shared.s
}

// StopShared stops and removes the shared server, if one was started.
func StopShared() {
	if shared.s != nil {
		if err := shared.s.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: stop the shared PostgreSQL: %v\n", err)
		}
	}
}

func start(o Options) (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	cred, err := credential()
	if err != nil {
		return nil, err
	}
	// Not t.TempDir: its parents are private to root, and the server may
	// run as another user. os.MkdirTemp gives a fresh 0700 directory.
	dir, err := os.MkdirTemp("", "tidings-pg-")
	if err != nil {
		return nil, fmt.Errorf("make the data directory: %w", err)
	}
	s := &Server{bin: bin, dir: dir, cred: cred, opts: o.Settings}
	if err := s.init(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

// credential is who runs the server: nil (this process's user) unless
// this process is root, which PostgreSQL refuses.
func credential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}, nil
	}
	return nil, errors.New("running as root and neither a postgres nor a nobody user exists to run PostgreSQL as")
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TZ=UTC")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred,
		// The server dies with the test binary, even one killed by a
		// timeout, instead of outliving it.
		Pdeathsig: syscall.SIGKILL}
	return cmd
}

func (s *Server) init() error {
	if s.cred != nil {
		if err := os.Chown(s.dir, int(s.cred.Uid), int(s.cred.Gid)); err != nil {
			return fmt.Errorf("give the data directory to uid %d: %w", s.cred.Uid, err)
		}
	}
	out, err := s.command("initdb", "-D", s.data(), "-U", superuser, "--auth=trust", "--encoding=UTF8",
		"--locale=C", "--no-sync").CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb: %w: %s", err, lastLines(out, 10))
	}
	return nil
}

// Start starts the server (again, after Stop). It returns once the server
// accepts connections.
func (s *Server) Start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return errors.New("pgtest: the server is running")
	}
	args := []string{"-D", s.data(), "-k", s.dir, "-p", strconv.Itoa(port),
		"-c", "listen_addresses=", "-c", "fsync=off", "-c", "synchronous_commit=off",
		"-c", "full_page_writes=off", "-c", "max_connections=300", "-c", "shared_buffers=64MB",
		"-c", "log_min_messages=warning", "-c", "max_wal_size=1GB"}
	for _, o := range s.opts {
		args = append(args, "-c", o)
	}
	logf, err := os.OpenFile(filepath.Join(s.dir, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o666)
	if err != nil {
		return fmt.Errorf("pgtest: server log: %w", err)
	}
	cmd := s.command("postgres", args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return fmt.Errorf("pgtest: start postgres: %w", err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	s.cmd, s.done, s.logf = cmd, done, logf
	if err := s.waitReady(done); err != nil {
		s.stopLocked()
		return err
	}
	return nil
}

func (s *Server) waitReady(exited <-chan struct{}) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.DSN("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
			return fmt.Errorf("pgtest: postgres exited at start: %s", lastLines(log, 10))
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("pgtest: postgres did not accept connections within 30 s: %w", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop shuts the server down ("fast": clients are disconnected at once),
// keeping its data for Start.
func (s *Server) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopLocked()
}

func (s *Server) stopLocked() error {
	if s.cmd == nil {
		return nil
	}
	s.cmd.Process.Signal(syscall.SIGINT) // fast shutdown
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
	s.logf.Close()
	s.cmd, s.done, s.logf = nil, nil, nil
	return nil
}

// Close stops the server and removes its directory.
func (s *Server) Close() error {
	if err := s.Stop(); err != nil {
		return err
	}
	return os.RemoveAll(s.dir)
}

// DSN is the connection string for database db.
func (s *Server) DSN(db string) string {
	return fmt.Sprintf("postgres://%s@/%s?host=%s&port=%d&sslmode=disable", superuser, db, s.dir, port)
}

// Template is a database prepared once (Setup runs on it) and cloned for
// every NewDB that names it: a migrated schema, say.
type Template struct {
	Name  string // unique per Setup; letters, digits and _
	Setup func(ctx context.Context, dsn string) error
}

type template struct {
	once sync.Once
	err  error
}

// NewDB creates an empty database for t (a clone of tmpl's, when tmpl is
// not nil), dropped when t ends, and returns its DSN.
func (s *Server) NewDB(t testing.TB, tmpl *Template) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	from := "template0"
	if tmpl != nil {
		if err := s.prepare(ctx, tmpl); err != nil {
			t.Fatalf("pgtest: prepare template %s: %v", tmpl.Name, err)
		}
		from = "tmpl_" + tmpl.Name
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), s.seq.Add(1))
	if err := s.admin(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s STRATEGY FILE_COPY", name, from)); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// The server may have been stopped by the test; a dropped server
		// takes the database with it.
		_ = s.admin(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	return s.DSN(name)
}

func (s *Server) prepare(ctx context.Context, tmpl *Template) error {
	v, _ := s.templates.LoadOrStore(tmpl.Name, &template{})
	tp := v.(*template)
	tp.once.Do(func() {
		name := "tmpl_" + tmpl.Name
		if tp.err = s.admin(ctx, "CREATE DATABASE "+name+" TEMPLATE template0"); tp.err != nil {
			return
		}
		if tmpl.Setup != nil {
			tp.err = tmpl.Setup(ctx, s.DSN(name))
		}
	})
	return tp.err
}

// admin runs one statement on the maintenance database.
func (s *Server) admin(ctx context.Context, sql string) error {
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, sql)
	return err
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
