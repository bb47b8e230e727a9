package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// A small NewsAPI client, written from NewsAPI's documented shapes
// (newsapi.org/docs/endpoints/*), talks to the real listener over
// loopback: every endpoint and every filter, the key carried each of the
// four ways in turn. Decoding refuses fields NewsAPI does not send, so
// the envelopes are NewsAPI's, not the spec's.

type naSourceRef struct {
	ID   *string `json:"id"`
	Name string  `json:"name"`
}

type naArticle struct {
	Source      naSourceRef `json:"source"`
	Author      *string     `json:"author"`
	Title       string      `json:"title"`
	Description *string     `json:"description"`
	URL         string      `json:"url"`
	URLToImage  *string     `json:"urlToImage"`
	PublishedAt *time.Time  `json:"publishedAt"`
	Content     *string     `json:"content"`
	ID          string      `json:"id"` // the marks extension's article id, on both dialects
}

type naArticles struct {
	Status       string      `json:"status"`
	TotalResults int         `json:"totalResults"`
	Articles     []naArticle `json:"articles"`
}

type naSource struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	URL         string `json:"url"`
	Category    string `json:"category"`
	Language    string `json:"language"`
	Country     string `json:"country"`
}

type naSources struct {
	Status  string     `json:"status"`
	Sources []naSource `json:"sources"`
}

