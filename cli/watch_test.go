package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"tidings/model"
	"tidings/state"
)

// watchService is a loopback news service whose /articles answers a
// total per keyword (500 for "broken") and records the queries it got.
func watchService(t *testing.T, totals map[string]int) (base string, queries func() []model.ArticlesQuery) {
	t.Helper()
	var mu sync.Mutex
	var got []model.ArticlesQuery
	svc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/articles") {
			http.NotFound(w, r)
			return
		}
		q, err := model.ParseArticlesQuery(r.URL.Query())
		if err != nil {
			t.Errorf("the service got a bad query %s: %v", r.URL.RawQuery, err)
		}
		mu.Lock()
		got = append(got, q)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if q.Q == "broken" {
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"status":"error","code":"unexpectedError","message":"the index is down"}`))
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"status": "ok", "totalResults": totals[q.Q], "page": 1,
			"pageSize": 1, "articles": []model.Article{}})
	}))
	t.Cleanup(svc.Close)
	return svc.URL + "/v2", func() []model.ArticlesQuery {
		mu.Lock()
		defer mu.Unlock()
		return append([]model.ArticlesQuery(nil), got...)
	}
}

func addWatches(t *testing.T, at time.Time, names ...string) {
	t.Helper()
	withState(t, func(st *state.Store) {
		for _, n := range names {
			if err := st.AddWatch(t.Context(), n, model.ArticlesQuery{Q: n, Language: "en"}, at); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestWatchCheckCountsNewArticlesSinceTheLastLook(t *testing.T) {
	freshHome(t)
	base, queries := watchService(t, map[string]int{"rates": 3, "climate": 0})
	env := envOf(map[string]string{"NEWS_API_BASE_URL": base, "NEWS_API_KEY": "k"})
	created := time.Date(2026, 11, 20, 8, 30, 15, 0, time.UTC)
	addWatches(t, created, "rates", "climate")

	out, errOut, err := runSplit(t, env, "watch", "check")
	if err != nil || out != "rates\t3 new\nclimate\t0 new\n" {
		t.Fatalf("watch check: stdout %q stderr %q, %v", out, errOut, err)
	}
	for _, q := range queries() {
		if q.From != "2026-11-20T08:30:15Z" || q.PageSize != 1 || q.Language != "en" {
			t.Errorf("query %+v: want from the watch's creation, one article a page, its language", q)
		}
	}
	// Checking marks nothing seen: only opening a watch in the reader does.
	withState(t, func(st *state.Store) {
		ws, err := st.Watches(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range ws {
			if !w.LastSeen.IsZero() {
				t.Errorf("watch %s marked seen by watch check", w.Name)
			}
		}
	})
}

func TestWatchCheckExitStatus(t *testing.T) {
	base, _ := watchService(t, map[string]int{"rates": 0, "climate": 0, "news": 2})
	env := envOf(map[string]string{"NEWS_API_BASE_URL": base, "NEWS_API_KEY": "k"})
	at := time.Now().Add(-time.Hour)

	t.Run("nothing new is 1", func(t *testing.T) {
		freshHome(t)
		addWatches(t, at, "rates", "climate")
		out, _, err := runSplit(t, env, "watch", "check")
		if exitStatus(err) != 1 || out != "rates\t0 new\nclimate\t0 new\n" {
			t.Fatalf("status %d (%v), stdout %q", exitStatus(err), err, out)
		}
	})
	t.Run("no watches is 1", func(t *testing.T) {
		freshHome(t)
		out, errOut, err := runSplit(t, env, "watch", "check")
		if exitStatus(err) != 1 || out != "" || !strings.Contains(errOut, "no watched searches") {
			t.Fatalf("status %d, stdout %q, stderr %q", exitStatus(err), out, errOut)
		}
	})
	t.Run("a failing watch is 2, the others still counted", func(t *testing.T) {
		freshHome(t)
		addWatches(t, at, "broken", "news")
		out, errOut, err := runSplit(t, env, "watch", "check")
		if exitStatus(err) != 2 || out != "news\t2 new\n" || !strings.Contains(errOut, "watch broken:") {
			t.Fatalf("status %d, stdout %q, stderr %q", exitStatus(err), out, errOut)
		}
		if strings.Contains(errOut, "Run 'tidings --help'") {
			t.Errorf("a service failure is not a usage error: %q", errOut)
		}
	})
	t.Run("a bad service setting is 2", func(t *testing.T) {
		freshHome(t)
		addWatches(t, at, "rates")
		_, _, err := runSplit(t, envOf(map[string]string{"NEWS_API_BASE_URL": "ftp://x/v2", "NEWS_API_KEY": "k"}), "watch", "check")
		if exitStatus(err) != 2 {
			t.Fatalf("status %d (%v), want 2", exitStatus(err), err)
		}
	})
}

// With no service configured, watch check counts through the built-in
// demo, as the reader would read it.
func TestWatchCheckOnTheDemo(t *testing.T) {
	freshHome(t)
	page, stop := firstHeadlines(t, t.Context())
	stop()
	word := longestWord(page.Items[0].Title)
	if word == "" {
		t.Fatalf("no word in %q", page.Items[0].Title)
	}
	withState(t, func(st *state.Store) {
		q := model.ArticlesQuery{Q: word}
		if err := st.AddWatch(t.Context(), "old", q, time.Now().Add(-30*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := st.AddWatch(t.Context(), "expired", model.ArticlesQuery{Q: word, To: "2020-01-01"}, time.Now()); err != nil {
			t.Fatal(err)
		}
	})
	out, errOut, err := runSplit(t, noEnv, "watch", "check")
	if err != nil || !strings.HasPrefix(out, "old\t") || strings.HasPrefix(out, "old\t0 new") || !strings.Contains(out, "expired\t0 new\n") {
		t.Fatalf("watch check on the demo: status %d, stdout %q, stderr %q", exitStatus(err), out, errOut)
	}
}

func longestWord(s string) string {
	var best string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) > len([]rune(best)) {
			best = w
		}
	}
	return best
}

func TestWatchListAndRemove(t *testing.T) {
	freshHome(t)
	addWatches(t, time.Now(), "rates")
	out, _, err := runSplit(t, noEnv, "watch", "list")
	if err != nil || out != "rates\t--query \"rates\" --language \"en\"\tnever opened\n" {
		t.Fatalf("watch list = %q, %v", out, err)
	}
	if _, _, err := runSplit(t, noEnv, "watch", "remove", "RATES"); err != nil {
		t.Fatal(err)
	}
	if out, _, err := runSplit(t, noEnv, "watch", "list"); err != nil || out != "" {
		t.Fatalf("after remove: %q, %v", out, err)
	}
	_, _, err = runSplit(t, noEnv, "watch", "remove", "rates")
	if err == nil || !strings.Contains(err.Error(), `no watch named "rates"`) {
		t.Fatalf("removing a missing watch: %v", err)
	}
}

func TestWatchListJSON(t *testing.T) {
	freshHome(t)
	addWatches(t, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), "rates")
	out, _, err := runSplit(t, noEnv, "watch", "list", "--json")
	want := `[
  {
    "name": "rates",
    "query": {
      "q": "rates",
      "language": "en"
    },
    "created": "2026-12-01T09:00:00Z",
    "lastSeen": null
  }
]
`
	if err != nil || out != want {
		t.Fatalf("watch list --json = %s, %v; want %s", out, err, want)
	}
}
