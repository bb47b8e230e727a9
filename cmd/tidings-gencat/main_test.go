package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"tidings/server/store"
)

func TestWritesTheAskedNumberOfImportableArticles(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"--articles", "7000"}, &out, &errs); err != nil {
		t.Fatal(err, errs.String())
	}
	s, err := store.Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stats, err := s.ImportJSONL(context.Background(), strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if stats.Articles != 7000 || stats.Skipped != 0 || stats.Sources == 0 {
		t.Fatalf("imported %+v; want 7000 articles, some sources, nothing skipped", stats)
	}
}

func TestRejectsANegativeCount(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"--articles", "-1"}, &out, &errs); err == nil {
		t.Fatal("a negative count was accepted")
	}
}
