package markdown

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/ui/theme"
)

// readerOptions are the options the reader renders with at a text width
// (its styles for the body, the links' numbers and image lines).
func readerOptions(width int, s *theme.Styles) Options {
	return Options{Width: width, Style: s.Markdown, Image: s.Reader.Image,
		Body: SGRPrefix(s.Reader.Body), LinkNumber: SGRPrefix(s.Reader.LinkNumber)}
}

// plainRender renders md at width and returns the lines, ANSI stripped,
// after checking that they fit and hold nothing but SGR.
func plainRender(t *testing.T, md string, width int) []string {
	t.Helper()
	o := readerOptions(width, theme.New(true, false))
	lines := Render(md, o)
	checkRendered(t, lines, width)
	plain := make([]string, len(lines))
	for i, l := range lines {
		plain[i] = ansi.Strip(l)
	}
	return plain
}

func wantLines(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "|\n")+"|", strings.Join(want, "|\n")+"|")
	}
}

func TestMarkdownLists(t *testing.T) {
	md := "- one\n- two, which is long enough to wrap\n  - nested, long enough to wrap too\n    1. deep\n- three\n\n" +
		"9. nine\n10. ten, long enough to wrap here\n"
	wantLines(t, plainRender(t, md, 30),
		"• one",
		"• two, which is long enough to",
		"  wrap",
		"  • nested, long enough to",
		"    wrap too",
		"    1. deep",
		"• three",
		"",
		" 9. nine",
		"10. ten, long enough to wrap",
		"    here",
	)
	// A loose list keeps a blank line between its items.
	wantLines(t, plainRender(t, "- a\n\n- b\n", 30), "• a", "", "• b")
}

func TestMarkdownQuotesAndHeadings(t *testing.T) {
	md := "# Title\n\nText.\n\n> A quote long enough to wrap at twenty.\n>\n> > Nested.\n\n---\n\n###### Small\n"
	wantLines(t, plainRender(t, md, 20),
		"Title",
		"",
		"Text.",
		"",
		"▏A quote long enough",
		"▏to wrap at twenty.",
		"▏",
		"▏▏Nested.",
		"",
		"────────",
		"",
		"Small",
	)
}

// Code keeps its spaces and is broken at the width, never wrapped at a
// space, so no code is lost.
func TestMarkdownCodeBlocks(t *testing.T) {
	md := "```\nif a  {\n\n  return \"a long line of code\"\n}\n```\n\n    indented code\n"
	wantLines(t, plainRender(t, md, 20),
		"  if a  {",
		"",
		"    return \"a long l",
		"  ine of code\"",
		"  }",
		"",
		"  indented code",
	)
}

// Links, autolinks and images are text; raw HTML is dropped; references
// are resolved, and one naming a control is cleaned away.
func TestMarkdownInlines(t *testing.T) {
	md := "A [link](https://evil.example/) and <https://auto.example/> and ![a *photo*](p.png).\n\n" +
		"<div>\n<script>alert(1)</script>\nkept <b>text</b>\n</div>\n\n" +
		"Tags <span onclick=\"x\">dropped</span>, &amp; &lt;b&gt; &#27;[2J &#x202e;done, \\*stars\\* and `` `code` ``.\n"
	wantLines(t, plainRender(t, md, 80),
		"A link and https://auto.example/ and [image: a photo].",
		"",
		"kept text",
		"",
		"Tags dropped, & <b> done, *stars* and `code`.",
	)
	out := strings.Join(Render(md, readerOptions(80, theme.New(true, false))), "\n")
	if strings.Contains(out, "\x1b]") || strings.Contains(out, "evil.example") {
		t.Fatalf("a link reached the terminal as more than text: %q", out)
	}
}

// Wide characters count two cells; unspaced scripts and words longer
// than a line are broken between grapheme clusters.
func TestMarkdownWrapsWideText(t *testing.T) {
	wantLines(t, plainRender(t, "日本語の文章はスペースなしで折り返す。 "+strings.Repeat("x", 25), 10),
		"日本語の文",
		"章はスペー",
		"スなしで折",
		"り返す。",
		"xxxxxxxxxx",
		"xxxxxxxxxx",
		"xxxxx",
	)
	wantLines(t, plainRender(t, "> - 世界 e\u0301te\u0301 okay", 12), "▏• 世界 e\u0301te\u0301", "▏  okay")
}

// The links' numbers stand out, but not the page's own escaped brackets;
// styles close at the end of every line and reopen on the next.
func TestMarkdownStyles(t *testing.T) {
	o := readerOptions(20, theme.New(true, false))
	s := newSGRs(o)
	lines := Render("# Head\n\nSee **bold text that wraps** here [1] and \\[2\\].\n", o)
	if !strings.HasPrefix(lines[0], s.heading[0]) || !strings.Contains(s.heading[0], "4") {
		t.Errorf("H1 not underlined in its style: %q", lines[0])
	}
	body := strings.Join(lines, "\n")
	if !strings.Contains(body, o.LinkNumber+"[1]"+reset) {
		t.Errorf("the link number does not stand out: %q", body)
	}
	if strings.Contains(body, o.LinkNumber+"[2]") {
		t.Errorf("an escaped [2] is drawn as a link number: %q", body)
	}
	for i, l := range lines[2:] {
		if !strings.HasSuffix(l, reset) || !strings.HasPrefix(l, "\x1b[") {
			t.Errorf("line %d does not open and close its style: %q", i+2, l)
		}
	}
	if !strings.HasPrefix(lines[3], o.Body+s.strong) {
		t.Errorf("a wrapped bold run is not bold on its next line: %q", lines[3])
	}
}

// Nesting deeper than the width allows stops indenting: the text keeps
// room, and nothing overflows.
func TestMarkdownDeepNesting(t *testing.T) {
	md := strings.Repeat("> ", 60) + "deep quote\n\n" + strings.Repeat("- ", 40) + "deep list\n"
	lines := plainRender(t, md, 30)
	if !strings.HasSuffix(lines[0], "deep quote") || !strings.HasSuffix(lines[len(lines)-1], "deep list") {
		t.Fatalf("deep nesting lost its text:\n%s", strings.Join(lines, "\n"))
	}
}

// Under NO_COLOR the full text has no colour, but headings, quotes and
// code still stand out.
func TestMarkdownNoColor(t *testing.T) {
	lines := Render("## Head\n\nText [1] and `code`.\n\n> quote\n", readerOptions(80, theme.New(true, true)))
	out := strings.Join(lines, "\n")
	if strings.Contains(out, "38;") || strings.Contains(out, "48;") {
		t.Fatalf("colour under NO_COLOR: %q", out)
	}
	if lines[0] == "Head" || lines[4] == "▏quote" || !strings.Contains(lines[2], "\x1b[1m[1]") {
		t.Fatalf("NO_COLOR text is all plain: %q", out)
	}
}
