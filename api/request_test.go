package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/model"
)

var emptyArticles = []byte(`{"status":"ok","totalResults":0,"articles":[]}`)
var emptySources = []byte(`{"status":"ok","totalResults":0,"sources":[]}`)

func TestRequestHeaders(t *testing.T) {
	tests := []struct {
		name   string
		key    string
		opts   []Option
		wantUA string
		auth   string
	}{
		{"defaults", testKey, nil, "tidings/dev", "Bearer " + testKey},
		{"version", testKey, []Option{WithVersion("1.4.0")}, "tidings/1.4.0", "Bearer " + testKey},
		{"whole user agent", testKey, []Option{WithUserAgent("embedder/2 (tidings)")}, "embedder/2 (tidings)", "Bearer " + testKey},
		{"key pasted with a newline", "  " + testKey + "\n", nil, "tidings/dev", "Bearer " + testKey},
		{"no key sends no header", "", nil, "tidings/dev", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeService(t, ok(emptyArticles))
			c, err := New(f.baseURL(), tt.key, tt.opts...)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if _, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{}); err != nil {
				t.Fatalf("LatestHeadlines: %v", err)
			}
			r := f.lastRequest(t)
			if got := r.Header.Get("Authorization"); got != tt.auth {
				t.Errorf("Authorization = %q, want %q", got, tt.auth)
			}
			if got := r.Header.Get("Accept"); got != "application/json" {
				t.Errorf("Accept = %q", got)
			}
			if got := r.Header.Get("User-Agent"); got != tt.wantUA {
				t.Errorf("User-Agent = %q, want %q", got, tt.wantUA)
			}
			if r.Method != http.MethodGet {
				t.Errorf("method %s, want GET", r.Method)
			}
		})
	}
}

// A service elsewhere is asked for gzipped answers; one in this process
// (WithoutCompression) is not, so that neither side spends CPU on it.
func TestCompressionIsAskedForUnlessTheServiceIsLocal(t *testing.T) {
	for _, tt := range []struct {
		opts []Option
		want string
	}{{nil, "gzip"}, {[]Option{WithoutCompression()}, ""}} {
		f := newFakeService(t, ok(emptyArticles))
		c, err := New(f.baseURL(), testKey, tt.opts...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{}); err != nil {
			t.Fatal(err)
		}
		if got := f.lastRequest(t).Header.Get("Accept-Encoding"); got != tt.want {
			t.Errorf("with %d options Accept-Encoding = %q, want %q", len(tt.opts), got, tt.want)
		}
	}
}

func TestRequestURLs(t *testing.T) {
	tests := []struct {
		name      string
		call      func(*Client) error
		wantPath  string
		wantQuery string
	}{
		{"sources, nothing set", func(c *Client) error {
			_, err := c.Sources(context.Background(), model.SourcesQuery{})
			return err
		}, "/v2/sources", ""},
		{"sources, every filter", func(c *Client) error {
			_, err := c.Sources(context.Background(), model.SourcesQuery{Category: "business", Language: "en", Country: "us", Page: 2, PageSize: 50})
			return err
		}, "/v2/sources", "category=business&country=us&language=en&page=2&pageSize=50"},
		{"headlines, country only", func(c *Client) error {
			_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "gb"})
			return err
		}, "/v2/latest-headlines", "country=gb"},
		{"headlines, category and the largest page", func(c *Client) error {
			_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Category: "science", PageSize: 100})
			return err
		}, "/v2/latest-headlines", "category=science&pageSize=100"},
		{"articles, every parameter", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{
				Q: "  climate change ", Sources: []string{"bbc-news", "reuters"}, Domains: []string{"bbc.co.uk", "reuters.com"},
				ExcludeDomains: []string{"example.com"}, From: "2026-11-01", To: "2026-11-20T08:00:00Z",
				Language: "en", SortBy: model.SortPublishedAt, Page: 1, PageSize: 10})
			return err
		}, "/v2/articles", "domains=bbc.co.uk,reuters.com&excludeDomains=example.com&from=2026-11-01&language=en" +
			"&page=1&pageSize=10&q=climate+change&sortBy=publishedAt&sources=bbc-news,reuters&to=2026-11-20T08%3A00%3A00Z"},
		{"articles, reserved characters in q", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "AT&T +5G, 100%", SortBy: model.SortPopularity})
			return err
		}, "/v2/articles", "q=AT%26T+%2B5G,+100%25&sortBy=popularity"},
		{"articles, relevancy", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "x", SortBy: model.SortRelevancy})
			return err
		}, "/v2/articles", "q=x&sortBy=relevancy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, "/sources") {
					_, _ = w.Write(emptySources)
					return
				}
				_, _ = w.Write(emptyArticles)
			})
			// A trailing slash on the base URL must not double the slash.
			c, err := New(f.baseURL()+"/", testKey)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if err := tt.call(c); err != nil {
				t.Fatalf("call: %v", err)
			}
			r := f.lastRequest(t)
			if r.URL.Path != tt.wantPath || r.URL.RawQuery != tt.wantQuery {
				t.Errorf("request %s?%s\n want %s?%s", r.URL.Path, r.URL.RawQuery, tt.wantPath, tt.wantQuery)
			}
			// The server reads back exactly what the query held.
			if _, err := url.ParseQuery(r.URL.RawQuery); err != nil {
				t.Errorf("query does not parse: %v", err)
			}
		})
	}
}

