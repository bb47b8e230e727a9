package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tidings/internal/pgtest"
	"tidings/model"
	"tidings/server"
	"tidings/server/store"
	"tidings/server/store/postgres"
	"tidings/server/store/sqlite"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared() // the PostgreSQL the contract suite started, if any
	os.Exit(code)
}

// opener opens an empty catalogue for a test, closed when it ends.
type opener func(testing.TB) store.Catalogue

// forEachBackend runs f against each backend, with the same expectations:
// SQLite in memory and PostgreSQL on a throwaway server (skipped loudly
// when its binaries are absent, a failure under CI=true).
func forEachBackend(t *testing.T, f func(t *testing.T, open opener)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, openSQLite) })
	t.Run("postgres", func(t *testing.T) { f(t, openPostgres) })
}

func openSQLite(t testing.TB) store.Catalogue {
	t.Helper()
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

var pgMigrated = &pgtest.Template{Name: "contract", Setup: postgres.Migrate}

func openPostgres(t testing.TB) store.Catalogue {
	t.Helper()
	dsn := pgtest.Shared(t).NewDB(t, pgMigrated)
	st, err := postgres.Open(context.Background(), dsn, postgres.Options{})
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Contract tests: this client against the real server (package server over
// an in-memory store) on loopback. They pin that the two read the spec the
// same way: every endpoint, every filter, paging, and the error mapping.

const contractKey = "contract-key-7f3a9c"

var contractNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func contractSources() []model.Source {
	return []model.Source{
		{ID: "bbc-news", Name: "BBC News", URL: "https://www.bbc.co.uk/news", Category: "general", Language: "en", Country: "gb"},
		{ID: "le-monde", Name: "Le Monde", URL: "https://www.lemonde.fr", Category: "general", Language: "fr", Country: "fr"},
		{ID: "techcrunch", Name: "TechCrunch", URL: "https://techcrunch.com", Category: "technology", Language: "en", Country: "us"},
		{ID: "espn", Name: "ESPN", URL: "https://www.espn.com", Category: "sports", Language: "en", Country: "us"},
	}
}

// contractArticles: 25 TechCrunch chip stories an hour apart (for paging),
// and five storm stories across sources, domains and languages.
func contractArticles() []model.Article {
	var out []model.Article
	for i := range 25 {
		out = append(out, model.Article{
			Source: model.SourceRef{ID: "techcrunch", Name: "TechCrunch"}, Title: fmt.Sprintf("Chip launch %02d", i),
			Description: "A new chip", URL: fmt.Sprintf("https://techcrunch.com/chip-%02d", i),
			PublishedAt: contractNow.Add(-time.Duration(i+10) * time.Hour), Content: "Silicon news.",
		})
	}
	storm := func(src, name, url, title string, age time.Duration) model.Article {
		return model.Article{Source: model.SourceRef{ID: src, Name: name}, Author: "Desk", Title: title,
			Description: "Weather", URL: url, PublishedAt: contractNow.Add(-age), Content: "storm content"}
	}
	return append(out,
		storm("bbc-news", "BBC News", "https://www.bbc.co.uk/news/storm-1", "Storm closes ports", 1*time.Hour),
		storm("bbc-news", "BBC News", "https://www.bbc.co.uk/news/storm-2", "Storm warning for Scotland", 2*time.Hour),
		storm("le-monde", "Le Monde", "https://www.lemonde.fr/storm", "Storm in Brittany", 3*time.Hour),
		storm("espn", "ESPN", "https://www.espn.com/storm", "Storm beat Lynx &amp; win title", 4*time.Hour),
		model.Article{Source: model.SourceRef{ID: "techcrunch", Name: "TechCrunch"}, Title: "Storm of chip orders",
			URL: "https://techcrunch.com/storm-orders", PublishedAt: contractNow.Add(-48 * time.Hour)},
	)
}

// contractService starts the real handler on loopback and counts requests.
func contractService(t *testing.T, open opener, cfg server.Config) (base string, hits *atomic.Int32) {
	t.Helper()
	st := open(t)
	if err := st.Add(context.Background(), contractSources(), contractArticles()); err != nil {
		t.Fatalf("add: %v", err)
	}
	cfg.APIKeys = []string{contractKey}
	h, err := server.New(st, cfg)
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	hits = &atomic.Int32{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v2", hits
}

func contractClient(t *testing.T, open opener) *Client {
	t.Helper()
	base, _ := contractService(t, open, server.Config{})
	c, err := New(base, contractKey, WithBackoff(time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestContractSources(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		c := contractClient(t, open)
		ctx := context.Background()
		tests := []struct {
			q         model.SourcesQuery
			wantIDs   []string
			wantTotal int
		}{
			{model.SourcesQuery{}, []string{"bbc-news", "espn", "le-monde", "techcrunch"}, 4},
			{model.SourcesQuery{Category: "technology"}, []string{"techcrunch"}, 1},
			{model.SourcesQuery{Language: "fr"}, []string{"le-monde"}, 1},
			{model.SourcesQuery{Country: "us"}, []string{"espn", "techcrunch"}, 2},
			{model.SourcesQuery{Country: "us", Category: "sports", Language: "en"}, []string{"espn"}, 1},
			{model.SourcesQuery{PageSize: 3, Page: 2}, []string{"techcrunch"}, 4},
			{model.SourcesQuery{Page: 5}, []string{}, 4}, // past the end: empty, not an error
		}
		for _, tt := range tests {
			page, err := c.Sources(ctx, tt.q)
			if err != nil {
				t.Errorf("%+v: %v", tt.q, err)
				continue
			}
			ids := []string{}
			for _, s := range page.Items {
				ids = append(ids, s.ID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(tt.wantIDs) || page.TotalResults != tt.wantTotal {
				t.Errorf("%+v: ids %v total %d; want %v %d", tt.q, ids, page.TotalResults, tt.wantIDs, tt.wantTotal)
			}
		}
		page, _ := c.Sources(ctx, model.SourcesQuery{Language: "fr"})
		if want := contractSources()[1]; len(page.Items) != 1 || page.Items[0] != want {
			t.Errorf("le-monde came back as %+v, want %+v", page.Items, want)
		}
	})
}

func TestContractHeadlines(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		c := contractClient(t, open)
		ctx := context.Background()
		page, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Category: "sports"})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Items) != 1 || page.Items[0].Title != "Storm beat Lynx &amp; win title" || page.Items[0].Author != "Desk" ||
			!page.Items[0].PublishedAt.Equal(contractNow.Add(-4*time.Hour)) || page.Items[0].Source.ID != "espn" {
			t.Errorf("sports headlines = %+v", page.Items)
		}
		// Null optional fields from the server arrive as empty strings.
		page, err = c.LatestHeadlines(ctx, model.HeadlinesQuery{Country: "us", PageSize: 1, Page: 2})
		if err != nil || len(page.Items) != 1 || page.Items[0].Title != "Chip launch 00" || page.TotalResults != 27 {
			t.Errorf("us headlines page 2 of size 1 = %+v, %v", page, err)
		}
		all := walkPages(t, func(p int) (model.Page[model.Article], error) {
			return c.LatestHeadlines(ctx, model.HeadlinesQuery{Country: "us", Page: p, PageSize: 10})
		})
		if len(all) != 27 {
			t.Errorf("walked %d us headlines, want 27", len(all))
		}
		for i := 1; i < len(all); i++ {
			if all[i].PublishedAt.After(all[i-1].PublishedAt) {
				t.Errorf("headline %d is newer than %d: not newest first", i, i-1)
			}
		}
	})
}

// walkPages follows HasMore from page 1, failing on duplicates or a loop.
func walkPages(t *testing.T, fetch func(page int) (model.Page[model.Article], error)) []model.Article {
	t.Helper()
	var all []model.Article
	seen := map[string]bool{}
	for p := 1; ; p++ {
		page, err := fetch(p)
		if err != nil {
			t.Fatalf("page %d: %v", p, err)
		}
		for _, a := range page.Items {
			if seen[a.URL] {
				t.Errorf("page %d repeats %s", p, a.URL)
			}
			seen[a.URL] = true
		}
		all = append(all, page.Items...)
		if !page.HasMore() {
			if len(all) != page.TotalResults {
				t.Errorf("walked %d items but the total says %d", len(all), page.TotalResults)
			}
			return all
		}
		if p > 100 {
			t.Fatal("paging never ends")
		}
	}
}

func TestContractArticles(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		c := contractClient(t, open)
		ctx := context.Background()
		tests := []struct {
			name string
			q    model.ArticlesQuery
			want []string // titles, in order
		}{
			{"keyword, newest first", model.ArticlesQuery{Q: "storm"}, []string{"Storm closes ports", "Storm warning for Scotland",
				"Storm in Brittany", "Storm beat Lynx &amp; win title", "Storm of chip orders"}},
			{"sources", model.ArticlesQuery{Q: "storm", Sources: []string{"bbc-news", "espn"}},
				[]string{"Storm closes ports", "Storm warning for Scotland", "Storm beat Lynx &amp; win title"}},
			{"domains match subdomains", model.ArticlesQuery{Q: "storm", Domains: []string{"bbc.co.uk", "lemonde.fr"}},
				[]string{"Storm closes ports", "Storm warning for Scotland", "Storm in Brittany"}},
			{"excludeDomains", model.ArticlesQuery{Q: "storm", ExcludeDomains: []string{"bbc.co.uk", "techcrunch.com"}},
				[]string{"Storm in Brittany", "Storm beat Lynx &amp; win title"}},
			{"language", model.ArticlesQuery{Q: "storm", Language: "fr"}, []string{"Storm in Brittany"}},
			{"from and to", model.ArticlesQuery{Q: "storm", From: "2026-11-20T08:30:00Z", To: "2026-11-20T10:30:00Z"},
				[]string{"Storm warning for Scotland", "Storm in Brittany"}},
			{"whole-day dates", model.ArticlesQuery{Q: "storm", From: "2026-11-18", To: "2026-11-18"}, []string{"Storm of chip orders"}},
			{"sortBy publishedAt", model.ArticlesQuery{Q: "storm", SortBy: model.SortPublishedAt, PageSize: 2},
				[]string{"Storm closes ports", "Storm warning for Scotland"}},
			{"page past the end", model.ArticlesQuery{Q: "storm", Page: 9}, []string{}},
		}
		for _, tt := range tests {
			page, err := c.Articles(ctx, tt.q)
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
				continue
			}
			got := []string{}
			for _, a := range page.Items {
				got = append(got, a.Title)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%s: got %q\nwant %q", tt.name, got, tt.want)
			}
		}
		for _, sort := range model.SortOrders() {
			page, err := c.Articles(ctx, model.ArticlesQuery{Q: "storm", SortBy: sort})
			if err != nil || len(page.Items) != 5 || page.TotalResults != 5 {
				t.Errorf("sortBy %s: %d items, total %d, %v", sort, len(page.Items), page.TotalResults, err)
			}
		}
		all := walkPages(t, func(p int) (model.Page[model.Article], error) {
			return c.Articles(ctx, model.ArticlesQuery{Q: "chip", Page: p, PageSize: 7})
		})
		if len(all) != 26 {
			t.Errorf("walked %d chip articles, want 26", len(all))
		}
	})
}

