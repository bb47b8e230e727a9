package textsafe

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"tidings/htmltext"
)

// ellipsis marks text that was cut.
const ellipsis = "…"

// Line is Clean for one-line fields (titles, names): every run of
// whitespace, newlines and no-break spaces included, becomes one space, and
// the ends are trimmed.
func Line(s string) string {
	// Clean keeps a clean string as it is, and Fold a folded one: a
	// service's ordinary title is shared, not copied.
	return htmltext.Fold(Clean(s))
}

// Width is the display width of s in terminal cells (CJK and emoji 2,
// combining marks 0), measured exactly as lipgloss measures it.
func Width(s string) int {
	return ansi.StringWidth(s)
}

// cluster returns the first grapheme cluster of s and its width, using the
// same segmentation and widths as Width.
func cluster(s string) (string, int) {
	return ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
}

// Truncate cuts s to at most width cells. When it cuts, the kept prefix
// loses trailing spaces and ends in "…". It never splits a grapheme cluster
// (a flag, a ZWJ family, a letter with its accents). width <= 0 gives "".
// s is measured as one line: pass it through Line first for titles.
func Truncate(s string, width int) string {
	if width <= 0 {
		return ""
	}
	ascii := isPrintableASCII(s) // one byte, one cell, one cluster
	if (ascii && len(s) <= width) || (!ascii && Width(s) <= width) {
		return s
	}
	tail := ellipsis
	room := width - Width(tail)
	if room < 0 { // an ambiguous-width "…" counted as 2 in a 1-cell slot
		tail, room = "", width
	}
	if ascii {
		return strings.TrimRight(s[:room], " ") + tail
	}
	used, cut := 0, 0
	for cut < len(s) {
		c, w := cluster(s[cut:])
		if used+w > room {
			break
		}
		used += w
		cut += len(c)
	}
	return strings.TrimRight(s[:cut], " ") + tail
}

// isPrintableASCII reports whether every byte of s is in 0x20–0x7E.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// Wrap word-wraps s to lines of at most width cells. Each '\n' starts a new
// paragraph, so empty lines survive as "". Words are separated by runs of
// breaking whitespace (not no-break spaces) and joined by one space. A word
// wider than width is hard-broken between grapheme clusters, which is also
// how unspaced scripts such as Chinese wrap. width < 1 is treated as 1.
func Wrap(s string, width int) []string {
	if width < 1 {
		width = 1
	}
	var w wrapper
	w.width = width
	for _, para := range strings.Split(s, "\n") {
		for _, word := range strings.FieldsFunc(para, isBreakingSpace) {
			w.add(word)
		}
		w.flush()
	}
	return w.lines
}

// isBreakingSpace reports whether a line may break at r.
func isBreakingSpace(r rune) bool {
	switch r {
	case '\u00a0', '\u2007', '\u202f': // no-break spaces
		return false
	}
	return unicode.IsSpace(r)
}

// wrapper accumulates lines for Wrap.
type wrapper struct {
	width int
	lines []string
	cur   strings.Builder
	curW  int
}

// add places one word, on the current line if it fits after a space.
func (w *wrapper) add(word string) {
	ww := Width(word)
	switch {
	case w.curW > 0 && w.curW+1+ww <= w.width:
		w.cur.WriteByte(' ')
		w.curW++
	case w.curW > 0 && ww <= w.width:
		w.flush()
	case w.curW > 0:
		w.flush()
		w.hardBreak(word)
		return
	case ww > w.width:
		w.hardBreak(word)
		return
	}
	w.cur.WriteString(word)
	w.curW += ww
}

// hardBreak writes a word that is wider than a line, cluster by cluster.
func (w *wrapper) hardBreak(word string) {
	for len(word) > 0 {
		c, cw := cluster(word)
		word = word[len(c):]
		if cw > w.width { // a 2-cell cluster in a 1-cell column cannot be shown
			c, cw = ellipsis, Width(ellipsis)
			if cw > w.width {
				continue
			}
		}
		if w.curW+cw > w.width {
			w.flush()
		}
		w.cur.WriteString(c)
		w.curW += cw
	}
}

// flush ends the current line, even when it is empty (a blank paragraph).
func (w *wrapper) flush() {
	w.lines = append(w.lines, w.cur.String())
	w.cur.Reset()
	w.curW = 0
}
