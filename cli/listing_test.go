package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tidings/model"
)

// pagedService is a loopback news service whose latest headlines are
// total articles, served in the pages asked for; it counts requests.
// The first article's title carries a terminal escape and a tab.
func pagedService(t *testing.T, total int) (base string, requests *atomic.Int32) {
	t.Helper()
	requests = &atomic.Int32{}
	svc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if r.Header.Get("Authorization") != "Bearer k" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"status":401,"code":"apiKeyInvalid","message":"bad key"}`))
			return
		}
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		size, _ := strconv.Atoi(r.URL.Query().Get("pageSize"))
		var items []model.Article
		for i := (page - 1) * size; i < min(page*size, total); i++ {
			title := fmt.Sprintf("Story %d", i)
			if i == 0 {
				title = "Story\x1b]8;;evil\x07 0\tstill"
			}
			items = append(items, model.Article{Title: title, URL: fmt.Sprintf("https://news.example/%d", i),
				Source: model.SourceRef{Name: "Example News"}, PublishedAt: time.Date(2026, 12, 2, 8, 14, 0, 0, time.Local)})
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"status": "ok", "totalResults": total, "page": page,
			"pageSize": size, "articles": items})
	}))
	t.Cleanup(svc.Close)
	return svc.URL + "/v2", requests
}

func TestHeadlinesDemoJSONIsAnArrayOfArticlesInTheServicesShape(t *testing.T) {
	freshHome(t)
	out, _, err := runSplit(t, noEnv, "headlines", "--demo", "--json", "--limit", "3")
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	if len(got) != 3 {
		t.Fatalf("%d articles, want 3 (--limit 3)", len(got))
	}
	for _, key := range []string{"source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content"} {
		if _, ok := got[0][key]; !ok {
			t.Errorf("article has no %q: %v", key, got[0])
		}
	}
	if title, _ := got[0]["title"].(string); title == "" {
		t.Errorf("first article has no title: %v", got[0])
	}
}

func TestHeadlinesPrintsOneCleanLinePerArticleAcrossPages(t *testing.T) {
	freshHome(t)
	base, requests := pagedService(t, 250)
	env := envOf(map[string]string{"NEWS_API_BASE_URL": base, "NEWS_API_KEY": "k"})
	out, _, err := runSplit(t, env, "headlines", "--limit", "150")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 150 || requests.Load() != 2 {
		t.Fatalf("%d lines in %d requests, want 150 in 2 (pages of 100)", len(lines), requests.Load())
	}
	// The escape and bell characters are gone, so the rest is inert text;
	// the title's tab is a space, so the fields stay four.
	want := "2026-12-02 08:14\tExample News\tStory]8;;evil 0 still\thttps://news.example/0"
	if lines[0] != want {
		t.Errorf("first line %q, want %q (no control character or stray tab)", lines[0], want)
	}
	if lines[149] != "2026-12-02 08:14\tExample News\tStory 149\thttps://news.example/149" {
		t.Errorf("last line %q", lines[149])
	}
}

func TestHeadlinesLimitZeroReadsEveryPage(t *testing.T) {
	freshHome(t)
	base, _ := pagedService(t, 230)
	env := envOf(map[string]string{"NEWS_API_BASE_URL": base, "NEWS_API_KEY": "k"})
	out, _, err := runSplit(t, env, "headlines", "--limit", "0", "--page-size", "50")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out, "\n"); n != 230 {
		t.Fatalf("%d lines, want all 230", n)
	}
}

func TestListingCommandsExitStatus(t *testing.T) {
	freshHome(t)
	base, _ := pagedService(t, 5)
	cases := []struct {
		env  map[string]string
		args []string
		want int
	}{
		{map[string]string{"NEWS_API_BASE_URL": base, "NEWS_API_KEY": "k"}, []string{"headlines"}, 0},
		{map[string]string{"NEWS_API_BASE_URL": base, "NEWS_API_KEY": "wrong"}, []string{"headlines"}, 1},
		{nil, []string{"headlines", "--demo", "--limit", "-1"}, 2},
		{nil, []string{"headlines", "--demo", "--country", "xx"}, 2},
		{nil, []string{"headlines", "--demo", "--sources", "a"}, 2}, // a search flag
		{nil, []string{"search", "--demo"}, 2},                      // no words
		{nil, []string{"search", "--demo", "--sort-by", "oldest", "x"}, 2},
		{nil, []string{"sources", "--demo", "--language", "zz"}, 2},
	}
	for _, c := range cases {
		_, _, err := runSplit(t, envOf(c.env), c.args...)
		if got := statusOf(err); got != c.want {
			t.Errorf("%v: exit status %d (%v), want %d", c.args, got, err, c.want)
		}
	}
}

func TestSearchAndSourcesOnTheDemo(t *testing.T) {
	freshHome(t)
	out, _, err := runSplit(t, noEnv, "search", "--demo", "--limit", "2", "--json", "climate")
	if err != nil {
		t.Fatal(err)
	}
	var articles []model.Article
	if err := json.Unmarshal([]byte(out), &articles); err != nil || len(articles) != 2 {
		t.Fatalf("search --json: %d articles, %v\n%s", len(articles), err, out)
	}
	out, _, err = runSplit(t, noEnv, "sources", "--demo", "--language", "en")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("sources: %q", out)
	}
	for _, l := range lines {
		if f := strings.Split(l, "\t"); len(f) != 6 || f[3] != "en" {
			t.Fatalf("sources line %q: want 6 tab-separated fields, language en", l)
		}
	}
}

// NewsAPI's top headlines need a country or a category: with neither,
// headlines asks for us, as the reader's Headlines screen does.
func TestHeadlinesOnNewsAPIAsksForACountry(t *testing.T) {
	freshHome(t)
	var query atomic.Value
	svc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		query.Store(r.URL.RawQuery)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok","totalResults":0,"articles":[]}`))
	}))
	defer svc.Close()
	env := envOf(map[string]string{"NEWS_API_BASE_URL": svc.URL + "/v2", "NEWS_API_KEY": "k", "NEWS_API_DIALECT": "newsapi"})
	if _, _, err := runSplit(t, env, "headlines"); err != nil {
		t.Fatal(err)
	}
	if q, _ := query.Load().(string); !strings.Contains(q, "country=us") {
		t.Fatalf("asked %q, want country=us", q)
	}
}
