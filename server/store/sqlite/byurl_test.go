package sqlite

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"
)

func TestArticleByURL(t *testing.T) {
	ctx := context.Background()
	s := openTestStore(t)
	want := testArticles()[2]
	got, err := s.ArticleByURL(ctx, want.URL)
	if err != nil {
		t.Fatal(err)
	}
	if got.URL != want.URL || got.Title != want.Title || got.Description != want.Description ||
		got.Content != want.Content || got.Source.ID != "spiegel" || got.Source.Name != "Der Spiegel" ||
		!got.PublishedAt.Equal(want.PublishedAt) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for _, u := range []string{"", "https://www.spiegel.de/politik/3/", "HTTPS://www.spiegel.de/politik/3",
		"https://www.spiegel.de/politik/%", "https://nowhere.example/x"} {
		a, err := s.ArticleByURL(ctx, u)
		if !errors.Is(err, ErrArticleNotFound) || !errors.Is(err, fs.ErrNotExist) || a.URL != "" {
			t.Errorf("ArticleByURL(%q) = %+v, %v; want ErrArticleNotFound", u, a, err)
		}
	}
}

// An image presents the article's time shifted, as every other query does.
func TestArticleByURLOnImage(t *testing.T) {
	dir, name := writeTestImage(t)
	const shift = 48 * time.Hour
	img := openTestImage(t, dir, name, shift)
	want := testArticles()[0]
	got, err := img.ArticleByURL(context.Background(), want.URL)
	if err != nil {
		t.Fatal(err)
	}
	if d := got.PublishedAt.Sub(want.PublishedAt); d != shift || got.Title != want.Title {
		t.Fatalf("got %q at %v, %v from the stored time, want %v", got.Title, got.PublishedAt, d, shift)
	}
}

// The lookup is one search of the URL's unique index, not a table scan.
func TestArticleByURLUsesTheIndex(t *testing.T) {
	s := openTestStore(t)
	rows, err := s.db.Query("EXPLAIN QUERY PLAN "+articleByURLSQL, "x")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if p := strings.Join(plan, "; "); !strings.Contains(p, "USING INDEX") || strings.Contains(p, "SCAN") {
		t.Fatalf("query plan %q", p)
	}
}

func TestArticleByURLClosedStore(t *testing.T) {
	s := openTestStore(t)
	s.Close()
	if _, err := s.ArticleByURL(context.Background(), testArticles()[0].URL); err == nil || errors.Is(err, ErrArticleNotFound) {
		t.Fatalf("a closed store answered %v", err)
	}
}
