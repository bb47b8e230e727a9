//go:build unix

package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
	"tidings/server/store/sqlite"
)

// The kill -9 tests run the real binary, built once per test run, and kill
// it at a point the test waits for (a request reaching the feed server
// that the server holds unanswered), so the kill lands where it is meant
// to without any hook in the program.

// goEnv is the go command's caches as the user has them, read before
// TestMain points HOME and the XDG directories at a temporary folder:
// building with empty caches would take minutes.
var goEnv = func() []string {
	env := os.Environ()
	home, _ := os.UserHomeDir()
	cache, _ := os.UserCacheDir()
	if os.Getenv("GOCACHE") == "" && cache != "" {
		env = append(env, "GOCACHE="+filepath.Join(cache, "go-build"))
	}
	if os.Getenv("GOPATH") == "" && os.Getenv("GOMODCACHE") == "" && home != "" {
		env = append(env, "GOMODCACHE="+filepath.Join(home, "go", "pkg", "mod"))
	}
	return env
}()

var (
	binaryOnce sync.Once
	binaryPath string
	binaryErr  error
)

// tidingsBinary builds the program into a temporary directory.
func tidingsBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary: not with -short")
	}
	binaryOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tidings-crash-")
		if err != nil {
			binaryErr = err
			return
		}
		binaryPath = filepath.Join(dir, "tidings")
		build := exec.Command("go", "build", "-o", binaryPath, "..")
		build.Env = goEnv
		out, err := build.CombinedOutput()
		if err != nil {
			binaryErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binaryErr != nil {
		t.Fatal(binaryErr)
	}
	return binaryPath
}

// startKilled starts the binary with args and returns a function that
// kills it with SIGKILL once the server has seen a request for path.
func startKilled(t *testing.T, srv *feedserver.Server, path string, args ...string) {
	t.Helper()
	before := len(srv.Requests(path))
	cmd := exec.Command(tidingsBinary(t), args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for len(srv.Requests(path)) == before {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("tidings %v never asked for %s:\n%s", args, path, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("tidings %v was not killed mid-way (%v):\n%s", args, err, out.String())
	}
}

// crashFeed is an RSS feed of n dated items whose links are pages of srv.
func crashFeed(srv *feedserver.Server, n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0"?><rss version="2.0"><channel><title>Crash</title><link>` + srv.URL("", "/") + `</link>`)
	base := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	for i := range n {
		fmt.Fprintf(&b, "<item><title>Item %d</title><link>%s</link><guid>g%d</guid><pubDate>%s</pubDate><description>Summary %d.</description></item>",
			i, srv.URL("", fmt.Sprintf("/page/%d", i)), i, base.Add(time.Duration(i)*time.Minute).Format(time.RFC1123Z), i)
	}
	b.WriteString(`</channel></rss>`)
	return b.Bytes()
}

func crashPage(i int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!doctype html><html><head><title>Item %d</title></head><body><article><h1>Item %d</h1>", i, i)
	for p := range 6 {
		fmt.Fprintf(&b, "<p>Paragraph %d of item %d tells the whole story at some length, so that the page reads as an article and not as a stub.</p>", p, i)
	}
	b.WriteString("</article></body></html>")
	return b.Bytes()
}

// servePages answers every page of the feed, or leaves them all hanging.
func servePages(srv *feedserver.Server, n int, hang bool) {
	for i := range n {
		if hang {
			srv.Set(fmt.Sprintf("/page/%d", i), feedserver.Response{Hang: true})
		} else {
			srv.Set(fmt.Sprintf("/page/%d", i), feedserver.Response{Body: crashPage(i)})
		}
	}
}

// storedArticles counts the feed articles in the catalogue at db.
func storedArticles(t *testing.T, db string) int {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	list, err := st.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range list {
		n += f.Articles
	}
	return n
}

// kill -9 of `feeds add` after the subscription is stored and before its
// articles are (here, while it reads a full-text feed's pages) loses
// nothing: the next refresh fetches the feed whole. It used to store the
// feed's ETag first, so the refresh got 304 and nothing ever arrived.
func TestKillDuringFeedsAddLosesNothing(t *testing.T) {
	srv, db := feedsEnv(t)
	const n = 5
	srv.Set("/feed.xml", feedserver.Response{Body: crashFeed(srv, n)})
	feedURL := srv.URL("", "/feed.xml")
	servePages(srv, n, true)
	startKilled(t, srv, fmt.Sprintf("/page/%d", n-1), "feeds", "add", feedURL, "--full-text", "--db", db)
	servePages(srv, n, false)
	if out, errOut, err := runOut(t, "feeds", "refresh", "--db", db); err != nil {
		t.Fatalf("refresh after the crash: %v\n%s%s", err, out, errOut)
	}
	if got := storedArticles(t, db); got != n {
		t.Fatalf("after kill -9 mid-add and a refresh, %d of the feed's %d articles are stored", got, n)
	}
}

// kill -9 while `feeds add` fetches the feed stores nothing: adding again
// works and stores every article.
func TestKillDuringFeedsAddFetchLosesNothing(t *testing.T) {
	srv, db := feedsEnv(t)
	const n = 5
	srv.Set("/feed.xml", feedserver.Response{Hang: true})
	feedURL := srv.URL("", "/feed.xml")
	startKilled(t, srv, "/feed.xml", "feeds", "add", feedURL, "--db", db)
	srv.Set("/feed.xml", feedserver.Response{Body: crashFeed(srv, n)})
	if out, errOut, err := runOut(t, "feeds", "add", feedURL, "--db", db); err != nil {
		t.Fatalf("add again after the crash: %v\n%s%s", err, out, errOut)
	}
	if got := storedArticles(t, db); got != n {
		t.Fatalf("%d of the feed's %d articles are stored", got, n)
	}
}

// kill -9 in the middle of a pass (reading the new items' pages) loses
// nothing: the feed's validators were not saved, so the next pass fetches
// the new items again.
func TestKillDuringRefreshLosesNothing(t *testing.T) {
	srv, db := feedsEnv(t)
	srv.Set("/feed.xml", feedserver.Response{Body: crashFeed(srv, 3)})
	servePages(srv, 3, false)
	feedURL := srv.URL("", "/feed.xml")
	if out, errOut, err := runOut(t, "feeds", "add", feedURL, "--full-text", "--db", db); err != nil {
		t.Fatalf("add: %v\n%s%s", err, out, errOut)
	}
	const n = 8
	srv.Set("/feed.xml", feedserver.Response{Body: crashFeed(srv, n)})
	servePages(srv, n, true)
	startKilled(t, srv, "/page/7", "feeds", "refresh", "--all", "--db", db)
	servePages(srv, n, false)
	if out, errOut, err := runOut(t, "feeds", "refresh", "--all", "--db", db); err != nil {
		t.Fatalf("refresh after the crash: %v\n%s%s", err, out, errOut)
	}
	if got := storedArticles(t, db); got != n {
		t.Fatalf("after kill -9 mid-pass and a refresh, %d of the feed's %d articles are stored", got, n)
	}
}