func TestInvalidQueriesAreNeverSent(t *testing.T) {
	tests := []struct {
		name  string
		call  func(*Client) error
		param string
	}{
		{"pageSize over 100", func(c *Client) error {
			_, err := c.Sources(context.Background(), model.SourcesQuery{PageSize: 101})
			return err
		}, "pageSize"},
		{"unknown country", func(c *Client) error {
			_, err := c.Sources(context.Background(), model.SourcesQuery{Country: "xx"})
			return err
		}, "country"},
		{"unknown category", func(c *Client) error {
			_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Category: "weather"})
			return err
		}, "category"},
		{"negative page", func(c *Client) error {
			_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Page: -1})
			return err
		}, "page"},
		{"no keywords", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "   "})
			return err
		}, "q"},
		{"unreadable from", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "x", From: "yesterday"})
			return err
		}, "from"},
		{"from after to", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "x", From: "2026-11-20", To: "2026-11-01"})
			return err
		}, "from"},
		{"unknown sort order", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "x", SortBy: "newest"})
			return err
		}, "sortBy"},
		{"malformed domain", func(c *Client) error {
			_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "x", Domains: []string{"not a domain"}})
			return err
		}, "domains"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeService(t, ok(emptyArticles))
			err := tt.call(f.client(t))
			var verr *model.ValidationError
			if !errors.As(err, &verr) {
				t.Fatalf("err = %v, want a *model.ValidationError", err)
			}
			if verr.Param != tt.param {
				t.Errorf("Param = %q, want %q", verr.Param, tt.param)
			}
			if n := f.hits.Load(); n != 0 {
				t.Errorf("the service was asked %d times; an invalid query must not be sent", n)
			}
		})
	}
}

func TestNewRejectsWhatCannotWork(t *testing.T) {
	tests := []struct {
		name, base, key string
		opts            []Option
		wantInText      string
	}{
		{"empty base URL", "", testKey, nil, "not an absolute http or https URL"},
		{"no scheme", "127.0.0.1:8080/v2", testKey, nil, "not an absolute"},
		{"not http", "ftp://news.example.com/v2", testKey, nil, "not an absolute"},
		{"relative", "/v2", testKey, nil, "not an absolute"},
		{"no host", "http:///v2", testKey, nil, "not an absolute"},
		{"credentials in URL", "https://me:hunter2pass@news.example.com/v2", testKey, nil, "user name or password"},
		{"key in query", "https://news.example.com/v2?apiKey=abc", testKey, nil, "query string"},
		{"key with inner space", "http://127.0.0.1/v2", "tk 5ecr3t", nil, "spaces or control characters"},
		{"negative retries", "http://127.0.0.1/v2", testKey, []Option{WithRetries(-1)}, "retries"},
		{"too many retries", "http://127.0.0.1/v2", testKey, []Option{WithRetries(11)}, "retries"},
		{"zero body cap", "http://127.0.0.1/v2", testKey, []Option{WithMaxBodyBytes(0)}, "maximum response size"},
		{"zero timeout", "http://127.0.0.1/v2", testKey, []Option{WithTimeout(0)}, "timeout"},
		{"negative backoff", "http://127.0.0.1/v2", testKey, []Option{WithBackoff(-time.Second)}, "backoff"},
		{"header injection", "http://127.0.0.1/v2", testKey, []Option{WithUserAgent("x\r\nAuthorization: y")}, "one line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(tt.base, tt.key, tt.opts...)
			if err == nil || c != nil {
				t.Fatalf("New = %v, %v; want an error", c, err)
			}
			if !strings.Contains(err.Error(), tt.wantInText) {
				t.Errorf("error %q does not say %q", err, tt.wantInText)
			}
			for _, secret := range []string{"hunter2pass", "5ecr3t"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("error %q shows a secret", err)
				}
			}
		})
	}
	for _, good := range []string{"http://127.0.0.1:8080/v2", "https://news.example.com/v2/", "HTTP://127.0.0.1"} {
		if _, err := New(good, testKey); err != nil {
			t.Errorf("New(%q) = %v", good, err)
		}
	}
}

func TestDefaultClientRefusesHTTPSDowngradeRedirect(t *testing.T) {
	check := defaultHTTPClient(false).CheckRedirect
	from, _ := http.NewRequest(http.MethodGet, "https://news.example.com/v2/articles", nil)
	toHTTP, _ := http.NewRequest(http.MethodGet, "http://news.example.com/v2/articles", nil)
	toHTTPS, _ := http.NewRequest(http.MethodGet, "https://cdn.example.com/v2/articles", nil)
	if err := check(toHTTP, []*http.Request{from}); err == nil {
		t.Error("a redirect from https to http was allowed; it would send the key in clear text")
	}
	if err := check(toHTTPS, []*http.Request{from}); err != nil {
		t.Errorf("https to https redirect refused: %v", err)
	}
}

func TestClientIsSafeForConcurrentUse(t *testing.T) {
	camel := fixture(t, "articles_camel.json")
	sources := fixture(t, "sources_camel.json")
	f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/sources") {
			_, _ = w.Write(sources)
			return
		}
		_, _ = w.Write(camel)
	})
	c := f.client(t)
	var wg sync.WaitGroup
	errs := make(chan error, 30)
	for i := range 30 {
		wg.Go(func() {
			var err error
			switch i % 3 {
			case 0:
				_, err = c.Sources(context.Background(), model.SourcesQuery{})
			case 1:
				_, err = c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"})
			default:
				var p model.Page[model.Article]
				p, err = c.Articles(context.Background(), model.ArticlesQuery{Q: "storm", Page: 2})
				if err == nil && len(p.Items) != 7 {
					err = errors.New("wrong page")
				}
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
