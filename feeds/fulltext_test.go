package feeds

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/feeds/opml"
	"tidings/internal/fakes/feedserver"
)

// fakePages is a PageReader that answers from a function and counts what
// it was asked.
type fakePages struct {
	mu    sync.Mutex
	calls []string
	read  func(ctx context.Context, pageURL string) (string, error)
}

func (f *fakePages) ReadPage(ctx context.Context, pageURL string) (string, error) {
	f.mu.Lock()
	f.calls = append(f.calls, pageURL)
	f.mu.Unlock()
	if f.read != nil {
		return f.read(ctx, pageURL)
	}
	return pageText(pageURL), nil
}

func (f *fakePages) asked() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

// pageText is what fakePages reads at a page by default: two paragraphs
// naming the page, longer than any summary.
func pageText(pageURL string) string {
	return "The whole story of " + pageURL + ", first paragraph.\n\n" +
		"Second paragraph, with everything the summary left out: " + strings.Repeat("more words ", 300)
}

// syncBuffer is a log sink the poller's workers may write at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// withPages gives the world's poller pages and a log.
func withPages(pages PageReader, log io.Writer) func(*Options, *FetcherOptions) {
	return func(o *Options, _ *FetcherOptions) {
		o.Pages = pages
		if log != nil {
			o.Logger = slog.New(slog.NewTextHandler(log, nil))
		}
	}
}

// summariesFeed is a feed of two items that carry only summaries, one
// with no description at all.
func summariesFeed() []byte {
	date := feedserver.FixtureTime.Format(time.RFC1123Z)
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Summaries only</title><link>https://site.test/</link>
<item><title>One</title><link>https://site.test/one</link><guid>one</guid>
  <description>The summary of one.</description><pubDate>` + date + `</pubDate></item>
<item><title>Two</title><link>https://site.test/two</link><guid>two</guid><pubDate>` + date + `</pubDate></item>
</channel></rss>`)
}

func (w *world) subscribeFullText(path string, fullText bool) Outcome {
	w.t.Helper()
	_, out, err := w.poller.Subscribe(context.Background(), Subscription{URL: w.url("news.test", path), FullText: fullText})
	if err != nil {
		w.t.Fatalf("subscribe %s: %v", path, err)
	}
	return out
}

// A full-text feed's new articles hold their page's text as content; the
// feed's summary stays the description, and an item without one gets the
// text's first paragraph.
func TestFullTextFeedStoresThePageTextAsContent(t *testing.T) {
	pages := &fakePages{}
	w := newWorld(t, withPages(pages, nil))
	w.srv.Set("/feed.xml", feedserver.Response{Body: summariesFeed()})
	out := w.subscribeFullText("/feed.xml", true)
	if out.Stats.New != 2 || out.FullText != 2 || out.FullTextFailed != 0 {
		t.Fatalf("subscribe: %+v, want 2 new, both with full text", out)
	}
	if !w.feed(w.onlyFeed()).FullText {
		t.Fatal("the subscription is not stored as full-text")
	}
	got := byURL(w.headlines())
	one, two := got["https://site.test/one"], got["https://site.test/two"]
	if one.Content != cleanText(pageText(one.URL)) || one.Description != "The summary of one." {
		t.Errorf("one: description %q, content %.80q…", one.Description, one.Content)
	}
	if two.Content != cleanText(pageText(two.URL)) || two.Description != "The whole story of "+two.URL+", first paragraph." {
		t.Errorf("two: description %q, content %.80q…", two.Description, two.Content)
	}
	if n := len(pages.asked()); n != 2 {
		t.Errorf("%d pages read, want 2", n)
	}
}

// A feed not marked full-text never has its pages read.
func TestOrdinaryFeedReadsNoPages(t *testing.T) {
	pages := &fakePages{}
	w := newWorld(t, withPages(pages, nil))
	w.srv.Set("/feed.xml", feedserver.Response{Body: summariesFeed()})
	w.subscribeFullText("/feed.xml", false)
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.GenFeed("x", 5, 0, feedserver.FixtureTime)})
	w.clock.Advance(3 * time.Hour)
	if sum := w.refresh(true); sum.New != 5 || sum.FullText != 0 {
		t.Fatalf("refresh: %+v", sum)
	}
	if asked := pages.asked(); len(asked) != 0 {
		t.Fatalf("pages read for an ordinary feed: %q", asked)
	}
	if a := byURL(w.headlines())["https://site.test/one"]; a.Content != "" || a.Description != "The summary of one." {
		t.Fatalf("article one: %+v", a)
	}
}

// A page that cannot be read leaves its article with the feed's text and
// is logged with its address and why; the poll still succeeds.
func TestFailedPageKeepsTheSummaryAndIsLogged(t *testing.T) {
	pages := &fakePages{read: func(_ context.Context, u string) (string, error) {
		if strings.HasSuffix(u, "/one") {
			return "", errors.New("the site refused the request (403)")
		}
		if strings.HasSuffix(u, "/two") {
			return " \n\n \x1b\n", nil // nothing readable
		}
		return pageText(u), nil
	}}
	var log syncBuffer
	w := newWorld(t, withPages(pages, &log))
	w.srv.Set("/feed.xml", feedserver.Response{Body: summariesFeed()})
	out := w.subscribeFullText("/feed.xml", true)
	if out.Err != nil || out.Stats.New != 2 || out.FullText != 0 || out.FullTextFailed != 2 {
		t.Fatalf("subscribe: %+v, want 2 new, 2 pages failed, no error", out)
	}
	got := byURL(w.headlines())
	if a := got["https://site.test/one"]; a.Description != "The summary of one." || a.Content != "" {
		t.Errorf("one: %+v", a)
	}
	if a := got["https://site.test/two"]; a.Title != "Two" || a.Content != "" {
		t.Errorf("two: %+v", a)
	}
	for _, want := range []string{
		`url=https://site.test/one err="the site refused the request (403)"`,
		`url=https://site.test/two err="the page has no readable text"`,
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %s:\n%s", want, log.String())
		}
	}
	// A later poll does not try those pages again: they are stored.
	w.srv.Set("/feed.xml", feedserver.Response{Body: summariesFeed(), NoValidators: true})
	w.clock.Advance(3 * time.Hour)
	if sum := w.refresh(true); sum.Failed != 0 || sum.FullTextFailed != 0 {
		t.Fatalf("second poll: %+v", sum)
	}
	if n := len(pages.asked()); n != 2 {
		t.Fatalf("%d page reads after two polls, want 2", n)
	}
}

