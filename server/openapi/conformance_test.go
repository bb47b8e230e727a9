package openapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/model"
	"tidings/server"
	"tidings/server/openapi"
)

// What the document must say of a request the test sends.
type requestRule int

const (
	// docAllows: a request the document describes (every success).
	docAllows requestRule = iota
	// docRefuses: a request the document itself rules out (a value out
	// of range, a missing key), which the service must refuse too.
	docRefuses
	// docSilent: a request the document cannot rule on (from after to,
	// q left out without story, a key that is present but wrong,
	// parameters that exclude each other): only the response is checked.
	docSilent
)

// conformanceCase is one request to the real handler and what must hold
// of its answer.
type conformanceCase struct {
	name   string
	method string // GET when empty
	target string // path and query
	auth   string // a header line, or "" for no key (see keyed)
	status int
	rule   requestRule
	// component names components.responses.X to validate the body
	// against, for answers the document ties to no operation (404, 405).
	component string
}

// keyed sends the test key as the spec does, unless the case says how.
const keyed = "Authorization: Bearer " + testKey

func spec(name, target string, status int, rule requestRule) conformanceCase {
	return conformanceCase{name: name, target: target, auth: keyed, status: status, rule: rule}
}

// successCases are answers of every endpoint with various parameters and
// pages, in each way of sending the key.
func successCases() []conformanceCase {
	return []conformanceCase{
		spec("sources, no filter", "/v2/sources", 200, docAllows),
		spec("sources, every filter", "/v2/sources?category=general&language=en&country=gb", 200, docAllows),
		spec("sources, filters in the spec's upper case", "/v2/sources?language=DE&country=DE&category=General", 200, docAllows),
		spec("sources, second page", "/v2/sources?pageSize=2&page=2", 200, docAllows),
		spec("sources, past the last page", "/v2/sources?page=99", 200, docAllows),
		spec("sources, page_size alias", "/v2/sources?page_size=1", 200, docAllows),
		spec("sources, a feed's source without category", "/v2/sources?pageSize=100", 200, docAllows),
		{name: "headlines, bare key", target: "/v2/latest-headlines", auth: "Authorization: " + testKey, status: 200, rule: docAllows},
		{name: "headlines, X-Api-Key", target: "/v2/latest-headlines?country=us&category=technology&pageSize=1", auth: "X-Api-Key: " + testKey, status: 200, rule: docAllows},
		spec("headlines, third page", "/v2/latest-headlines?page=3&pageSize=3", 200, docAllows),
		spec("articles, q only", "/v2/articles?q=climate", 200, docAllows),
		{name: "articles, apiKey parameter", target: "/v2/articles?q=chip&apiKey=" + testKey, status: 200, rule: docAllows},
		spec("articles, every filter", "/v2/articles?q=climate&sources=bbc-news,techcrunch&language=en&sortBy=relevancy&page=1&pageSize=1", 200, docAllows),
		spec("articles, phrase, dates and domains", "/v2/articles?q=%22climate+summit%22&from=2026-11-19&to=2026-11-20T12:00:00Z&domains=bbc.co.uk&excludeDomains=example.org&sortBy=popularity", 200, docAllows),
		spec("articles, page past the results", "/v2/articles?q=climate&page=50", 200, docAllows),
		spec("articles, non-Latin q", "/v2/articles?q=Klimat%C3%B6tet", 200, docAllows),
		spec("top-headlines, country", "/v2/top-headlines?country=us", 200, docAllows),
		spec("top-headlines, country and category, paged", "/v2/top-headlines?country=gb&category=general&page=1&pageSize=5", 200, docAllows),
		spec("top-headlines, q and language", "/v2/top-headlines?q=climate&language=en", 200, docAllows),
		spec("top-headlines, sources", "/v2/top-headlines?sources=bbc-news,techcrunch", 200, docAllows),
		spec("top-headlines, q over a country's sources", "/v2/top-headlines?q=climate&country=us", 200, docAllows),
		{name: "everything, X-Api-Key and every parameter", target: "/v2/everything?q=climate&sortBy=relevancy&from=2026-11-01&to=2026-11-30&language=en&searchIn=title,description,content&pageSize=2&page=2", auth: "X-Api-Key: " + testKey, status: 200, rule: docAllows},
		spec("everything, domains without q", "/v2/everything?domains=techcrunch.com", 200, docAllows),
		spec("everything, Swedish as sv", "/v2/everything?q=klimat%C3%B6tet&language=sv", 200, docAllows),
		spec("newsapi sources, all", "/v2/top-headlines/sources", 200, docAllows),
		{name: "newsapi sources, Swedish, apiKey", target: "/v2/top-headlines/sources?language=sv&apiKey=" + testKey, status: 200, rule: docAllows},
		spec("newsapi sources, category and country", "/v2/top-headlines/sources?category=business&country=se", 200, docAllows),
		{name: "the document", target: "/v2/openapi.json", status: 200, rule: docAllows},
		{name: "liveness", target: "/healthz", status: 200, rule: docAllows},
		{name: "readiness", target: "/readyz", status: 200, rule: docAllows},
	}
}

