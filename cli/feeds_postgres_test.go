package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
	"tidings/internal/pgtest"
	"tidings/model"
	"tidings/server/store/postgres"
)

// The CLI's catalogue commands on a postgres:// --db: one throwaway
// server for all of them (this package's TestMain is not ours to stop a
// shared one), a fresh database each.
func TestCommandsOnPostgres(t *testing.T) {
	srv := pgtest.Start(t, pgtest.Options{})
	t.Run("import", func(t *testing.T) { testImportPostgres(t, srv.NewDB(t, nil)) })
	t.Run("import refuses a database that is not there without its password", func(t *testing.T) {
		testImportMissingDatabase(t, srv.DSN("no_such_db"))
	})
	t.Run("feeds add, list, refresh", func(t *testing.T) { testFeedsPostgres(t, srv.NewDB(t, nil)) })
	t.Run("refresh by hand respects the poll lock", func(t *testing.T) { testRefreshRespectsLock(t, srv.NewDB(t, nil)) })
	t.Run("migrate-only says what it did", func(t *testing.T) { testMigrateOnlyPostgres(t, srv.NewDB(t, nil)) })
}

// An operator running the migrations in a quiet hour is told the schema
// versions, and is not shown the database's password.
func testMigrateOnlyPostgres(t *testing.T, dsn string) {
	withPassword := strings.Replace(dsn, "postgres://tidings@", "postgres://tidings:hunter2@", 1)
	for _, want := range []string{
		fmt.Sprintf("the schema went from version 0 to %d.", postgres.SchemaVersion()),
		fmt.Sprintf("the schema is at version %d already; nothing to do.", postgres.SchemaVersion()),
	} {
		out, err := run(t, noEnv, "serve", "--migrate-only", "--db", withPassword)
		if err != nil {
			t.Fatalf("serve --migrate-only: %v\n%s", err, out)
		}
		if !strings.Contains(out, want) || strings.Contains(out, "hunter2") {
			t.Errorf("serve --migrate-only said %q; want %q, and no password", out, want)
		}
	}
}

