package extract

import (
	"errors"
	"strings"
	"testing"
)

// checkArticle asserts the invariants of every extracted article: link
// numbers in the Markdown refer to Links and every link is referred to;
// Links are absolute http(s), each once; no raw HTML outside code.
func checkArticle(t testing.TB, a Article) {
	t.Helper()
	_, refs := plain(a.Markdown)
	seen := make([]bool, len(a.Links))
	for _, n := range refs {
		if n < 1 || n > len(a.Links) {
			t.Fatalf("Markdown refers to link [%d], but there are %d links", n, len(a.Links))
		}
		seen[n-1] = true
	}
	urls := map[string]bool{}
	for i, l := range a.Links {
		if !seen[i] {
			t.Errorf("link %d (%s) is never referred to in the Markdown", i+1, l.URL)
		}
		if !strings.HasPrefix(l.URL, "http://") && !strings.HasPrefix(l.URL, "https://") {
			t.Errorf("link %d is not an absolute http(s) address: %q", i+1, l.URL)
		}
		if urls[l.URL] {
			t.Errorf("link %s listed twice", l.URL)
		}
		urls[l.URL] = true
	}
	if tag := rawHTML(a.Markdown); tag != "" {
		t.Errorf("raw HTML in the Markdown: %q", tag)
	}
}

// outsideCode is the Markdown without its code blocks and spans.
func outsideCode(md string) string {
	var sb strings.Builder
	fence := ""
	for _, line := range strings.Split(md, "\n") {
		t := strings.TrimSpace(stripQuotes(line))
		switch m := fenceMark.Get().FindStringSubmatch(t); {
		case fence != "":
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
		case m != nil:
			fence = m[2]
		default:
			sb.WriteString(withoutCodeSpans(line) + "\n")
		}
	}
	return sb.String()
}

// rawHTML returns a "<" outside code blocks and spans, if any.
func rawHTML(md string) string {
	text := outsideCode(md)
	if i := strings.IndexByte(text, '<'); i >= 0 {
		return text[i:min(len(text), i+20)]
	}
	return ""
}

// withoutCodeSpans blanks the code spans of a line.
func withoutCodeSpans(line string) string {
	parts := strings.Split(strings.ReplaceAll(line, "\\`", ""), "`")
	for i := 1; i < len(parts); i += 2 {
		parts[i] = ""
	}
	return strings.Join(parts, "")
}

// wantKind asserts err is an *Error of kind.
func wantKind(t testing.TB, err error, kind Kind) *Error {
	t.Helper()
	var xe *Error
	if !errors.As(err, &xe) {
		t.Fatalf("error %v (%T) is not an *Error", err, err)
	}
	if xe.Kind != kind {
		t.Fatalf("error %q has kind %d, want %d", xe, xe.Kind, kind)
	}
	return xe
}
