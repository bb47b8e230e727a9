package jsonl

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

// sink collects what Read hands over, batch by batch.
type sink struct {
	batches  [][2]int // sources and articles of each batch
	sources  []model.Source
	articles []Record
	fail     error
}

func (s *sink) store(_ context.Context, sources []model.Source, recs []Record) error {
	if s.fail != nil {
		return s.fail
	}
	s.batches = append(s.batches, [2]int{len(sources), len(recs)})
	s.sources = append(s.sources, sources...)
	s.articles = append(s.articles, recs...)
	return nil
}

func read(t *testing.T, input string, batch int) (*sink, Stats) {
	t.Helper()
	s := &sink{}
	stats, err := Read(context.Background(), strings.NewReader(input), batch, s.store, nil)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return s, stats
}

func TestReadsSourcesAndArticlesInTheSpecsShapes(t *testing.T) {
	input := `{"id":"bbc","name":"BBC","description":"News","url":"https://bbc.example","category":"General","language":"EN","country":"gb"}
{"source":{"id":"bbc","name":"BBC"},"author":"A","title":"Storm","description":"d","url":" https://bbc.example/1 ","urlToImage":"https://i.example/1.jpg","publishedAt":"2026-11-20T08:00:00Z","content":"c","popularity":42.5}

{"source":{"id":"bbc"},"title":"Old form","url":"https://bbc.example/2","published_at":"2026-11-19 07:30:00"}
{"source":{"id":"bbc"},"title":"No date","url":"https://bbc.example/3"}
`
	s, stats := read(t, input, 100)
	if stats.Lines != 5 || stats.Sources != 1 || stats.Articles != 3 || stats.Skipped != 0 {
		t.Fatalf("stats %+v", stats)
	}
	src := s.sources[0]
	if src.ID != "bbc" || src.Category != model.Category("general") || src.Language != model.Language("en") || src.Country != model.Country("gb") {
		t.Fatalf("source %+v: category, language and country are the service's values in any case", src)
	}
	a := s.articles[0]
	if a.URL != "https://bbc.example/1" || a.Author != "A" || a.URLToImage != "https://i.example/1.jpg" ||
		!a.PublishedAt.Equal(time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)) || !a.HasPopularity || a.Popularity != 42.5 {
		t.Fatalf("article %+v", a)
	}
	if b := s.articles[1]; b.HasPopularity || !b.PublishedAt.Equal(time.Date(2026, 11, 19, 7, 30, 0, 0, time.UTC)) {
		t.Fatalf("published_at and no popularity: %+v", b)
	}
	if c := s.articles[2]; !c.PublishedAt.IsZero() {
		t.Fatalf("an article without a date has an unknown one, got %v", c.PublishedAt)
	}
}

// Every invalid line is skipped, counted and reported with its line
// number and what was wrong; the valid lines around it are kept.
func TestInvalidLinesAreCountedAndReportedByLine(t *testing.T) {
	lines := []string{
		`{"source":{"id":"a","name":"A"},"title":"Good","url":"https://a.example/1"}`,
		`not json at all`,
		`{"title":"No URL"}`,
		`{"title":"Bad date","url":"https://a.example/2","publishedAt":"yesterday"}`,
		`{"id":"x","name":"X","category":"gossip"}`,
		`{"id":" ","name":"Blank id"}`,
		`{"something":"else"}`,
		`[1,2,3]`,
		`{"source":{"id":"a","name":"A"},"title":"Also good","url":"https://a.example/3"}`,
	}
	s, stats := read(t, strings.Join(lines, "\n"), 100)
	if stats.Articles != 2 || len(s.articles) != 2 || stats.Skipped != 7 || stats.Lines != 9 {
		t.Fatalf("stats %+v", stats)
	}
	want := map[int]string{2: "not a JSON object", 3: `has no "url"`, 4: `"yesterday" is not an ISO 8601 time`,
		5: "gossip", 6: `source has no "id"`, 7: "neither a source", 8: "not a JSON object"}
	if len(stats.Errors) != len(want) {
		t.Fatalf("errors %v", stats.Errors)
	}
	for _, e := range stats.Errors {
		if w, ok := want[e.Line]; !ok || !strings.Contains(e.Err.Error(), w) {
			t.Errorf("line %d: %v, want it to mention %q", e.Line, e.Err, w)
		}
	}
}

