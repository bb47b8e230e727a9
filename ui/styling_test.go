package ui

import "testing"

// The frame checks admit SGR and the reader's own hyperlink, and nothing
// that merely looks like them.
func TestFrameChecksAdmitOnlyStylingAndOurLink(t *testing.T) {
	for _, c := range []struct {
		seq string
		ok  bool
	}{
		{"\x1b[1;38;2;1;2;3m", true},
		{"\x1b]8;;\x07", true},
		{"\x1b]8;id=tidings-article;https://news.example/a?b=c\x07", true},
		{"\x1b]8;id=tidings-article;javascript:alert(1)\x07", false},
		{"\x1b]8;id=tidings-article;https://news.example/\x1b[2J\x07", false},
		{"\x1b]8;id=tidings-article;https://news.example/a", false}, // never closed
		{"\x1b]8;id=other;https://news.example/\x07", false},
		{"\x1b]0;title\x07", false},
		{"\x1b]52;c;ZXZpbA==\x07", false},
		{"\x1b[2J", false},
		{"\x1bP+q\x1b\\", false},
	} {
		_, at := withoutStyling("x" + c.seq + "y")
		if ok := at < 0; ok != c.ok {
			t.Errorf("%q: admitted %v, want %v", c.seq, ok, c.ok)
		}
	}
}
