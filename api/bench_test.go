package api

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"tidings/internal/benchcpu"
)

// articlesBody builds a realistic page of n articles: field lengths like a
// real news service's, some nulls, escapes and entities, mixed timestamps.
func articlesBody(tb testing.TB, n int) []byte {
	tb.Helper()
	type src struct {
		ID   *string `json:"id"`
		Name string  `json:"name"`
	}
	id := "bbc-news"
	items := make([]map[string]any, n)
	for i := range items {
		ts := time.Date(2026, 11, 20, 8, 0, i, 0, time.UTC)
		stamp := ts.Format(time.RFC3339)
		if i%3 == 1 {
			stamp = ts.Format("2006-01-02T15:04:05.000000+00:00")
		}
		var author any = fmt.Sprintf("Reporter %d", i)
		if i%4 == 0 {
			author = nil
		}
		items[i] = map[string]any{
			"source":      src{ID: &id, Name: "BBC News"},
			"author":      author,
			"title":       fmt.Sprintf("Headline number %d &amp; a \"quoted\" phrase about the storm — café", i),
			"description": strings.Repeat("A sentence of description text. ", 5),
			"url":         fmt.Sprintf("https://www.bbc.co.uk/news/article-%d", i),
			"urlToImage":  fmt.Sprintf("https://ichef.bbci.co.uk/images/%d.jpg", i),
			"publishedAt": stamp,
			"content":     strings.Repeat("Body text of the article, cut by the service. ", 4) + "[+2345 chars]",
		}
	}
	body, err := json.Marshal(map[string]any{"status": "ok", "totalResults": 1234, "page": 1, "pageSize": n, "articles": items})
	if err != nil {
		tb.Fatal(err)
	}
	return body
}

func BenchmarkDecodeArticlesPage(b *testing.B) {
	body := articlesBody(b, 100)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	cpu := benchcpu.Start() // on a busy machine, compare cpu-ns/op with the budget
	for b.Loop() {
		page, err := decodeArticlesPage(body, pagingHint{}, redactTestKey)
		if err != nil || len(page.Items) != 100 {
			b.Fatalf("%d items, %v", len(page.Items), err)
		}
	}
	benchcpu.Report(b, cpu)
}

func TestBenchmarkBodyDecodes(t *testing.T) {
	page, err := decodeArticlesPage(articlesBody(t, 100), pagingHint{}, redactTestKey)
	if err != nil || len(page.Items) != 100 || page.TotalResults != 1234 {
		t.Fatalf("%d items, total %d, %v", len(page.Items), page.TotalResults, err)
	}
	if a := page.Items[1]; a.Author != "Reporter 1" || a.PublishedAt.IsZero() || a.Source.ID != "bbc-news" {
		t.Errorf("item 1 = %+v", a)
	}
	if page.Items[0].Author != "" {
		t.Errorf("null author decoded as %q", page.Items[0].Author)
	}
}
