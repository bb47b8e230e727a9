package server

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func fetchSources(t *testing.T, base string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/sources", nil)
	req.Header.Set("Authorization", "Bearer "+testKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct{ TotalResults int }
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != 200 {
		t.Fatalf("status %d: %v", resp.StatusCode, err)
	}
	return body.TotalResults
}

func TestRunServesAndStopsOnCancel(t *testing.T) {
	h := newTestHandler(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, RunOptions{Addr: "127.0.0.1:0", Handler: h, OnListen: func(a net.Addr) { addr <- a }})
	}()
	base := "http://" + (<-addr).String() + "/v2"
	if n := fetchSources(t, base); n != 4 {
		t.Fatalf("total %d", n)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop")
	}
	if _, err := http.Get(base + "/sources"); err == nil {
		t.Fatal("server still answering after shutdown")
	}
}

func TestRunReportsListenError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	err = Run(context.Background(), RunOptions{Addr: ln.Addr().String(), Handler: http.NotFoundHandler()})
	if err == nil || !strings.Contains(err.Error(), "listen") {
		t.Fatalf("want a listen error, got %v", err)
	}
}

func TestStartGivesLoopbackBaseURLAndStops(t *testing.T) {
	h := newTestHandler(t, Config{})
	base, stop, err := Start(context.Background(), "", h)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(base, "http://127.0.0.1:") || !strings.HasSuffix(base, "/v2") {
		t.Fatalf("base URL %q", base)
	}
	if n := fetchSources(t, base); n != 4 {
		t.Fatalf("total %d", n)
	}
	if err := stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(base + "/sources"); err == nil {
		t.Fatal("still serving after stop")
	}
}

func TestStartStopsWhenContextEnds(t *testing.T) {
	h := newTestHandler(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	base, _, err := Start(ctx, "127.0.0.1:0", h)
	if err != nil {
		t.Fatal(err)
	}
	fetchSources(t, base)
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := http.Get(base + "/sources"); err != nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("still serving after the context ended")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestHTTPServerLimits(t *testing.T) {
	srv := NewHTTPServer(http.NotFoundHandler(), nil)
	if srv.ReadHeaderTimeout == 0 || srv.ReadTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 ||
		srv.MaxHeaderBytes != MaxHeaderBytes {
		t.Fatalf("unbounded server: %+v", srv)
	}
}
