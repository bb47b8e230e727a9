package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

const appOrigin = "https://app.example.com"

func preflightReq(h http.Handler, path, origin string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodOptions, path, nil)
	req.Header.Set("Origin", origin)
	req.Header.Set("Access-Control-Request-Method", "GET")
	req.Header.Set("Access-Control-Request-Headers", "authorization")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestCORSPreflightAllowed(t *testing.T) {
	// A rate limit of 1 with the key spent: preflights need neither key
	// nor allowance.
	h := newTestHandler(t, Config{CORSOrigins: []string{appOrigin, "http://localhost:3000"}, RateLimit: 1})
	get(t, h, "/v2/sources")
	for _, path := range []string{"/v2/articles", "/v2/everything"} {
		for range 3 {
			r := preflightReq(h, path, appOrigin)
			hd := r.Header()
			if r.Code != http.StatusNoContent || r.Body.Len() != 0 {
				t.Fatalf("%s: preflight %d with %q", path, r.Code, r.Body.String())
			}
			want := map[string]string{
				"Access-Control-Allow-Origin":  appOrigin,
				"Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
				"Access-Control-Allow-Headers": "Authorization, X-Api-Key, If-None-Match",
				"Access-Control-Max-Age":       "600",
			}
			for name, v := range want {
				if hd.Get(name) != v {
					t.Errorf("%s: %s %q, want %q", path, name, hd.Get(name), v)
				}
			}
			if !strings.Contains(strings.Join(hd.Values("Vary"), ","), "Origin") {
				t.Errorf("%s: Vary %q lacks Origin", path, hd.Values("Vary"))
			}
		}
	}
	if r := preflightReq(h, "/v2/sources", "http://localhost:3000"); r.Code != 204 ||
		r.Header().Get("Access-Control-Allow-Origin") != "http://localhost:3000" {
		t.Fatalf("second origin: %d %q", r.Code, r.Header().Get("Access-Control-Allow-Origin"))
	}
}

func TestCORSPreflightRefused(t *testing.T) {
	for name, origins := range map[string][]string{"other origins": {appOrigin}, "no origins": nil} {
		h := newTestHandler(t, Config{CORSOrigins: origins})
		for path, codeField := range map[string]string{"/v2/articles": "CORS_NOT_ALLOWED", "/v2/everything": "corsNotAllowed"} {
			r := preflightReq(h, path, "https://evil.example")
			for hname := range r.Header() {
				if strings.HasPrefix(hname, "Access-Control-") {
					t.Errorf("%s %s: refused preflight carries %s", name, path, hname)
				}
			}
			var body map[string]any
			if err := json.Unmarshal(r.Body.Bytes(), &body); err != nil || r.Code != http.StatusForbidden ||
				body["code"] != codeField || !strings.Contains(body["message"].(string), "not allowed") {
				t.Fatalf("%s %s: %d %s", name, path, r.Code, r.Body.String())
			}
		}
	}
	// An OPTIONS that is no preflight is an ordinary request: 405.
	h := newTestHandler(t, Config{CORSOrigins: []string{appOrigin}})
	wantError(t, do(t, h, "OPTIONS", "/v2/articles?q=x"), 405, CodeMethodNotAllowed, "OPTIONS")
}

func TestCORSHeadersOnActualRequests(t *testing.T) {
	h := newTestHandler(t, Config{CORSOrigins: []string{appOrigin}})
	req := func(origin, auth string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/v2/sources", nil)
		r.Header.Set("Origin", origin)
		if auth != "" {
			r.Header.Set("Authorization", auth)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	ok := req(appOrigin, "Bearer "+testKey)
	if ok.Code != 200 || ok.Header().Get("Access-Control-Allow-Origin") != appOrigin ||
		!strings.Contains(ok.Header().Get("Access-Control-Expose-Headers"), "ETag") ||
		!strings.Contains(ok.Header().Get("Access-Control-Expose-Headers"), "RateLimit-Remaining") {
		t.Fatalf("allowed origin: %d %v", ok.Code, ok.Header())
	}
	// A page may read why it was refused.
	if r := req(appOrigin, ""); r.Code != 401 || r.Header().Get("Access-Control-Allow-Origin") != appOrigin {
		t.Fatalf("401 for an allowed origin: %d, Allow-Origin %q", r.Code, r.Header().Get("Access-Control-Allow-Origin"))
	}
	other := req("https://evil.example", "Bearer "+testKey)
	if other.Header().Get("Access-Control-Allow-Origin") != "" || !strings.Contains(other.Header().Get("Vary"), "Origin") {
		t.Fatalf("other origin: Allow-Origin %q, Vary %q", other.Header().Get("Access-Control-Allow-Origin"), other.Header().Get("Vary"))
	}
	// With no origin configured nothing changes for anyone.
	plain := newTestHandler(t, Config{})
	r := httptest.NewRequest("GET", "/v2/sources", nil)
	r.Header.Set("Origin", appOrigin)
	r.Header.Set("Authorization", "Bearer "+testKey)
	rec := httptest.NewRecorder()
	plain.ServeHTTP(rec, r)
	if rec.Header().Get("Access-Control-Allow-Origin") != "" || strings.Contains(rec.Header().Get("Vary"), "Origin") {
		t.Fatalf("no CORS configured, yet: %v", rec.Header())
	}
}

func TestCORSAnyOrigin(t *testing.T) {
	h := newTestHandler(t, Config{CORSOrigins: []string{"*"}})
	if r := preflightReq(h, "/v2/sources", "https://anyone.example"); r.Code != 204 || r.Header().Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("*: %d %q", r.Code, r.Header().Get("Access-Control-Allow-Origin"))
	}
}

func TestCORSOriginsAreChecked(t *testing.T) {
	for _, bad := range []string{"app.example.com", "https://app.example.com/", "ftp://x.example", "https://u:p@x.example",
		"https://x.example/path", "https://", "https://x.example?q"} {
		_, err := New(fixtureStore(t), Config{APIKeys: []string{testKey}, CORSOrigins: []string{bad}})
		if err == nil || !strings.Contains(err.Error(), "CORS origin") {
			t.Errorf("origin %q: %v, want an error naming the origin", bad, err)
		}
	}
	if _, err := New(fixtureStore(t), Config{APIKeys: []string{testKey}, CORSOrigins: []string{"HTTPS://App.Example.com:8443"}}); err != nil {
		t.Errorf("an upper-case origin with a port: %v", err)
	}
}