// TestContractValidationAgrees sends queries the client refuses straight to
// the server (bypassing validation): the server must refuse them too, with
// the code the client's ValidationError names, as ErrInvalidParams.
func TestContractValidationAgrees(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		c := contractClient(t, open)
		ctx := context.Background()
		tests := []struct {
			name  string
			path  string
			raw   url.Values
			check func() error // the same query through the client's public API
		}{
			{"pageSize zero", pathSources, url.Values{"pageSize": {"0"}}, nil},
			{"pageSize over 100", pathSources, url.Values{"pageSize": {"101"}}, func() error {
				_, err := c.Sources(ctx, model.SourcesQuery{PageSize: 101})
				return err
			}},
			{"page not a number", pathHeadlines, url.Values{"page": {"two"}}, nil},
			{"negative page", pathHeadlines, url.Values{"page": {"-1"}}, nil},
			{"unknown country", pathHeadlines, url.Values{"country": {"xx"}}, func() error {
				_, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Country: "xx"})
				return err
			}},
			{"unknown category", pathSources, url.Values{"category": {"weather"}}, func() error {
				_, err := c.Sources(ctx, model.SourcesQuery{Category: "weather"})
				return err
			}},
			{"unknown language", pathSources, url.Values{"language": {"xx"}}, func() error {
				_, err := c.Sources(ctx, model.SourcesQuery{Language: "xx"})
				return err
			}},
			{"no q", pathArticles, url.Values{"sortBy": {"relevancy"}}, func() error {
				_, err := c.Articles(ctx, model.ArticlesQuery{SortBy: model.SortRelevancy})
				return err
			}},
			{"bad from", pathArticles, url.Values{"q": {"storm"}, "from": {"last week"}}, func() error {
				_, err := c.Articles(ctx, model.ArticlesQuery{Q: "storm", From: "last week"})
				return err
			}},
			{"from after to", pathArticles, url.Values{"q": {"storm"}, "from": {"2026-11-20"}, "to": {"2026-11-01"}}, func() error {
				_, err := c.Articles(ctx, model.ArticlesQuery{Q: "storm", From: "2026-11-20", To: "2026-11-01"})
				return err
			}},
			{"unknown sortBy", pathArticles, url.Values{"q": {"storm"}, "sortBy": {"newest"}}, func() error {
				_, err := c.Articles(ctx, model.ArticlesQuery{Q: "storm", SortBy: "newest"})
				return err
			}},
			{"bad domain", pathArticles, url.Values{"q": {"storm"}, "domains": {"not a domain"}}, func() error {
				_, err := c.Articles(ctx, model.ArticlesQuery{Q: "storm", Domains: []string{"not a domain"}})
				return err
			}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := c.get(ctx, tt.path, tt.raw)
				var apiErr *Error
				if !errors.Is(err, ErrInvalidParams) || !errors.As(err, &apiErr) || apiErr.Message == "" {
					t.Fatalf("server answered %v; want a 400 with a message", err)
				}
				if tt.check == nil {
					return // the client's types cannot express this value
				}
				var verr *model.ValidationError
				if cerr := tt.check(); !errors.As(cerr, &verr) {
					t.Fatalf("client accepted what the server refuses: %v", cerr)
				} else if verr.Code() != apiErr.Code {
					t.Errorf("client code %s, server code %s", verr.Code(), apiErr.Code)
				}
			})
		}
	})
}

