package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
)

// syncBuffer is a bytes.Buffer the service's goroutines may write to
// while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs serve with f until the test ends and returns its base URL.
func startServe(t *testing.T, f serveFlags) string {
	t.Helper()
	addr := make(chan string, 1)
	f.listen = "127.0.0.1:0"
	f.onListen = func(_ string, a net.Addr) { addr <- a.String() }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, f) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve ended with %v", err)
		}
	})
	select {
	case a := <-addr:
		return "http://" + a
	case err := <-done:
		t.Fatalf("serve stopped: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not listen")
	}
	return ""
}

func get(t *testing.T, url string, header http.Header) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestServeJSONLogHasALinePerRequestAndNeverTheKey(t *testing.T) {
	const key = "s3cret-key-do-not-log"
	var log syncBuffer
	base := startServe(t, serveFlags{apiKeys: []string{key}, rateLimit: 100,
		log: serveLogFlags{format: "json", level: "info", out: &log}})
	get(t, base+"/v2/sources", http.Header{"Authorization": {"Bearer " + key}})
	get(t, base+"/v2/latest-headlines?apiKey="+key, nil)
	get(t, base+"/v2/apiKey="+key+"/sources", http.Header{"X-Api-Key": {key}})
	get(t, base+"/v2/sources", http.Header{"Authorization": {"Bearer " + key + "-wrong"}})

	deadline := time.Now().Add(5 * time.Second)
	for strings.Count(log.String(), `"msg":"request"`) < 4 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	out := log.String()
	if strings.Contains(out, key) {
		t.Fatalf("the key is in the log:\n%s", out)
	}
	requests := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var entry map[string]any
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		if entry["msg"] == "request" {
			requests++
			if entry["path"] == nil || entry["status"] == nil {
				t.Errorf("request line without path or status: %s", line)
			}
		}
	}
	if requests != 4 {
		t.Fatalf("%d request lines for 4 requests:\n%s", requests, out)
	}
}

func TestServeLogLevelAndFormatAreChecked(t *testing.T) {
	cases := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, []string{"serve", "--api-key", "k", "--log-format", "xml"}, `invalid --log-format "xml": use text or json`},
		{nil, []string{"serve", "--api-key", "k", "--log-level", "loud"}, `invalid --log-level "loud": use debug, info, warn or error`},
		{map[string]string{"TIDINGS_LOG_FORMAT": "yaml"}, []string{"serve", "--api-key", "k"}, `invalid TIDINGS_LOG_FORMAT (--log-format) "yaml"`},
	}
	for _, c := range cases {
		_, err := run(t, envOf(c.env), c.args...)
		if statusOf(err) != 2 || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v (status %d), want a usage error %q", c.args, err, statusOf(err), c.want)
		}
	}
}

func TestServeLogLevelWarnLeavesOutRequests(t *testing.T) {
	var log syncBuffer
	base := startServe(t, serveFlags{apiKeys: []string{"k"}, log: serveLogFlags{format: "text", level: "warn", out: &log}})
	get(t, base+"/v2/sources", http.Header{"Authorization": {"Bearer k"}})
	get(t, base+"/v2/sources", http.Header{"Authorization": {"Bearer k"}}) // the first line would be written by now
	if strings.Contains(log.String(), "msg=request") {
		t.Fatalf("request lines at --log-level warn:\n%s", log.String())
	}
}

func TestServeMetricsHaveBuildInfoAndFeedsByState(t *testing.T) {
	db := filepath.Join(t.TempDir(), "news.db")
	base := startServe(t, serveFlags{apiKeys: []string{"k"}, db: db, polling: refreshFlags{interval: "0"},
		log: serveLogFlags{out: io.Discard}})
	_, body := get(t, base+"/metrics", nil)
	for _, want := range []string{`tidings_build_info{goversion="go`, `tidings_feeds{state="ok"} 0`,
		`tidings_feeds{state="failing"} 0`, `tidings_feeds{state="disabled"} 0`} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func TestServeMetricsCountAFailingFeed(t *testing.T) {
	srv, db := feedsEnv(t)
	srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", "/feed.xml"), "--db", db); err != nil {
		t.Fatal(err)
	}
	srv.Set("/feed.xml", feedserver.Response{Status: 500})
	_, _, _ = runOut(t, "feeds", "refresh", "--all", "--db", db) // fails: every feed failed
	base := startServe(t, serveFlags{apiKeys: []string{"k"}, db: db, polling: refreshFlags{interval: "0"},
		log: serveLogFlags{out: io.Discard}})
	_, body := get(t, base+"/metrics", nil)
	for _, want := range []string{`tidings_feeds{state="ok"} 0`, `tidings_feeds{state="failing"} 1`} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
