package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

// newsAPIClient is a NewsAPI-dialect client of f.
func (f *fakeService) newsAPIClient(t *testing.T, opts ...Option) *Client {
	t.Helper()
	return f.client(t, append([]Option{WithDialect(DialectNewsAPI)}, opts...)...)
}

func TestNewsAPIRequestsUseItsPathsValuesAndKeyHeader(t *testing.T) {
	tests := []struct {
		name      string
		call      func(*Client) error
		wantPath  string
		wantQuery string
	}{
		{"headlines by country", func(c *Client) error {
			_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"})
			return err
		}, "/v2/top-headlines", "country=us"},
		{"headlines by category, paged", func(c *Client) error {
			_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Category: "science", Page: 2, PageSize: 50})
			return err
		}, "/v2/top-headlines", "category=science&page=2&pageSize=50"},
		{"search with every filter", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{
				Q: "storm", Sources: []string{"bbc-news", "cnn"}, ExcludeDomains: []string{"spam.example"},
				From: "2026-11-20", To: "2026-11-21T10:00:00Z", Language: "se", SortBy: model.SortRelevancy, Page: 3, PageSize: 20,
			})
			return err
		}, "/v2/everything",
			"excludeDomains=spam.example&from=2026-11-20T00%3A00%3A00&language=sv&page=3&pageSize=20&q=storm&sortBy=relevancy&sources=bbc-news,cnn&to=2026-11-21T10%3A00%3A00"},
		{"search by domain alone", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Domains: []string{"bbc.co.uk"}})
			return err
		}, "/v2/everything", "domains=bbc.co.uk"},
		{"sources, one list, no paging", func(c *Client) error {
			_, err := c.Sources(context.Background(), model.SourcesQuery{Category: "general", Language: "se", Country: "se", Page: 1, PageSize: 100})
			return err
		}, "/v2/top-headlines/sources", "category=general&country=se&language=sv"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeService(t, ok(fixture(t, "newsapi/everything.json")))
			if err := tt.call(f.newsAPIClient(t)); err != nil {
				t.Fatal(err)
			}
			r := f.lastRequest(t)
			if r.URL.Path != tt.wantPath || r.URL.RawQuery != tt.wantQuery {
				t.Errorf("asked %s?%s\nwant  %s?%s", r.URL.Path, r.URL.RawQuery, tt.wantPath, tt.wantQuery)
			}
			if got := r.Header.Get("X-Api-Key"); got != testKey {
				t.Errorf("X-Api-Key = %q, want the key", got)
			}
			if got, sent := r.Header["Authorization"]; sent {
				t.Errorf("an Authorization header was sent to NewsAPI: %q", got)
			}
			if strings.Contains(r.URL.String(), testKey) {
				t.Errorf("the key is in the URL: %s", r.URL)
			}
		})
	}
}

func TestNewsAPIRequestsThatMustFailAreNotSent(t *testing.T) {
	f := newFakeService(t, ok(fixture(t, "newsapi/everything.json")))
	c := f.newsAPIClient(t)
	calls := map[string]func() error{
		"headlines without country or category": func() error {
			_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{})
			return err
		},
		"search without keywords, sources or domains": func() error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Language: "en"})
			return err
		},
		"more than 20 sources": func() error {
			ids := make([]string, 21)
			for i := range ids {
				ids[i] = "s" + string(rune('a'+i))
			}
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "x", Sources: ids})
			return err
		},
	}
	for name, call := range calls {
		var ve *model.ValidationError
		if err := call(); !errors.As(err, &ve) {
			t.Errorf("%s: err = %v, want a *model.ValidationError", name, err)
		}
	}
	if n := f.hits.Load(); n != 0 {
		t.Fatalf("%d requests sent; NewsAPI would refuse each, so none may go", n)
	}
}

func TestNewsAPISourcesAreOneCompletePage(t *testing.T) {
	f := newFakeService(t, ok(fixture(t, "newsapi/sources.json")))
	c := f.newsAPIClient(t)
	p, err := c.Sources(context.Background(), model.SourcesQuery{PageSize: model.MaxPageSize})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 3 || p.TotalResults != 3 || p.HasMore() {
		t.Fatalf("page = %d items of %d, more %v; want the whole list of 3 and no more", len(p.Items), p.TotalResults, p.HasMore())
	}
	if sv := p.Items[1]; sv.Language != "se" || sv.Country != "se" {
		t.Errorf("Aftonbladet is %q/%q; NewsAPI's sv is the spec's se", sv.Language, sv.Country)
	}
	if zh := p.Items[2]; zh.Language != "zh" || zh.Country != "cn" {
		t.Errorf("Xinhua is %q/%q; a language the spec lacks is kept as sent", zh.Language, zh.Country)
	}
	next, err := c.Sources(context.Background(), model.SourcesQuery{Page: 2})
	if err != nil || len(next.Items) != 0 || next.HasMore() {
		t.Fatalf("page 2 = %+v, %v; want empty", next, err)
	}
	if n := f.hits.Load(); n != 1 {
		t.Fatalf("%d requests; page 2 of a list that has no pages must not be asked for", n)
	}
}