// errorCases are every error the handler answers without a special
// configuration, in both dialects.
func errorCases() []conformanceCase {
	long := strings.Repeat("a", 501)
	tooMany := strings.TrimSuffix(strings.Repeat("s,", 21), ",")
	wrong := "wrong-key"
	return []conformanceCase{
		spec("pageSize zero", "/v2/sources?pageSize=0", 400, docRefuses),
		spec("pageSize over 100", "/v2/latest-headlines?pageSize=101", 400, docRefuses),
		spec("pageSize not a number", "/v2/articles?q=x&pageSize=ten", 400, docRefuses),
		spec("page zero", "/v2/sources?page=0", 400, docRefuses),
		spec("page negative", "/v2/latest-headlines?page=-1", 400, docRefuses),
		spec("unknown country, sources (shape A)", "/v2/sources?country=xx", 400, docRefuses),
		spec("unknown country, headlines (shape A)", "/v2/latest-headlines?country=usa", 400, docRefuses),
		spec("unknown category", "/v2/sources?category=weather", 400, docRefuses),
		spec("unknown language", "/v2/articles?q=x&language=zz", 400, docRefuses),
		spec("unknown sortBy", "/v2/articles?q=x&sortBy=oldest", 400, docRefuses),
		spec("q missing", "/v2/articles", 400, docSilent),
		spec("q too long", "/v2/articles?q="+long, 400, docRefuses),
		spec("q of only exclusions", "/v2/articles?q=-football", 400, docSilent),
		spec("q with a control character", "/v2/articles?q=a%00b", 400, docSilent),
		spec("from after to", "/v2/articles?q=x&from=2026-11-20&to=2026-11-01", 400, docSilent),
		spec("from not a date", "/v2/articles?q=x&from=yesterday", 400, docRefuses),
		spec("too many sources", "/v2/articles?q=x&sources="+tooMany, 400, docRefuses),
		// The document's pattern for a domain refuses it, but the validator
		// checks the items of an array parameter against enums only.
		spec("bad domain", "/v2/articles?q=x&domains=not_a_domain", 400, docSilent),
		spec("bad story id", "/v2/articles?story=no_such!", 400, docRefuses),
		// The validator cannot decode it, so cannot judge it.
		spec("malformed query string", "/v2/sources?page=%zz", 400, docSilent),
		{name: "no key", target: "/v2/sources", status: 401, rule: docRefuses},
		{name: "unknown bearer key", target: "/v2/latest-headlines", auth: "Authorization: Bearer " + wrong, status: 401, rule: docSilent},
		{name: "malformed Authorization", target: "/v2/articles?q=x", auth: "Authorization: Bearer two words", status: 401, rule: docSilent},
		{name: "unknown X-Api-Key", target: "/v2/sources", auth: "X-Api-Key: " + wrong, status: 401, rule: docSilent},
		{name: "unknown apiKey parameter", target: "/v2/sources?apiKey=" + wrong, status: 401, rule: docSilent},
		{name: "unknown path", target: "/v2/nothing-here", status: 404, component: "NotFound"},
		{name: "trailing slash", target: "/v2/sources/", auth: keyed, status: 404, component: "NotFound"},
		{name: "POST on a spec path", method: http.MethodPost, target: "/v2/sources", auth: keyed, status: 405, component: "MethodNotAllowed"},
		{name: "DELETE on a spec path", method: http.MethodDelete, target: "/v2/articles?q=x", auth: keyed, status: 405, component: "MethodNotAllowed"},
		{name: "POST on the document", method: http.MethodPost, target: "/v2/openapi.json", status: 405, component: "MethodNotAllowed"},

		spec("newsapi: nothing to narrow headlines", "/v2/top-headlines", 400, docSilent),
		spec("newsapi: sources with country", "/v2/top-headlines?sources=bbc-news&country=gb", 400, docSilent),
		spec("newsapi: too many sources", "/v2/everything?q=x&sources="+tooMany, 400, docRefuses),
		spec("newsapi: country on everything", "/v2/everything?q=x&country=us", 400, docRefuses),
		spec("newsapi: searchIn of one field", "/v2/everything?q=x&searchIn=title", 400, docRefuses),
		spec("newsapi: Chinese", "/v2/everything?q=x&language=zh", 400, docRefuses),
		spec("newsapi: pageSize zero", "/v2/top-headlines?country=us&pageSize=0", 400, docRefuses),
		spec("newsapi: unknown country", "/v2/top-headlines/sources?country=xx", 400, docRefuses),
		spec("newsapi: everything with nothing to narrow it", "/v2/everything?language=en", 400, docSilent),
		spec("newsapi: past the 10,000th result", "/v2/everything?q=climate&page=101", 426, docAllows),
		spec("newsapi: headlines search past 10,000", "/v2/top-headlines?q=climate&page=501&pageSize=20", 426, docAllows),
		{name: "newsapi: no key", target: "/v2/everything?q=x", status: 401, rule: docRefuses},
		{name: "newsapi: unknown key", target: "/v2/top-headlines?country=us", auth: "X-Api-Key: " + wrong, status: 401, rule: docSilent},
		{name: "newsapi sources: malformed Authorization", target: "/v2/top-headlines/sources", auth: "Authorization: Bearer", status: 401, rule: docSilent},
		{name: "newsapi: POST", method: http.MethodPost, target: "/v2/everything?q=x", auth: keyed, status: 405, component: "NewsAPIMethodNotAllowed"},
	}
}