func openPostgres(t *testing.T, dsn string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), dsn, postgres.Options{WatchInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func testImportPostgres(t *testing.T, dsn string) {
	lines := []string{
		`{"id":"harbor","name":"Harbor Ledger","url":"https://harborledger.example","category":"business","language":"en","country":"gb"}`,
		`{"source":{"id":"harbor","name":"Harbor Ledger"},"author":"Ann","title":"Port strike ends","description":"Dockers vote","url":"https://harborledger.example/strike","publishedAt":"2026-11-20T08:00:00Z","content":"The strike is over."}`,
		`{"source":{"id":"harbor"},"title":"Ferry timetable","url":"https://harborledger.example/ferry","publishedAt":"2026-11-20T09:00:00Z"}`,
		`this line is not JSON`,
		`{"status":"ok","articles":[{"source":{"id":"harbor"},"title":"Crane record","url":"https://harborledger.example/crane","publishedAt":"2026-11-19T09:00:00Z"}]}`,
	}
	file := filepath.Join(t.TempDir(), "cat.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for range 2 { // importing twice replaces, by URL: still three articles
		// The line that is not JSON is named, and fails the import (status 1).
		out, _, err := runOut(t, "import", "--db", dsn, file)
		if exitStatus(err) != 1 || !strings.Contains(out, "Imported 3 articles and 1 source from ") ||
			!strings.Contains(out, "; skipped line 4: not a JSON object") {
			t.Fatalf("import: %v\n%s", err, out)
		}
	}
	st := openPostgres(t, dsn)
	ctx := context.Background()
	page, err := st.Headlines(ctx, model.HeadlinesQuery{Country: "gb", Category: "business", PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	if page.TotalResults != 3 || page.Items[0].Title != "Ferry timetable" || page.Items[2].Title != "Crane record" {
		t.Fatalf("headlines after import: %d %v", page.TotalResults, page.Items)
	}
	found, err := st.Articles(ctx, model.ArticlesQuery{Q: "strike", PageSize: 10})
	if err != nil || found.TotalResults != 1 || found.Items[0].Author != "Ann" || found.Items[0].Source.Name != "Harbor Ledger" {
		t.Fatalf("search after import: %v %+v", err, found)
	}
}

func testImportMissingDatabase(t *testing.T, dsn string) {
	withPassword := strings.Replace(dsn, "postgres://tidings@", "postgres://tidings:s3cret-pw@", 1)
	file := filepath.Join(t.TempDir(), "cat.jsonl")
	os.WriteFile(file, []byte(`{"title":"T","url":"https://a.example/1"}`+"\n"), 0o600)
	_, _, err := runOut(t, "import", "--db", withPassword, file)
	if err == nil {
		t.Fatal("import into a database that does not exist succeeded")
	}
	if msg := err.Error(); strings.Contains(msg, "s3cret-pw") || !strings.Contains(msg, "open the catalogue") {
		t.Fatalf("error %q: want it to name the catalogue without its password", msg)
	}
}

func testFeedsPostgres(t *testing.T, dsn string) {
	fsrv := feedserver.Start()
	t.Cleanup(fsrv.Close)
	feedURL := fsrv.URL("", "/fixtures/rss20.xml")
	out, _, err := runOut(t, "feeds", "add", feedURL, "--category", "technology", "--country", "gb", "--db", dsn)
	fx, _ := feedserver.FixtureByName("rss20.xml")
	if err != nil || !strings.Contains(out, "Subscribed to "+fx.Title) {
		t.Fatalf("add: %v\n%s", err, out)
	}
	out, _, err = runOut(t, "feeds", "list", "--db", dsn)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 2 || !strings.Contains(lines[1], "technology") || !strings.Contains(lines[1], " gb ") {
		t.Fatalf("list: %v\n%s", err, out)
	}
	before := len(fsrv.Requests("/fixtures/rss20.xml"))
	out, _, err = runOut(t, "feeds", "refresh", "--all", "--db", dsn)
	if err != nil || !strings.Contains(out, "Polled 1 feed") || !strings.Contains(out, "1 not modified; 0 failed") {
		t.Fatalf("refresh: %v\n%s", err, out)
	}
	if n := len(fsrv.Requests("/fixtures/rss20.xml")); n != before+1 {
		t.Fatalf("refresh fetched the feed %d times, want once", n-before)
	}
	// What the feed brought is in the catalogue, for the service to read.
	st := openPostgres(t, dsn)
	page, err := st.Headlines(context.Background(), model.HeadlinesQuery{Country: "gb", Category: "technology", PageSize: 100})
	if err != nil || page.TotalResults == 0 {
		t.Fatalf("headlines of the feed's source: %v, %d articles", err, page.TotalResults)
	}
	f, err := st.FindFeed(context.Background(), feedURL)
	if err != nil || f.Articles != page.TotalResults {
		t.Fatalf("feed %+v (%v); headlines %d", f, err, page.TotalResults)
	}
}

// Decision: `feeds refresh` takes the poll lock for its pass, and refuses
// while a replica holds it (two pollers would fetch every feed twice and
// overwrite each other's polling state). It fetches nothing then.
func testRefreshRespectsLock(t *testing.T, dsn string) {
	fsrv := feedserver.Start()
	t.Cleanup(fsrv.Close)
	feedURL := fsrv.URL("", "/fixtures/atom10.xml")
	if _, _, err := runOut(t, "feeds", "add", feedURL, "--db", dsn); err != nil {
		t.Fatal(err)
	}
	replica := openPostgres(t, dsn)
	lease, ok, err := replica.TryLead(context.Background())
	if err != nil || !ok {
		t.Fatalf("the replica could not lead: %v", err)
	}
	before := len(fsrv.Requests("/fixtures/atom10.xml"))
	_, _, err = runOut(t, "feeds", "refresh", "--all", "--db", dsn)
	if err == nil || !strings.Contains(err.Error(), "another tidings process is polling") {
		t.Fatalf("refresh while a replica leads: %v", err)
	}
	if n := len(fsrv.Requests("/fixtures/atom10.xml")); n != before {
		t.Fatalf("a refused refresh fetched the feed %d times", n-before)
	}
	// While a refresh holds the lock the replica cannot lead; after it,
	// it can again.
	lease.Release()
	out, _, err := runOut(t, "feeds", "refresh", "--all", "--db", dsn)
	if err != nil || !strings.Contains(out, "Polled 1 feed") {
		t.Fatalf("refresh after the replica let go: %v\n%s", err, out)
	}
	lease, ok, err = replica.TryLead(context.Background())
	if err != nil || !ok {
		t.Fatalf("the refresh kept the lock after its pass: %v", err)
	}
	lease.Release()
}
