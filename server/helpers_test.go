package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"tidings/internal/pgtest"
	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/postgres"
	"tidings/server/store/sqlite"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared() // the PostgreSQL the backend suite started, if any
	os.Exit(code)
}

// opener opens an empty catalogue for a test, closed when it ends.
type opener func(testing.TB) store.Catalogue

// backends are the catalogues the suite runs against, with the same
// expectations: SQLite in memory, and PostgreSQL on a throwaway server
// (skipped with a loud reason when its binaries are absent, a failure
// under CI=true).
var backends = []struct {
	name string
	open opener
}{
	{"sqlite", openSQLite},
	{"postgres", openPostgres},
}

// forEachBackend runs f as a subtest per backend.
func forEachBackend(t *testing.T, f func(t *testing.T, open opener)) {
	t.Helper()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open) })
	}
}

func openSQLite(t testing.TB) store.Catalogue {
	t.Helper()
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// pgMigrated is the migrated database every PostgreSQL test clones.
var pgMigrated = &pgtest.Template{Name: "server_suite", Setup: postgres.Migrate}

func openPostgres(t testing.TB) store.Catalogue {
	t.Helper()
	return openPostgresAt(t, pgtest.Shared(t).NewDB(t, pgMigrated))
}

func openPostgresAt(t testing.TB, dsn string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), dsn, postgres.Options{WatchInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

const testKey = "test-key-123"

var base = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// fixtureStore is the fixture catalogue on SQLite.
func fixtureStore(t testing.TB) *sqlite.Store {
	t.Helper()
	st := openSQLite(t).(*sqlite.Store)
	addFixture(t, st)
	return st
}

// fixtureCatalogue is the fixture catalogue on the backend open opens.
func fixtureCatalogue(t testing.TB, open opener) store.Catalogue {
	t.Helper()
	st := open(t)
	addFixture(t, st)
	return st
}

func addFixture(t testing.TB, st store.Writer) {
	t.Helper()
	sources := []model.Source{
		{ID: "bbc-news", Name: "BBC News", URL: "https://www.bbc.co.uk", Category: "general", Language: "en", Country: "gb"},
		{ID: "spiegel", Name: "Der Spiegel", URL: "https://www.spiegel.de", Category: "general", Language: "de", Country: "de"},
		{ID: "techcrunch", Name: "TechCrunch", URL: "https://techcrunch.com", Category: "technology", Language: "en", Country: "us"},
		{ID: "heise", Name: "heise online", URL: "https://www.heise.de", Category: "technology", Language: "de", Country: "de"},
	}
	a := func(src, url, title, content string, hoursAgo int) model.Article {
		return model.Article{Source: model.SourceRef{ID: src}, Title: title, URL: url, Content: content,
			Description: "About " + title, PublishedAt: base.Add(-time.Duration(hoursAgo) * time.Hour)}
	}
	articles := []model.Article{
		a("bbc-news", "https://www.bbc.co.uk/news/1", "Climate summit opens", "The climate summit began.", 1),
		a("spiegel", "https://www.spiegel.de/2", "Klimagipfel beginnt", "Der Gipfel zum Klima.", 2),
		a("techcrunch", "https://techcrunch.com/3", "Climate tech startup raises money", "Carbon capture.", 3),
		a("techcrunch", "https://news.techcrunch.com/4", "New chip", "Fast chip, climate neutral.", 4),
		a("heise", "https://www.heise.de/5", "Neuer Prozessor", "Schnell.", 26),
		{Source: model.SourceRef{ID: "bbc-news"}, Title: "Bare article", URL: "https://www.bbc.co.uk/news/6"},
	}
	articles[0].Author = "Jane Doe"
	articles[0].URLToImage = "https://www.bbc.co.uk/img/1.jpg"
	if err := st.Add(context.Background(), sources, articles); err != nil {
		t.Fatal(err)
	}
}

// newTestHandler is the handler over the fixture catalogue on SQLite.
func newTestHandler(t testing.TB, cfg Config) http.Handler {
	t.Helper()
	return newHandlerOver(t, fixtureStore(t), cfg)
}

// newBackendHandler is the handler over the fixture catalogue on the
// backend open opens.
func newBackendHandler(t testing.TB, open opener, cfg Config) http.Handler {
	t.Helper()
	return newHandlerOver(t, fixtureCatalogue(t, open), cfg)
}

func newHandlerOver(t testing.TB, st store.Reader, cfg Config) http.Handler {
	t.Helper()
	if cfg.APIKeys == nil {
		cfg.APIKeys = []string{testKey}
	}
	h, err := New(st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

type response struct {
	status int
	header http.Header
	raw    string
	body   map[string]any
}

// do sends a request to h with the test key (unless auth is given) and
// checks the invariant every response must keep: a JSON body with the JSON
// content type.
func do(t testing.TB, h http.Handler, method, target string, auth ...string) response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	if len(auth) > 0 {
		if auth[0] != "" {
			req.Header.Set("Authorization", auth[0])
		}
	} else {
		req.Header.Set("Authorization", "Bearer "+testKey)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	raw, _ := io.ReadAll(rec.Body)
	r := response{status: rec.Code, header: rec.Header(), raw: string(raw)}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s %s: Content-Type %q, want application/json", method, target, ct)
	}
	if method != http.MethodHead {
		if err := json.Unmarshal(raw, &r.body); err != nil {
			t.Fatalf("%s %s: body is not a JSON object: %v: %q", method, target, err, raw)
		}
	}
	return r
}

func get(t testing.TB, h http.Handler, target string, auth ...string) response {
	t.Helper()
	return do(t, h, http.MethodGet, target, auth...)
}

// wantError checks an error response's status, code and shape, and that
// its message contains msg.
func wantError(t *testing.T, r response, status int, code, msg string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	codeField, msgField := "code", "message"
	if code == model.CodeInvalidCountryCode {
		codeField, msgField = "errorCode", "errorMessage"
	}
	if len(r.body) != 3 || r.body["status"] != float64(status) || r.body[codeField] != code {
		t.Fatalf("want {status:%d, %s:%s, %s}: %s", status, codeField, code, msgField, r.raw)
	}
	if m, _ := r.body[msgField].(string); !strings.Contains(m, msg) {
		t.Fatalf("%s %q does not contain %q", msgField, m, msg)
	}
}

func articleTitles(t *testing.T, r response) []string {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.raw)
	}
	out := []string{}
	for _, a := range r.body["articles"].([]any) {
		out = append(out, a.(map[string]any)["title"].(string))
	}
	return out
}
