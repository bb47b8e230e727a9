package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tidings/model"
	"tidings/state"
	"tidings/ui/common"
	"tidings/ui/components/articles"
)

// Tests of the reader's memory (Config.State) over real state files in
// t.TempDir(). The stores are opened outside the synctest bubbles (their
// connection pools belong to no bubble) and closed when the test ends.

func openStore(t *testing.T, path string) *state.Store {
	t.Helper()
	st, err := state.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

func withState(st common.State) func(*Config) {
	return func(c *Config) { c.State = st }
}

// watchClient is a service whose search counts grow: the articles it has
// "gained" are those its counting queries (page size 1, from set) see.
type watchClient struct {
	fakeClient
	mu      sync.Mutex
	gained  []time.Time
	queries []model.ArticlesQuery
}

func (w *watchClient) gain(at ...time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.gained = append(w.gained, at...)
}

func (w *watchClient) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	w.mu.Lock()
	w.queries = append(w.queries, q)
	gained := append([]time.Time(nil), w.gained...)
	w.mu.Unlock()
	if q.PageSize != 1 {
		return w.fakeClient.Articles(ctx, q)
	}
	from, _, err := q.TimeRange()
	if err != nil {
		return model.Page[model.Article]{}, err
	}
	n := 0
	for _, at := range gained {
		if !at.Before(from) {
			n++
		}
	}
	return model.Page[model.Article]{TotalResults: n, Page: 1, PageSize: 1}, nil
}

func (w *watchClient) counts() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, q := range w.queries {
		if q.PageSize == 1 {
			n++
		}
	}
	return n
}

const secondHeadline = "Top headline number 02 about the day's events"

// The flow: b in Headlines, quit, start again over the same state
// file: the article is on Saved, and still reads.
func TestSavedArticleIsOnSavedAfterARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	first := openStore(t, path)
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(first))
		h.keys("j", "b")
		if got := h.app.status.Text(); got != "Saved." {
			t.Fatalf("status %q after b", got)
		}
		if !strings.Contains(h.view(), "Source B · 42m ago · ★ saved") {
			t.Fatalf("the saved row has no mark:\n%s", h.view())
		}
		h.keys("q")
		if !h.quit {
			t.Fatal("q did not quit")
		}
	})
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again := openStore(t, path)
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(again))
		if !strings.Contains(h.view(), "Source B · 42m ago · ★ saved") {
			t.Fatalf("after a restart the headline lost its mark:\n%s", h.view())
		}
		h.keys("4")
		v := h.view()
		if !strings.Contains(v, "Saved articles · 1") || !strings.Contains(v, secondHeadline) {
			t.Fatalf("Saved after a restart:\n%s", v)
		}
		h.keys("enter")
		if a, ok := h.app.reader.Article(); !ok || a.Title != secondHeadline || h.app.Active() != common.Reader {
			t.Fatalf("enter on Saved opened %q (active %v)", a.Title, h.app.Active())
		}
		if !strings.Contains(h.view(), "Body of story 02 & more.") || !strings.Contains(h.view(), "more characters at the source") {
			t.Fatalf("the saved article does not read as it did:\n%s", h.view())
		}
	})
}

// An article opened in one run is drawn read in the next.
func TestReadHistorySurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	first := openStore(t, path)
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 80, 24, withState(first))
		h.keys("j", "j", "enter", "q")
	})
	_ = first.Close()
	again := openStore(t, path)
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 80, 24, withState(again))
		key := "https://news.example/Top/03"
		if !h.app.ctx.Read.Has(key) || h.app.ctx.Read.Has("https://news.example/Top/02") {
			t.Fatal("the read history did not come back as it was")
		}
		want := h.app.ctx.Styles.List.TitleRead.Render("Top headline number 03 about the day's events")
		if !strings.Contains(h.app.View().Content, want) {
			t.Fatal("the article read before is not drawn read")
		}
	})
}

func TestUnsaveFromSaved(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(st))
		h.keys("b", "j", "b", "4")
		if v := h.view(); !strings.Contains(v, "Saved articles · 2") {
			t.Fatalf("two saved:\n%s", v)
		}
		// Newest saved first: the second headline is on top.
		h.keys("b")
		if got := h.app.status.Text(); got != "Removed from saved." {
			t.Fatalf("status %q", got)
		}
		v := h.view()
		if !strings.Contains(v, "Saved articles · 1") || strings.Contains(v, secondHeadline) ||
			!strings.Contains(v, "Top headline number 01") {
			t.Fatalf("after b on Saved:\n%s", v)
		}
	})
	keys, err := st.SavedKeys(context.Background())
	if _, ok := keys["https://news.example/Top/01"]; err != nil || len(keys) != 1 || !ok {
		t.Fatalf("the store holds %v (%v)", keys, err)
	}
}

