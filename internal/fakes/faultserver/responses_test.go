package faultserver

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// answerCase is a fault whose whole answer can be fetched and inspected.
type answerCase struct {
	name  string
	fault Fault
	path  string
	check func(t *testing.T, r reply)
}

// answerCases cover the kinds that send a complete HTTP answer; wire-level
// kinds (reset, truncation, drip, hang, oversize, latency, redirects) have
// their own tests in wire_test.go.
var answerCases = []answerCase{
	{"server error default 500", Fault{Kind: ServerError}, "/articles", func(t *testing.T, r reply) {
		wantErrorB(t, r, 500, "INTERNAL_SERVER_ERROR")
	}},
	{"server error 503", Fault{Kind: ServerError, Status: 503}, "/articles", func(t *testing.T, r reply) {
		wantErrorB(t, r, 503, "SERVICE_UNAVAILABLE")
	}},
	{"server error 502", Fault{Kind: ServerError, Status: 502}, "/articles", func(t *testing.T, r reply) {
		wantErrorB(t, r, 502, "BAD_GATEWAY")
	}},
	{"bad gateway html", Fault{Kind: BadGateway}, "/articles", func(t *testing.T, r reply) {
		wantStatus(t, r, 502, "text/html")
		if !bytes.HasPrefix(r.body, []byte("<html>")) || !bytes.Contains(r.body, []byte("<h1>502 Bad Gateway</h1>")) {
			t.Errorf("body = %q, want an HTML 502 page", r.body)
		}
	}},
	{"rate limited, seconds", Fault{Kind: RateLimited, RetryAfter: RetryAfterSeconds(7)}, "/articles", func(t *testing.T, r reply) {
		wantErrorB(t, r, 429, "TOO_MANY_REQUESTS")
		if got := r.header.Get("Retry-After"); got != "7" {
			t.Errorf("Retry-After = %q, want 7", got)
		}
	}},
	{"rate limited, HTTP-date", Fault{Kind: RateLimited, RetryAfter: RetryAfterDate(time.Date(2030, 5, 6, 7, 8, 9, 0, time.UTC))}, "/sources", func(t *testing.T, r reply) {
		wantErrorB(t, r, 429, "TOO_MANY_REQUESTS")
		if got := r.header.Get("Retry-After"); got != "Mon, 06 May 2030 07:08:09 GMT" {
			t.Errorf("Retry-After = %q, want the HTTP-date", got)
		}
	}},
	{"rate limited, no header", Fault{Kind: RateLimited}, "/articles", func(t *testing.T, r reply) {
		wantErrorB(t, r, 429, "TOO_MANY_REQUESTS")
		if _, ok := r.header["Retry-After"]; ok {
			t.Errorf("Retry-After sent although none was asked for")
		}
	}},
	{"unauthorized", Fault{Kind: Unauthorized}, "/articles", func(t *testing.T, r reply) {
		wantErrorA(t, r, 401, 401, "UNAUTHORIZED")
	}},
	{"forbidden", Fault{Kind: Unauthorized, Status: 403}, "/articles", func(t *testing.T, r reply) {
		wantErrorA(t, r, 403, 403, "UNAUTHORIZED")
	}},
	{"malformed json", Fault{Kind: MalformedJSON}, "/articles", func(t *testing.T, r reply) {
		wantStatus(t, r, 200, "application/json")
		if json.Valid(r.body) || !bytes.HasSuffix(r.body, []byte(`"articles":[{"title":`)) {
			t.Errorf("body = %q, want JSON cut inside an article", r.body)
		}
	}},
	{"empty body", Fault{Kind: EmptyBody}, "/articles", func(t *testing.T, r reply) {
		wantStatus(t, r, 200, "application/json")
		if len(r.body) != 0 || r.header.Get("Content-Length") != "0" {
			t.Errorf("body = %q (Content-Length %q), want none", r.body, r.header.Get("Content-Length"))
		}
	}},
	{"wrong content type", Fault{Kind: WrongContentType}, "/articles", func(t *testing.T, r reply) {
		wantStatus(t, r, 200, "text/plain; charset=utf-8")
		if env := decode(t, r.body); env.Status != "ok" || len(env.Articles) != 20 {
			t.Errorf("envelope = %s with %d articles, want the real first page", env.Status, len(env.Articles))
		}
	}},
	{"error in ok", Fault{Kind: ErrorInOK}, "/articles", func(t *testing.T, r reply) {
		wantStatus(t, r, 200, "application/json")
		var e struct{ Status, Code, Message string }
		if err := json.Unmarshal(r.body, &e); err != nil || e.Status != "error" || e.Code == "" || e.Message == "" {
			t.Errorf("body = %q (%v), want status \"error\" with code and message", r.body, err)
		}
	}},
	{"endless total", Fault{Kind: EndlessTotal}, "/articles?page=3", func(t *testing.T, r reply) {
		env := decode(t, r.body)
		if env.TotalResults != DefaultTotal || env.Page != 3 || len(env.Articles) != catalogue-40 {
			t.Errorf("total %d page %d with %d articles, want %d, 3, %d", env.TotalResults, env.Page, len(env.Articles), DefaultTotal, catalogue-40)
		}
	}},
	{"endless total past the end", Fault{Kind: EndlessTotal, Total: 5000}, "/articles?page=9", func(t *testing.T, r reply) {
		env := decode(t, r.body)
		if env.TotalResults != 5000 || len(env.Articles) != 0 {
			t.Errorf("total %d with %d articles, want a 5000 promise and an empty page", env.TotalResults, len(env.Articles))
		}
	}},
	{"duplicate pages", Fault{Kind: DuplicatePages}, "/articles?page=2", func(t *testing.T, r reply) {
		env := decode(t, r.body)
		if env.Page != 2 || len(env.Articles) == 0 || env.Articles[0].Title != "Article 1" {
			t.Errorf("page %d starting %v, want page 2 holding page 1's articles", env.Page, titles(env.Articles))
		}
	}},
	{"duplicate pages leaves a bad page to the service", Fault{Kind: DuplicatePages}, "/articles?page=x", func(t *testing.T, r reply) {
		if env := decode(t, r.body); env.Page != 1 {
			t.Errorf("page %d, want the service's own answer", env.Page)
		}
	}},
	{"hostile articles", Fault{Kind: HostileText}, "/articles", func(t *testing.T, r reply) {
		wantStatus(t, r, 200, "application/json")
		env := decode(t, r.body)
		if len(env.Articles) != len(HostileArticles()) || !strings.Contains(env.Articles[0].Title, "\x1b[2J") {
			t.Errorf("%d articles, first title %q; want every hostile article, escapes intact", len(env.Articles), env.Articles[0].Title)
		}
	}},
	{"hostile sources", Fault{Kind: HostileText}, "/sources", func(t *testing.T, r reply) {
		env := decode(t, r.body)
		if len(env.Sources) != len(hostileStrings) || env.Articles != nil {
			t.Errorf("%d sources and %d articles, want one source per hostile string", len(env.Sources), len(env.Articles))
		}
	}},
	{"canned", Fault{Kind: Canned, Status: 418, Body: []byte("short and stout"), ContentType: "text/teapot"}, "/articles", func(t *testing.T, r reply) {
		wantStatus(t, r, 418, "text/teapot")
		if string(r.body) != "short and stout" {
			t.Errorf("body = %q", r.body)
		}
	}},
	{"canned defaults", Fault{Kind: Canned, Body: ErrorShapeA(400, "INVALID_COUNTRY_CODE", "bad country")}, "/sources", func(t *testing.T, r reply) {
		wantErrorA(t, r, 200, 400, "INVALID_COUNTRY_CODE")
	}},
}

