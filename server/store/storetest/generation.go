package storetest

import (
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Generation is the suite of the change signal: every write that changes
// an answer moves Generation, and nothing else does, so an answer cached
// under one generation is never served after a write and a cache is not
// emptied for nothing.
func Generation(t *testing.T, open Open) {
	for _, c := range []struct {
		name string
		run  func(*testing.T, Open)
	}{
		{"WritesMoveIt", generationWritesMoveIt},
		{"ReadsAndPollStateLeaveIt", generationReadsLeaveIt},
		{"CachedAnswersEndAtTheNextWrite", generationCachedAnswers},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, open) })
	}
}

func generationWritesMoveIt(t *testing.T, open Open) {
	s := open(t)
	writes := []struct {
		name  string
		write func() error
	}{
		{"Add of a source", func() error { return s.Add(ctx, FixtureSources(), nil) }},
		{"Add of articles", func() error { return s.Add(ctx, nil, FixtureArticles()) }},
		{"ImportJSONL", func() error {
			_, err := s.ImportJSONL(ctx, strings.NewReader(`{"source":{"id":"bbc-news"},"title":"Imported","url":"https://www.bbc.co.uk/news/imported","publishedAt":"2026-11-20T10:00:00Z"}`))
			return err
		}},
		{"AddFeed", func() error { return s.AddFeed(ctx, FixtureFeed("kiwi", "https://kiwi.example/feed.xml")) }},
		{"SaveFeedItems", func() error {
			_, err := s.SaveFeedItems(ctx, "kiwi", []store.FeedItem{Item("1", "https://kiwi.example/1", "Kiwi", Base)}, store.FeedPoll{}, Base)
			return err
		}},
		{"PruneArticles", func() error { _, err := s.PruneArticles(ctx, Base.Add(time.Hour)); return err }},
	}
	for _, w := range writes {
		before := s.Generation()
		if err := w.write(); err != nil {
			t.Fatalf("%s: %v", w.name, err)
		}
		if s.Generation() == before {
			t.Errorf("%s left Generation at %d", w.name, before)
		}
	}
}

func generationReadsLeaveIt(t *testing.T, open Open) {
	s := feedFixture(t, open)
	gen := s.Generation()
	headlines(t, s, model.HeadlinesQuery{Page: 1, PageSize: 20})
	searchFor(t, s, "climate")
	if _, err := s.Sources(ctx, model.SourcesQuery{Page: 1, PageSize: 20}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Feeds(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveFeedPoll(ctx, "kiwi", "https://kiwi.example/feed.xml", store.FeedPoll{LastAttempt: Base, LastError: "503", Failures: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetFeedFullText(ctx, "kiwi", true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StoredFeedContents(ctx, "kiwi", []store.FeedItem{Item("1", "https://kiwi.example/1", "Kiwi", Base)}); err != nil {
		t.Fatal(err)
	}
	if g := s.Generation(); g != gen {
		t.Errorf("reads and polling state moved Generation from %d to %d", gen, g)
	}
}

// An answer read, then a write, then the same query: the answer shows
// the write (no cache of the backend outlives it).
func generationCachedAnswers(t *testing.T, open Open) {
	s := Fixture(t, open)
	q := model.HeadlinesQuery{Country: "gb", Page: 1, PageSize: 20}
	sq := model.ArticlesQuery{Q: "climate", Page: 1, PageSize: 20}
	src := model.SourcesQuery{Page: 1, PageSize: 20}
	h0, a0 := headlines(t, s, q), articles(t, s, sq)
	s0, err := s.Sources(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	extra := art("bbc-news", "https://www.bbc.co.uk/news/late", "Late climate bulletin", "", "", 30*time.Minute)
	if err := s.Add(ctx, []model.Source{{ID: "zz", Name: "Zulu Zeitung", Language: "de", Country: "de", Category: "general"}},
		[]model.Article{extra}); err != nil {
		t.Fatal(err)
	}
	h1, a1 := headlines(t, s, q), articles(t, s, sq)
	s1, err := s.Sources(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if h1.TotalResults != h0.TotalResults+1 || h1.Items[0].Title != extra.Title {
		t.Errorf("headlines after a write: %d %q", h1.TotalResults, titles(h1))
	}
	if a1.TotalResults != a0.TotalResults+1 || a1.Items[0].Title != extra.Title {
		t.Errorf("search after a write: %d %q", a1.TotalResults, titles(a1))
	}
	if s1.TotalResults != s0.TotalResults+1 {
		t.Errorf("sources after a write: %d, want %d", s1.TotalResults, s0.TotalResults+1)
	}
}
