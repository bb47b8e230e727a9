package openapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/server"
	"tidings/server/store"
)

// failingMarks is marks whose every call fails, for the 500s.
type failingMarks struct{ store.Marks }

func (failingMarks) SetRead(context.Context, store.Owner, []int64, bool) (int, error) {
	return 0, errDiskOnFire
}
func (failingMarks) MarkAllRead(context.Context, store.Owner, store.Scope, time.Time) (int, error) {
	return 0, errDiskOnFire
}
func (failingMarks) UnreadBy(context.Context, store.Owner, model.UnreadGrouping) (map[string]int, error) {
	return nil, errDiskOnFire
}
func (failingMarks) MarksOf(context.Context, store.Owner, []int64) (map[int64]store.ArticleMarks, error) {
	return nil, errDiskOnFire
}

// marksCase is one request of the marks extension; body is its JSON ("":
// a GET).
type marksCase struct {
	name, target, body, auth string
	status                   int
}

// checkMarks drives the marks extension (docs/marks.md) on a service that
// keeps marks, and validates every exchange against the document.
func (d *docValidator) checkMarks(t *testing.T) []exchange {
	st := fixtureStore(t)
	h := newService(t, st, server.Config{Marks: st})
	key := "Authorization: Bearer " + testKey
	var out []exchange
	run := func(h http.Handler, c marksCase) {
		t.Helper()
		method := http.MethodGet
		if c.body != "" {
			method = http.MethodPost
		}
		req := func() *http.Request {
			r := httptest.NewRequest(method, "http://tidings.test"+c.target, strings.NewReader(c.body))
			if c.body != "" {
				r.Header.Set("Content-Type", "application/json")
			}
			if c.auth != "" {
				name, value, _ := strings.Cut(c.auth, ":")
				r.Header.Set(strings.TrimSpace(name), strings.TrimSpace(value))
			}
			return r
		}
		e := do(h, req())
		if e.res.StatusCode != c.status {
			t.Fatalf("%s: %s %s: status %d, want %d: %.300s", c.name, method, c.target, e.res.StatusCode, c.status, e.body)
		}
		e.req = req() // a fresh body for the validator
		if c.status == http.StatusOK {
			if errs := d.requestErrors(e); len(errs) > 0 {
				t.Errorf("%s: the request breaks the document:%s", c.name, describe(errs))
			}
		}
		d.checkResponse(t, e)
		out = append(out, e)
	}
	cases := []marksCase{
		{"headlines with marks", "/v2/latest-headlines?pageSize=100", "", key, 200},
		{"unread only", "/v2/latest-headlines?unread=true", "", key, 200},
		{"starred search", "/v2/articles?q=climate&starred=true", "", key, 200},
		{"a bad unread", "/v2/articles?q=climate&unread=maybe", "", key, 400},
		{"mark read", "/v2/marks", `{"read":["1","2"],"starred":["3"]}`, key, 200},
		{"mark a non-id", "/v2/marks", `{"read":["one"]}`, key, 400},
		{"mark without a key", "/v2/marks", `{"read":["1"]}`, "", 401},
		{"read all", "/v2/marks/read-all", `{"view":"latest-headlines","query":"category=technology","before":"2026-11-20T12:00:00Z"}`, key, 200},
		{"read all of no view", "/v2/marks/read-all", `{"view":"river"}`, key, 400},
		{"read all without a key", "/v2/marks/read-all", `{"view":"articles","query":"q=x"}`, "", 401},
		{"unread counts", "/v2/marks/unread?by=source", "", key, 200},
		{"unread counts by feed", "/v2/marks/unread?by=feed", "", key, 200},
		{"unread counts by nothing", "/v2/marks/unread?by=colour", "", key, 400},
		{"unread counts without a key", "/v2/marks/unread", "", "", 401},
	}
	for _, c := range cases {
		run(h, c)
	}
	marksPaths := []marksCase{
		{"mark", "/v2/marks", `{"read":["1"]}`, key, 0},
		{"read all", "/v2/marks/read-all", `{"view":"articles","query":"q=x"}`, key, 0},
		{"counts", "/v2/marks/unread", "", key, 0},
	}
	limited := newService(t, st, server.Config{Marks: st, RateLimit: 1})
	run(limited, marksCase{"admitted", "/v2/sources", "", key, 200})
	for _, c := range marksPaths {
		c.status = http.StatusTooManyRequests
		run(limited, c)
	}
	broken := newService(t, st, server.Config{Marks: failingMarks{st}})
	for _, c := range marksPaths {
		c.status = http.StatusInternalServerError
		run(broken, c)
	}
	slow := newService(t, st, server.Config{Marks: slowMarks{st}, QueryTimeout: time.Millisecond})
	for _, c := range marksPaths {
		c.status = http.StatusServiceUnavailable
		run(slow, c)
	}
	return out
}

// slowMarks answers only after the request's deadline, for the 503s.
type slowMarks struct{ store.Marks }

func wait(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

func (slowMarks) SetRead(ctx context.Context, _ store.Owner, _ []int64, _ bool) (int, error) {
	return 0, wait(ctx)
}
func (slowMarks) MarkAllRead(ctx context.Context, _ store.Owner, _ store.Scope, _ time.Time) (int, error) {
	return 0, wait(ctx)
}
func (slowMarks) UnreadBy(ctx context.Context, _ store.Owner, _ model.UnreadGrouping) (map[string]int, error) {
	return nil, wait(ctx)
}
