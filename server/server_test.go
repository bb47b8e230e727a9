package server

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

var endpoints = []string{"/v2/sources?", "/v2/latest-headlines?", "/v2/articles?q=climate&"}

func TestEnvelopeDefaults(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		for path, want := range map[string]struct {
			list  string
			total float64
		}{
			"/v2/sources":            {"sources", 4},
			"/v2/latest-headlines":   {"articles", 6},
			"/v2/articles?q=climate": {"articles", 3},
		} {
			r := get(t, h, path)
			if r.status != 200 || r.body["status"] != "ok" || r.body["page"] != 1.0 || r.body["pageSize"] != 20.0 ||
				r.body["totalResults"] != want.total || len(r.body) != 5 {
				t.Errorf("%s: %s", path, r.raw)
			}
			if items, ok := r.body[want.list].([]any); !ok || len(items) != int(want.total) {
				t.Errorf("%s: want %v %s: %s", path, want.total, want.list, r.raw)
			}
		}
	})
}

func TestPaginationRules(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		for _, ep := range endpoints {
			cases := []struct {
				params, msg string
			}{
				{"pageSize=0", "pageSize cannot be zero"},
				{"pageSize=000", "pageSize cannot be zero"},
				{"pageSize=101", "pageSize exceeds the maximum allowed value of 100"},
				{"pageSize=99999999999999999999999", "pageSize exceeds the maximum allowed value of 100"},
				{"pageSize=-1", "invalid pagination parameters"},
				{"pageSize=abc", "invalid pagination parameters"},
				{"pageSize=1.5", "invalid pagination parameters"},
				{"pageSize=%201", "invalid pagination parameters"},
				{"page=0", "invalid pagination parameters"},
				{"page=-2", "invalid pagination parameters"},
				{"page=x", "invalid pagination parameters"},
				{"page=1e3", "invalid pagination parameters"},
				{"page_size=0", "pageSize cannot be zero"},
			}
			for _, c := range cases {
				t.Run(ep+c.params, func(t *testing.T) {
					wantError(t, get(t, h, ep+c.params), 400, model.CodeBadRequest, c.msg)
				})
			}
			for params, want := range map[string][2]float64{
				"pageSize=100": {1, 100}, "pageSize=1": {1, 1}, "page=2&pageSize=2": {2, 2},
				"page_size=3": {1, 3}, "pageSize=2&page_size=3": {1, 2}, "PAGESIZE=0": {1, 20},
				"pageSize=5&pageSize=0": {1, 5}, "page=007": {7, 20},
			} {
				r := get(t, h, ep+params)
				if r.status != 200 || r.body["page"] != want[0] || r.body["pageSize"] != want[1] {
					t.Errorf("%s%s: want page %v size %v: %s", ep, params, want[0], want[1], r.raw)
				}
			}
			list := "articles"
			if strings.Contains(ep, "sources") {
				list = "sources"
			}
			// A page past the end is a whole number like any other (rule 4):
			// an empty array, however far past, up to 18 digits.
			for _, page := range []string{"999", "2147483649", "1000000000000", "999999999999999999"} {
				r := get(t, h, ep+"page="+page+"&pageSize=100")
				if items, ok := r.body[list].([]any); r.status != 200 || !ok || len(items) != 0 ||
					r.body["totalResults"].(float64) == 0 || !strings.Contains(r.raw, `"page":`+page+`,`) {
					t.Errorf("%s page %s past the end: want an empty array, the real total and the page: %s", ep, page, r.raw)
				}
			}
			wantError(t, get(t, h, ep+"page=99999999999999999999"), 400, model.CodeBadRequest,
				"page 99999999999999999999 is beyond the last page")
		}
	})
}

func TestCountryRules(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		for _, ep := range []string{"/v2/sources?", "/v2/latest-headlines?"} {
			for _, bad := range []string{"usa", "xx", "d", "1", "DEU", "%C3%BC"} {
				wantError(t, get(t, h, ep+"country="+bad), 400, model.CodeInvalidCountryCode, "country")
			}
			for param, total := range map[string]float64{"country=": -1, "country=DE": 2, "country=de": 2, "country=De": 2, "country=%20de%20": 2} {
				r := get(t, h, ep+param)
				if r.status != 200 || (total >= 0 && r.body["totalResults"] != total) {
					t.Errorf("%s%s: %s", ep, param, r.raw)
				}
			}
		}
		r := get(t, h, "/v2/sources?country=DE")
		if src := r.body["sources"].([]any)[0].(map[string]any); src["country"] != "de" || src["language"] != "de" {
			t.Errorf("codes must be lower case in responses: %v", src)
		}
	})
}

