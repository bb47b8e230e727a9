package cli

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"tidings/extract"
	"tidings/internal/fakes/pageserver"
	"tidings/ui/textsafe"
)

// In the demo, f reads a whole article: the demo service serves a page
// for its own article, the reader's extractor finds the article in it,
// and keeps the article's own .example address. Read once, it reads
// again with the service gone.
func TestDemoArticlesReadInFull(t *testing.T) {
	ctx := context.Background()
	page, stop := firstHeadlines(t, ctx)
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	a := page.Items[0]
	svc, err := startDemo(ctx) // the same catalogue, for its rewrite
	if err != nil {
		t.Fatal(err)
	}
	ft := &readerFullText{rewrite: svc.pageRewrite, log: slog.New(slog.DiscardHandler), serviceURL: svc.baseURL}
	got, err := ft.Extract(ctx, a.URL)
	if err != nil {
		svc.stop()
		t.Fatalf("f on the demo article %s: %v", a.URL, err)
	}
	if got.URL != a.URL || got.Title != a.Title {
		t.Errorf("the article read is %q at %s, want %q at %s", got.Title, got.URL, a.Title, a.URL)
	}
	body, _ := textsafe.SplitTruncation(a.Content)
	if first := firstWords(body, 6); !strings.Contains(got.Markdown, first) {
		t.Errorf("the full text does not carry the service's content %q:\n%s", first, got.Markdown)
	}
	if got.Words <= len(strings.Fields(body)) {
		t.Errorf("the full text has %d words, the snippet %d", got.Words, len(strings.Fields(body)))
	}
	for _, junk := range []string{"Advertisement", "cookies", "Newsletter", "Comments"} {
		if strings.Contains(got.Markdown, junk) {
			t.Errorf("the page's %q came along with the article", junk)
		}
	}

	svc.stop()
	stop()
	stopped = true
	again, err := ft.Extract(ctx, a.URL)
	if err != nil || again.Markdown != got.Markdown {
		t.Errorf("with the service gone the cached article did not come back: %v", err)
	}
}

// Against a real page (on loopback, the host of the service read here),
// f reads its article; a site that refuses says so in plain words.
func TestReaderFullTextReadsRealPages(t *testing.T) {
	ps := pageserver.New(t)
	ft := &readerFullText{log: slog.New(slog.DiscardHandler), serviceURL: ps.URL("/v2")}
	a, err := ft.Extract(context.Background(), ps.URL("/article"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Words < 500 || len(a.Links) == 0 {
		t.Errorf("the article came with %d words and %d links", a.Words, len(a.Links))
	}
	_, err = ft.Extract(context.Background(), ps.URL("/forbidden"))
	var xe *extract.Error
	if !errors.As(err, &xe) || err.Error() != "the site refused the request (403)" {
		t.Errorf("a 403 gave %v", err)
	}
}

func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// f does not read a page on loopback when the service read is elsewhere:
// the message names the address, the rule and the setting that lifts it;
// with reader.allow_private_fetch it reads the page.
func TestReaderFullTextRefusesPrivatePages(t *testing.T) {
	ps := pageserver.New(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	ft := &readerFullText{log: slog.New(slog.DiscardHandler), serviceURL: "https://news.example.com/v2"}
	_, err := ft.Extract(context.Background(), ps.URL("/article"))
	want := "not fetched: 127.0.0.1 is a loopback address (allow_private_fetch = true under [reader] in the config allows it)"
	if err == nil || err.Error() != want {
		t.Fatalf("f on a loopback page: %v, want %q", err, want)
	}
	ft = &readerFullText{log: slog.New(slog.DiscardHandler), serviceURL: "https://news.example.com/v2", allowPrivate: true}
	if _, err := ft.Extract(context.Background(), ps.URL("/article")); err != nil {
		t.Fatalf("with allow_private_fetch: %v", err)
	}
}
