package greader

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// The keys of the tests.
const (
	keyAlice = "alice-key-0123456789"
	keyBob   = "bob-key-9876543210"
)

// base is the publication time of the fixture's newest article.
var base = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// fixture is a catalogue of three sources in two categories; article i
// (id 1000+i) is an hour older than article i-1 and round-robins over
// the sources.
func fixture(articles int) *fakeStore {
	sources := []model.Source{
		{ID: "ars", Name: "Ars", URL: "https://ars.example/", Category: "technology"},
		{ID: "bbc", Name: "BBC", URL: "https://bbc.example/", Category: "general"},
		{ID: "verge", Name: "The Verge", URL: "https://verge.example/", Category: "technology"},
	}
	var as []model.Article
	for i := range articles {
		src := sources[i%len(sources)]
		as = append(as, model.Article{ID: strconv.Itoa(1000 + i), Source: model.SourceRef{ID: src.ID, Name: src.Name},
			Title: fmt.Sprintf("Story %d", i), URL: fmt.Sprintf("https://%s.example/%d", src.ID, i),
			Description: "Summary " + strconv.Itoa(i), Content: "<p>Body " + strconv.Itoa(i) + "</p>",
			PublishedAt: base.Add(-time.Duration(i) * time.Hour)})
	}
	return newFakeStore(sources, as)
}

// newTestHandler serves st with a gate holding alice's and bob's keys.
func newTestHandler(t testing.TB, st Store, opts ...func(*Config)) (*Handler, *fakeGate) {
	t.Helper()
	gate := newFakeGate(keyAlice, keyBob)
	cfg := Config{Store: st, Gate: gate, Now: func() time.Time { return base.Add(time.Hour) }}
	for _, o := range opts {
		o(&cfg)
	}
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return h, gate
}

// client is a Google Reader client of a handler, logged in with a key.
type client struct {
	t     testing.TB
	h     http.Handler
	token string
	edit  string
}

// login logs in with key and asks for the edit token, as clients do.
func login(t testing.TB, h http.Handler, key string) *client {
	t.Helper()
	c := &client{t: t, h: h}
	rec := c.do(http.MethodPost, "/accounts/ClientLogin", url.Values{"Email": {"me"}, "Passwd": {key}}, false)
	if rec.Code != http.StatusOK {
		t.Fatalf("ClientLogin: %d %s", rec.Code, rec.Body)
	}
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "Auth="); ok {
			c.token = v
		}
	}
	if c.token == "" {
		t.Fatalf("ClientLogin answered no Auth line: %q", rec.Body)
	}
	c.edit = c.mustOK(c.get("token", nil)).Body.String()
	return c
}

// do sends a request below Prefix; POST values go in a form body.
func (c *client) do(method, path string, v url.Values, auth bool) *httptest.ResponseRecorder {
	c.t.Helper()
	target := Prefix + path
	var req *http.Request
	if method == http.MethodPost {
		req = httptest.NewRequest(method, target, strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		if len(v) > 0 {
			target += "?" + v.Encode()
		}
		req = httptest.NewRequest(method, target, nil)
	}
	if auth {
		req.Header.Set("Authorization", "GoogleLogin auth="+c.token)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	return rec
}

func (c *client) get(call string, v url.Values) *httptest.ResponseRecorder {
	c.t.Helper()
	if v == nil {
		v = url.Values{}
	}
	v.Set("output", "json")
	return c.do(http.MethodGet, apiPrefix+call, v, true)
}

func (c *client) post(call string, v url.Values) *httptest.ResponseRecorder {
	c.t.Helper()
	if v.Get("T") == "" {
		v.Set("T", c.edit)
	}
	return c.do(http.MethodPost, apiPrefix+call, v, true)
}

func (c *client) mustOK(rec *httptest.ResponseRecorder) *httptest.ResponseRecorder {
	c.t.Helper()
	if rec.Code != http.StatusOK {
		c.t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	return rec
}

// decode reads an OK JSON answer into v.
func (c *client) decode(rec *httptest.ResponseRecorder, v any) {
	c.t.Helper()
	c.mustOK(rec)
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		c.t.Fatalf("answer is not JSON: %v: %s", err, rec.Body)
	}
}

// ids lists a stream's item ids, following continuations, n a page.
func (c *client) ids(v url.Values, n int) []string {
	c.t.Helper()
	var all []string
	cont := ""
	for page := 0; ; page++ {
		q := url.Values{}
		for k, vs := range v {
			q[k] = append([]string(nil), vs...)
		}
		q.Set("n", strconv.Itoa(n))
		if cont != "" {
			q.Set("c", cont)
		}
		var out itemRefsJSON
		c.decode(c.get("stream/items/ids", q), &out)
		for _, r := range out.ItemRefs {
			all = append(all, r.ID)
		}
		if out.Continuation == "" {
			return all
		}
		if page > 100_000 {
			c.t.Fatal("the continuation never ends")
		}
		cont = out.Continuation
	}
}

// contents asks for items by id (a form POST) and returns them.
func (c *client) contents(ids ...string) []itemJSON {
	c.t.Helper()
	var out struct{ Items []itemJSON }
	c.decode(c.post("stream/items/contents", url.Values{"i": ids}), &out)
	return out.Items
}

// has reports whether an item carries a category (a state or label).
func has(it itemJSON, category string) bool {
	for _, c := range it.Categories {
		if c == category {
			return true
		}
	}
	return false
}

var _ store.Marks = (*fakeStore)(nil)
var _ = context.Background

func newRequest(method, target, body string) *http.Request {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	return r
}

func serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}
