package markdown

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"

	"tidings/lazy"
	"tidings/ui/textsafe"
)

// linkMarker is a link's number in the text.
var linkMarker = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp {
	return regexp.MustCompile(`\[[0-9]{1,4}\]`)
}}

// text writes a leaf block's inline content, wrapped, base the SGR
// sequence of its plain text.
func (r *mdRenderer) text(n ast.Node, base string) {
	r.startText()
	r.inline(n, base)
	r.flushText()
}

// flushText wraps the pieces collected and writes them as lines.
func (r *mdRenderer) flushText() {
	r.w.reset(r.avail())
	for _, p := range r.pieces {
		if p.brk {
			r.w.hardBreak()
			continue
		}
		t := string(r.buf[p.start:p.end])
		if p.literal {
			r.w.add(t, p.sgr)
			continue
		}
		if r.s.linkNumber != "" && strings.IndexByte(t, ']') >= 0 {
			// The links' numbers stand out of the text. They are found
			// before the escapes are resolved: "\\[2\\]" is the page's
			// own text.
			last := 0
			for _, m := range linkMarker.Get().FindAllStringIndex(t, -1) {
				r.w.add(unescape(t[last:m[0]]), p.sgr)
				r.w.add(t[m[0]:m[1]], p.sgr+r.s.linkNumber)
				last = m[1]
			}
			t = t[last:]
		}
		r.w.add(unescape(t), p.sgr)
	}
	for _, l := range r.w.finish() {
		r.line(l)
	}
}

// piece is a run of inline text in one style, buf[start:end], or a hard
// line break. Text not literal is as it stands in the Markdown: it still
// holds its backslash escapes and character references.
type piece struct {
	start, end int
	sgr        string
	literal    bool
	brk        bool
}

// add appends text to the pieces, to the last one if it has the style.
func (r *mdRenderer) add(t, sgr string, literal bool) {
	if t == "" {
		return
	}
	start := len(r.buf)
	r.buf = append(r.buf, t...)
	if k := len(r.pieces) - 1; k >= 0 && !r.pieces[k].brk && r.pieces[k].sgr == sgr && r.pieces[k].literal == literal {
		r.pieces[k].end = len(r.buf)
		return
	}
	r.pieces = append(r.pieces, piece{start: start, end: len(r.buf), sgr: sgr, literal: literal})
}

// lineBreak ends the line of text there.
func (r *mdRenderer) lineBreak() { r.pieces = append(r.pieces, piece{brk: true}) }

// startText starts collecting a block's text.
func (r *mdRenderer) startText() {
	r.pieces, r.buf = r.pieces[:0], r.buf[:0]
}

// inline collects the inline content under n in the style sgr.
func (r *mdRenderer) inline(n ast.Node, sgr string) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			r.add(string(c.Segment.Value(r.src)), sgr, c.IsRaw())
			switch {
			case c.HardLineBreak():
				r.lineBreak()
			case c.SoftLineBreak():
				r.add(" ", sgr, false)
			}
		case *ast.String:
			r.add(string(c.Value), sgr, true)
		case *ast.CodeSpan:
			r.literalText(c, sgr+r.s.code)
		case *ast.Emphasis:
			if c.Level >= 2 {
				r.inline(c, sgr+r.s.strong)
			} else {
				r.inline(c, sgr+r.s.emph)
			}
		case *ast.Link:
			r.inline(c, sgr+r.s.link)
		case *ast.AutoLink:
			r.add(string(c.Label(r.src)), sgr+r.s.link, true)
		case *ast.Image:
			r.add("[image", sgr+r.s.image, true)
			if alt := r.plainText(c); alt != "" {
				r.add(": "+alt, sgr+r.s.image, true)
			}
			r.add("]", sgr+r.s.image, true)
		case *ast.RawHTML:
			// A tag: dropped, never interpreted.
		default:
			r.inline(c, sgr)
		}
	}
}

// literalText collects the text under n as it stands (a code span's).
func (r *mdRenderer) literalText(n ast.Node, sgr string) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			r.add(strings.ReplaceAll(string(c.Segment.Value(r.src)), "\n", " "), sgr, true)
			if c.SoftLineBreak() || c.HardLineBreak() {
				r.add(" ", sgr, true)
			}
		case *ast.String:
			r.add(string(c.Value), sgr, true)
		default:
			r.literalText(c, sgr)
		}
	}
}

// plainText is the text under n, unstyled and unescaped (an image's alt).
func (r *mdRenderer) plainText(n ast.Node) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			if c.IsRaw() {
				b.Write(c.Segment.Value(r.src))
			} else {
				b.WriteString(unescape(string(c.Segment.Value(r.src))))
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			b.Write(c.Label(r.src))
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// unescape resolves a text's backslash escapes and character references.
func unescape(t string) string {
	if strings.IndexByte(t, '\\') >= 0 {
		t = string(util.UnescapePunctuations([]byte(t)))
	}
	return resolveReferences(t)
}

// resolveReferences resolves a text's character references. A reference
// may name anything ("&#27;" is ESC): the result is cleaned again.
func resolveReferences(t string) string {
	if strings.IndexByte(t, '&') < 0 {
		return t
	}
	b := util.ResolveNumericReferences([]byte(t))
	b = util.ResolveEntityNames(b)
	return strings.ReplaceAll(textsafe.Clean(string(b)), "\n", " ")
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
