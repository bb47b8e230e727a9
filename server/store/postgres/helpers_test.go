package postgres

import (
	"context"
	"os"
	"testing"
	"time"

	"tidings/internal/pgtest"
	"tidings/model"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared()
	os.Exit(code)
}

// migrated is the template every test database is cloned from.
var migrated = &pgtest.Template{Name: "postgres_store", Setup: Migrate}

// openTest opens a store on a fresh migrated database.
func openTest(t testing.TB) *Store {
	t.Helper()
	return openDSN(t, pgtest.Shared(t).NewDB(t, migrated))
}

func openDSN(t testing.TB, dsn string) *Store {
	t.Helper()
	st, err := Open(context.Background(), dsn, Options{WatchInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

var base = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func art(src, url, title, desc, content string, hoursAgo int) model.Article {
	return model.Article{Source: model.SourceRef{ID: src}, Title: title, URL: url, Description: desc,
		Content: content, PublishedAt: base.Add(-time.Duration(hoursAgo) * time.Hour)}
}

func titles(p model.Page[model.Article]) []string {
	out := []string{}
	for _, a := range p.Items {
		out = append(out, a.Title)
	}
	return out
}