func TestNewsAPIArticlesDropRemovedPlaceholders(t *testing.T) {
	f := newFakeService(t, ok(fixture(t, "newsapi/top_headlines.json")))
	p, err := f.newsAPIClient(t).LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 2 {
		t.Fatalf("%d articles; want the 2 real ones, without the [Removed] placeholder", len(p.Items))
	}
	for _, a := range p.Items {
		if a.Title == "[Removed]" || strings.Contains(a.URL, "removed.com") {
			t.Errorf("placeholder kept: %+v", a)
		}
	}
	if a := p.Items[1]; a.Source.Name != "Reuters" || a.Source.ID != "" || a.Content != "" || a.PublishedAt.IsZero() {
		t.Errorf("nulls not read as empty: %+v", a)
	}
	if p.TotalResults != 38 || p.PageSize != model.NewsAPIHeadlinesPageSize || !p.HasMore() {
		t.Errorf("page = total %d, size %d, more %v", p.TotalResults, p.PageSize, p.HasMore())
	}
}

func TestNewsAPIEverythingPagesByItsOwnDefaultSize(t *testing.T) {
	f := newFakeService(t, ok(fixture(t, "newsapi/everything.json")))
	p, err := f.newsAPIClient(t).Articles(context.Background(), model.ArticlesQuery{Q: "storm"})
	if err != nil {
		t.Fatal(err)
	}
	if p.PageSize != model.NewsAPIEverythingPageSize || p.TotalResults != 12345 || len(p.Items) != 2 {
		t.Fatalf("page = size %d, total %d, %d items", p.PageSize, p.TotalResults, len(p.Items))
	}
}

// newsAPIErrorCases is every NewsAPI error code with the status it comes
// with, and what it must mean.
var newsAPIErrorCases = []struct {
	file       string
	status     int
	retryAfter string
	is         []error
	isNot      []error
	retry      bool // api.RetryAfter reports a rate limit to wait out
}{
	{"apiKeyDisabled", 401, "", []error{ErrKeyDisabled, ErrUnauthorized}, nil, false},
	{"apiKeyExhausted", 429, "", []error{ErrKeyExhausted}, nil, false},
	{"apiKeyInvalid", 401, "", []error{ErrUnauthorized}, []error{ErrKeyDisabled}, false},
	{"apiKeyMissing", 401, "", []error{ErrUnauthorized}, nil, false},
	{"parameterInvalid", 400, "", []error{ErrInvalidParams}, nil, false},
	{"parametersMissing", 400, "", []error{ErrInvalidParams}, nil, false},
	{"parametersIncompatible", 400, "", []error{ErrInvalidParams}, nil, false},
	{"rateLimited", 429, "", []error{ErrKeyExhausted, ErrRateLimited}, nil, false},
	{"rateLimited", 429, "30", []error{ErrRateLimited}, []error{ErrKeyExhausted}, true},
	{"sourcesTooMany", 400, "", []error{ErrTooManySources, ErrInvalidParams}, nil, false},
	{"sourceDoesNotExist", 400, "", []error{ErrUnknownSource, ErrInvalidParams}, nil, false},
	{"maximumResultsReached", 426, "", []error{ErrResultsCapped}, []error{ErrRateLimited, ErrInvalidParams, ErrServer}, false},
	{"corsNotAllowed", 426, "", []error{ErrPlanRestricted}, []error{ErrResultsCapped}, false},
	{"unexpectedError", 500, "", []error{ErrServer}, nil, false},
}

func TestNewsAPIErrorsBecomeTypedErrors(t *testing.T) {
	for _, tc := range newsAPIErrorCases {
		t.Run(tc.file+"/"+tc.retryAfter, func(t *testing.T) {
			rep := reply{status: tc.status, body: fixture(t, "newsapi/"+tc.file+".json")}
			if tc.retryAfter != "" {
				rep.header = map[string]string{"Retry-After": tc.retryAfter}
			}
			f := newFakeService(t, rep)
			_, err := f.newsAPIClient(t, WithRetries(0)).Articles(context.Background(), model.ArticlesQuery{Q: "storm"})
			checkNewsAPIError(t, err, tc.file, tc.status, tc.is, tc.isNot)
			if wait, limited := RetryAfter(err); limited != tc.retry || (tc.retry && wait != 30*time.Second) {
				t.Errorf("RetryAfter = %v, %v; want a wait only with a Retry-After", wait, limited)
			}
		})
	}
}

