package textsafe

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

const (
	family  = "👩\u200D👩\u200D👧\u200D👦" // one grapheme, 2 cells
	flagJP  = "🇯🇵"
	flagUS  = "🇺🇸"
	eAcute  = "e\u0301" // e + combining acute
	hebrew  = "שלום"
	arabic  = "مرحبا"
	persian = "می\u200Cخواهم"
)

func TestWidth(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello", 5},
		{"日本語", 6},
		{"한국어", 6},
		{"🚀", 2},
		{family, 2},
		{flagJP + flagUS, 4},
		{eAcute, 1},
		{"a\u0300\u0301\u0302", 1},
		{hebrew, 4},
		{arabic, 5},
		{persian, 7},
		{"Tokyo 東京 🗼", 13},
		{"\u3000", 2},
		{"…", 1},
	}
	for _, tc := range cases {
		if got := Width(tc.in); got != tc.want {
			t.Errorf("Width(%q) = %d, want %d", tc.in, got, tc.want)
		}
		// Views are laid out by lipgloss; our measure must agree with it.
		if lw := lipgloss.Width(tc.in); lw != Width(tc.in) {
			t.Errorf("Width(%q) = %d but lipgloss.Width = %d", tc.in, Width(tc.in), lw)
		}
	}
}

func TestTruncate(t *testing.T) {
	cases := []struct {
		in    string
		width int
		want  string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello world", 8, "hello w…"},
		{"hello world", 6, "hello…"},
		{"hello world", 7, "hello…"}, // trailing space before … dropped
		{"hello", 1, "…"},
		{"hello", 0, ""},
		{"hello", -3, ""},
		{"", 5, ""},
		{"日本語テキスト", 5, "日本…"},
		{"日本語テキスト", 4, "日…"}, // a wide rune never straddles the edge
		{"日本語テキスト", 2, "…"},
		{"ab" + family + "cd", 4, "ab…"},
		{"ab" + family + "cd", 5, "ab" + family + "…"},
		{flagJP + flagUS + flagJP, 5, flagJP + flagUS + "…"},
		{flagJP + flagUS + flagJP, 4, flagJP + "…"},
		{"caf" + eAcute + " au lait", 5, "caf" + eAcute + "…"},
		{"x" + eAcute + eAcute + eAcute + "yz", 4, "x" + eAcute + eAcute + "…"},
		{hebrew + " " + hebrew, 6, hebrew + "…"},
		{arabic + " news", 4, "مرح…"},
		{persian, 4, "می\u200Cخ…"},
		{"Tokyo 東京 🗼 tower", 12, "Tokyo 東京…"},
	}
	for _, tc := range cases {
		got := Truncate(tc.in, tc.width)
		if got != tc.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
		if w := Width(got); w > max(tc.width, 0) {
			t.Errorf("Truncate(%q, %d) is %d cells wide", tc.in, tc.width, w)
		}
	}
}

func TestWrap(t *testing.T) {
	cases := []struct {
		in    string
		width int
		want  []string
	}{
		{"", 10, []string{""}},
		{"the quick brown fox jumps", 10, []string{"the quick", "brown fox", "jumps"}},
		{"the quick brown fox", 9, []string{"the quick", "brown fox"}},
		{"a  lot   of    spaces", 80, []string{"a lot of spaces"}},
		{"para one\n\npara two", 20, []string{"para one", "", "para two"}},
		{"supercalifragilistic", 6, []string{"superc", "alifra", "gilist", "ic"}},
		{"go supercalifragilistic", 8, []string{"go", "supercal", "ifragili", "stic"}},
		{"日本語のテキストです", 7, []string{"日本語", "のテキ", "ストで", "す"}},
		{"news " + family + family + family, 5, []string{"news", family + family, family}},
		{flagJP + flagUS + flagJP, 3, []string{flagJP, flagUS, flagJP}},
		{"caf" + eAcute + " caf" + eAcute, 4, []string{"caf" + eAcute, "caf" + eAcute}},
		{"r" + eAcute + eAcute + eAcute + eAcute, 2, []string{"r" + eAcute, eAcute + eAcute, eAcute}},
		{hebrew + " " + hebrew + " " + hebrew, 9, []string{hebrew + " " + hebrew, hebrew}},
		{arabic + " " + arabic, 7, []string{arabic, arabic}},
		{"10\u00a0km away", 5, []string{"10\u00a0km", "away"}},
		{"ab", 0, []string{"a", "b"}},
		{"日本", 1, []string{"…", "…"}}, // a 2-cell rune cannot fit a 1-cell column
		{"trailing\n", 20, []string{"trailing", ""}},
	}
	for _, tc := range cases {
		got := Wrap(tc.in, tc.width)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Wrap(%q, %d)\n got %q\nwant %q", tc.in, tc.width, got, tc.want)
		}
		for _, line := range got {
			if w := Width(line); w > max(tc.width, 1) {
				t.Errorf("Wrap(%q, %d): line %q is %d cells", tc.in, tc.width, line, w)
			}
		}
	}
}

func TestWrapKeepsEveryWord(t *testing.T) {
	text := "Officials said on Tuesday that the bridge, closed since March, would reopen next week."
	for width := 1; width <= 40; width++ {
		joined := strings.Join(Wrap(text, width), "")
		if want := strings.ReplaceAll(text, " ", ""); strings.ReplaceAll(joined, " ", "") != want {
			t.Fatalf("width %d lost text: %q", width, joined)
		}
	}
}