// The errors reported are bounded; the count is not.
func TestReportedErrorsAreBounded(t *testing.T) {
	input := strings.Repeat("nonsense\n", MaxReportedErrors+50)
	_, stats := read(t, input, 10)
	if stats.Skipped != MaxReportedErrors+50 || len(stats.Errors) != MaxReportedErrors {
		t.Fatalf("skipped %d, reported %d", stats.Skipped, len(stats.Errors))
	}
}

// A list envelope (a whole API answer on one line) imports its items;
// an invalid item is skipped, its siblings kept.
func TestListEnvelopes(t *testing.T) {
	input := `{"status":"ok","sources":[{"id":"a","name":"A"},{"name":"no id"}]}
{"status":"ok","totalResults":3,"articles":[{"title":"One","url":"https://a.example/1"},{"title":"No url"},"not an object",{"title":"Two","url":"https://a.example/2"}]}
`
	s, stats := read(t, input, 100)
	if stats.Sources != 1 || stats.Articles != 2 || stats.Skipped != 3 || stats.Lines != 2 {
		t.Fatalf("stats %+v", stats)
	}
	if s.articles[0].Title != "One" || s.articles[1].Title != "Two" {
		t.Fatalf("articles %+v", s.articles)
	}
	for _, e := range stats.Errors {
		if e.Line == 0 || e.Line > 2 {
			t.Errorf("an item's error names its envelope's line, got %d", e.Line)
		}
	}
}

// A line over the limit is skipped as too long (without holding it all),
// and the lines after it still import; a line just under it imports.
func TestHugeLines(t *testing.T) {
	defer func(n int) { maxLineBytes = n }(maxLineBytes)
	maxLineBytes = 4 << 20 // above bufio's 1 MiB buffer, so a line spans reads
	under := fmt.Sprintf(`{"title":"Big","url":"https://a.example/big","content":"%s"}`, strings.Repeat("x", maxLineBytes-200))
	over := fmt.Sprintf(`{"title":"Huge","url":"https://a.example/huge","content":"%s"}`, strings.Repeat("y", maxLineBytes+10))
	input := under + "\n" + over + "\n" + `{"title":"After","url":"https://a.example/after"}` + "\n"
	s, stats := read(t, input, 100)
	if stats.Lines != 3 || stats.Articles != 2 || stats.Skipped != 1 {
		t.Fatalf("stats %+v", stats)
	}
	if len(s.articles[0].Content) != maxLineBytes-200 || s.articles[1].Title != "After" {
		t.Fatalf("articles: %q…, %q", s.articles[0].Title, s.articles[1].Title)
	}
	if e := stats.Errors[0]; e.Line != 2 || !strings.Contains(e.Err.Error(), "longer than") {
		t.Fatalf("error %+v", e)
	}
}

// A last line without a newline, and Windows line ends, read the same.
func TestLineEnds(t *testing.T) {
	input := "{\"title\":\"A\",\"url\":\"https://a.example/1\"}\r\n{\"title\":\"B\",\"url\":\"https://a.example/2\"}"
	s, stats := read(t, input, 100)
	if stats.Articles != 2 || stats.Skipped != 0 || s.articles[1].Title != "B" {
		t.Fatalf("stats %+v", stats)
	}
}

// Rows go to the sink in batches of at most batch rows, sources and
// articles together.
func TestBatches(t *testing.T) {
	var b strings.Builder
	for i := range 7 {
		fmt.Fprintf(&b, "{\"id\":\"s%d\",\"name\":\"S\"}\n{\"title\":\"T\",\"url\":\"https://a.example/%d\"}\n", i, i)
	}
	s, stats := read(t, b.String(), 5)
	if stats.Sources != 7 || stats.Articles != 7 {
		t.Fatalf("stats %+v", stats)
	}
	total := 0
	for _, n := range s.batches {
		if n[0]+n[1] > 5 {
			t.Fatalf("a batch of %d rows, over 5: %v", n[0]+n[1], s.batches)
		}
		total += n[0] + n[1]
	}
	if total != 14 || len(s.batches) != 3 {
		t.Fatalf("batches %v", s.batches)
	}
}

