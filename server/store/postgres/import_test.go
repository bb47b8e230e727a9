package postgres

import (
	"context"
	"strings"
	"testing"

	"tidings/model"
)

// The import's rules (package jsonl) hold on PostgreSQL too: an article
// the service could not show is refused with its line, and a source named
// by id alone is looked up in the catalogue, in a bulk load and after.
func TestImportRefusesArticlesTheServiceCouldNotShow(t *testing.T) {
	st := openTest(t)
	ctx := context.Background()
	if err := st.Add(ctx, []model.Source{{ID: "stored", Name: "Stored Source"}}, nil); err != nil {
		t.Fatal(err)
	}
	input := strings.Join([]string{
		`{"source":{"id":"my-src"},"title":"","url":"not a url"}`,
		`{"source":{"id":"stored"},"title":"Known by id","url":"https://a.example/1","publishedAt":"2026-11-20T08:00:00Z"}`,
		`{"source":{"id":"nowhere"},"title":"Unknown source","url":"https://a.example/2","publishedAt":"2026-11-20T08:00:00Z"}`,
		`{"title":"Bad date","url":"https://a.example/3","publishedAt":"last tuesday"}`,
	}, "\n")
	stats, err := st.ImportJSONL(ctx, strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	if stats.Articles != 1 || stats.Skipped != 3 || len(stats.Errors) != 3 {
		t.Fatalf("stats %+v", stats)
	}
	for i, w := range []struct {
		line int
		says string
	}{{1, "not an http(s) URL"}, {3, `source "nowhere" is neither in the file nor in the catalogue`}, {4, "is not an ISO 8601 time"}} {
		if e := stats.Errors[i]; e.Line != w.line || !strings.Contains(e.Err.Error(), w.says) {
			t.Errorf("error %d: line %d %v, want line %d saying %q", i, e.Line, e.Err, w.line, w.says)
		}
	}
	p, err := st.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 1 || p.Items[0].Title != "Known by id" || p.Items[0].Source.Name != "Stored Source" {
		t.Fatalf("stored %+v", p.Items)
	}
}