func TestEnumsInAnyCase(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		for _, c := range model.Categories() {
			for _, v := range []string{string(c), strings.ToUpper(string(c)), c.Name()} {
				if r := get(t, h, "/v2/latest-headlines?category="+v); r.status != 200 {
					t.Errorf("category %s: %s", v, r.raw)
				}
			}
		}
		for _, l := range model.Languages() {
			for _, v := range []string{string(l), strings.ToUpper(string(l))} {
				for _, ep := range []string{"/v2/sources?language=", "/v2/articles?q=x&language="} {
					if r := get(t, h, ep+v); r.status != 200 {
						t.Errorf("%s%s: %s", ep, v, r.raw)
					}
				}
			}
		}
		for _, s := range model.SortOrders() {
			for _, v := range []string{string(s), strings.ToUpper(string(s)), strings.ToLower(string(s))} {
				if r := get(t, h, "/v2/articles?q=climate&sortBy="+v); r.status != 200 || r.body["totalResults"] != 3.0 {
					t.Errorf("sortBy %s: %s", v, r.raw)
				}
			}
		}
		wantError(t, get(t, h, "/v2/sources?category=politics"), 400, model.CodeBadRequest, "category")
		wantError(t, get(t, h, "/v2/sources?language=zz"), 400, model.CodeBadRequest, "language")
		wantError(t, get(t, h, "/v2/articles?q=x&language=english"), 400, model.CodeBadRequest, "language")
		wantError(t, get(t, h, "/v2/articles?q=x&sortBy=date"), 400, model.CodeBadRequest, "sort")
	})
}

func TestArticlesParameterErrors(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		long := strings.Repeat("a", model.MaxQueryLength+1)
		many := strings.Repeat("a.com,", model.MaxListItems+1)
		for target, msg := range map[string]string{
			"/v2/articles":                                   "q is required",
			"/v2/articles?q=%20%20":                          "q is required",
			"/v2/articles?q=" + long:                         "too long",
			"/v2/articles?q=a%00b":                           "control",
			"/v2/articles?q=-climate":                        "excludes",
			"/v2/articles?q=*":                               "no word",
			"/v2/articles?q=x&from=yesterday":                "from",
			"/v2/articles?q=x&to=2026-13-01":                 "to",
			"/v2/articles?q=x&from=2026-11-21&to=2026-11-20": "after",
			"/v2/articles?q=x&domains=http://a.com/":         "domains",
			"/v2/articles?q=x&excludeDomains=" + many:        "at most",
			"/v2/articles?q=x&sources=a%20b":                 "sources",
			"/v2/articles?q=x&bad=%zz":                       "malformed query string",
			"/v2/sources?a=1;b=2":                            "malformed query string",
		} {
			t.Run(target, func(t *testing.T) { wantError(t, get(t, h, target), 400, model.CodeBadRequest, msg) })
		}
	})
}

func TestSearchThroughHTTP(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		cases := map[string][]string{
			"q=climate":                                 {"Climate summit opens", "Climate tech startup raises money", "New chip"},
			"q=%22climate+summit%22":                    {"Climate summit opens"},
			"q=%2Bcarbon+climate":                       {"Climate tech startup raises money"},
			"q=climate+-chip+-summit":                   {"Climate tech startup raises money"},
			"q=climate&domains=techcrunch.com":          {"Climate tech startup raises money", "New chip"},
			"q=climate&domains=news.techcrunch.com":     {"New chip"},
			"q=climate&excludeDomains=TECHCRUNCH.COM":   {"Climate summit opens"},
			"q=climate&sources=bbc-news,spiegel":        {"Climate summit opens"},
			"q=climate&from=2026-11-20T08:30:00Z":       {"Climate summit opens", "Climate tech startup raises money"},
			"q=climate&to=2026-11-20T09:30:00Z":         {"Climate tech startup raises money", "New chip"},
			"q=klima&language=DE":                       {"Klimagipfel beginnt"},
			"q=climate&language=de":                     {},
			"q=climate&sortBy=relevancy&pageSize=1":     {"Climate summit opens"},
			"q=climate&pageSize=2&page=2":               {"New chip"},
			"q=prozessor&from=2026-11-19&to=2026-11-19": {"Neuer Prozessor"},
		}
		for params, want := range cases {
			if got := articleTitles(t, get(t, h, "/v2/articles?"+params)); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: got %q want %q", params, got, want)
			}
		}
	})
}