// TestDocumentIsValidOpenAPI31 checks the document against the OpenAPI
// 3.1 schema, and that it builds into a model without errors.
func TestDocumentIsValidOpenAPI31(t *testing.T) {
	d := newDocValidator(t, openapi.Document())
	if ok, errs := d.v.ValidateDocument(); !ok {
		t.Fatalf("openapi.json is not a valid OpenAPI 3.1 document:%s", describe(errs))
	}
	if v := d.doc.GetVersion(); v != "3.1.0" {
		t.Errorf("openapi version = %q, want 3.1.0", v)
	}
}

// TestHandlerConformsToDocument drives the real handler over every
// endpoint, success and error, and validates each request and response
// against the document.
func TestHandlerConformsToDocument(t *testing.T) {
	d := newDocValidator(t, openapi.Document())
	h := newService(t, fixtureStore(t), server.Config{})
	seen := newCoverage()
	for _, c := range append(successCases(), errorCases()...) {
		t.Run(c.name, func(t *testing.T) {
			e := d.check(t, h, c)
			seen.add(e)
			if c.status == http.StatusOK && c.component == "" && e.res.Header.Get("ETag") != "" {
				seen.add(d.checkNotModified(t, h, c, e))
			}
		})
	}
	t.Run("story", func(t *testing.T) {
		// The story of a stored article, its articles listed; an id the
		// service never gives (the document's pattern allows it) is a
		// 400, as is q with story; an id of no story an empty list.
		e := d.check(t, h, spec("an article's story id", "/v2/articles?q=climate", 200, docAllows))
		seen.add(e)
		var page struct {
			Articles []struct {
				StoryID   string `json:"storyId"`
				StorySize int    `json:"storySize"`
			} `json:"articles"`
		}
		if err := json.Unmarshal(e.body, &page); err != nil || len(page.Articles) == 0 ||
			page.Articles[0].StoryID == "" || page.Articles[0].StorySize < 1 {
			t.Fatalf("no story fields in %s (%v)", e.body, err)
		}
		story := url.QueryEscape(page.Articles[0].StoryID)
		for _, c := range []conformanceCase{
			spec("articles of a story", "/v2/articles?story="+story, 200, docAllows),
			spec("articles of a story, filtered and by popularity", "/v2/articles?story="+story+"&language=en&sortBy=popularity", 200, docAllows),
			spec("articles of no stored story", "/v2/articles?story=zzzzzzzz", 200, docAllows),
			spec("a story id the service never gives", "/v2/articles?story=s-1", 400, docSilent),
			spec("story with q", "/v2/articles?story="+story+"&q=climate", 400, docSilent),
		} {
			seen.add(d.check(t, h, c))
		}
	})
	t.Run("rate limited", func(t *testing.T) { seen.addAll(d.checkRateLimit(t)) })
	t.Run("internal error", func(t *testing.T) { seen.addAll(d.checkFailures(t)) })
	t.Run("marks", func(t *testing.T) { seen.addAll(d.checkMarks(t)) })
	seen.requireEveryResponse(t, d)
}