// w on Search keeps the query; after the service gains articles, Saved
// says how many are new; enter runs the search and the count starts
// again.
func TestWatchCountsNewArticlesAndOpensTheSearch(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		now := testNow
		wc := &watchClient{fakeClient: fakeClient{total: 30}}
		h := newHarness(&wc.fakeClient, 120, 40, withState(st), func(c *Config) {
			c.Client = wc
			c.Now = func() time.Time { return now }
		})
		h.keys("3")
		for _, r := range "climate" {
			h.keys(string(r))
		}
		h.keys("enter", "w")
		if !strings.Contains(h.view(), "Watch as: climate") {
			t.Fatalf("w shows no prompt with the query as the name:\n%s", h.view())
		}
		h.keys("enter")
		if got := h.app.status.Text(); !strings.Contains(got, "Watching “climate”") {
			t.Fatalf("status %q", got)
		}
		h.keys("w", "enter") // the same name again
		if v := h.view(); !strings.Contains(v, "A watch named “climate” already exists") {
			t.Fatalf("a duplicate name is not explained:\n%s", v)
		}
		h.keys("esc")

		now = testNow.Add(2 * time.Hour)
		wc.gain(testNow.Add(-time.Hour), testNow.Add(30*time.Minute), testNow.Add(40*time.Minute), testNow.Add(time.Hour))
		h.keys("4")
		v := h.view()
		if !strings.Contains(v, "climate") || !strings.Contains(v, "3 new") {
			t.Fatalf("Saved does not count the watch's new articles:\n%s", v)
		}
		counts := wc.counts()
		h.keys("w", "enter")
		if h.app.Active() != common.Search || !strings.Contains(h.view(), "Found headline number 01") {
			t.Fatalf("enter on the watch did not run its search (on %v):\n%s", h.app.Active(), h.view())
		}
		ws, err := st.Watches(context.Background())
		if err != nil || len(ws) != 1 || !ws[0].LastSeen.Equal(now) || ws[0].Query.Q != "climate" {
			t.Fatalf("watches %+v (%v)", ws, err)
		}
		h.keys("4")
		if v := h.view(); strings.Contains(v, "3 new") || !strings.Contains(v, "no new") {
			t.Fatalf("the count did not start again:\n%s", v)
		}
		if wc.counts() != counts {
			t.Fatal("showing Saved again within minutes counted again")
		}
		h.keys("r")
		if v := h.view(); !strings.Contains(v, "no new") || wc.counts() != counts+1 {
			t.Fatalf("r did not count again from the last look:\n%s", v)
		}

		// Deleting asks first (the watches still have the focus).
		h.keys("x")
		if !h.app.current().CapturesInput() || !strings.Contains(h.app.status.Text(), "Delete the watch “climate”?") {
			t.Fatalf("x did not ask: %q", h.app.status.Text())
		}
		h.keys("n")
		if ws, _ := st.Watches(context.Background()); len(ws) != 1 {
			t.Fatal("a key other than y deleted the watch")
		}
		h.keys("x", "y")
		if ws, _ := st.Watches(context.Background()); len(ws) != 0 || !strings.Contains(h.view(), "Watches · 0") {
			t.Fatalf("y did not delete the watch:\n%s", h.view())
		}
	})
}

// failingStore is a store whose writes fail as on a full disk.
type failingStore struct {
	*state.Store
	marks int
}

func (f *failingStore) MarkRead(context.Context, string, time.Time) error {
	f.marks++
	return &state.Error{Op: "mark read", Path: f.Path(), Kind: state.ErrUnwritable, Err: syscall.ENOSPC}
}

// A damaged state file is moved aside and said once, with its path; a
// write that fails is said once; the reader goes on.
func TestDegradedStoreIsReportedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	if err := writeFile(path, "this is not a database"); err != nil {
		t.Fatal(err)
	}
	st := &failingStore{Store: openStore(t, path)}
	if !errors.Is(st.Notice(), state.ErrCorrupt) {
		t.Fatalf("notice %v", st.Notice())
	}
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(st))
		note := h.app.status.Text()
		if !strings.Contains(note, path) || !strings.Contains(note, "keeps working") {
			t.Fatalf("the damaged file is not told with its path: %q", note)
		}
		h.keys("enter")
		if got := h.app.status.Text(); !strings.Contains(got, "keeps working") || !strings.Contains(got, path) {
			t.Fatalf("the failing write is not told: %q", got)
		}
		h.send(common.StatusMsg{Text: "", Level: common.LevelInfo})
		h.keys("esc", "j", "enter", "esc", "j", "enter")
		if st.marks != 3 || h.app.status.Text() != "" {
			t.Fatalf("after %d failing marks the status says %q", st.marks, h.app.status.Text())
		}
		if !h.app.ctx.Read.Has("https://news.example/Top/03") {
			t.Fatal("the session lost its reads")
		}
		h.keys("b")
		if got := h.app.status.Text(); got != "Saved." {
			t.Fatalf("the store after the damaged file does not save: %q", got)
		}
	})
}

