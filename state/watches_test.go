package state

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

func fullQuery() model.ArticlesQuery {
	return model.ArticlesQuery{
		Q:              `"climate change" AND -coal`,
		Sources:        []string{"bbc-news", "le-monde"},
		Domains:        []string{"bbc.co.uk", "lemonde.fr"},
		ExcludeDomains: []string{"example.com"},
		From:           "2026-11-01",
		To:             "2026-12-31T23:00:00Z",
		Language:       "fr",
		SortBy:         model.SortRelevancy,
		Story:          "s-3k9x",
		Unread:         true,
		Starred:        true,
		Page:           3,
		PageSize:       50,
	}
}

func checkQuery(t *testing.T, got, want model.ArticlesQuery) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("query\n got %#v\nwant %#v", got, want)
	}
}

func TestWatchKeepsEveryParameter(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	q := fullQuery()
	v := reflect.ValueOf(q)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Errorf("fullQuery leaves %s empty", v.Type().Field(i).Name)
		}
	}
	bare := model.ArticlesQuery{Q: "x", Sources: []string{}} // empty, not nil
	must(t, s.AddWatch(ctx, "  Morning  ", q, t0))
	must(t, s.AddWatch(ctx, "Bare", bare, t0.Add(time.Minute)))
	ws, err := s.Watches(ctx)
	must(t, err)
	if len(ws) != 2 || ws[0].Name != "Morning" || ws[1].Name != "Bare" {
		t.Fatalf("watches %+v", ws)
	}
	checkQuery(t, ws[0].Query, q)
	checkQuery(t, ws[1].Query, bare)
	if !ws[0].Created.Equal(t0) || !ws[0].LastSeen.IsZero() || !ws[1].Created.Equal(t0.Add(time.Minute)) {
		t.Errorf("times %+v", ws)
	}
}

func TestWatchNames(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	q := model.ArticlesQuery{Q: "x"}
	must(t, s.AddWatch(ctx, "Morning", q, t0))
	for _, name := range []string{"", "   ", strings.Repeat("é", MaxWatchName+1), "a\x1b[31mb", "a\u202eb", "bad\xff"} {
		if err := s.AddWatch(ctx, name, q, t0); !errors.Is(err, ErrInvalidName) {
			t.Errorf("AddWatch(%q) = %v, want ErrInvalidName", name, err)
		}
	}
	must(t, s.AddWatch(ctx, strings.Repeat("é", MaxWatchName), q, t0))
	for _, name := range []string{"Morning", " morning", "MORNING"} {
		err := s.AddWatch(ctx, name, q, t0)
		if !errors.Is(err, ErrDuplicateName) || !strings.Contains(err.Error(), strings.TrimSpace(name)) {
			t.Errorf("AddWatch(%q) = %v, want ErrDuplicateName naming it", name, err)
		}
	}
	if err := s.AddWatch(ctx, "Bad", model.ArticlesQuery{Q: "x", PageSize: 500}, t0); !errors.Is(err, ErrInvalidQuery) {
		t.Errorf("invalid query: %v, want ErrInvalidQuery", err)
	}
	// NewsAPI's dialect may watch sources without keywords.
	must(t, s.AddWatch(ctx, "Sources only", model.ArticlesQuery{Sources: []string{"bbc-news"}}, t0))

	must(t, s.AddWatch(ctx, "Evening", q, t0))
	if err := s.RenameWatch(ctx, "Evening", "MORNING"); !errors.Is(err, ErrDuplicateName) {
		t.Errorf("rename onto another watch: %v", err)
	}
	if err := s.RenameWatch(ctx, "Nope", "Other"); !errors.Is(err, ErrNotFound) {
		t.Errorf("rename of a missing watch: %v", err)
	}
	if err := s.RenameWatch(ctx, "Evening", " "); !errors.Is(err, ErrInvalidName) {
		t.Errorf("rename to a blank name: %v", err)
	}
	must(t, s.RenameWatch(ctx, "Morning", "morning")) // case only
	must(t, s.RenameWatch(ctx, "evening", " Night ")) // found in any case
	must(t, s.RemoveWatch(ctx, "sources only"))
	if err := s.RemoveWatch(ctx, "sources only"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second remove: %v", err)
	}
	ws, err := s.Watches(ctx)
	must(t, err)
	var names []string
	for _, w := range ws {
		names = append(names, w.Name)
	}
	if got := strings.Join(names, "|"); got != "morning|"+strings.Repeat("é", MaxWatchName)+"|Night" {
		t.Errorf("names %s", got)
	}
}

func TestMarkSeenOnlyMovesForward(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	must(t, s.AddWatch(ctx, "W", model.ArticlesQuery{Q: "x"}, t0))
	must(t, s.MarkSeen(ctx, "w", t0.Add(2*time.Hour)))
	must(t, s.MarkSeen(ctx, "W", t0.Add(time.Hour))) // an older look from another tidings
	ws, _ := s.Watches(ctx)
	if !ws[0].LastSeen.Equal(t0.Add(2 * time.Hour)) {
		t.Errorf("LastSeen %v", ws[0].LastSeen)
	}
	if err := s.MarkSeen(ctx, "nope", t0); !errors.Is(err, ErrNotFound) {
		t.Errorf("MarkSeen of a missing watch: %v", err)
	}
}

