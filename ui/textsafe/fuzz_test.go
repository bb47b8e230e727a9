package textsafe

import (
	"strings"
	"testing"
	"unicode"
)

// Seed corpora live in testdata/fuzz/<Target>/ as well; the f.Add calls
// keep the hand-written corpus in play even without them.

func FuzzClean(f *testing.F) {
	for _, tc := range cleanCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		if err := checkClean(out); err != "" {
			t.Fatalf("Clean(%q) = %q: %s", s, out, err)
		}
		if invisible := strings.IndexFunc(out, isStrayFormat); invisible >= 0 {
			t.Fatalf("Clean(%q) = %q keeps a format character at %d", s, out, invisible)
		}
		if again := Clean(out); again != out {
			t.Fatalf("Clean not idempotent: %q -> %q -> %q", s, out, again)
		}
		line := Line(s)
		if strings.Contains(line, "  ") || strings.ContainsFunc(line, func(r rune) bool { return r != ' ' && unicode.IsSpace(r) }) {
			t.Fatalf("Line(%q) = %q has a run of spaces or other whitespace", s, line)
		}
		if strings.ContainsAny(line, "\n") || line != strings.TrimSpace(line) || Line(line) != line {
			t.Fatalf("Line(%q) = %q is not one trimmed, stable line", s, line)
		}
	})
}

// isStrayFormat reports format characters Clean should have removed: all of
// category Cf except joiners and tag characters (kept only in emoji
// sequences, which FuzzClean cannot tell apart cheaply).
func isStrayFormat(r rune) bool {
	return unicode.Is(unicode.Cf, r) && r != zwj && r != zwnj && (r < 0xe0020 || r > 0xe007f)
}

func FuzzTruncate(f *testing.F) {
	for _, s := range []string{"hello world", "日本語テキスト", family + family, flagJP + flagUS, "caf" + eAcute, hebrew + " " + arabic, "a\x1b[31mb", "   ", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Clean(s)
		full := Width(c)
		for w := 0; w <= 200; w++ {
			got := Truncate(c, w)
			if gw := Width(got); gw > w {
				t.Fatalf("Truncate(%q, %d) = %q is %d cells", c, w, got, gw)
			}
			if w == 0 {
				if got != "" {
					t.Fatalf("Truncate(%q, 0) = %q, want empty", c, got)
				}
				continue
			}
			if full <= w {
				if got != c {
					t.Fatalf("Truncate(%q, %d) = %q cut text that fits", c, w, got)
				}
				break // every wider w gives c too
			}
			if !strings.HasSuffix(got, ellipsis) {
				t.Fatalf("Truncate(%q, %d) = %q cut without an ellipsis", c, w, got)
			}
			if !strings.HasPrefix(c, strings.TrimSuffix(got, ellipsis)) {
				t.Fatalf("Truncate(%q, %d) = %q is not a prefix of the input", c, w, got)
			}
		}
	})
}

func FuzzWrap(f *testing.F) {
	for _, s := range []string{"the quick brown fox", "supercalifragilistic", "日本語のテキストです", family + " " + family, "a\n\nb", "10\u00a0km", ""} {
		f.Add(s, 7)
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, s string, width int) {
		width %= 300
		c := Clean(s)
		lines := Wrap(c, width)
		if len(lines) < strings.Count(c, "\n")+1 {
			t.Fatalf("Wrap(%q, %d) lost paragraphs: %q", c, width, lines)
		}
		for _, line := range lines {
			if w := Width(line); w > max(width, 1) {
				t.Fatalf("Wrap(%q, %d): line %q is %d cells", c, width, line, w)
			}
			if strings.Contains(line, "\n") {
				t.Fatalf("Wrap(%q, %d): line %q contains a newline", c, width, line)
			}
		}
	})
}

func FuzzFromHTML(f *testing.F) {
	for _, s := range []string{"<p>a</p><p>b</p>", "a<br>b", "<ul><li>x</li></ul>", "<script>x</script>y", "AT&T", "a < b", "&#8217;&nbsp;&amp;", "<p>\x1b]0;x\x07</p>", "<pre> a\n b</pre>", "<ol><li><ol><li>n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := FromHTML(s)
		if err := checkClean(out); err != "" {
			t.Fatalf("FromHTML(%q) = %q: %s", s, out, err)
		}
		if Clean(out) != out {
			t.Fatalf("FromHTML(%q) = %q is not stable under Clean", s, out)
		}
		if strings.Contains(out, "\n\n\n") || strings.HasPrefix(out, "\n") || strings.HasSuffix(out, "\n") {
			t.Fatalf("FromHTML(%q) = %q has uncollapsed blank lines", s, out)
		}
	})
}
