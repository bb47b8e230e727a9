package htmltext

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// renderCases are the expectations of HTML as text, the reader's and
// ingestion's alike (ui/textsafe tests only what its Clean adds).
var renderCases = []struct{ name, in, want string }{
	{"empty", "", ""},
	{"plain text", "Just a sentence.", "Just a sentence."},
	{"plain keeps line breaks", "line one\nline two", "line one\nline two"},
	{"paragraphs", "<p>First para.</p><p>Second para.</p>", "First para.\n\nSecond para."},
	{"inline tags vanish", "<p>Hello <b>bold</b> and <a href=\"x\">link</a>!</p>", "Hello bold and link!"},
	{"br", "one<br>two<br/>three", "one\ntwo\nthree"},
	{"double br is one blank line", "one<br><br><br><br>two", "one\n\ntwo"},
	{"html whitespace collapses", "<p>  lots \n of\t\tspace  </p>", "lots of space"},
	{"unordered list", "<ul><li>one</li><li> two </li></ul>", "• one\n• two"},
	{"ordered list", "<p>Steps:</p><ol><li>mix</li><li>bake</li></ol><p>Done.</p>", "Steps:\n\n1. mix\n2. bake\n\nDone."},
	{"nested list", "<ul><li>a<ol><li>x</li></ol></li><li>b</li></ul>", "• a\n\n1. x\n\n• b"},
	{"headings", "<h1>Title</h1><h2>Sub</h2>body", "Title\n\nSub\n\nbody"},
	{"nested divs collapse", "<div><div><p>deep</p></div></div>tail", "deep\n\ntail"},
	{"table rows", "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>", "a b\nc"},
	{"named entities", "<p>Tom &amp; Jerry &quot;quoted&quot; &lt;tag&gt; caf&eacute;</p>", "Tom & Jerry \"quoted\" <tag> café"},
	{"numeric entities", "<p>It&#8217;s &#x2014; fine</p>", "It’s — fine"},
	{"nbsp", "<p>10&nbsp;km</p>", "10\u00a0km"},
	{"entity in plain text", "Fish &amp; chips", "Fish & chips"},
	{"entities decoded once", "&amp;lt;p&amp;gt; is a tag", "&lt;p&gt; is a tag"},
	{"script dropped", "<p>before</p><script>alert('x')</script><p>after</p>", "before\n\nafter"},
	{"style dropped", "<style>p { color: red }</style><p>text</p>", "text"},
	{"script with tags inside", "<script>document.write('<p>hi</p>')</script>ok", "ok"},
	{"noscript and template dropped", "<noscript>enable js</noscript><template><p>t</p></template>x", "x"},
	{"comment dropped", "a<!-- hidden -->b", "ab"},
	{"attributes ignored", "<img src=x onerror=alert(1) alt=\"pic\">caption", "caption"},
	{"unclosed tags", "<p>unclosed <b>bold <i>italic", "unclosed bold italic"},
	{"stray end tags", "</div>text</p></b>", "text"},
	{"broken tag at end", "<p>text</p><a href=\"", "text"},
	{"lone broken tag is plain text", "text <a href=\"", "text <a href=\""},
	{"pre keeps spacing", "<pre>a  b\n  c</pre>", "a  b\n  c"},
	{"AT&T literal", "AT&T beats estimates", "AT&T beats estimates"},
	{"less than literal", "a < b and c > d", "a < b and c > d"},
	{"less than no space", "x<y and y>z", "x<y and y>z"},
	{"heart", "I <3 Go", "I <3 Go"},
	{"literal with real tag", "AT&T <b>up</b> 3% & a < b", "AT&T up 3% & a < b"},
	{"blank lines collapse", "a\n\n\n\n b \n\n\n\nc", "a\n\n b\n\nc"},
	{"leading trailing blank trimmed", "\n\n<p>x</p>\n\n", "x"},
	{"whitespace only", "<p> </p><div>\n</div>", ""},

	// Sanitize's share: controls go, the text around them stays. Unlike
	// the terminal's Clean, an escape sequence loses only its ESC.
	{"escape via entity", "<p>a&#27;[2Jb</p>", "a[2Jb"},
	{"escape raw in html", "<p>a\x1b]0;pwned\x07b</p>", "a]0;pwnedb"},
	{"bidi via entity", "<p>a&#x202E;b</p>", "ab"},
	// HTML maps &#128;–&#159; to Windows-1252, so this is "›", not CSI
	{"c1 via entity", "<p>a&#155;31mb</p>", "a›31mb"},
	{"nul via entity", "<p>a&#0;b</p>", "a\ufffdb"},
	{"crlf plain text", "one\r\ntwo\rthree", "one\ntwo\nthree"},
	{"zero width space in html", "<p>pay\u200Bpal</p>", "paypal"},
	{"invalid utf8", "<p>caf\xe9</p>", "caf\ufffd"},
	{"blank line made by removed controls collapses", "a\n\x07\n\n\x1b\nb", "a\n\nb"},
}

