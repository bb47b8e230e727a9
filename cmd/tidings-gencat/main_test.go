package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"tidings/server/store/sqlite"
)

// TestWritesTheAskedNumberOfArticlesWithUniqueURLs spans two demo rounds
// (one has about 6,000 articles).
func TestWritesTheAskedNumberOfArticlesWithUniqueURLs(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"--articles", "7000"}, &out, &errs); err != nil {
		t.Fatal(err, errs.String())
	}
	urls := map[string]bool{}
	sources := 0
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l struct {
			ID, Name, Title, URL string
			Popularity           *int
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if l.Title == "" {
			sources++
			continue
		}
		if urls[l.URL] || l.Popularity == nil {
			t.Fatalf("article %s: repeated URL or no popularity", l.URL)
		}
		urls[l.URL] = true
	}
	if len(urls) != 7000 || sources == 0 {
		t.Fatalf("%d articles with distinct URLs and %d sources; want 7000 and some", len(urls), sources)
	}
}

func TestOutputImportsWithNothingSkipped(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"--articles", "300"}, &out, &errs); err != nil {
		t.Fatal(err, errs.String())
	}
	s, err := sqlite.Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stats, err := s.ImportJSONL(context.Background(), strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if stats.Articles != 300 || stats.Skipped != 0 || stats.Sources == 0 {
		t.Fatalf("imported %+v; want 300 articles, some sources, nothing skipped", stats)
	}
}

func TestRejectsANegativeCount(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"--articles", "-1"}, &out, &errs); err == nil {
		t.Fatal("a negative count was accepted")
	}
}
