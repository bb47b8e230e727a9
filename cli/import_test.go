package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tidings/model"
)

// An import says what it did in a sentence, names each skipped line and
// why, and fails (status 1) when it skipped any; nothing it refused is
// served.
func TestImportNamesSkippedLinesAndFails(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "x.jsonl")
	lines := []string{
		`{"id":"wire","name":"Wire"}`,
		`{"source":{"id":"wire"},"title":"One","url":"https://a.example/1","publishedAt":"2026-11-20T08:00:00Z"}`,
		`{"source":{"id":"wire"},"title":"Two","url":"https://a.example/2","publishedAt":"2026-11-20T09:00:00Z"}`,
		`{"source":{"id":"my-src"},"title":"","url":"not a url"}`,
		`{"source":{"id":"wire"},"title":"Three","url":"https://a.example/3","publishedAt":"2026-11-20T10:00:00Z"}`,
	}
	if err := os.WriteFile(data, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "news.db")
	out, _, err := runOut(t, "import", "--db", db, data)
	want := "Imported 3 articles and 1 source from " + data + `; skipped line 4: url "not a url" is not an http(s) URL.`
	if strings.TrimSpace(out) != want {
		t.Fatalf("import said:\n%s\nwant:\n%s", out, want)
	}
	if exitStatus(err) != 1 {
		t.Fatalf("exit status %d (%v), want 1 for a skipped line", exitStatus(err), err)
	}
	st := openDB(t, db)
	p, err := st.Headlines(context.Background(), model.HeadlinesQuery{Page: 1, PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range p.Items {
		if a.Title == "" || a.PublishedAt.IsZero() {
			t.Fatalf("served %+v", a)
		}
	}
	if p.TotalResults != 3 {
		t.Fatalf("%d articles served, want 3", p.TotalResults)
	}

	clean := filepath.Join(dir, "clean.jsonl")
	os.WriteFile(clean, []byte(lines[0]+"\n"+lines[1]+"\n"), 0o600)
	out, _, err = runOut(t, "import", "--db", db, clean)
	if err != nil || strings.TrimSpace(out) != "Imported 1 article and 1 source from "+clean+"." {
		t.Fatalf("clean import: %v\n%s", err, out)
	}
}