func TestToText(t *testing.T) {
	for _, tc := range renderCases {
		t.Run(tc.name, func(t *testing.T) {
			got := ToText(tc.in)
			if got != tc.want {
				t.Fatalf("ToText(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if bad := unsafeRune(got, "\n\t"); bad >= 0 {
				t.Fatalf("ToText(%q) = %q keeps %U", tc.in, got, bad)
			}
		})
	}
}

func TestLine(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"plain", "Markets rally as rates hold", "Markets rally as rates hold"},
		{"trimmed and folded", "  Breaking:\n\nsomething\thappened  ", "Breaking: something happened"},
		{"unicode spaces fold", "a\u00a0\u00a0b\u3000c\u2028d", "a b c d"},
		{"tags removed", "<b>Bold</b> <i>move</i>", "Bold move"},
		{"blocks become spaces", "<p>one</p><p>two</p><ul><li>x</li></ul>", "one two • x"},
		{"entities decoded", "Caf&eacute; &amp; bar &#8217;", "Café & bar ’"},
		{"AT&T survives", "AT&T posts results", "AT&T posts results"},
		{"a < b survives", "a < b", "a < b"},
		{"double escaped decoded once", "&lt;p&gt;hi&lt;/p&gt;", "<p>hi</p>"},
		{"cdata-style html", "<![CDATA[x]]>ok", "ok"},
		{"controls removed", "a\x00b\x1b[2Jc\u0085d", "ab[2Jcd"},
		{"bidi removed", "user\u202Egnp.exe", "usergnp.exe"},
		{"persian joiner kept", "می\u200Cخواهم", "می\u200Cخواهم"},
		{"emoji family kept", "👩\u200D👩\u200D👧", "👩\u200D👩\u200D👧"},
		{"script dropped", "<script>alert(1)</script>Title", "Title"},
		{"only whitespace", " \n\t ", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Line(tc.in)
			if got != tc.want {
				t.Fatalf("Line(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestSanitize(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"plain kept", "Plain\ttext\nhere", "Plain\ttext\nhere"},
		{"unicode kept", "Café Zürich — 東京 🚀 مرحبا שלום", "Café Zürich — 東京 🚀 مرحبا שלום"},
		{"nbsp kept", "10\u00a0km", "10\u00a0km"},
		{"c0 removed", "a\x00b\x07c\x08d\x0be\x0cf\x7fg", "abcdefg"},
		{"c1 removed", "a\u0080b\u009bc\u009dd", "abcd"},
		{"esc removed alone", "\x1b[31mred\x1b[0m", "[31mred[0m"},
		{"crlf", "one\r\ntwo", "one\ntwo"},
		{"lone cr", "one\rtwo", "one\ntwo"},
		{"line separators", "a\u2028b\u2029c", "a\nb\nc"},
		{"bidi overrides", "\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee", "abcde"},
		{"bidi isolates and marks", "\u2066a\u2067b\u2068c\u2069d\u200Ee\u200Ff\u061Cg", "abcdefg"},
		{"zero width", "pay\u200Bpal\u2060\uFEFF", "paypal"},
		{"soft hyphen", "co\u00ADop", "coop"},
		{"zwj zwnj kept", "क्\u200Dष می\u200Cخواهم", "क्\u200Dष می\u200Cخواهم"},
		{"flag tags kept", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F!", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F!"},
		{"stray tags removed", "hi\U000E0068\U000E0069", "hi"},
		{"invalid run one replacement", "a\xff\xfe\xfdb", "a\ufffdb"},
		{"truncated rune", "ab\xe6\x97", "ab\ufffd"},
		{"combining marks kept", "e\u0301", "e\u0301"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Sanitize(tc.in)
			if got != tc.want {
				t.Fatalf("Sanitize(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if again := Sanitize(got); again != got {
				t.Fatalf("not idempotent: %q -> %q", got, again)
			}
		})
	}
}

// Render runs the caller's cleaner before collapsing blank lines, so a line
// the cleaner empties does not leave a gap.
func TestRenderCleansBeforeCollapsing(t *testing.T) {
	dropX := func(s string) string { return strings.ReplaceAll(s, "X", "") }
	got := Render("<p>a</p><p>XX</p><p>b</p>", dropX)
	if got != "a\n\nb" {
		t.Fatalf("Render = %q, want %q", got, "a\n\nb")
	}
	if got := Render("<p>a\x07b</p>", func(s string) string { return s }); got != "a\x07b" {
		t.Fatalf("Render with identity removed %q", got)
	}
}

func TestPlainTextIsNotCopied(t *testing.T) {
	s := "Plain headline, nothing to do"
	if n := testing.AllocsPerRun(100, func() { Line(s); ToText(s) }); n != 0 {
		t.Errorf("Line and ToText of plain text allocate %v times", n)
	}
}

// unsafeRune returns the first rune of s that Sanitize should have removed
// (controls other than those in keep, format characters other than joiners
// and tag characters), or -1.
func unsafeRune(s, keep string) rune {
	if !utf8.ValidString(s) {
		return utf8.RuneError
	}
	for _, r := range s {
		switch {
		case strings.ContainsRune(keep, r):
		case unicode.IsControl(r), r == '\r', r == '\u2028', r == '\u2029':
			return r
		case unicode.Is(unicode.Cf, r) && r != zwj && r != zwnj && (r < tagFirst || r > tagLast):
			return r
		}
	}
	return -1
}

var fuzzSeeds = []string{
	"<p>a</p><p>b</p>", "a<br>b", "<ul><li>x</li></ul>", "<script>x</script>y", "AT&T", "a < b",
	"&#8217;&nbsp;&amp;", "<p>\x1b]0;x\x07</p>", "<pre> a\n b</pre>", "<ol><li><ol><li>n",
	"a\r\n\r\nb", "\xff\xfe", "🏴\U000E0067x\U000E0067", "&#x202e;&#0;",
}

func FuzzToText(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := ToText(s)
		if bad := unsafeRune(out, "\n\t"); bad >= 0 {
			t.Fatalf("ToText(%q) = %q keeps %U", s, out, bad)
		}
		if strings.Contains(out, "\n\n\n") || strings.HasPrefix(out, "\n") || strings.HasSuffix(out, "\n") {
			t.Fatalf("ToText(%q) = %q has uncollapsed blank lines", s, out)
		}
	})
}

func FuzzLine(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Line(s)
		if bad := unsafeRune(out, ""); bad >= 0 {
			t.Fatalf("Line(%q) = %q keeps %U", s, out, bad)
		}
		if !singleSpaced(out) {
			t.Fatalf("Line(%q) = %q is not one trimmed, single-spaced line", s, out)
		}
		if san := Sanitize(s); Sanitize(san) != san {
			t.Fatalf("Sanitize not idempotent on %q", s)
		}
	})
}