// A page that does not answer in time is given up at PageTimeout.
func TestPageTimeoutBoundsAPage(t *testing.T) {
	pages := &fakePages{read: func(ctx context.Context, u string) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	}}
	var log syncBuffer
	w := newWorld(t, withPages(pages, &log), func(o *Options, _ *FetcherOptions) { o.PageTimeout = 50 * time.Millisecond })
	w.srv.Set("/feed.xml", feedserver.Response{Body: summariesFeed()})
	// The pages never answer: only PageTimeout ends them, which the log
	// line below proves (a hang would hit go test's -timeout).
	out := w.subscribeFullText("/feed.xml", true)
	if out.Stats.New != 2 || out.FullTextFailed != 2 {
		t.Fatalf("subscribe: %+v", out)
	}
	if !strings.Contains(log.String(), "no answer within 50ms") {
		t.Fatalf("log:\n%s", log.String())
	}
}

// Items already stored are never read again: a later poll reads the new
// items' pages only, and the feed's summaries do not replace the text
// stored for the others.
func TestStoredItemsAreNotReadAgain(t *testing.T) {
	pages := &fakePages{}
	w := newWorld(t, withPages(pages, nil))
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.GenFeed("x", 5, 0, feedserver.FixtureTime)})
	if out := w.subscribeFullText("/feed.xml", true); out.FullText != 5 {
		t.Fatalf("subscribe: %+v", out)
	}
	for rev := 1; rev <= 3; rev++ {
		w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.GenFeed("x", 5, rev, feedserver.FixtureTime)})
		w.clock.Advance(3 * time.Hour)
		if sum := w.refresh(false); sum.New != 1 || sum.FullText != 1 || sum.Updated != 0 {
			t.Fatalf("rev %d: %+v, want 1 new with full text and nothing updated", rev, sum)
		}
	}
	asked := pages.asked()
	if len(asked) != 8 {
		t.Fatalf("%d page reads, want 8 (5, then 1 a poll): %q", len(asked), asked)
	}
	seen := map[string]bool{}
	for _, u := range asked {
		if seen[u] {
			t.Fatalf("%s read twice", u)
		}
		seen[u] = true
	}
	for _, a := range w.headlines() {
		if a.Content != cleanText(pageText(a.URL)) {
			t.Fatalf("%s lost its full text: %.80q…", a.URL, a.Content)
		}
	}
}

// A poll reads at most FullTextItems pages of a feed, its newest items';
// the older new items keep the feed's text.
func TestFullTextItemsBoundsThePagesOfAPoll(t *testing.T) {
	pages := &fakePages{}
	w := newWorld(t, withPages(pages, nil))
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.GenFeed("x", 50, 0, feedserver.FixtureTime)})
	out := w.subscribeFullText("/feed.xml", true)
	if out.Stats.New != 50 || out.FullText != DefaultFullTextItems {
		t.Fatalf("subscribe: %+v, want 50 new, %d with full text", out, DefaultFullTextItems)
	}
	asked := map[string]bool{}
	for _, u := range pages.asked() {
		asked[u] = true
	}
	for n := 1; n <= 50; n++ {
		if want := n > 50-DefaultFullTextItems; asked[feedserver.GenLink("x", n)] != want {
			t.Errorf("item %d read: %v, want %v (the newest %d only)", n, !want, want, DefaultFullTextItems)
		}
	}
	withText := 0
	for _, a := range w.headlines() {
		if a.Content != "" {
			withText++
		}
	}
	if withText != DefaultFullTextItems {
		t.Fatalf("%d articles with full text, want %d", withText, DefaultFullTextItems)
	}
}

