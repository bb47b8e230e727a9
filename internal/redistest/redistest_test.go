package redistest

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// send runs one inline Redis command on the socket and returns its reply,
// flattened: "+OK", "nil", "port 0", "save ".
func send(t *testing.T, socket, cmd string) string {
	t.Helper()
	c, err := net.DialTimeout("unix", socket, time.Second)
	if err != nil {
		t.Fatalf("dial %s: %v", socket, err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(2 * time.Second))
	fmt.Fprintf(c, "%s\r\n", cmd)
	reply, err := readReply(bufio.NewReader(c))
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return reply
}

// readReply reads one RESP2 reply.
func readReply(r *bufio.Reader) (string, error) {
	line, err := r.ReadString('\n')
	if err != nil {
		return "", err
	}
	line = strings.TrimSuffix(line, "\r\n")
	if line == "" {
		return "", fmt.Errorf("empty reply line")
	}
	switch line[0] {
	case '$':
		n, err := strconv.Atoi(line[1:])
		if err != nil || n < 0 {
			return "nil", err
		}
		b := make([]byte, n+2)
		_, err = io.ReadFull(r, b)
		return string(b[:n]), err
	case '*':
		n, err := strconv.Atoi(line[1:])
		if err != nil {
			return "", err
		}
		parts := make([]string, n)
		for i := range parts {
			if parts[i], err = readReply(r); err != nil {
				return "", err
			}
		}
		return strings.Join(parts, " "), nil
	}
	return line, nil
}

func TestStartStopStartOnTheSameSocket(t *testing.T) {
	srv := Start(t)
	if srv.URL() != "unix://"+srv.Socket() {
		t.Fatalf("URL %q for socket %q", srv.URL(), srv.Socket())
	}
	if got := send(t, srv.Socket(), "SET k v"); got != "+OK" {
		t.Fatalf("SET: %q", got)
	}
	if got := send(t, srv.Socket(), "CONFIG GET port"); !strings.Contains(got, "port 0") {
		t.Fatalf("the server must not listen on TCP: %q", got)
	}
	if got := send(t, srv.Socket(), "CONFIG GET save"); got != "save " {
		t.Fatalf("the server must not persist: %q", got)
	}

	srv.Stop()
	if err := ping(srv.Socket()); err == nil {
		t.Fatal("a stopped server still answers")
	}
	srv.Stop() // twice is harmless

	srv.Start()
	if got := send(t, srv.Socket(), "GET k"); got != "nil" {
		t.Fatalf("a restarted server starts empty: GET k = %q", got)
	}
}

func TestSocketDirFitsSunPath(t *testing.T) {
	t.Run(strings.Repeat("a-very-long-subtest-name-", 6), func(t *testing.T) {
		dir := socketDir(t)
		if n := len(dir + "/redis.sock"); n > maxSocketPath {
			t.Fatalf("socket path of %d bytes does not fit sun_path: %s", n, dir)
		}
		if _, err := os.Stat(dir); err != nil {
			t.Fatal(err)
		}
	})
}

// recorder is a testing.TB that records Fatalf and Skip instead of
// ending the test.
type recorder struct {
	testing.TB
	fatal, skipped string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }
func (r *recorder) Skip(args ...any)                  { r.skipped = fmt.Sprint(args...) }

func TestMissingServerSkipsLocallyAndFailsInCI(t *testing.T) {
	old := debianPath
	debianPath = "/nonexistent/redis-server"
	t.Cleanup(func() { debianPath = old })
	t.Setenv("PATH", t.TempDir())

	_, err := find()
	if err == nil {
		t.Fatal("found a redis-server on an empty PATH")
	}

	var told []string
	loud := func(msg string) { told = append(told, msg) }

	t.Setenv("CI", "")
	local := &recorder{TB: t}
	skipOrFail(local, err, loud)
	if local.fatal != "" || !strings.Contains(local.skipped, "apt-get install redis-server") {
		t.Fatalf("locally: fatal %q, skip %q; want a skip naming the package", local.fatal, local.skipped)
	}
	if len(told) != 1 || told[0] != local.skipped {
		t.Fatalf("a skip must be loud (printed without -v): %q", told)
	}

	t.Setenv("CI", "true")
	ci := &recorder{TB: t}
	skipOrFail(ci, err, loud)
	if ci.skipped != "" || !strings.Contains(ci.fatal, "CI=true") || !strings.Contains(ci.fatal, "redis-server") {
		t.Fatalf("in CI: fatal %q, skip %q; want a failure", ci.fatal, ci.skipped)
	}
}