// check sends c to h and validates the exchange.
func (d *docValidator) check(t *testing.T, h http.Handler, c conformanceCase) exchange {
	t.Helper()
	method := c.method
	if method == "" {
		method = http.MethodGet
	}
	e := do(h, newRequest(method, c.target, c.auth))
	if e.res.StatusCode != c.status {
		t.Fatalf("%s %s: status %d, want %d; body: %.300s", method, c.target, e.res.StatusCode, c.status, e.body)
	}
	if c.component != "" {
		if errs := d.componentErrors(t, c.component, e.body); len(errs) > 0 {
			t.Errorf("%s %s: the %d body breaks components.responses.%s:%s\nbody: %.300s",
				method, c.target, c.status, c.component, describe(errs), e.body)
		}
		return e
	}
	d.checkRequest(t, c, e)
	d.checkResponse(t, e)
	return e
}

func (d *docValidator) checkRequest(t *testing.T, c conformanceCase, e exchange) {
	t.Helper()
	errs := d.requestErrors(e)
	switch {
	case c.rule == docAllows && len(errs) > 0:
		t.Errorf("GET %s: the service answers %d, but the document does not allow the request:%s",
			c.target, c.status, describe(errs))
	case c.rule == docRefuses && len(errs) == 0:
		t.Errorf("GET %s: the service refuses it (%d), but the document allows the request", c.target, c.status)
	}
}

func (d *docValidator) checkResponse(t *testing.T, e exchange) {
	t.Helper()
	if errs := d.responseErrors(e); len(errs) > 0 {
		t.Errorf("%s %s: the %d response breaks the document:%s\nbody: %.400s",
			e.req.Method, e.req.URL.RequestURI(), e.res.StatusCode, describe(errs), e.body)
	}
}

// checkNotModified asks again with the ETag of e: the answer must be 304
// with no body, as the document says.
func (d *docValidator) checkNotModified(t *testing.T, h http.Handler, c conformanceCase, first exchange) exchange {
	t.Helper()
	req := newRequest(http.MethodGet, c.target, c.auth)
	req.Header.Set("If-None-Match", first.res.Header.Get("ETag"))
	e := do(h, req)
	if e.res.StatusCode != http.StatusNotModified || len(e.body) != 0 {
		t.Fatalf("GET %s with If-None-Match: %d with %d bytes, want 304 and no body", c.target, e.res.StatusCode, len(e.body))
	}
	d.checkResponse(t, e)
	return e
}