type naError struct {
	Status  string `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *naError) Error() string { return e.Code + ": " + e.Message }

type naClient struct {
	base string // ".../v2"
	key  string
	n    int // rotates the way the key is carried
}

// get fetches path with params into out, or returns the NewsAPI error.
func (c *naClient) get(ctx context.Context, path string, params url.Values, out any) error {
	q := url.Values{}
	for k, v := range params {
		q[k] = v
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "", nil)
	if err != nil {
		return err
	}
	switch c.n % 4 {
	case 0:
		req.Header.Set("X-Api-Key", c.key)
	case 1:
		req.Header.Set("Authorization", c.key)
	case 2:
		req.Header.Set("Authorization", "Bearer "+c.key)
	case 3:
		q.Set("apiKey", c.key)
	}
	c.n++
	if req.URL, err = url.Parse(c.base + path + "?" + q.Encode()); err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(resp.Body); err != nil {
		return err
	}
	dec := json.NewDecoder(&buf)
	dec.DisallowUnknownFields()
	if resp.StatusCode != http.StatusOK {
		var e naError
		if err := dec.Decode(&e); err != nil {
			return fmt.Errorf("status %d, body not NewsAPI's error: %v", resp.StatusCode, err)
		}
		if e.Status != "error" {
			return fmt.Errorf("status %d with status %q", resp.StatusCode, e.Status)
		}
		return &e
	}
	return dec.Decode(out)
}

func TestNewsAPIRoundTripOverLoopback(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		baseURL, stop, err := Start(ctx, "", newsAPIBackendHandler(t, open, Config{RateLimit: 1000}))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { stop(ctx) })
		c := &naClient{base: baseURL, key: testKey}

		headlines := func(t *testing.T, params url.Values) naArticles {
			t.Helper()
			var a naArticles
			if err := c.get(ctx, "/top-headlines", params, &a); err != nil || a.Status != "ok" {
				t.Fatalf("top-headlines %v: %v %+v", params, err, a)
			}
			return a
		}
		everything := func(t *testing.T, params url.Values) naArticles {
			t.Helper()
			var a naArticles
			if err := c.get(ctx, "/everything", params, &a); err != nil || a.Status != "ok" {
				t.Fatalf("everything %v: %v %+v", params, err, a)
			}
			return a
		}
		sourceIDs := func(a naArticles) []string {
			var ids []string
			for _, art := range a.Articles {
				if art.Source.ID != nil {
					ids = append(ids, *art.Source.ID)
				}
			}
			return ids
		}

		t.Run("top-headlines", func(t *testing.T) {
			a := headlines(t, url.Values{"country": {"de"}})
			if a.TotalResults != 2 || !allIn(sourceIDs(a), "spiegel", "heise") {
				t.Fatalf("country=de: %+v", a)
			}
			a = headlines(t, url.Values{"category": {"technology"}, "pageSize": {"1"}, "page": {"2"}})
			if a.TotalResults != 3 || len(a.Articles) != 1 || a.Articles[0].Title != "New chip" {
				t.Fatalf("category, page and pageSize: %+v", a)
			}
			a = headlines(t, url.Values{"q": {"climate"}, "country": {"us"}, "category": {"technology"}})
			if a.TotalResults != 2 || !allIn(sourceIDs(a), "techcrunch") {
				t.Fatalf("q, country and category: %+v", a)
			}
			a = headlines(t, url.Values{"q": {"climate"}, "sources": {"bbc-news"}})
			if a.TotalResults != 1 || a.Articles[0].Source.Name != "BBC News" || *a.Articles[0].Author != "Jane Doe" {
				t.Fatalf("q and sources: %+v", a)
			}
			a = headlines(t, url.Values{"q": {"valet"}, "language": {"sv"}})
			if a.TotalResults != 1 || !allIn(sourceIDs(a), "svt") {
				t.Fatalf("q and language: %+v", a)
			}
			a = headlines(t, url.Values{"country": {"se"}, "language": {"sv"}})
			if a.TotalResults != 1 {
				t.Fatalf("country and language: %+v", a)
			}
			for i := 1; i < len(a.Articles); i++ {
				if a.Articles[i].PublishedAt.After(*a.Articles[i-1].PublishedAt) {
					t.Fatal("headlines are newest first")
				}
			}
		})

		t.Run("everything", func(t *testing.T) {
			a := everything(t, url.Values{"q": {"climate"}})
			if a.TotalResults != 3 || len(a.Articles) != 3 {
				t.Fatalf("q: %+v", a)
			}
			a = everything(t, url.Values{"q": {"climate"}, "searchIn": {"title,description,content"}, "sortBy": {"relevancy"}})
			if a.TotalResults != 3 || a.Articles[0].Title != "Climate summit opens" {
				t.Fatalf("searchIn and sortBy=relevancy: %+v", a)
			}
			a = everything(t, url.Values{"q": {"climate"}, "sortBy": {"popularity"}})
			if a.TotalResults != 3 {
				t.Fatalf("sortBy=popularity: %+v", a)
			}
			a = everything(t, url.Values{"q": {"climate"}, "sources": {"techcrunch"}})
			if a.TotalResults != 2 || !allIn(sourceIDs(a), "techcrunch") {
				t.Fatalf("sources: %+v", a)
			}
			a = everything(t, url.Values{"q": {"climate"}, "domains": {"news.techcrunch.com"}})
			if a.TotalResults != 1 || !strings.HasPrefix(a.Articles[0].URL, "https://news.techcrunch.com/") {
				t.Fatalf("domains: %+v", a)
			}
			a = everything(t, url.Values{"q": {"climate"}, "excludeDomains": {"techcrunch.com"}})
			if a.TotalResults != 1 || !allIn(sourceIDs(a), "bbc-news") {
				t.Fatalf("excludeDomains: %+v", a)
			}
			from, to := base.Add(-3*time.Hour-time.Minute), base.Add(-90*time.Minute)
			a = everything(t, url.Values{"q": {"climate"}, "from": {from.Format("2006-01-02T15:04:05")}, "to": {to.Format("2006-01-02T15:04:05")}})
			if a.TotalResults != 1 {
				t.Fatalf("from and to: %+v", a)
			}
			for _, art := range a.Articles {
				if art.PublishedAt.Before(from) || art.PublishedAt.After(to) {
					t.Fatalf("from and to: %v outside %v–%v", art.PublishedAt, from, to)
				}
			}
			a = everything(t, url.Values{"q": {"klima"}, "language": {"de"}})
			if a.TotalResults != 1 || !allIn(sourceIDs(a), "spiegel") {
				t.Fatalf("language: %+v", a)
			}
			a = everything(t, url.Values{"q": {"climate"}, "pageSize": {"2"}, "page": {"2"}})
			if a.TotalResults != 3 || len(a.Articles) != 1 {
				t.Fatalf("page and pageSize: %+v", a)
			}
		})

		t.Run("top-headlines/sources", func(t *testing.T) {
			for _, c2 := range []struct {
				params url.Values
				want   []string
			}{
				{url.Values{}, []string{"bbc-news", "spiegel", "heise", "svt", "techcrunch"}},
				{url.Values{"category": {"technology"}}, []string{"heise", "techcrunch"}},
				{url.Values{"language": {"sv"}}, []string{"svt"}},
				{url.Values{"country": {"de"}, "language": {"de"}, "category": {"general"}}, []string{"spiegel"}},
			} {
				var s naSources
				if err := c.get(ctx, "/top-headlines/sources", c2.params, &s); err != nil || s.Status != "ok" {
					t.Fatalf("%v: %v", c2.params, err)
				}
				var got []string
				for _, src := range s.Sources {
					got = append(got, src.ID)
					if src.ID == "svt" && src.Language != "sv" {
						t.Fatalf("Swedish is NewsAPI's sv: %+v", src)
					}
				}
				if !slices.Equal(got, c2.want) {
					t.Fatalf("%v: got %v want %v", c2.params, got, c2.want)
				}
			}
		})

		t.Run("errors", func(t *testing.T) {
			for _, e := range []struct {
				path   string
				params url.Values
				code   string
			}{
				{"/top-headlines", url.Values{}, "parametersMissing"},
				{"/top-headlines", url.Values{"sources": {"bbc-news"}, "country": {"gb"}}, "parametersIncompatible"},
				{"/everything", url.Values{"q": {"x"}, "page": {"200"}}, "maximumResultsReached"},
				{"/everything", url.Values{"q": {"x"}, "sources": {strings.Repeat("a,", 21)}}, "sourcesTooMany"},
				{"/top-headlines/sources", url.Values{"language": {"zz"}}, "parameterInvalid"},
			} {
				var a naArticles
				err := c.get(ctx, e.path, e.params, &a)
				if ne, ok := err.(*naError); !ok || ne.Code != e.code {
					t.Fatalf("%s %v: %v, want %s", e.path, e.params, err, e.code)
				}
			}
			bad := &naClient{base: baseURL, key: "not-the-key"}
			for range 4 { // every carrier
				if err := bad.get(ctx, "/everything", url.Values{"q": {"x"}}, nil); err == nil || err.(*naError).Code != "apiKeyInvalid" {
					t.Fatalf("a wrong key: %v", err)
				}
			}
		})
	})
}

func allIn(got []string, allowed ...string) bool {
	for _, g := range got {
		if !slices.Contains(allowed, g) {
			return false
		}
	}
	return len(got) > 0
}