// Without a State everything works as before, and b and w say that
// nothing is kept.
func TestNoStateSaysNothingIsKept(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40)
		h.keys("b")
		if got := h.app.status.Text(); !strings.HasPrefix(got, "Nothing is kept in this session") {
			t.Fatalf("b without a state: %q", got)
		}
		h.keys("enter", "b")
		if got := h.app.status.Text(); !strings.HasPrefix(got, "Nothing is kept in this session") {
			t.Fatalf("b in the reader without a state: %q", got)
		}
		h.keys("3")
		for _, r := range "rates" {
			h.keys(string(r))
		}
		h.keys("enter", "w")
		if got := h.app.status.Text(); !strings.HasPrefix(got, "Nothing is kept in this session") || h.app.current().CapturesInput() {
			t.Fatalf("w without a state: %q", got)
		}
		h.keys("4")
		if v := h.view(); !strings.Contains(v, "Nothing is kept in this session") {
			t.Fatalf("Saved without a state:\n%s", v)
		}
	})
}

// The full text fetched for a saved article is kept with it; opened from
// Saved with no page reader at all (offline), f shows it.
func TestSavedFullTextReadsOffline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	first := openStore(t, path)
	pages := &fakePages{markdown: "# Whole story\n\nEvery paragraph of the *kept* article."}
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(first), func(c *Config) { c.FullText = pages })
		h.keys("enter", "b", "f")
		if pages.calls != 1 || !strings.Contains(h.view(), "Every paragraph") {
			t.Fatalf("f did not fetch (%d):\n%s", pages.calls, h.view())
		}
	})
	saved, err := first.Saved(context.Background())
	if err != nil || len(saved) != 1 || saved[0].FullText == nil {
		t.Fatalf("the full text was not kept: %+v (%v)", saved, err)
	}
	_ = first.Close()
	again := openStore(t, path)
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(again))
		h.keys("4", "enter", "f")
		if v := h.view(); !strings.Contains(v, "Every paragraph") {
			t.Fatalf("f on a saved article offline:\n%s", v)
		}
	})
}

// ToArticle keeps every field, and an article made from it reads and is
// keyed as the original.
func TestSavedArticleRoundTrips(t *testing.T) {
	a := model.Article{
		Source: model.SourceRef{ID: "src", Name: "Source &amp; Co"}, Author: "A. Writer",
		Title: "Rates &amp; you", Description: "Short.", URL: "https://x.example/1 ",
		URLToImage: "https://x.example/1.png", PublishedAt: testNow,
		Content: "<p>Short. Then the body</p>… [+120 chars]",
	}
	it := articles.FromArticle(a)
	back := articles.ToArticle(it)
	if state.Key(back) != articles.Key(it) || back.URLToImage != a.URLToImage || back.Source.ID != "src" {
		t.Fatalf("ToArticle lost something: %+v", back)
	}
	again := articles.FromArticle(back)
	if !again.Same(it) {
		t.Fatalf("a saved article reads differently:\n%+v\n%+v", again, it)
	}
	noURL := a
	noURL.URL = ""
	it = articles.FromArticle(noURL)
	if articles.Key(articles.FromArticle(articles.ToArticle(it))) != articles.Key(it) || state.Key(articles.ToArticle(it)) != articles.Key(it) {
		t.Fatal("an article without a link changes key when saved")
	}
}

func writeFile(path, body string) error { return os.WriteFile(path, []byte(body), 0o600) }

// spyStore notes whether the first headlines had been asked for when the
// memory was first read.
type spyStore struct {
	*state.Store
	client *fakeClient
	early  bool
	reads  int
}

func (s *spyStore) ReadKeys(ctx context.Context) (state.ReadSet, error) {
	s.reads++
	if len(s.client.headlineQueries()) == 0 {
		s.early = true
	}
	return s.Store.ReadKeys(ctx)
}

// The memory is read once start-up is over, never before the first
// headlines are asked for: the disk is not on the start-up path.
func TestMemoryLoadsAfterTheFirstHeadlines(t *testing.T) {
	client := &fakeClient{total: 30}
	spy := &spyStore{Store: openStore(t, filepath.Join(t.TempDir(), "state.db")), client: client}
	inBubble(t, func(t *testing.T) {
		h := newHarness(client, 80, 24, withState(spy))
		if spy.reads != 1 || spy.early {
			t.Fatalf("read %d times, before the headlines: %v", spy.reads, spy.early)
		}
		h.keys("j")
	})
}

// A watch of a search "from 2w to yesterday" keeps those words: the watch
// rolls with the days (resolved at each check) instead of being fixed to
// the dates of the day it was saved.
func TestWatchKeepsRelativeDates(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(st))
		h.keys("3")
		for _, r := range "climate" {
			h.keys(string(r))
		}
		h.keys("tab", "tab", "tab", "tab", "2", "w", "tab", "y", "e", "s", "t", "e", "r", "d", "a", "y")
		h.keys("enter", "w", "enter")
		if got := h.app.status.Text(); !strings.Contains(got, "Watching “climate”") {
			t.Fatalf("status %q\n%s", got, h.view())
		}
		ws, err := st.Watches(context.Background())
		if err != nil || len(ws) != 1 {
			t.Fatalf("watches %+v (%v)", ws, err)
		}
		if q := ws[0].Query; q.From != "2w" || q.To != "yesterday" {
			t.Fatalf("the watch keeps from %q to %q, want 2w and yesterday", q.From, q.To)
		}
	})
}