func TestContractErrorMapping(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		t.Run("wrong key is ErrUnauthorized", func(t *testing.T) {
			base, hits := contractService(t, open, server.Config{})
			for _, key := range []string{"wrong-key-123456", ""} {
				c, _ := New(base, key)
				_, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{})
				if !errors.Is(err, ErrUnauthorized) {
					t.Errorf("key %q: err = %v, want ErrUnauthorized", key, err)
				}
				assertNoKeyText(t, err, key)
			}
			if hits.Load() != 2 {
				t.Errorf("%d hits, want 2: a 401 is not retried", hits.Load())
			}
		})
		t.Run("rate limit is ErrRateLimited with RetryAfter", func(t *testing.T) {
			base, hits := contractService(t, open, server.Config{RateLimit: 2, Now: func() time.Time { return contractNow }})
			c, _ := New(base, contractKey)
			var err error
			for range 3 {
				_, err = c.Sources(ctx, model.SourcesQuery{})
			}
			wait, limited := RetryAfter(err)
			if !errors.Is(err, ErrRateLimited) || !limited || wait <= 0 || wait > time.Minute {
				t.Errorf("third request: err %v, RetryAfter %v %v; want ErrRateLimited with a wait", err, wait, limited)
			}
			if hits.Load() != 3 {
				t.Errorf("%d hits, want 3: a 429 is not retried", hits.Load())
			}
		})
		t.Run("a base URL without /v2 is ErrNotFound", func(t *testing.T) {
			base, _ := contractService(t, open, server.Config{})
			c, _ := New(base[:len(base)-len("/v2")], contractKey)
			if _, err := c.Sources(ctx, model.SourcesQuery{}); !errors.Is(err, ErrNotFound) {
				t.Errorf("err = %v, want ErrNotFound", err)
			}
		})
	})
}

func assertNoKeyText(t *testing.T, err error, key string) {
	t.Helper()
	if len(key) >= 4 {
		for _, e := range chain(err) {
			if s := e.Error(); strings.Contains(s, key) {
				t.Errorf("error shows the key: %s", s)
			}
		}
	}
}
