package ui

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/extract"
)

// fakePages is the page reader of the UI tests: every page is the same
// Markdown, with the links given.
type fakePages struct {
	mu       sync.Mutex
	markdown string
	links    []extract.Link
	calls    int
}

func (f *fakePages) Extract(_ context.Context, pageURL string) (extract.Article, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	return extract.Article{URL: pageURL, Markdown: f.markdown, Links: f.links, Words: len(strings.Fields(f.markdown))}, nil
}

// hostileMarkdown tries everything a page could against the terminal:
// escape sequences (CSI, OSC 52 clipboard, OSC 0 title, 8-bit CSI), OSC 8
// link spoofs, bidi overrides and isolates, zero-width characters, raw
// HTML, autolinks, bare URLs and Markdown links to javascript: and to
// addresses that try to break out of an OSC 8.
const hostileMarkdown = "# Head\x1b[2Jline \x1b]0;pwned\x07title\n\n" +
	"Clip \x1b]52;c;ZXZpbA==\x07board and \x9b31mred\x9bm and \x1bP+q\x1b\\ dcs.\n\n" +
	"Spoof \x1b]8;;https://evil.example\x07click here\x1b]8;;\x07 now.\n\n" +
	"Bidi \u202egnp.exe\u202c and \u2066isolate\u2069 and zero\u200bwidth\u200d\u2060joiners\ufeff.\n\n" +
	"<script>alert(1)</script><img src=x onerror=alert(1)> <b>bold</b>\n\n" +
	"<https://auto.example/link> and www.bare.example and https://bare.example/x\n\n" +
	"[click](javascript:alert(1)) and [spoof](https://ok.example/\x07\x1b]8;;evil) and ![img](https://img.example/a.png)\n\n" +
	"[ref]: https://ref.example/\n\n[text][ref] and [image: alt \x1b[31mred\u202e]\n\n" +
	"```\ncode \x1b[31m\x1b]8;;x\x07\n```\n\n> quote \u202e and `span \x1b[1m`\n"

// Every byte of a page is hostile: the frame holds only styling and the
// reader's own link, at every size, and none of the page's links is made
// clickable.
func TestHostileFullTextCannotTalkToTheTerminal(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		for _, size := range [][2]int{{80, 24}, {160, 45}} {
			pages := &fakePages{markdown: hostileMarkdown, links: []extract.Link{{Text: "x\x1b[2J\u202e", URL: "https://news.example/\x1b]8;;"}}}
			h := newHarness(&fakeClient{total: 3}, size[0], size[1], func(c *Config) { c.FullText = pages })
			h.keys("enter", "f")
			if pages.calls != 1 {
				t.Fatalf("%v: %d fetches", size, pages.calls)
			}
			var views []string
			for range 4 {
				views = append(views, h.app.View().Content)
				h.keys("pgdown")
			}
			h.keys("L")
			views = append(views, h.app.View().Content)
			for _, v := range views {
				if p := frameProblem(v, size[0], size[1]); p != "" {
					t.Fatalf("%v: %s\n%s", size, p, ansi.Strip(v))
				}
				if n := strings.Count(v, "\x1b]8;id=tidings-article;"); strings.Count(v, "\x1b]8;") != 2*n {
					t.Fatalf("%v: a hyperlink other than the article's own:\n%q", size, v)
				}
				plain := ansi.Strip(v)
				for _, bad := range []string{"\u200b", "\u2060", "\ufeff", "<script>", "onerror"} {
					if strings.Contains(plain, bad) {
						t.Fatalf("%v: %q reached the view:\n%s", size, bad, plain)
					}
				}
			}
			if !strings.Contains(ansi.Strip(views[0]), "Head") {
				t.Fatalf("%v: the full text is not shown:\n%s", size, ansi.Strip(views[0]))
			}
		}
	})
}

// The help lists the full-text keys in the reader, and n/N honestly while
// a find is active.
func TestHelpShowsTheFullTextKeys(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		pages := &fakePages{markdown: "The day's events, told in full.\n\nMore events [1].", links: []extract.Link{{Text: "more", URL: "https://news.example/more"}}}
		h := newHarness(&fakeClient{total: 3}, 120, 40, func(c *Config) { c.FullText = pages })
		h.keys("enter")
		if out := h.view(); !strings.Contains(out, "f full text") {
			t.Fatalf("help line lacks f:\n%s", out)
		}
		h.keys("?")
		out := h.view()
		for _, want := range []string{"f", "full text", "L", "links", "/", "find"} {
			if !strings.Contains(out, want) {
				t.Errorf("full help lacks %q:\n%s", want, out)
			}
		}
		h.keys("esc", "f", "/", "e", "v", "e", "n", "t", "s", "enter")
		out = h.view()
		for _, want := range []string{"n next match", "N previous match", "→/J next article"} {
			if !strings.Contains(out, want) {
				t.Errorf("help line during a find lacks %q:\n%s", want, out)
			}
		}
		if !strings.Contains(out, "match 1 of 3") {
			t.Errorf("status lacks the match count:\n%s", out)
		}
		h.keys("L")
		if out := h.view(); !strings.Contains(out, "0-9 pick link by number") {
			t.Errorf("help line of the link list:\n%s", out)
		}
		h.keys("1", "enter")
		if len(h.opened) != 1 || h.opened[0] != "https://news.example/more" {
			t.Fatalf("opened %q", h.opened)
		}
	})
}

// Without a page reader f says why, and nothing breaks.
func TestFullTextOffInTheApp(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 80, 24)
		h.keys("enter", "f")
		if out := h.view(); !strings.Contains(out, "Full text is off") {
			t.Fatalf("no word on f:\n%s", out)
		}
	})
}
