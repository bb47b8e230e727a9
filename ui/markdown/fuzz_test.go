package markdown

import (
	"regexp"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"tidings/ui/theme"
)

// sgr is one SGR sequence, the only escape sequence a line may hold.
var sgr = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// checkRendered fails unless every line fits the width and holds nothing
// a terminal would act on but SGR styling — no other escape sequence, no
// control, no bidi control and no zero-width character.
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

// FuzzRenderMarkdown feeds the layout Markdown no extraction would make:
// raw HTML, autolinks, escape sequences, deep nesting. (The reader's
// FuzzPageToScreen fuzzes the whole page → extract → Render pipeline.)
func FuzzRenderMarkdown(f *testing.F) {
	for _, s := range []string{
		sampleMarkdown,
		"# Head \x1b[2J\n\n<script>x</script> <https://evil.example> [a](javascript:alert(1))",
		"> > > > > > > > > > > > deep\n\n- - - - - - - - list",
		"```\n\x1b]52;c;aGk=\x07 \u202e code\n```\n\n[image: \x1b[31mred]",
		"| a | b |\n|---|---|\n| \u200b | \x9b31m |",
	} {
		f.Add(s)
	}
	o := readerOptions(60, theme.New(true, false))
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 64<<10 {
			return
		}
		checkRendered(t, Render(md, o), o.Width)
	})
}
