package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

type healthAnswer struct {
	Status string `json:"status"`
	Checks map[string]struct {
		Status string `json:"status"`
		Error  string `json:"error"`
	} `json:"checks"`
}

func health(t *testing.T, h http.Handler, method, path string) (int, healthAnswer, http.Header) {
	t.Helper()
	r := opsDo(t, h, method, path, "Authorization:") // no key: these need none
	var a healthAnswer
	if method != http.MethodHead {
		if err := json.Unmarshal(r.Body.Bytes(), &a); err != nil {
			t.Fatalf("%s %s: not JSON: %v: %q", method, path, err, r.Body.String())
		}
	} else if r.Body.Len() != 0 {
		t.Fatalf("HEAD %s: %d body bytes", path, r.Body.Len())
	}
	if ct := r.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s %s: Content-Type %q", method, path, ct)
	}
	if cc := r.Header().Get("Cache-Control"); cc != "no-store" {
		t.Fatalf("%s %s: Cache-Control %q: a health answer is true only now", method, path, cc)
	}
	return r.Code, a, r.Header()
}

func TestHealthAndReadinessNeedNoKeyNorRateLimit(t *testing.T) {
	h := newTestHandler(t, Config{RateLimit: 1})
	for range 5 { // far past the rate limit of 1, with no key at all
		for _, p := range []string{"/healthz", "/readyz"} {
			for _, m := range []string{"GET", "HEAD"} {
				if code, a, _ := health(t, h, m, p); code != 200 || (m == "GET" && a.Status != "ok") {
					t.Fatalf("%s %s: %d %+v", m, p, code, a)
				}
			}
		}
	}
	code, a, _ := health(t, h, "GET", "/readyz")
	if code != 200 || a.Checks["store"].Status != "ok" {
		t.Fatalf("readyz: %d %+v: want the store's check listed as ok", code, a)
	}
	r := opsDo(t, h, "POST", "/healthz")
	if r.Code != 405 || r.Header().Get("Allow") != "GET, HEAD" {
		t.Fatalf("POST /healthz: %d, Allow %q", r.Code, r.Header().Get("Allow"))
	}
}

func TestReadinessFailsWhenTheStoreIsClosed(t *testing.T) {
	st := fixtureStore(t)
	h, err := New(st, Config{APIKeys: []string{testKey}})
	if err != nil {
		t.Fatal(err)
	}
	if code, _, _ := health(t, h, "GET", "/readyz"); code != 200 {
		t.Fatalf("open store: readyz %d", code)
	}
	st.Close()
	code, a, _ := health(t, h, "GET", "/readyz")
	if code != http.StatusServiceUnavailable || a.Status != "unavailable" || a.Checks["store"].Status != "failing" ||
		a.Checks["store"].Error == "" {
		t.Fatalf("closed store: readyz %d %+v: want 503 naming the store and why", code, a)
	}
	if code, _, _ := health(t, h, "HEAD", "/readyz"); code != http.StatusServiceUnavailable {
		t.Fatalf("HEAD /readyz with a closed store: %d", code)
	}
	// The process itself is still alive: no restart is called for.
	if code, a, _ := health(t, h, "GET", "/healthz"); code != 200 || a.Status != "ok" {
		t.Fatalf("healthz with a closed store: %d %+v", code, a)
	}
}

func TestReadinessListsEachFailingDependencyWithoutSecrets(t *testing.T) {
	// The stuck check ignores its context and returns only when the test
	// ends: readyz answering at all, with it failing, proves CheckTimeout
	// cut it off (no wall-clock bound needed; a hang hits go test's
	// -timeout).
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	h := newTestHandler(t, Config{CheckTimeout: 50 * time.Millisecond, Checks: []Check{
		{Name: "redis", Check: func(context.Context) error {
			return errors.New("dial redis://default:hunter2@cache.internal:6379: connection refused")
		}},
		{Name: "feeds", Check: func(context.Context) error { return nil }},
		{Name: "stuck", Check: func(context.Context) error { <-release; return nil }},
		{Name: "pg", Check: func(context.Context) error { return errors.New("connect host=db user=news password=s3cret failed") }},
	}})
	code, a, _ := health(t, h, "GET", "/readyz")
	if code != 503 || a.Status != "unavailable" {
		t.Fatalf("readyz %d %+v", code, a)
	}
	want := map[string]string{"store": "ok", "feeds": "ok", "redis": "failing", "stuck": "failing", "pg": "failing"}
	for name, status := range want {
		if a.Checks[name].Status != status {
			t.Errorf("check %s: %+v, want %s", name, a.Checks[name], status)
		}
	}
	if !strings.Contains(a.Checks["redis"].Error, "connection refused") || !strings.Contains(a.Checks["stuck"].Error, "no answer within") {
		t.Errorf("the reasons are lost: %+v", a.Checks)
	}
	raw, _ := json.Marshal(a)
	for _, secret := range []string{"hunter2", "s3cret"} {
		if strings.Contains(string(raw), secret) {
			t.Fatalf("readyz leaks %q: %s", secret, raw)
		}
	}
}

func TestReadinessChecksAreValidated(t *testing.T) {
	ok := func(context.Context) error { return nil }
	for name, checks := range map[string][]Check{
		"duplicate": {{Name: "a", Check: ok}, {Name: "a", Check: ok}},
		"the store": {{Name: "store", Check: ok}},
		"unnamed":   {{Check: ok}},
		"no func":   {{Name: "x"}},
	} {
		if _, err := New(fixtureStore(t), Config{APIKeys: []string{testKey}, Checks: checks}); err == nil {
			t.Errorf("%s: New accepted %+v", name, checks)
		}
	}
}

func TestOpenAPIDocumentNeedsNoKey(t *testing.T) {
	h := newTestHandler(t, Config{RateLimit: 1})
	get(t, h, "/v2/sources") // the key's one request
	for range 2 {
		r := opsDo(t, h, "GET", "/v2/openapi.json", "Authorization:")
		if r.Code != 200 || !strings.Contains(r.Body.String(), `"openapi"`) {
			t.Fatalf("/v2/openapi.json without a key: %d %.80q", r.Code, r.Body.String())
		}
	}
}