// dataPaths are a valid request of each of the six data endpoints.
var dataPaths = []string{"/v2/sources", "/v2/latest-headlines", "/v2/articles?q=x",
	"/v2/top-headlines?country=us", "/v2/everything?q=x", "/v2/top-headlines/sources"}

// checkRateLimit spends a key's budget of 1 and checks the 429 of both
// dialects (one budget per key across paths), and the RateLimit headers
// of the admitted request.
func (d *docValidator) checkRateLimit(t *testing.T) []exchange {
	h := newService(t, fixtureStore(t), server.Config{RateLimit: 1})
	first := d.check(t, h, spec("admitted", "/v2/sources", 200, docAllows))
	if first.res.Header.Get("RateLimit-Limit") == "" {
		t.Errorf("an admitted request carries no RateLimit-Limit header (headers: %v)", first.res.Header)
	}
	out := []exchange{first}
	for _, target := range dataPaths {
		out = append(out, d.check(t, h, spec("over the limit", target, 429, docAllows)))
	}
	return out
}

// checkFailures provokes the 500 (a store failing) and the 503 (a query
// over its time bound; a readiness check failing) of both dialects.
func (d *docValidator) checkFailures(t *testing.T) []exchange {
	var out []exchange
	broken := newService(t, failingStore{fixtureStore(t)}, server.Config{})
	for _, target := range dataPaths {
		out = append(out, d.check(t, broken, spec("store failing", target, 500, docAllows)))
	}
	slow := newService(t, fixtureStore(t), server.Config{QueryTimeout: time.Nanosecond})
	for _, target := range dataPaths {
		out = append(out, d.check(t, slow, spec("query too slow", target, 503, docAllows)))
	}
	unready := newService(t, fixtureStore(t), server.Config{Checks: []server.Check{{Name: "redis",
		Check: func(context.Context) error { return errors.New("connection refused") }}}})
	out = append(out, d.check(t, unready, conformanceCase{name: "not ready", target: "/readyz", status: 503, rule: docAllows}))
	return out
}

// coverage records which documented responses the test has seen.
type coverage struct {
	mu   sync.Mutex
	seen map[string]bool // "GET /sources 200"
}

func newCoverage() *coverage { return &coverage{seen: map[string]bool{}} }

func (c *coverage) add(e exchange) {
	c.mu.Lock()
	defer c.mu.Unlock()
	path := strings.TrimPrefix(e.req.URL.Path, "/v2")
	c.seen[fmt.Sprintf("%s %s %d", e.req.Method, path, e.res.StatusCode)] = true
}

func (c *coverage) addAll(es []exchange) {
	for _, e := range es {
		c.add(e)
	}
}

