package server

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/newsapi"
	"tidings/server/store"
)

// Every path, with parameters that make it answer 200.
var everyPath = []string{
	"/v2/sources?country=de",
	"/v2/latest-headlines?country=de",
	"/v2/articles?q=climate",
	"/v2/top-headlines?country=de",
	"/v2/everything?q=climate",
	"/v2/top-headlines/sources?country=de",
}

// carriers are the four ways a request may carry a key.
var carriers = map[string]func(target, key string) (string, map[string]string){
	"Authorization: Bearer": func(target, key string) (string, map[string]string) {
		return target, map[string]string{"Authorization": "Bearer " + key}
	},
	"Authorization bare": func(target, key string) (string, map[string]string) {
		return target, map[string]string{"Authorization": key}
	},
	"X-Api-Key": func(target, key string) (string, map[string]string) {
		return target, map[string]string{"X-Api-Key": key}
	},
	"apiKey parameter": func(target, key string) (string, map[string]string) {
		return target + "&apiKey=" + url.QueryEscape(key), nil
	},
}

func TestKeyIsAcceptedInFourWaysOnEveryPath(t *testing.T) {
	// 24 wrong keys from one address by design: the wrong-key throttle is
	// off here (auththrottle_test.go tests it).
	h := newsAPIHandler(t, Config{APIKeys: []string{testKey, "second-key"}, AuthFailures: -1})
	for way, carry := range carriers {
		for _, p := range everyPath {
			for _, key := range []string{testKey, "second-key"} {
				target, hdr := carry(p, key)
				if r := send(t, h, target, hdr); r.status != http.StatusOK || r.body["status"] != "ok" {
					t.Errorf("%s on %s: %d %s", way, p, r.status, r.raw)
				}
			}
			target, hdr := carry(p, "wrong-key-9")
			r := send(t, h, target, hdr)
			if dialectOf(strings.SplitN(p, "?", 2)[0]) == newsAPIDialect {
				wantNewsAPIError(t, r, 401, newsapi.CodeAPIKeyInvalid, "invalid")
			} else {
				wantError(t, r, 401, CodeUnauthorized, "invalid API key")
			}
			if strings.Contains(r.raw, "wrong-key-9") {
				t.Errorf("%s on %s: the 401 echoes the key: %s", way, p, r.raw)
			}
		}
	}
	// Missing everywhere: the spec's UNAUTHORIZED, NewsAPI's apiKeyMissing.
	wantError(t, send(t, h, "/v2/sources", nil), 401, CodeUnauthorized, "missing")
	wantNewsAPIError(t, send(t, h, "/v2/top-headlines/sources", nil), 401, newsapi.CodeAPIKeyMissing, "missing")
}

func TestWhichKeyCountsWhenSeveralAreSent(t *testing.T) {
	h := newsAPIHandler(t, Config{})
	const p = "/v2/top-headlines/sources?country=de"
	for name, c := range map[string]struct {
		target  string
		headers map[string]string
		status  int
	}{
		"Authorization first, even when wrong":   {p, map[string]string{"Authorization": "Bearer nope", "X-Api-Key": testKey}, 401},
		"malformed Authorization is not rescued": {p + "&apiKey=" + testKey, map[string]string{"Authorization": "Basic a b"}, 401},
		"X-Api-Key before apiKey":                {p + "&apiKey=nope", map[string]string{"X-Api-Key": testKey}, 200},
		"blank Authorization is absent":          {p, map[string]string{"Authorization": " ", "X-Api-Key": testKey}, 200},
		"blank apiKey is absent":                 {p + "&apiKey=&apiKey=" + testKey, nil, 200},
		"apiKey in any case":                     {p + "&APIKEY=" + testKey, nil, 200},
		"apiKey spelled exactly wins":            {p + "&apikey=nope&apiKey=" + testKey, nil, 200},
		"repeated apiKey: the first counts":      {p + "&apiKey=nope&apiKey=" + testKey, nil, 401},
	} {
		if r := send(t, h, c.target, c.headers); r.status != c.status {
			t.Errorf("%s: status %d, want %d: %s", name, r.status, c.status, r.raw)
		}
	}
}