func TestHeadlinesNewestFirstAndArticleShape(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		r := get(t, h, "/v2/latest-headlines?country=de&category=technology")
		if got := articleTitles(t, r); !reflect.DeepEqual(got, []string{"Neuer Prozessor"}) {
			t.Fatalf("de/technology: %q", got)
		}
		got := articleTitles(t, get(t, h, "/v2/latest-headlines?country=gb"))
		if !reflect.DeepEqual(got, []string{"Climate summit opens", "Bare article"}) {
			t.Fatalf("newest first, undated last: %q", got)
		}
		r = get(t, h, "/v2/latest-headlines?country=gb")
		first := r.body["articles"].([]any)[0].(map[string]any)
		want := map[string]any{
			"source": map[string]any{"id": "bbc-news", "name": "BBC News"}, "author": "Jane Doe",
			"title": "Climate summit opens", "description": "About Climate summit opens",
			"url": "https://www.bbc.co.uk/news/1", "urlToImage": "https://www.bbc.co.uk/img/1.jpg",
			"publishedAt": "2026-11-20T11:00:00Z", "content": "The climate summit began.",
		}
		// Our story extension (server/doc.go): a backend that groups
		// stories (SQLite) adds storyId and storySize to the spec's
		// shape; one that does not yet (PostgreSQL) leaves both out.
		// Either way the spec's fields are exactly these.
		if id, ok := first["storyId"]; ok {
			if s, _ := id.(string); s == "" || first["storySize"] == nil || first["storySize"].(float64) < 1 {
				t.Fatalf("story extension: storyId %v, storySize %v", id, first["storySize"])
			}
			delete(first, "storyId")
			delete(first, "storySize")
		} else if _, ok := first["storySize"]; ok {
			t.Fatalf("storySize without storyId: %v", first)
		}
		// The marks extension's id (docs/marks.md) is on every article.
		if id, _ := first["id"].(string); id == "" || strings.Trim(id, "0123456789") != "" {
			t.Fatalf("article id %v: want a decimal id", first["id"])
		}
		delete(first, "id")
		if !reflect.DeepEqual(first, want) {
			t.Fatalf("article shape\ngot  %v\nwant %v", first, want)
		}
		bare := r.body["articles"].([]any)[1].(map[string]any)
		for _, f := range []string{"author", "description", "urlToImage", "publishedAt", "content"} {
			if v, ok := bare[f]; !ok || v != nil {
				t.Errorf("empty %s must be null, got %v (present %v)", f, v, ok)
			}
		}
	})
}

func TestAuth(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{APIKeys: []string{testKey, "second-key"}})
		for name, c := range map[string]struct{ header, msg string }{
			"missing":        {"", "missing"},
			"basic":          {"Basic dXNlcjpwYXNz", "malformed"},
			"no key":         {"Bearer", "malformed"},
			"blank key":      {"Bearer    ", "malformed"},
			"bare wrong key": {"wrong", "invalid API key"},
			"three words":    {"Bearer " + testKey + " x", "malformed"},
			"wrong key":      {"Bearer wrong", "invalid API key"},
			"prefix of key":  {"Bearer test-key", "invalid API key"},
			"key plus extra": {"Bearer " + testKey + "x", "invalid API key"},
		} {
			t.Run(name, func(t *testing.T) {
				r := get(t, h, "/v2/sources", c.header)
				wantError(t, r, 401, CodeUnauthorized, c.msg)
				if r.header.Get("WWW-Authenticate") == "" || strings.Contains(r.raw, testKey) {
					t.Fatalf("401 needs WWW-Authenticate and must not echo keys: %v %s", r.header, r.raw)
				}
			})
		}
		// NewsAPI's clients send the bare key (issue 10): it is accepted on every path.
		for _, ok := range []string{"Bearer " + testKey, "bearer " + testKey, "BEARER  " + testKey + " ", "Bearer second-key", testKey} {
			if r := get(t, h, "/v2/sources", ok); r.status != 200 {
				t.Errorf("%q: %s", ok, r.raw)
			}
		}
		if _, err := New(fixtureStore(t), Config{}); err == nil {
			t.Error("New without keys must fail")
		}
		if _, err := New(fixtureStore(t), Config{APIKeys: []string{""}}); err == nil {
			t.Error("an empty key must be refused")
		}
	})
}

