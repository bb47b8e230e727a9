package storetest

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// MarksBackend is a catalogue that keeps marks: what the marks
// conformance suite runs on.
type MarksBackend interface {
	store.Catalogue
	store.Marks
	store.ArticlesByID
}

// The two owners of the suite.
const (
	ownerA store.Owner = "ownerA-digest"
	ownerB store.Owner = "ownerB-digest"
)

// marksBase is the publication time of the suite's newest article.
var marksBase = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// marksSources: two general sources of two countries, one technology.
func marksSources() []model.Source {
	return []model.Source{
		{ID: "daily", Name: "Daily", URL: "https://daily.example", Category: "general", Language: "en", Country: "gb"},
		{ID: "herald", Name: "Herald", URL: "https://herald.example", Category: "general", Language: "en", Country: "us"},
		{ID: "bytes", Name: "Bytes", URL: "https://bytes.example", Category: "technology", Language: "en", Country: "us"},
	}
}

// marksArticles are n articles a minute apart, newest first, spread over
// the sources in turn; article i is published i minutes before marksBase.
func marksArticles(n int) []model.Article {
	srcs := []string{"daily", "herald", "bytes"}
	out := make([]model.Article, n)
	for i := range out {
		src := srcs[i%len(srcs)]
		word := "harbour"
		if i%2 == 1 {
			word = "meadow"
		}
		out[i] = model.Article{Source: model.SourceRef{ID: src}, Title: fmt.Sprintf("Story %d about the %s", i, word),
			Description: "A " + word, Content: "Text of " + word, URL: fmt.Sprintf("https://%s.example/%d", src, i),
			PublishedAt: marksBase.Add(-time.Duration(i) * time.Minute)}
	}
	return out
}

// marksFixture fills b with the sources and n articles and returns the
// articles' ids, newest first (ids[i] is article i's).
func marksFixture(t *testing.T, b MarksBackend, n int) []int64 {
	t.Helper()
	arts := marksArticles(n)
	for start := 0; start < n; start += 1000 {
		var srcs []model.Source
		if start == 0 {
			srcs = marksSources()
		}
		if err := b.Add(marksCtx, srcs, arts[start:min(n, start+1000)]); err != nil {
			t.Fatal(err)
		}
	}
	byURL := map[string]int64{}
	var all []int64
	next := ""
	for {
		ids, c, err := b.StreamIDs(marksCtx, ownerA, store.Stream{Limit: store.MaxStreamIDs, Continuation: next})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ids...)
		if next = c; next == "" {
			break
		}
	}
	if len(all) != n {
		t.Fatalf("the reading list holds %d ids, want %d", len(all), n)
	}
	for start := 0; start < n; start += store.MaxMarkIDs {
		got, err := b.ArticlesByID(marksCtx, all[start:min(n, start+store.MaxMarkIDs)])
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range got {
			id, err := strconv.ParseInt(a.ID, 10, 64)
			if err != nil {
				t.Fatalf("article %s has id %q: %v", a.URL, a.ID, err)
			}
			byURL[a.URL] = id
		}
	}
	out := make([]int64, n)
	for i, a := range arts {
		if out[i] = byURL[a.URL]; out[i] == 0 {
			t.Fatalf("article %s has no id", a.URL)
		}
	}
	return out
}

// marksMinute is the time article i was published.
func marksMinute(i int) time.Time { return marksBase.Add(-time.Duration(i) * time.Minute) }

// marksUnread is UnreadCount or a failed test.
func marksUnread(t *testing.T, b MarksBackend, o store.Owner, s store.Scope) int {
	t.Helper()
	n, err := b.UnreadCount(context.Background(), o, s)
	if err != nil {
		t.Fatalf("unread count of %+v: %v", s, err)
	}
	return n
}

// marksOf is MarksOf or a failed test.
func marksOf(t *testing.T, b MarksBackend, o store.Owner, ids ...int64) map[int64]store.ArticleMarks {
	t.Helper()
	m, err := b.MarksOf(context.Background(), o, ids)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// marksStream follows a stream's continuations to its end.
func marksStream(t *testing.T, b MarksBackend, o store.Owner, s store.Stream) (ids []int64, pages int) {
	t.Helper()
	for {
		got, next, err := b.StreamIDs(context.Background(), o, s)
		if err != nil {
			t.Fatalf("stream %+v: %v", s, err)
		}
		ids = append(ids, got...)
		pages++
		if next == "" {
			return ids, pages
		}
		if pages > 100_000 {
			t.Fatal("the stream never ends")
		}
		s.Continuation = next
	}
}

// marksSorted reports whether ids are strictly descending (or ascending).
func marksSorted(ids []int64, ascending bool) bool {
	for i := 1; i < len(ids); i++ {
		if (ascending && ids[i] <= ids[i-1]) || (!ascending && ids[i] >= ids[i-1]) {
			return false
		}
	}
	return true
}

// marksWithout is ids less drop.
func marksWithout(ids []int64, drop ...int64) []int64 {
	return slices.DeleteFunc(slices.Clone(ids), func(id int64) bool { return slices.Contains(drop, id) })
}
