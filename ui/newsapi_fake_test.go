package ui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/api"
	"tidings/model"
)

// fakeNewsAPI is a loopback stand-in for newsapi.org on a Developer key:
// its three endpoints under /v2, its X-Api-Key, its error bodies and
// codes, its sources list without paging, and its cap of 100 results per
// query (a page reaching past them answers 426 maximumResultsReached).
type fakeNewsAPI struct {
	srv *httptest.Server
	key string

	mu    sync.Mutex
	seen  []seenRequest
	fault map[string]newsAPIFault // by path, served instead while set
}

// seenRequest is what the fake saw of one request.
type seenRequest struct {
	path   string
	query  url.Values
	apiKey string
	auth   bool // an Authorization header came
}

// newsAPIFault is an error answer in NewsAPI's shape.
type newsAPIFault struct {
	status     int
	code       string
	message    string
	retryAfter string
}

// Catalogue sizes of the fake: more search results than the plan serves,
// a few headlines, and more sources than the spec's largest page.
const (
	fakeEverythingTotal = 12345
	fakeHeadlinesTotal  = 38
	fakeSources         = 130
)

func newFakeNewsAPI(t *testing.T) *fakeNewsAPI {
	t.Helper()
	f := &fakeNewsAPI{key: liveKey, fault: map[string]newsAPIFault{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// baseURL is the fake's address, as NewsAPI's is https://newsapi.org/v2.
func (f *fakeNewsAPI) baseURL() string { return f.srv.URL + "/v2" }

// client is the reader's NewsAPI client of the fake, with key.
func (f *fakeNewsAPI) client(t *testing.T, key string) *api.Client {
	t.Helper()
	c, err := api.New(f.baseURL(), key, api.WithDialect(api.DialectNewsAPI),
		api.WithTimeout(liveTimeout), api.WithBackoff(time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (f *fakeNewsAPI) setFault(path string, fault newsAPIFault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fault[path] = fault
}

func (f *fakeNewsAPI) clearFaults() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fault = map[string]newsAPIFault{}
}

// requests returns what the fake saw at path.
func (f *fakeNewsAPI) requests(path string) []seenRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []seenRequest
	for _, r := range f.seen {
		if r.path == path {
			out = append(out, r)
		}
	}
	return out
}

func (f *fakeNewsAPI) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f.mu.Lock()
	f.seen = append(f.seen, seenRequest{path: r.URL.Path, query: q, apiKey: r.Header.Get("X-Api-Key"),
		auth: r.Header.Get("Authorization") != ""})
	fault, faulty := f.fault[r.URL.Path]
	f.mu.Unlock()

	key := r.Header.Get("X-Api-Key")
	switch {
	case key == "":
		fault, faulty = newsAPIFault{401, "apiKeyMissing", "Your API key is missing.", ""}, true
	case key != f.key:
		fault, faulty = newsAPIFault{401, "apiKeyInvalid", "Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key.", ""}, true
	}
	if faulty {
		writeNewsAPIError(w, fault)
		return
	}
	page, size := intOr(q.Get("page"), 1), q.Get("pageSize")
	switch r.URL.Path {
	case "/v2/top-headlines":
		if q.Get("country") == "" && q.Get("category") == "" && q.Get("sources") == "" && q.Get("q") == "" {
			writeNewsAPIError(w, newsAPIFault{400, "parametersMissing", "Required parameters are missing. Please set any of the following parameters and try again: sources, q, language, country, category.", ""})
			return
		}
		f.articles(w, "Headline", q.Get("sources"), page, intOr(size, 20), fakeHeadlinesTotal)
	case "/v2/everything":
		if q.Get("q") == "" && q.Get("sources") == "" && q.Get("domains") == "" && q.Get("qInTitle") == "" {
			writeNewsAPIError(w, newsAPIFault{400, "parametersMissing", "Required parameters are missing, the scope of your search is too broad. Please set any of the following required parameters and try again: q, qInTitle, sources, domains.", ""})
			return
		}
		f.articles(w, "Storm story", q.Get("sources"), page, intOr(size, 100), fakeEverythingTotal)
	case "/v2/top-headlines/sources":
		f.sources(w)
	default:
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"status":"error","code":"routeNotFound","message":"Not found."}`))
	}
}

// articles answers one page, or 426 when the page reaches past the
// Developer plan's 100 results (as NewsAPI does: "You are trying to
// request results 100 to 120"). Asked for sources, every article is of
// the first, as NewsAPI answers; else of a source without an id.
func (f *fakeNewsAPI) articles(w http.ResponseWriter, title, sources string, page, size, total int) {
	if page*size > model.NewsAPIMaxResults && (page-1)*size < total {
		writeNewsAPIError(w, newsAPIFault{426, "maximumResultsReached", fmt.Sprintf(
			"You have requested too many results. Developer accounts are limited to a max of 100 results. You are trying to request results %d to %d. Please upgrade to a paid plan if you need more results.",
			(page-1)*size, page*size), ""})
		return
	}
	type article struct {
		Source      map[string]any `json:"source"`
		Author      any            `json:"author"`
		Title       string         `json:"title"`
		Description string         `json:"description"`
		URL         string         `json:"url"`
		URLToImage  any            `json:"urlToImage"`
		PublishedAt string         `json:"publishedAt"`
		Content     any            `json:"content"`
	}
	source := map[string]any{"id": nil, "name": "Wire"}
	if id, _, _ := strings.Cut(sources, ","); id != "" {
		source = map[string]any{"id": id, "name": id}
	}
	var items []article
	for i := (page - 1) * size; i < min(page*size, total); i++ {
		items = append(items, article{
			Source: source, Title: fmt.Sprintf("%s %03d", title, i),
			Description: "What happened.", URL: fmt.Sprintf("https://wire.example/%d", i),
			PublishedAt: testNow.Add(-time.Duration(i+1) * time.Minute).Format(time.RFC3339),
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "totalResults": total, "articles": items})
}

// sources answers every source at once, without totalResults or paging,
// in NewsAPI's spelling of languages.
func (f *fakeNewsAPI) sources(w http.ResponseWriter) {
	var items []map[string]string
	for i := range fakeSources {
		lang, country := "en", "us"
		if i%10 == 0 {
			lang, country = "sv", "se"
		}
		items = append(items, map[string]string{
			"id": fmt.Sprintf("outlet-%03d", i), "name": fmt.Sprintf("Outlet %03d", i), "description": "A news outlet.",
			"url": fmt.Sprintf("https://outlet%03d.example", i), "category": "general", "language": lang, "country": country,
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "sources": items})
}

func writeNewsAPIError(w http.ResponseWriter, f newsAPIFault) {
	if f.retryAfter != "" {
		w.Header().Set("Retry-After", f.retryAfter)
	}
	writeJSON(w, f.status, map[string]string{"status": "error", "code": f.code, "message": f.message})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func intOr(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil && n > 0 {
		return n
	}
	return def
}

// newNewsAPIHarness starts the reader in the NewsAPI dialect on the fake,
// as `tidings --dialect newsapi` does on newsapi.org, in a w×h window,
// with the live harness's real goroutines and timers.
func newNewsAPIHarness(t *testing.T, f *fakeNewsAPI, key string, w, h int, mod func(*Config)) *liveHarness {
	t.Helper()
	client := &swapClient{url: f.baseURL()}
	client.cur.Store(f.client(t, key))
	cfg := Config{Client: client, Dialect: api.DialectNewsAPI, BaseURL: f.baseURL(), PageSize: 20, Location: time.UTC}
	if mod != nil {
		mod(&cfg)
	}
	return startLive(t, cfg, client, w, h)
}

// settle delivers whatever arrives within d: to show that nothing more
// happens by itself.
func (h *liveHarness) settle(d time.Duration) {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); {
		h.deliver(time.Until(deadline))
	}
	h.checkView()
}
