package server

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tidings/internal/pgtest"
	"tidings/model"
	"tidings/server/store"
)

// PostgreSQL stopped mid-run: uncached queries are 503 with a clear body
// that names nothing of the connection, answers cached before the outage
// still serve, a write fails whole, and once the database is back the
// same handler answers again, without a restart.
func TestPostgresOutageIs503AndRecovers(t *testing.T) {
	srv := pgtest.Start(t, pgtest.Options{})
	dsn := srv.NewDB(t, pgMigrated)
	st := openPostgresAt(t, dsn)
	addFixture(t, st)
	h := newHandlerOver(t, st, Config{QueryTimeout: 3 * time.Second})

	if r := get(t, h, "/v2/latest-headlines?country=de"); r.status != 200 || r.body["totalResults"] != 2.0 {
		t.Fatalf("before the outage: %s", r.raw)
	}
	if err := srv.Stop(); err != nil {
		t.Fatal(err)
	}

	for _, path := range []string{"/v2/articles?q=climate", "/v2/sources?language=de", "/v2/everything?q=chip"} {
		r := get(t, h, path)
		if r.status != 503 {
			t.Fatalf("%s with the database down: status %d, want 503: %s", path, r.status, r.raw)
		}
		if !strings.Contains(r.raw, "catalogue is unavailable") {
			t.Fatalf("%s: the 503 does not say the catalogue is unavailable: %s", path, r.raw)
		}
		for _, leak := range []string{srv.DSN(""), "tidings-pg-", "dial", "socket", "postgres://", "pgx"} {
			if leak != "" && strings.Contains(r.raw, leak) {
				t.Fatalf("%s: the 503 body leaks %q: %s", path, leak, r.raw)
			}
		}
	}
	if r := get(t, h, "/v2/latest-headlines?country=de"); r.status != 200 {
		t.Fatalf("an answer cached before the outage: %s", r.raw)
	}
	err := st.Add(context.Background(), nil, []model.Article{{Source: model.SourceRef{ID: "spiegel"},
		Title: "Written during the outage", URL: "https://www.spiegel.de/outage"}})
	if !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("a write with the database down: %v, want ErrUnavailable", err)
	}

	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	var r response
	for {
		if r = get(t, h, "/v2/articles?q=climate"); r.status == 200 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if r.status != 200 || r.body["totalResults"] != 3.0 {
		t.Fatalf("after the database came back: %s", r.raw)
	}
	if r := get(t, h, "/v2/articles?q=outage"); r.status != 200 || r.body["totalResults"] != 0.0 {
		t.Fatalf("the write that failed during the outage left something: %s", r.raw)
	}
}
