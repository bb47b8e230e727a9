package reader

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"tidings/extract"
	"tidings/internal/fakes/pageserver"
	"tidings/ui/markdown"
)

// The full text's pipeline, fuzzed end to end: any page, extracted, then
// laid out (ui/markdown fuzzes the layout alone, FuzzRenderMarkdown), gives lines that fit the width and hold nothing a terminal
// would act on but SGR styling — no other escape sequence, no control,
// no bidi control and no zero-width character.

// sgr is one SGR sequence, the only escape sequence a line may hold.
var sgr = regexp.MustCompile("\x1b\\[[0-9;:]*m")

func checkRendered(t *testing.T, lines []string, width int) {
	t.Helper()
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Fatalf("line %d is %d cells wide (max %d): %q", i, w, width, l)
		}
		plain := sgr.ReplaceAllString(l, "")
		for _, r := range plain {
			if r < 0x20 || (r >= 0x7f && r <= 0x9f) || unicode.Is(unicode.Bidi_Control, r) ||
				r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\u2060' || r == '\ufeff' {
				t.Fatalf("line %d holds %U: %q", i, r, l)
			}
		}
	}
}

func FuzzPageToScreen(f *testing.F) {
	for _, path := range []string{"/article", "/paywall", "/latin1", "/sjis", "/scripts", "/hostile", "/empty"} {
		if p, ok := pageserver.Get(path); ok {
			f.Add(p.Body, p.ContentType)
		}
	}
	f.Add([]byte("<html><body><article><h1>T</h1><p>"+strings.Repeat("word ", 80)+
		"\x1b]8;;https://evil.example\x07click\x1b]8;;\x07 \u202egnp.exe \u200b</p></article></body></html>"), "text/html")
	m := newReader(64, 24)
	o := m.renderOpts()
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		if len(body) > 256<<10 {
			return // the size bound is extract's own test
		}
		a, err := extract.FromHTML(body, contentType, "https://news.example/story")
		if err != nil {
			return
		}
		checkRendered(t, markdown.Render(a.Markdown, o), o.Width)
	})
}