func TestMethodsAndPaths(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS"} {
			r := do(t, h, m, "/v2/articles?q=x")
			wantError(t, r, 405, CodeMethodNotAllowed, m)
			if r.header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s: Allow %q", m, r.header.Get("Allow"))
			}
		}
		if r := do(t, h, "HEAD", "/v2/sources"); r.status != 200 {
			t.Errorf("HEAD: %d", r.status)
		}
		for _, p := range []string{"/", "/v2", "/v2/", "/v1/articles", "/v2/articles/", "/v2/everything/", "/V2/sources"} {
			wantError(t, get(t, h, p), 404, CodeNotFound, "no endpoint")
			wantError(t, get(t, h, p, ""), 404, CodeNotFound, "no endpoint") // before auth
		}
		wantError(t, do(t, h, "POST", "/v2/sources", ""), 405, CodeMethodNotAllowed, "POST")
	})
}

func TestHostileQNeverFails(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		for _, q := range []string{
			`"`, `""`, `"unterminated`, `(`, `)`, `((a))`, `*`, `a*`, `NEAR(a b)`, `NEAR`, `AND`, `OR`, `NOT`,
			`a AND`, `OR a`, `a OR OR b`, `NOT NOT a`, `-`, `+`, `- +`, `--a`, `+-a`, `-"a b"`, `title:a`, `^a`,
			"a\x00b", "\x00", strings.Repeat("x", 5000), strings.Repeat("a ", 2500), strings.Repeat(`"`, 499),
			`'; DROP TABLE articles;--`, `1' OR '1'='1`, `\`, `%`, `{}`, "\u202e", "\uFFFD", "a\u0301",
			"😀", "قمة", "\xff\xfe",
		} {
			for _, sortBy := range []string{"", "relevancy", "popularity", "publishedAt"} {
				v := url.Values{"q": {q}, "sortBy": {sortBy}}
				r := get(t, h, "/v2/articles?"+v.Encode())
				if r.status != 200 && r.status != 400 {
					t.Errorf("q=%q sortBy=%s: status %d: %s", q, sortBy, r.status, r.raw)
				}
			}
		}
		if r := get(t, h, "/v2/articles?q=climate"); r.body["totalResults"] != 3.0 {
			t.Fatalf("the table must survive hostile input: %s", r.raw)
		}
	})
}

func TestPanicBecomesJSON500(t *testing.T) {
	var logs bytes.Buffer
	hd, err := newHandler(fixtureStore(t), Config{APIKeys: []string{testKey}, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	hd.routes["/v2/sources"] = func(_ ctxT, _ url.Values) (any, error) { panic("boom") }
	h := hd.logged(hd.recovered(http.HandlerFunc(hd.serve)))
	wantError(t, get(t, h, "/v2/sources"), 500, CodeInternal, "internal error")
	if !strings.Contains(logs.String(), "boom") || !strings.Contains(logs.String(), "status=500") {
		t.Fatalf("panic must be logged: %s", logs.String())
	}
}

func TestLogsNeverHoldKeyOrQuery(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		var logs bytes.Buffer
		h := newBackendHandler(t, open, Config{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
		get(t, h, "/v2/articles?q=secretword")
		get(t, h, "/v2/articles?q=x", "Bearer wrong-secret-key")
		out := logs.String()
		for _, secret := range []string{testKey, "wrong-secret-key", "secretword"} {
			if strings.Contains(out, secret) {
				t.Fatalf("log leaks %q: %s", secret, out)
			}
		}
		for _, want := range []string{`"method":"GET"`, `"path":"/v2/articles"`, `"status":200`, `"status":401`, `"duration"`} {
			if !strings.Contains(out, want) {
				t.Fatalf("log lacks %s: %s", want, out)
			}
		}
	})
}

type ctxT = context.Context

func TestQueryTimeoutIs503(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{QueryTimeout: time.Nanosecond})
		wantError(t, get(t, h, "/v2/articles?q=climate"), 503, CodeUnavailable, "too long")
	})
}
