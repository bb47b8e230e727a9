//go:build unix

package cli

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeEndToEnd runs `serve` as an operator would — a --db file, a
// keys file, a separate metrics listener — and checks health, readiness,
// metrics, and a SIGHUP key reload that keeps the client's connection.
func TestServeEndToEnd(t *testing.T) {
	dir := t.TempDir()
	keysFile := filepath.Join(dir, "keys")
	writeKeys(t, keysFile, "first-key\n", 0o600)
	addrs := make(chan [2]string, 2)
	f := serveFlags{listen: "127.0.0.1:0", metricsListen: "127.0.0.1:0", apiKeysFile: keysFile, rateLimit: 100,
		db: filepath.Join(dir, "news.db"), polling: refreshFlags{interval: "15m"},
		onListen: func(name string, a net.Addr) { addrs <- [2]string{name, a.String()} }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, f) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve ended with %v", err)
		}
	}()
	bound := map[string]string{}
	for range 2 {
		select {
		case a := <-addrs:
			bound[a[0]] = "http://" + a[1]
		case err := <-done:
			t.Fatalf("serve stopped: %v", err)
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not listen")
		}
	}
	api, metrics := bound["api"], bound["metrics"]
	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	call := func(url, key string) (int, string, bool) {
		t.Helper()
		reused := false
		trace := &httptrace.ClientTrace{GotConn: func(i httptrace.GotConnInfo) { reused = i.Reused }}
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", url, nil)
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), reused
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		if code, body, _ := call(api+p, ""); code != 200 || !strings.Contains(body, `"status":"ok"`) {
			t.Fatalf("%s: %d %s", p, code, body)
		}
	}
	if _, body, _ := call(api+"/readyz", ""); !strings.Contains(body, `"feeds":{"status":"ok"}`) ||
		!strings.Contains(body, `"store":{"status":"ok"}`) {
		t.Fatalf("readyz lists neither the store nor the poller: %s", body)
	}
	if code, _, _ := call(api+"/v2/sources", "first-key"); code != 200 {
		t.Fatalf("first key: %d", code)
	}
	if code, _, _ := call(api+"/metrics", ""); code != 404 {
		t.Fatalf("/metrics on the API listener with --metrics-listen: %d", code)
	}
	if code, body, _ := call(metrics+"/metrics", ""); code != 200 ||
		!strings.Contains(body, `tidings_http_requests_total{code="200",endpoint="/v2/sources"} 1`) {
		t.Fatalf("metrics listener: %d\n%s", code, body)
	}

	writeKeys(t, keysFile, "second-key\n", 0o600)
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		code, _, reused := call(api+"/v2/sources", "second-key")
		if code == 200 {
			if !reused {
				t.Error("the reload dropped the client's connection")
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the new key is still refused (%d) after SIGHUP", code)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, _, _ := call(api+"/v2/sources", "first-key"); code != 401 {
		t.Fatalf("the removed key still works: %d", code)
	}
}
