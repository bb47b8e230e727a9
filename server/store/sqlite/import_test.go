package sqlite

import (
	"os"
	"strings"
	"testing"

	"tidings/model"
)

func TestImportJSONLRoundTrip(t *testing.T) {
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	f, err := os.Open("testdata/import.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := s.ImportJSONL(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 10 || st.Sources != 2 || st.Articles != 4 || st.Skipped != 5 {
		t.Fatalf("stats %+v", st)
	}
	wantLines := []int{5, 6, 7, 8, 9}
	for i, e := range st.Errors {
		if e.Line != wantLines[i] {
			t.Errorf("error %d at line %d, want %d: %v", i, e.Line, wantLines[i], e)
		}
	}
	if !strings.Contains(st.Errors[3].Error(), "yesterday") {
		t.Errorf("bad time error should quote the value: %v", st.Errors[3])
	}

	p, err := s.Headlines(ctx, model.HeadlinesQuery{Country: "fr", Page: 1, PageSize: 20})
	if err != nil || p.TotalResults != 2 {
		t.Fatalf("fr headlines (source after article): %+v %v", p, err)
	}
	if a := p.Items[0]; a.Title != "Snake case time" || a.Author != "Anne" || a.Source.Name != "Le Monde" ||
		a.PublishedAt.Format("15:04") != "11:00" {
		t.Fatalf("published_at / source name: %+v", a)
	}
	if a := p.Items[1]; a.Description != "Duplicate URL: this later line wins" {
		t.Fatalf("later duplicate must win: %+v", a)
	}
	p, _ = s.Headlines(ctx, model.HeadlinesQuery{Country: "it", Page: 1, PageSize: 20})
	if p.TotalResults != 1 || p.Items[0].PublishedAt.Format("2006-01-02T15:04:05Z") != "2026-11-19T08:30:00Z" {
		t.Fatalf("envelope article, offset normalised to UTC: %+v", p)
	}
	src, _ := s.Sources(ctx, model.SourcesQuery{Language: "it", Page: 1, PageSize: 20})
	if src.TotalResults != 1 || src.Items[0].Country != "it" {
		t.Fatalf("upper-case codes are normalised: %+v", src)
	}
}

func TestImportPopularityField(t *testing.T) {
	s, _ := Open("")
	defer s.Close()
	in := `{"title":"low pop","url":"https://a.com/1","popularity":1,"publishedAt":"2026-11-20T10:00:00Z"}
{"title":"high pop","url":"https://a.com/2","popularity":1e6,"publishedAt":"2026-11-19T10:00:00Z"}
`
	if _, err := s.ImportJSONL(ctx, strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	p, _ := s.Articles(ctx, model.ArticlesQuery{Q: "pop", SortBy: model.SortPopularity, Page: 1, PageSize: 5})
	if got := titles(p); len(got) != 2 || got[0] != "high pop" {
		t.Fatalf("popularity order %q", got)
	}
}

// A source named by id alone is looked up among the stored sources, in a
// bulk load (an empty file) and row by row; an unknown one is refused.
func TestImportLooksUpSourcesNamedByIDAlone(t *testing.T) {
	for _, withArticles := range []bool{false, true} {
		s := openTestStoreEmpty(t, t.TempDir()+"/news.db")
		if err := s.Add(ctx, []model.Source{{ID: "stored", Name: "Stored Source"}}, nil); err != nil {
			t.Fatal(err)
		}
		if withArticles {
			if err := s.Add(ctx, nil, []model.Article{{Source: model.SourceRef{ID: "stored"}, Title: "Before",
				URL: "https://a.example/0"}}); err != nil {
				t.Fatal(err)
			}
		}
		input := `{"source":{"id":"stored"},"title":"Known by id","url":"https://a.example/1"}
{"source":{"id":"nowhere"},"title":"Unknown source","url":"https://a.example/2"}`
		st, err := s.ImportJSONL(ctx, strings.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		if st.Articles != 1 || st.Skipped != 1 || st.Errors[0].Line != 2 ||
			!strings.Contains(st.Errors[0].Err.Error(), `source "nowhere" is neither in the file nor in the catalogue`) {
			t.Fatalf("bulk %v: stats %+v", !withArticles, st)
		}
	}
}
