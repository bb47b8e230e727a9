package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHealthURL(t *testing.T) {
	cases := map[string]string{
		"":               "http://127.0.0.1:8080/healthz",
		"0.0.0.0:8080":   "http://127.0.0.1:8080/healthz",
		":9000":          "http://127.0.0.1:9000/healthz",
		"[::]:8080":      "http://127.0.0.1:8080/healthz",
		"127.0.0.1:8081": "http://127.0.0.1:8081/healthz",
		"[::1]:8080":     "http://[::1]:8080/healthz",
		"tidings:8080":   "http://localhost:8080/healthz",
	}
	for listen, want := range cases {
		if got, err := healthURL(listen); err != nil || got != want {
			t.Errorf("healthURL(%q) = %q, %v; want %q", listen, got, err, want)
		}
	}
	if _, err := healthURL("8080"); err == nil || !strings.Contains(err.Error(), "TIDINGS_LISTEN") {
		t.Errorf("a listen address without a port: %v, want an error naming TIDINGS_LISTEN", err)
	}
}

func TestProbe(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())

	if err := probe("0.0.0.0:" + port); err != nil {
		t.Errorf("a healthy service: %v", err)
	}
	status = http.StatusServiceUnavailable
	if err := probe("0.0.0.0:" + port); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("an unhealthy service: %v, want an error naming 503", err)
	}
	srv.Close()
	if err := probe("127.0.0.1:" + port); err == nil {
		t.Error("no service: the probe passed")
	}
}