// requireEveryResponse fails for each response the document lists that
// the test never provoked: the document must not promise what is not
// checked.
func (c *coverage) requireEveryResponse(t *testing.T, d *docValidator) {
	t.Helper()
	var missing []string
	for path, item := range d.model.Paths.PathItems.FromOldest() {
		for method, op := range item.GetOperations().FromOldest() {
			for code := range op.Responses.Codes.FromOldest() {
				key := fmt.Sprintf("%s %s %s", strings.ToUpper(method), path, code)
				if !c.seen[key] {
					missing = append(missing, key)
				}
			}
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		t.Errorf("the document lists responses no request here provoked (add a case, or drop the promise):\n  %s",
			strings.Join(missing, "\n  "))
	}
}

// TestValidatorCatchesAWrongResponse is the negative control: real
// answers, each mutated in one way the document forbids, must fail
// validation, and the failure must name what is wrong.
func TestValidatorCatchesAWrongResponse(t *testing.T) {
	d := newDocValidator(t, openapi.Document())
	h := newService(t, fixtureStore(t), server.Config{})
	mutations := []struct {
		name, target string
		mutate       func(map[string]any)
		wantInError  string
	}{
		{"totalResults as a string", "/v2/sources", func(b map[string]any) { b["totalResults"] = "5" }, "totalResults"},
		{"status not ok", "/v2/latest-headlines", func(b map[string]any) { b["status"] = "fine" }, "status"},
		{"article without a title", "/v2/articles?q=climate", func(b map[string]any) {
			delete(b["articles"].([]any)[0].(map[string]any), "title")
		}, "title"},
		{"publishedAt not in the spec's shape", "/v2/articles?q=climate", func(b map[string]any) {
			b["articles"].([]any)[0].(map[string]any)["publishedAt"] = "20 Nov 2026"
		}, "publishedAt"},
		{"an undocumented article field", "/v2/top-headlines?country=us", func(b map[string]any) {
			b["articles"].([]any)[0].(map[string]any)["popularity"] = 3
		}, "popularity"},
		{"a source in an unknown language", "/v2/sources", func(b map[string]any) {
			b["sources"].([]any)[1].(map[string]any)["language"] = "xx"
		}, "language"},
		{"pageSize over 100", "/v2/sources", func(b map[string]any) { b["pageSize"] = 500 }, "pageSize"},
		{"error with the wrong code", "/v2/sources?pageSize=0", func(b map[string]any) { b["code"] = "OOPS" }, "code"},
	}
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			e := do(h, newRequest(http.MethodGet, m.target, keyed))
			if errs := d.responseErrors(e); len(errs) > 0 {
				t.Fatalf("the unmutated answer already fails:%s", describe(errs))
			}
			var body map[string]any
			if err := json.Unmarshal(e.body, &body); err != nil {
				t.Fatal(err)
			}
			m.mutate(body)
			e.body, _ = json.Marshal(body)
			e.res.Header.Set("Content-Length", fmt.Sprint(len(e.body)))
			errs := d.responseErrors(e)
			if len(errs) == 0 {
				t.Fatalf("the validator accepted a response with %s: %s", m.name, e.body)
			}
			if msg := describe(errs); !strings.Contains(msg, m.wantInError) {
				t.Errorf("the failure does not name %q:%s", m.wantInError, msg)
			}
		})
	}
	t.Run("an undocumented status", func(t *testing.T) {
		e := do(h, newRequest(http.MethodGet, "/v2/sources", keyed))
		e.res.StatusCode = http.StatusTeapot
		if errs := d.responseErrors(e); len(errs) == 0 {
			t.Fatal("the validator accepted a 418 that no operation lists")
		}
	})
}

// TestDocumentEnumsMatchTheModel keeps the document's value lists equal to
// the model's, which the service validates against.
func TestDocumentEnumsMatchTheModel(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Enum    []string `json:"enum"`
				Pattern string   `json:"pattern"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openapi.Document(), &doc); err != nil {
		t.Fatal(err)
	}
	enums := map[string][]string{
		"Category":        strs(model.Categories()),
		"Language":        strs(model.Languages()),
		"Country":         strs(model.Countries()),
		"NewsAPILanguage": model.NewsAPILanguageCodes(),
	}
	for name, want := range enums {
		got := doc.Components.Schemas[name].Enum
		if !slices.Equal(got, want) {
			t.Errorf("components.schemas.%s.enum = %v, the model has %v", name, got, want)
		}
		param := doc.Components.Schemas[name+"Param"].Pattern
		if name == "NewsAPILanguage" {
			want = append(slices.Clone(want), "se")
			slices.Sort(want)
		}
		if wantPattern := "^(?i:" + strings.Join(want, "|") + ")?$"; param != wantPattern {
			t.Errorf("components.schemas.%sParam.pattern = %q, want %q", name, param, wantPattern)
		}
	}
}

func strs[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = string(v)
	}
	return out
}