func withoutStory(q model.ArticlesQuery) model.ArticlesQuery    { q.Story = ""; return q }
func withoutKeywords(q model.ArticlesQuery) model.ArticlesQuery { q.Q = ""; return q }

func TestNewQuery(t *testing.T) {
	seen := time.Date(2026, 11, 20, 9, 15, 42, 987654321, time.FixedZone("CET", 3600))
	w := Watch{Name: "W", Query: fullQuery(), Created: t0, LastSeen: seen}
	q := w.NewQuery(t0)
	want := fullQuery()
	want.From = "2026-11-20T08:15:42Z" // UTC, to the second, rounded down
	want.Page, want.PageSize = 1, 1
	checkQuery(t, q, want)
	// fullQuery sets every field to check they are all kept; a watch has
	// either keywords or a story (the service refuses both together).
	for _, w := range []Watch{
		{Name: "Q", Query: withoutStory(fullQuery()), LastSeen: seen},
		{Name: "S", Query: withoutKeywords(fullQuery()), LastSeen: seen},
	} {
		if err := w.NewQuery(t0).Validate(); err != nil {
			t.Errorf("NewQuery of watch %s is not valid: %v", w.Name, err)
		}
	}
	if from, _, _ := q.TimeRange(); from.After(seen) {
		t.Errorf("from %v is after the last look %v", from, seen)
	}
	q.Sources[0] = "changed"
	if w.Query.Sources[0] != "bbc-news" {
		t.Error("NewQuery shares its lists with the watch")
	}
	// Never seen: since creation.
	if got := (Watch{Query: model.ArticlesQuery{Q: "x"}, Created: t0}).NewQuery(t0).From; got != "2026-11-20T08:00:00Z" {
		t.Errorf("never seen: from %q", got)
	}
	// No times at all: the query's own From stays.
	if got := (Watch{Query: model.ArticlesQuery{Q: "x", From: "2026-01-01"}}).NewQuery(t0).From; got != "2026-01-01" {
		t.Errorf("no times: from %q", got)
	}
	// The watch's own From, when later, stays.
	late := Watch{Query: model.ArticlesQuery{Q: "x", From: "2027-01-01"}, Created: t0, LastSeen: seen}
	if got := late.NewQuery(t0).From; got != "2027-01-01" {
		t.Errorf("own later from: %q", got)
	}
	// A watch whose To has passed can have nothing new.
	old := Watch{Query: model.ArticlesQuery{Q: "x", To: "2026-11-19"}, Created: t0, LastSeen: seen}
	if !old.Expired(t0) || w.Expired(t0) {
		t.Errorf("Expired: %v for an ended watch, %v for an open one", old.Expired(t0), w.Expired(t0))
	}
}

// A watch saved with relative dates keeps them, and every check resolves
// them at its own time: "From 2w, To yesterday" rolls with the days
// instead of expiring the day it was saved.
func TestRollingWatchStaysRelative(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	q := model.ArticlesQuery{Q: "election", From: "2w", To: "yesterday"}
	saved := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	must(t, s.AddWatch(ctx, "Rolling", q, saved))
	ws, err := s.Watches(ctx)
	if err != nil || len(ws) != 1 {
		t.Fatalf("Watches = %v, %v", ws, err)
	}
	w := ws[0]
	if w.Query.From != "2w" || w.Query.To != "yesterday" || !w.RollingTo() {
		t.Fatalf("stored from %q to %q: the relative dates were fixed", w.Query.From, w.Query.To)
	}
	// The day it was saved, "yesterday" ended before it was created:
	// nothing new yet, but it is not over.
	if !w.Expired(saved.Add(time.Hour)) {
		t.Error("on the day it was saved, yesterday's articles are not new")
	}
	// Two days later, yesterday is after the last look: a real window.
	later := saved.Add(48 * time.Hour)
	if w.Expired(later) {
		t.Fatal("two days later the rolling watch still reads as expired")
	}
	nq := w.NewQuery(later)
	if nq.From != "2026-11-20T10:00:00Z" || nq.To != "2026-11-21T23:59:59Z" {
		t.Fatalf("NewQuery two days later: from %q to %q", nq.From, nq.To)
	}
	if err := nq.Validate(); err != nil {
		t.Fatalf("NewQuery is not a valid search: %v", err)
	}
	// A fixed To (a watch saved before, or typed as a date) still ends.
	fixed := Watch{Query: model.ArticlesQuery{Q: "x", To: "2026-11-19"}, Created: saved}
	if fixed.RollingTo() || !fixed.Expired(later) {
		t.Error("a fixed To no longer ends the watch")
	}
	// Relative dates that make no valid search are refused when saved.
	err = s.AddWatch(ctx, "Backwards", model.ArticlesQuery{Q: "x", From: "today", To: "3d"}, saved)
	if !errors.Is(err, ErrInvalidQuery) {
		t.Fatalf("from today to 3d: %v, want ErrInvalidQuery", err)
	}
}
