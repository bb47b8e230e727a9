package markdown

import (
	"strings"
	"unicode"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
)

// wrapper word-wraps styled text to lines of at most width cells: words
// are separated by runs of breaking spaces and joined by one space; a
// word wider than a line is broken between grapheme clusters. Each line
// opens the styles it uses and closes them at its end.
type wrapper struct {
	width int
	lines []string

	line  strings.Builder
	lineW int
	open  string // the SGR sequence in force on the line
	// exact: the lines' widths are known exactly; a word measured in
	// parts that are not ASCII might join into clusters of other widths,
	// and then every line is measured again.
	exact bool

	word   []part // the word being read, in its styled parts
	wordW  int
	space  bool   // a space came before the word
	spaceS string // and its style
}

func (w *wrapper) reset(width int) {
	w.width = max(width, 1)
	w.lines = nil
	w.line.Reset()
	w.lineW, w.open, w.exact = 0, "", true
	w.word, w.wordW, w.space = w.word[:0], 0, false
}

// add reads text in the style sgr.
func (w *wrapper) add(t, sgr string) {
	for len(t) > 0 {
		i, n := indexSpace(t)
		if i < 0 {
			w.part(t, sgr)
			return
		}
		if i > 0 {
			w.part(t[:i], sgr)
		}
		w.endWord()
		w.space, w.spaceS = true, sgr
		t = t[i+n:]
	}
}

// indexSpace is the index and length of the first breaking space in t,
// -1 if none.
func indexSpace(t string) (int, int) {
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c < utf8.RuneSelf {
			if c == ' ' || c == '\t' || c == '\n' {
				return i, 1
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		if unicode.IsSpace(r) && r != '\u00a0' && r != '\u2007' && r != '\u202f' {
			return i, n
		}
		i += n - 1
	}
	return -1, 0
}

// part adds text without spaces to the word being read.
func (w *wrapper) part(t, sgr string) {
	var tw int
	if isPrintableASCII(t) {
		tw = len(t)
	} else {
		tw = xansi.StringWidth(t)
		if len(w.word) > 0 {
			w.exact = false
		}
	}
	if len(w.word) > 0 && !isPrintableASCII(w.word[len(w.word)-1].text) {
		w.exact = false
	}
	w.word = append(w.word, part{t, sgr})
	w.wordW += tw
}

// part is a part of a word in one style.
type part struct{ text, sgr string }

// endWord places the word read on the line, or on the next.
func (w *wrapper) endWord() {
	if len(w.word) == 0 {
		return
	}
	switch {
	case w.lineW > 0 && w.lineW+1+w.wordW <= w.width:
		w.setSGR(w.spaceS)
		w.line.WriteByte(' ')
		w.lineW++
		w.writeWord()
	case w.wordW <= w.width:
		if w.lineW > 0 {
			w.flush()
		}
		w.writeWord()
	default:
		if w.lineW > 0 {
			w.flush()
		}
		w.breakWord()
	}
	w.word, w.wordW, w.space = w.word[:0], 0, false
}

func (w *wrapper) writeWord() {
	for _, p := range w.word {
		w.setSGR(p.sgr)
		w.line.WriteString(p.text)
	}
	w.lineW += w.wordW
}

// breakWord writes a word wider than a line, cluster by cluster.
func (w *wrapper) breakWord() {
	for _, p := range w.word {
		t := p.text
		for len(t) > 0 {
			var c string
			var cw int
			if t[0] < utf8.RuneSelf && (len(t) == 1 || t[1] < utf8.RuneSelf) {
				c, cw = t[:1], 1
			} else {
				c, cw = xansi.FirstGraphemeCluster(t, xansi.GraphemeWidth)
			}
			t = t[len(c):]
			if cw > w.width {
				continue // a wide character in a one-cell column
			}
			if w.lineW+cw > w.width {
				w.flush()
			}
			w.setSGR(p.sgr)
			w.line.WriteString(c)
			w.lineW += cw
		}
	}
}

// setSGR makes sgr the style of what is written next.
func (w *wrapper) setSGR(sgr string) {
	switch {
	case sgr == w.open:
		return
	case w.open != "" && strings.HasPrefix(sgr, w.open):
		w.line.WriteString(sgr[len(w.open):])
	default:
		if w.open != "" {
			w.line.WriteString(reset)
		}
		w.line.WriteString(sgr)
	}
	w.open = sgr
}

// flush ends the line.
func (w *wrapper) flush() {
	if w.open != "" {
		w.line.WriteString(reset)
	}
	l := w.line.String()
	if !w.exact && xansi.StringWidth(l) > w.width {
		l = xansi.Truncate(l, w.width, "")
	}
	w.lines = append(w.lines, l)
	w.line.Reset()
	w.lineW, w.open = 0, ""
}

// hardBreak ends the line where the text has a hard line break.
func (w *wrapper) hardBreak() {
	w.endWord()
	w.flush()
}

// finish places the last word and returns the lines.
func (w *wrapper) finish() []string {
	w.endWord()
	if w.lineW > 0 {
		w.flush()
	}
	for len(w.lines) > 0 && w.lines[len(w.lines)-1] == "" {
		w.lines = w.lines[:len(w.lines)-1]
	}
	return w.lines
}