// NewsAPI has been seen to put an error body in a 200 answer; its code
// still decides, and the status becomes the code's own.
func TestNewsAPIErrorInsideA200IsTypedToo(t *testing.T) {
	for _, tc := range newsAPIErrorCases {
		if tc.retryAfter != "" {
			continue
		}
		t.Run(tc.file, func(t *testing.T) {
			f := newFakeService(t, ok(fixture(t, "newsapi/"+tc.file+".json")))
			_, err := f.newsAPIClient(t, WithRetries(0)).LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"})
			checkNewsAPIError(t, err, tc.file, tc.status, tc.is, tc.isNot)
			if errors.Is(err, ErrBadResponse) {
				t.Error("a known code in a 200 body must not read as an unreadable answer")
			}
		})
	}
}

func checkNewsAPIError(t *testing.T, err error, code string, status int, is, isNot []error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v, want an *Error", err)
	}
	if e.Status != status || e.Code != code || e.Dialect != DialectNewsAPI || e.Message == "" {
		t.Errorf("got status %d code %q dialect %v message %q", e.Status, e.Code, e.Dialect, e.Message)
	}
	for _, want := range is {
		if !errors.Is(err, want) {
			t.Errorf("%v is not %q", err, want)
		}
	}
	for _, not := range isNot {
		if errors.Is(err, not) {
			t.Errorf("%v is %q too", err, not)
		}
	}
	assertNoKey(t, err)
}

// The spec dialect gives NewsAPI's codes no meaning: its errors are read
// exactly as before dialects existed.
func TestSpecDialectIgnoresNewsAPICodes(t *testing.T) {
	f := newFakeService(t, reply{status: 426, body: fixture(t, "newsapi/maximumResultsReached.json")})
	_, err := f.client(t).Articles(context.Background(), model.ArticlesQuery{Q: "storm"})
	var e *Error
	if !errors.As(err, &e) || e.Kind != nil || e.Dialect != DialectSpec || errors.Is(err, ErrResultsCapped) {
		t.Fatalf("err = %#v", err)
	}
	if !strings.HasPrefix(e.Error(), "service error 426 maximumResultsReached") {
		t.Fatalf("text = %q", e.Error())
	}
	f = newFakeService(t, reply{status: 429, body: fixture(t, "newsapi/rateLimited.json")})
	_, err = f.client(t).Articles(context.Background(), model.ArticlesQuery{Q: "storm"})
	if _, limited := RetryAfter(err); !limited || errors.Is(err, ErrKeyExhausted) {
		t.Fatalf("a spec 429 must stay a rate limit to wait out: %v", err)
	}
}

func TestParseDialect(t *testing.T) {
	for in, want := range map[string]Dialect{"": DialectSpec, "spec": DialectSpec, " NewsAPI ": DialectNewsAPI} {
		if got, err := ParseDialect(in); err != nil || got != want {
			t.Errorf("ParseDialect(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseDialect("gnews"); err == nil || !strings.Contains(err.Error(), "spec, newsapi, greader") {
		t.Errorf("err = %v, want the allowed values named", err)
	}
	if _, err := New(NewsAPIBaseURL, testKey, WithDialect(Dialect(9))); err == nil {
		t.Error("an unknown dialect was accepted")
	}
	if DialectNewsAPI.DefaultBaseURL() != "https://newsapi.org/v2" || DialectSpec.DefaultBaseURL() != "" {
		t.Error("default base URLs")
	}
}

// A redirect that leaves the host must not carry NewsAPI's key along:
// net/http drops Authorization there, but not X-Api-Key.
func TestNewsAPIKeyDoesNotFollowARedirectToAnotherHost(t *testing.T) {
	elsewhere := newFakeService(t, ok(fixture(t, "newsapi/everything.json")))
	origin := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("q") == "away" {
			http.Redirect(w, r, elsewhere.srv.URL+"/v2/everything?q=away", http.StatusFound)
			return
		}
		if r.URL.Path == "/v2/everything" && r.URL.Query().Get("q") == "home" {
			http.Redirect(w, r, "/v2/everything?q=home2", http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(fixture(t, "newsapi/everything.json"))
	})
	c := origin.newsAPIClient(t)
	if _, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "away"}); err != nil {
		t.Fatal(err)
	}
	if got := elsewhere.lastRequest(t).Header.Get("X-Api-Key"); got != "" {
		t.Fatalf("the key followed a redirect to another host")
	}
	if _, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "home"}); err != nil {
		t.Fatal(err)
	}
	last := origin.lastRequest(t)
	if q, _ := url.ParseQuery(last.URL.RawQuery); q.Get("q") != "home2" || last.Header.Get("X-Api-Key") != testKey {
		t.Fatalf("a same-host redirect lost the key (or was not followed): %s", last.URL)
	}
}