// Without a page reader, a full-text feed keeps the feed's text, and the
// poller says so once.
func TestFullTextWithoutAReaderIsLoggedOnce(t *testing.T) {
	var log syncBuffer
	w := newWorld(t, withPages(nil, &log))
	w.srv.Set("/feed.xml", feedserver.Response{Body: summariesFeed(), NoValidators: true})
	w.subscribeFullText("/feed.xml", true)
	w.clock.Advance(3 * time.Hour)
	w.refresh(true)
	if n := strings.Count(log.String(), "reads no pages"); n != 1 {
		t.Fatalf("said %d times:\n%s", n, log.String())
	}
	if a := byURL(w.headlines())["https://site.test/one"]; a.Description != "The summary of one." || a.Content != "" {
		t.Fatalf("one: %+v", a)
	}
}

// Page reads take their host's turn with feed fetches: with feeds on
// several hosts whose pages are all on one, that host never sees two
// requests at once, and the poller never reads more than maxPageReads
// pages at once.
func TestPageReadsAreOneAtATimePerHost(t *testing.T) {
	var w *world
	var mu sync.Mutex
	inFlight, most := 0, 0
	pages := &fakePages{read: func(ctx context.Context, u string) (string, error) {
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		defer func() { mu.Lock(); inFlight--; mu.Unlock() }()
		pu, err := url.Parse(u)
		if err != nil {
			return "", err
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, w.url(pu.Host, pu.Path), nil)
		resp, err := w.srv.Client().Do(req)
		if err != nil {
			return "", err
		}
		resp.Body.Close()
		return pageText(u), nil
	}}
	w = newWorld(t, withPages(pages, nil))
	var outlines []opml.Outline
	for i, host := range []string{"example.com", "a.test", "b.test", "c.test", "d.test", "e.test"} {
		id := fmt.Sprintf("f%d", i)
		for n := 1; n <= 4; n++ {
			w.srv.Set(fmt.Sprintf("/%s/%d", id, n), feedserver.Response{Body: []byte("<p>page</p>"), Delay: 5 * time.Millisecond})
		}
		outlines = append(outlines, opml.Outline{Title: id, XMLURL: w.url(host, "/gen/"+id+".xml?items=4"), FullText: true})
	}
	if _, err := w.poller.Import(context.Background(), outlines); err != nil {
		t.Fatal(err)
	}
	sum := w.refresh(false)
	if sum.Feeds != 6 || sum.New != 24 || sum.FullText != 24 {
		t.Fatalf("pass: %+v", sum)
	}
	if n := w.srv.MaxInFlight("example.com"); n != 1 {
		t.Fatalf("example.com saw %d requests at once", n)
	}
	if most > maxPageReads {
		t.Fatalf("%d pages read at once, more than %d", most, maxPageReads)
	}
}

func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"a\r\nb\n\n\n\nc  \n\n":          "a\nb\n\nc",
		"\x1b[31mred\x1b[0m\x00 \u200bx": "[31mred[0m \u200bx",
		"bad \xff utf8":                  "bad \uFFFD utf8",
		"  \n \n\t\n":                    "",
	} {
		if got := cleanText(in); got != want {
			t.Errorf("cleanText(%q) = %q, want %q", in, got, want)
		}
	}
	if got := firstParagraph(strings.Repeat("x ", 3000)); len([]rune(got)) > 2000 {
		t.Errorf("firstParagraph: %d runes", len([]rune(got)))
	}
}

// An item whose article another feed stored already is left to that
// feed, so its page is not read again.
func TestItemOfAnotherFeedIsNotRead(t *testing.T) {
	pages := &fakePages{}
	w := newWorld(t, withPages(pages, nil))
	w.srv.Set("/feed.xml", feedserver.Response{Body: summariesFeed()})
	for _, host := range []string{"news.test", "mirror.test"} {
		if _, _, err := w.poller.Subscribe(context.Background(), Subscription{URL: w.url(host, "/feed.xml"), FullText: true}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(pages.asked()); n != 2 {
		t.Fatalf("%d pages read, want 2 (the second feed's items are the first's articles)", n)
	}
}

// A pass cancelled while it reads pages stores nothing of that feed, so
// its new items are new again, and read, on the next pass.
func TestCancelledPassStoresNoHalfReadFeed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pages := &fakePages{read: func(rctx context.Context, _ string) (string, error) {
		cancel()
		<-rctx.Done()
		return "", rctx.Err()
	}}
	w := newWorld(t, withPages(pages, nil))
	outlines := []opml.Outline{{Title: "x", XMLURL: w.url("news.test", "/gen/x.xml?items=3"), FullText: true}}
	if _, err := w.poller.Import(context.Background(), outlines); err != nil {
		t.Fatal(err)
	}
	if _, err := w.poller.Refresh(ctx, RefreshOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("refresh: %v, want cancelled", err)
	}
	if n := len(w.headlines()); n != 0 {
		t.Fatalf("%d articles stored by the cancelled pass", n)
	}
	pages.read = nil
	if sum := w.refresh(false); sum.New != 3 || sum.FullText != 3 {
		t.Fatalf("next pass: %+v, want 3 new with full text", sum)
	}
}
