// Package redistest runs a throwaway redis-server for tests: on a unix
// socket in a temporary directory, with no TCP port, no persistence and
// no config file, so a test touches nothing outside its own directory.
// A test can stop the server and start it again on the same socket to
// see what its code does while Redis is down.
//
//	srv := redistest.Start(t) // skips (or fails when CI=true) without redis-server
//	lim, _ := redislimit.Open(srv.URL(), …)
//	srv.Stop()  // Redis gone: connections reset, the socket refuses
//	srv.Start() // back, empty
//
// When redis-server is not installed, Start skips the test with a reason
// printed to standard error even without -v; in CI (CI=true) it fails it
// instead, so a missing package cannot turn the tests green by skipping.
// It must not be used outside tests, and never starts a server that
// listens on TCP.
package redistest

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Binary is the redis-server looked up on PATH, then Debian's location.
const Binary = "redis-server"

// debianPath is where Debian's redis-server package installs the server
// (a variable so the tests can pretend it is absent).
var debianPath = "/usr/bin/redis-server"

// readyTimeout bounds the wait for a fresh server to answer PING; a
// redis-server with an empty data set starts in milliseconds, so this only
// matters on a badly overloaded machine.
const readyTimeout = 10 * time.Second

// maxSocketPath keeps the socket's path within sun_path (108 bytes on
// Linux, 104 on the BSDs).
const maxSocketPath = 100

// Server is one throwaway redis-server.
type Server struct {
	t      testing.TB
	bin    string
	dir    string
	socket string

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{} // closed when cmd has exited
}

var skipNote sync.Once

// Start starts a redis-server for t and stops it when t ends. Without
// redis-server it skips t, or fails it when the environment has CI=true.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := find()
	if err != nil {
		missing(t, err)
		return nil // not reached: missing ends the test
	}
	s := &Server{t: t, bin: bin, dir: socketDir(t)}
	s.socket = filepath.Join(s.dir, "redis.sock")
	t.Cleanup(s.Stop)
	s.Start()
	return s
}

func find() (string, error) {
	if p, err := exec.LookPath(Binary); err == nil {
		return p, nil
	}
	if _, err := os.Stat(debianPath); err == nil {
		return debianPath, nil
	}
	return "", fmt.Errorf("%s is not on PATH nor at %s", Binary, debianPath)
}

// missing skips t loudly, or fails it in CI.
func missing(t testing.TB, err error) {
	t.Helper()
	skipOrFail(t, err, func(msg string) {
		skipNote.Do(func() { fmt.Fprintf(os.Stderr, "SKIPPING Redis tests: %s\n", msg) })
	})
}

// skipOrFail fails t when CI=true, else tells loud (once per run would do:
// the reason is the same for every test) and skips t.
func skipOrFail(t testing.TB, err error, loud func(string)) {
	t.Helper()
	msg := fmt.Sprintf("redistest: %v: install Debian's redis-server package (apt-get install redis-server) to run the Redis tests", err)
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s; CI=true, so a missing server is a failure, not a skip", msg)
		return
	}
	loud(msg)
	t.Skip(msg)
}

// socketDir is t.TempDir() when a socket path in it fits in sun_path,
// else a short directory under the system's temporary directory, removed
// when t ends.
func socketDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if len(filepath.Join(dir, "redis.sock")) <= maxSocketPath {
		return dir
	}
	dir, err := os.MkdirTemp("", "redis")
	if err != nil {
		t.Fatalf("redistest: a directory for the socket: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// Socket is the path of the server's unix socket.
func (s *Server) Socket() string { return s.socket }

// URL is the server's address as a Redis URL (unix://…), as redislimit.Open takes it.
func (s *Server) URL() string { return "unix://" + s.socket }

// Start starts the server (again, after Stop) on the same socket, empty,
// and waits until it answers PING. It fails the test when it cannot.
func (s *Server) Start() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return
	}
	logPath := filepath.Join(s.dir, "redis.log")
	cmd := exec.Command(s.bin,
		"--port", "0", // no TCP listener at all
		"--unixsocket", s.socket,
		"--unixsocketperm", "700",
		"--save", "", // no RDB snapshots
		"--appendonly", "no",
		"--dir", s.dir,
		"--logfile", logPath,
		"--daemonize", "no",
	)
	setParentDeathSignal(cmd)
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("redistest: start %s: %v", s.bin, err)
	}
	s.cmd, s.done = cmd, make(chan struct{})
	go func(done chan struct{}) { _ = cmd.Wait(); close(done) }(s.done)
	if err := s.waitReady(); err != nil {
		s.killLocked()
		s.t.Fatalf("redistest: %s did not come up on %s: %v\n%s", s.bin, s.socket, err, tail(logPath))
	}
}

// waitReady polls the socket until the server answers PING, the process
// exits, or readyTimeout passes.
func (s *Server) waitReady() error {
	deadline := time.Now().Add(readyTimeout)
	for {
		err := ping(s.socket)
		if err == nil {
			return nil
		}
		select {
		case <-s.done:
			return errors.New("the server exited")
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no PONG within %v: %w", readyTimeout, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// ping sends PING in the Redis protocol and expects +PONG.
func ping(socket string) error {
	c, err := net.DialTimeout("unix", socket, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(line) != "+PONG" {
		return fmt.Errorf("PING answered %q", line)
	}
	return nil
}

// Stop kills the server at once, as a crash or a lost host would: open
// connections are reset and new ones are refused until Start. Its data
// is gone (there is no persistence). Stopping a stopped server does
// nothing.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.killLocked()
}

func (s *Server) killLocked() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	<-s.done
	s.cmd, s.done = nil, nil
}

// tail is the end of the server's log, for a failure message.
func tail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	const n = 2000
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return "redis-server log:\n" + string(b)
}
