package sqlite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"tidings/model"
)

// jsonlOf writes sources and articles as import lines, articles first for
// the sources named in late (they arrive after their articles).
func jsonlOf(t *testing.T, sources []model.Source, articles []model.Article, late map[string]bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, s := range sources {
		if !late[s.ID] {
			enc.Encode(s)
		}
	}
	for _, a := range articles {
		enc.Encode(a)
	}
	for _, s := range sources {
		if late[s.ID] {
			enc.Encode(s)
		}
	}
	return buf.Bytes()
}

// bulkQueries exercise every index and filter a bulk load builds.
var bulkQueries = []any{
	model.HeadlinesQuery{Page: 1, PageSize: 100},
	model.HeadlinesQuery{Country: "gb", Page: 1, PageSize: 100},
	model.HeadlinesQuery{Category: "technology", Page: 1, PageSize: 100},
	model.HeadlinesQuery{Country: "de", Category: "general", Page: 1, PageSize: 100},
	model.ArticlesQuery{Q: "climate", Page: 1, PageSize: 100},
	model.ArticlesQuery{Q: "climate", Language: "en", SortBy: model.SortRelevancy, Page: 1, PageSize: 100},
	model.ArticlesQuery{Q: "climate", Language: "de", Page: 1, PageSize: 100},
	model.ArticlesQuery{Q: "belem", Sources: []string{"spiegel"}, Page: 1, PageSize: 100},
	model.ArticlesQuery{Q: "climate", Domains: []string{"techcrunch.com"}, SortBy: model.SortPopularity, Page: 1, PageSize: 100},
	model.ArticlesQuery{Q: "climate", ExcludeDomains: []string{"bbc.co.uk"}, Page: 1, PageSize: 100},
	model.ArticlesQuery{Q: "саммит", Language: "ru", Page: 1, PageSize: 100},
}

func answers(t *testing.T, s *Store) []string {
	t.Helper()
	var out []string
	for _, q := range bulkQueries {
		var p model.Page[model.Article]
		var err error
		switch q := q.(type) {
		case model.HeadlinesQuery:
			p, err = s.Headlines(ctx, q)
		case model.ArticlesQuery:
			p, err = s.Articles(ctx, q)
		}
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		out = append(out, fmt.Sprintf("%+v: %d %q", q, p.TotalResults, titles(p)))
	}
	return out
}

func TestBulkImportAnswersLikeRowByRow(t *testing.T) {
	var arts []model.Article
	for _, a := range testArticles() {
		// An import refuses an article naming by id alone a source it
		// cannot find (jsonl); Add takes it.
		if a.Source.ID != "unknown-src" {
			arts = append(arts, a)
		}
	}
	arts = append(arts,
		// A later line with the same URL replaces the earlier one.
		art("bbc-news", "https://www.bbc.co.uk/news/1", "Climate summit opens in Belém, updated", "Leaders gather", "Updated.", 30*time.Minute))
	data := jsonlOf(t, testSources(), arts, map[string]bool{"spiegel": true, "rt": true})

	row := openTestStoreEmpty(t, "")
	bulk := openTestStoreEmpty(t, t.TempDir()+"/bulk.db")
	for _, s := range []*Store{row, bulk} {
		st, err := s.ImportJSONL(ctx, bytes.NewReader(data))
		if err != nil || st.Articles != len(arts) || st.Skipped != 0 {
			t.Fatalf("import: %+v %v", st, err)
		}
	}
	want, got := answers(t, row), answers(t, bulk)
	for i := range want {
		if want[i] != got[i] {
			t.Errorf("bulk load answers\n%s\nrow by row\n%s", got[i], want[i])
		}
	}
	if len(want) == 0 || !reflect.DeepEqual(want, got) {
		t.FailNow()
	}
	var hash int
	if err := bulk.db.QueryRow("SELECT v FROM articles_fts_config WHERE k = 'hashsize'").Scan(&hash); err != nil || hash != defaultHashBytes {
		t.Errorf("hashsize after a bulk load: %d (%v), want FTS5's default %d", hash, err, defaultHashBytes)
	}
	// The triggers are back: rows added later are found and replaced.
	if err := bulk.Add(ctx, nil, []model.Article{art("techcrunch", "https://techcrunch.com/new",
		"Quasar telescope", "d", "c", time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if p := doSearch(t, bulk, model.ArticlesQuery{Q: "quasar"}); p.TotalResults != 1 {
		t.Fatalf("an article added after the bulk load is not searchable: %+v", p)
	}
	assertIndexes(t, bulk)
}

func TestImportIntoAStoreWithArticlesAddsRowByRow(t *testing.T) {
	s := openTestStoreEmpty(t, t.TempDir()+"/news.db")
	if err := s.Add(ctx, testSources(), testArticles()[:2]); err != nil {
		t.Fatal(err)
	}
	if b, err := s.beginBulk(ctx); err != nil || b != nil {
		t.Fatalf("a store with articles must not be bulk loaded: %v %v", b, err)
	}
	data := jsonlOf(t, nil, testArticles()[2:], nil)
	if _, err := s.ImportJSONL(ctx, bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	if p := doSearch(t, s, model.ArticlesQuery{Q: "chip"}); p.TotalResults != 1 {
		t.Fatalf("imported article not found: %+v", p)
	}
	assertIndexes(t, s)
}

func TestInterruptedBulkLoadIsFinishedOnOpen(t *testing.T) {
	path := t.TempDir() + "/cut.db"
	s := openTestStoreEmpty(t, path)
	b, err := s.beginBulk(ctx)
	if err != nil || b == nil {
		t.Fatalf("begin: %v %v", b, err)
	}
	recs := []record{}
	for _, a := range testArticles() {
		recs = append(recs, record{Article: a})
	}
	if err := s.addTo(ctx, b, testSources(), recs); err != nil {
		t.Fatal(err)
	}
	b.conn.Close() // the process dies here: no finish
	s.Close()

	s = openTestStoreEmpty(t, path)
	var version int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != schemaVersion {
		t.Fatalf("user_version %d (%v), want %d", version, err, schemaVersion)
	}
	if p := doSearch(t, s, model.ArticlesQuery{Q: "climate", Language: "en"}); p.TotalResults != 4 {
		t.Fatalf("rows of the cut-off load are not searchable after reopening: %+v", p)
	}
	assertIndexes(t, s)
}

func openTestStoreEmpty(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// assertIndexes checks that every index and trigger of the schema exists.
func assertIndexes(t *testing.T, s *Store) {
	t.Helper()
	for _, name := range append(append([]string{}, bulkIndexes...), bulkTriggers...) {
		var n int
		if err := s.db.QueryRow("SELECT count(*) FROM sqlite_master WHERE name = ?", name).Scan(&n); err != nil || n != 1 {
			t.Errorf("%s is missing (%v)", name, err)
		}
	}
}