// A key sent in the query string never reaches a log line, a response, or
// the response cache, whatever the request's fate.
func TestQueryKeyNeverReachesLogsBodiesOrCache(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	clk := &clock{now: base}
	hd, err := newHandler(newsAPIStore(t), Config{APIKeys: []string{testKey}, Logger: logger, RateLimit: 1000, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	hd.routes["/v2/latest-headlines"] = func(_ ctxT, _ url.Values) (any, error) { panic("boom") }
	h := hd.logged(hd.recovered(http.HandlerFunc(hd.serve)))
	const wrong = "wrong-secret-key-77"
	var targets []string
	for _, p := range everyPath {
		targets = append(targets, p+"&apiKey="+testKey, p+"&apiKey="+wrong, p+"&APIKEY="+testKey)
	}
	targets = append(targets,
		"/v2/everything?q=x&pageSize=0&apiKey="+testKey,    // 400
		"/v2/top-headlines?apiKey="+testKey,                // 400 parametersMissing
		"/v2/everything?q=x&page=500&apiKey="+testKey,      // 426
		"/v2/everything?q=x;y&apiKey="+testKey,             // 400 malformed query
		"/v2/everything&apiKey="+testKey,                   // 404: the key in the path by mistake
		"/v2/nowhere/apiKey="+testKey+"/x?apiKey="+testKey, // 404
	)
	var bodies strings.Builder
	for _, target := range targets {
		r := send(t, h, target, nil)
		bodies.WriteString(r.raw)
	}
	r := do(t, h, http.MethodPost, "/v2/everything?q=x&apiKey="+testKey) // 405
	bodies.WriteString(r.raw)
	limited := newsAPIHandler(t, Config{RateLimit: 1, Now: clk.Now, Logger: logger})
	for range 2 {
		bodies.WriteString(send(t, limited, "/v2/everything?q=x&apiKey="+testKey, nil).raw) // the second is 429
	}
	slow := newsAPIHandler(t, Config{QueryTimeout: time.Nanosecond, Logger: logger})
	bodies.WriteString(send(t, slow, "/v2/everything?q=climate&apiKey="+testKey, nil).raw) // 503

	out := logs.String()
	for _, secret := range []string{testKey, wrong} {
		if strings.Contains(out, secret) {
			t.Fatalf("the log holds the key %q:\n%s", secret, out)
		}
		if strings.Contains(bodies.String(), secret) {
			t.Fatalf("a response echoes the key %q:\n%s", secret, bodies.String())
		}
	}
	for _, want := range []string{`"path":"/v2/everything"`, `"path":"/v2/everything&apiKey=REDACTED"`,
		`"status":200`, `"status":401`, `"status":404`, `"status":405`, `"status":426`, `"status":429`,
		`"status":500`, `"status":503`, `"panic":"boom"`} {
		if !strings.Contains(out, want) {
			t.Fatalf("the log lacks %s:\n%s", want, out)
		}
	}
	hd.bodies.mu.Lock()
	defer hd.bodies.mu.Unlock()
	if len(hd.bodies.items) == 0 {
		t.Fatal("nothing was cached: the test proves nothing")
	}
	for k := range hd.bodies.items {
		if strings.Contains(strings.ToLower(k), "apikey") || strings.Contains(k, testKey) {
			t.Fatalf("a cache key holds the key: %q", k)
		}
	}
}

func TestRedactKeys(t *testing.T) {
	for in, want := range map[string]string{
		"/v2/everything":               "/v2/everything",
		"/v2/everything&apiKey=k1&q=x": "/v2/everything&apiKey=REDACTED&q=x",
		"/v2/x/APIKEY=k1/y?apikey=k2":  "/v2/x/APIKEY=REDACTED/y?apikey=REDACTED",
		"/v2/ü/apiKey=ä":               "/v2/ü/apiKey=REDACTED",
		"/v2/everything&apiKey=":       "/v2/everything&apiKey=REDACTED",
		"apiKey=apiKey=k":              "apiKey=REDACTED",
	} {
		if got := redactKeys(in); got != want {
			t.Errorf("redactKeys(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRateLimitOnNewsAPIPaths(t *testing.T) {
	clk := &clock{now: base}
	h := newsAPIHandler(t, Config{RateLimit: 2, Now: clk.Now})
	// One budget per key, however the key is carried and whichever dialect.
	if r := send(t, h, "/v2/everything?q=climate&apiKey="+testKey, nil); r.status != 200 {
		t.Fatal(r.raw)
	}
	if r := send(t, h, "/v2/sources", map[string]string{"X-Api-Key": testKey}); r.status != 200 {
		t.Fatal(r.raw)
	}
	r := send(t, h, "/v2/top-headlines?country=de", map[string]string{"Authorization": testKey})
	wantNewsAPIError(t, r, 429, newsapi.CodeRateLimited, "2 requests per minute")
	if r.header.Get("Retry-After") != "30" {
		t.Fatalf("Retry-After %q, want 30", r.header.Get("Retry-After"))
	}
	wantError(t, get(t, h, "/v2/sources"), 429, CodeTooManyRequests, "2 requests per minute")
	clk.Advance(30 * time.Second)
	if r := get(t, h, "/v2/top-headlines/sources"); r.status != 200 {
		t.Fatalf("after refill: %s", r.raw)
	}
	// Bad parameters still spend the budget, as on the spec's paths.
	clk.Advance(time.Minute)
	get(t, h, "/v2/everything")
	get(t, h, "/v2/everything")
	wantNewsAPIError(t, get(t, h, "/v2/everything?q=x"), 429, newsapi.CodeRateLimited, "back off")

	// A limiter that cannot decide is NewsAPI's unexpectedError, 503.
	down := newsAPIHandler(t, Config{Limiter: brokenLimiter{}})
	r = get(t, down, "/v2/everything?q=x")
	wantNewsAPIError(t, r, 503, newsapi.CodeUnexpectedError, "rate limiter")
	if r.header.Get("Retry-After") != "1" {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
}

type brokenLimiter struct{}

func (brokenLimiter) Allow(context.Context, string, time.Time) (Decision, error) {
	return Decision{}, context.DeadlineExceeded
}
func (brokenLimiter) PerMinute() int { return 1 }

// countingStore counts the store's queries, to tell a cached answer from
// a computed one.
type countingStore struct {
	store.Reader
	queries atomic.Int32
	// failSources makes Sources fail, for an error answered after a query.
	failSources atomic.Bool
}

func (c *countingStore) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	c.queries.Add(1)
	if c.failSources.Load() {
		return model.Page[model.Source]{}, errors.New("the store broke")
	}
	return c.Reader.Sources(ctx, q)
}

func (c *countingStore) Headlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	c.queries.Add(1)
	return c.Reader.Headlines(ctx, q)
}

func (c *countingStore) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	c.queries.Add(1)
	return c.Reader.Articles(ctx, q)
}

func TestBodyCacheOnNewsAPIPaths(t *testing.T) {
	st := newsAPIStore(t)
	cs := &countingStore{Reader: st}
	h, err := New(cs, Config{APIKeys: []string{testKey, "second-key"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{
		"/v2/top-headlines?country=de",
		"/v2/top-headlines?q=climate&country=us", // two queries: the sources, then the search
		"/v2/top-headlines?country=de&language=de",
		"/v2/everything?q=climate&sortBy=relevancy",
		"/v2/top-headlines/sources?category=general",
	} {
		before := cs.queries.Load()
		first := send(t, h, target+"&apiKey="+testKey, nil)
		if first.status != 200 || cs.queries.Load() == before {
			t.Fatalf("%s: %d, %d queries", target, first.status, cs.queries.Load()-before)
		}
		// Another key, another carrier, the parameters in another order:
		// the same answer, from the cache.
		mid := cs.queries.Load()
		again := send(t, h, reorder(target), map[string]string{"X-Api-Key": "second-key"})
		if again.raw != first.raw || cs.queries.Load() != mid {
			t.Fatalf("%s: asked again, %d more queries, same body %v", target, cs.queries.Load()-mid, again.raw == first.raw)
		}
	}
	// A write ends every cached answer; errors are never cached.
	if err := st.Add(context.Background(), nil, []model.Article{{Source: model.SourceRef{ID: "heise"},
		Title: "Neuer Speicher", URL: "https://www.heise.de/9", PublishedAt: base}}); err != nil {
		t.Fatal(err)
	}
	if r := get(t, h, "/v2/top-headlines?country=de"); r.body["totalResults"] != 3.0 {
		t.Fatalf("after a write the answer is computed afresh: %s", r.raw)
	}
	cs.failSources.Store(true)
	for range 2 {
		before := cs.queries.Load()
		wantNewsAPIError(t, get(t, h, "/v2/top-headlines/sources?language=en"), 500, newsapi.CodeUnexpectedError, "")
		if cs.queries.Load() == before {
			t.Fatal("an error answer was served from the cache")
		}
	}
}

// reorder puts a target's parameters in reverse order.
func reorder(target string) string {
	path, query, _ := strings.Cut(target, "?")
	parts := strings.Split(query, "&")
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return path + "?" + strings.Join(parts, "&")
}