func TestAnswers(t *testing.T) {
	for _, tc := range answerCases {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t)
			s.Inject(tc.fault)
			r := get(t, s, tc.path)
			tc.check(t, r)
			if h := s.History(); len(h) != 1 || h[0].Fault != tc.fault.Kind {
				t.Errorf("history = %+v, want one request that suffered %v", h, tc.fault.Kind)
			}
		})
	}
}

// TestEveryKindIsTested fails when a kind is added without a test here or
// in wire_test.go, so the fault list in doc.go and the tests stay whole.
func TestEveryKindIsTested(t *testing.T) {
	tested := map[Kind]bool{
		Latency: true, TruncatedBody: true, OversizedBody: true, ConnectionReset: true,
		SlowDrip: true, Hang: true, RedirectLoop: true, // wire_test.go
	}
	for _, tc := range answerCases {
		tested[tc.fault.Kind] = true
	}
	for _, k := range Kinds() {
		if !tested[k] {
			t.Errorf("%v has no test", k)
		}
		if strings.HasPrefix(k.String(), "Kind(") {
			t.Errorf("kind %d has no name", int(k))
		}
	}
	if slices.Contains(Kinds(), None) || Kind(99).String() != "Kind(99)" {
		t.Errorf("Kinds() = %v or Kind(99) = %v: None must not be a fault, unknown kinds must say so", Kinds(), Kind(99))
	}
}

func wantStatus(t *testing.T, r reply, status int, contentType string) {
	t.Helper()
	if r.status != status || r.header.Get("Content-Type") != contentType {
		t.Errorf("got %d %q, want %d %q", r.status, r.header.Get("Content-Type"), status, contentType)
	}
}

// wantErrorB checks a shape B error: {"status":N,"code":...,"message":...}.
func wantErrorB(t *testing.T, r reply, status int, code string) {
	t.Helper()
	wantStatus(t, r, status, "application/json")
	var e struct {
		Status        int
		Code, Message string
	}
	if err := json.Unmarshal(r.body, &e); err != nil || e.Status != status || e.Code != code || e.Message == "" {
		t.Errorf("body = %s (%v), want shape B %d %s with a message", r.body, err, status, code)
	}
}

// wantErrorA checks a shape A error body
// {"status":N,"errorCode":...,"errorMessage":...} under an HTTP status.
func wantErrorA(t *testing.T, r reply, httpStatus, bodyStatus int, code string) {
	t.Helper()
	wantStatus(t, r, httpStatus, "application/json")
	var e struct {
		Status       int    `json:"status"`
		ErrorCode    string `json:"errorCode"`
		ErrorMessage string `json:"errorMessage"`
	}
	if err := json.Unmarshal(r.body, &e); err != nil || e.Status != bodyStatus || e.ErrorCode != code || e.ErrorMessage == "" {
		t.Errorf("body = %s (%v), want shape A %d %s with a message", r.body, err, bodyStatus, code)
	}
}

// The spec's snake_case envelope keeps its own names, and its page count
// grows with the promise.
func TestEndlessTotalKeepsTheSnakeEnvelope(t *testing.T) {
	snake := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok","total_results":3,"total_pages":1,"page":1,"page_size":10,"articles":[]}`))
	})
	s := New(snake)
	t.Cleanup(s.Close)
	s.Inject(Fault{Kind: EndlessTotal, Total: 95})
	var env map[string]any
	if err := json.Unmarshal(get(t, s, "/articles").body, &env); err != nil {
		t.Fatal(err)
	}
	if env["total_results"] != 95.0 || env["total_pages"] != 10.0 || env["totalResults"] != nil {
		t.Errorf("envelope = %v, want total_results 95 and total_pages 10, no camelCase added", env)
	}
}