// A sink's failure stops the import and says near which line.
func TestSinkFailureStops(t *testing.T) {
	s := &sink{fail: errors.New("disk full")}
	input := strings.Repeat(`{"title":"T","url":"https://a.example/1"}`+"\n", 3)
	_, err := Read(context.Background(), strings.NewReader(input), 2, s.store, nil)
	if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), "near line 2") {
		t.Fatalf("error %v", err)
	}
}

// A cancelled import stops, saying where.
func TestCancelStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Read(ctx, strings.NewReader(`{"title":"T","url":"https://a.example/1"}`), 2, (&sink{}).store, nil)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "line 0") {
		t.Fatalf("error %v", err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`{"title":"T","url":"https://a.example/1"}` + "\n" + `{"id":"a","name":"A"}`)
	f.Add(`{"articles":[{"title":"x","url":"u"},1]}`)
	f.Add("\n\n{\"title\":null}\r\n")
	f.Fuzz(func(t *testing.T, input string) {
		s := &sink{}
		stats, err := Read(context.Background(), strings.NewReader(input), 3, s.store, nil)
		if err != nil {
			t.Fatalf("Read failed on input alone: %v", err)
		}
		if stats.Sources != len(s.sources) || stats.Articles != len(s.articles) {
			t.Fatalf("stats %+v, sink saw %d sources and %d articles", stats, len(s.sources), len(s.articles))
		}
		for _, a := range s.articles {
			if a.URL == "" {
				t.Fatal("an article without a URL reached the sink")
			}
		}
	})
}

// An article is refused, with its line, when the service could not show
// it: an empty title, a link that is not a web address, a bad date, or a
// source named by an id that neither the file nor the catalogue holds.
// The source of an article may come later in the file.
func TestArticlesTheServiceCouldNotShowAreRefusedByLine(t *testing.T) {
	lines := []string{
		`{"source":{"id":"my-src"},"title":"","url":"not a url"}`,
		`{"source":{"id":"wire","name":"Wire"},"title":"  ","url":"https://a.example/1"}`,
		`{"title":"Relative link","url":"/news/1"}`,
		`{"title":"Mail","url":"mailto:desk@a.example"}`,
		`{"title":"Bad date","url":"https://a.example/2","publishedAt":"02/12/2026"}`,
		`{"source":{"id":"nowhere"},"title":"Unknown source","url":"https://a.example/3"}`,
		`{"source":{"id":"later"},"title":"Source below","url":"https://a.example/4"}`,
		`{"source":{"id":"in-catalogue"},"title":"Source stored before","url":"https://a.example/5"}`,
		`{"id":"later","name":"Later"}`,
		`{"source":{"id":"later"},"title":"Source above","url":"https://a.example/6"}`,
	}
	var asked []string
	known := func(_ context.Context, ids []string) (map[string]bool, error) {
		asked = append(asked, ids...)
		return map[string]bool{"in-catalogue": true}, nil
	}
	s := &sink{}
	stats, err := Read(context.Background(), strings.NewReader(strings.Join(lines, "\n")), 2, s.store, known)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Articles != 3 || stats.Sources != 1 || stats.Skipped != 6 {
		t.Fatalf("stats %+v", stats)
	}
	want := []struct {
		line int
		says string
	}{
		{1, `url "not a url" is not an http(s) URL`}, {2, "has an empty title"}, {3, "not an http(s) URL"},
		{4, "not an http(s) URL"}, {5, `publishedAt "02/12/2026" is not an ISO 8601 time`},
		{6, `source "nowhere" is neither in the file nor in the catalogue`},
	}
	if len(stats.Errors) != len(want) {
		t.Fatalf("errors %v", stats.Errors)
	}
	for i, w := range want {
		if e := stats.Errors[i]; e.Line != w.line || !strings.Contains(e.Err.Error(), w.says) {
			t.Errorf("error %d: line %d %v, want line %d saying %q", i, e.Line, e.Err, w.line, w.says)
		}
	}
	var titles []string
	for _, a := range s.articles {
		titles = append(titles, a.Title)
	}
	slices.Sort(titles)
	if strings.Join(titles, ", ") != "Source above, Source below, Source stored before" {
		t.Fatalf("stored %v", titles)
	}
	for _, id := range asked {
		if id == "later" {
			t.Errorf("asked the catalogue about %q, which the file holds", id)
		}
	}
}
