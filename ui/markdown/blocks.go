package markdown

import (
	"strings"

	"tidings/lazy"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// sgrs are the SGR sequences of the full text's styles, taken from the
// lipgloss styles once per render.
type sgrs struct {
	body, linkNumber              string
	heading                       [6]string
	emph, strong, code, codeBlock string
	quote, quoteBar, marker, rule string
	link, image                   string
}

func newSGRs(o Options) sgrs {
	st := o.Style
	s := sgrs{
		body: o.Body, linkNumber: o.LinkNumber,
		emph: SGRPrefix(st.Emph), strong: SGRPrefix(st.Strong),
		code: SGRPrefix(st.Code), codeBlock: SGRPrefix(st.CodeBlock),
		quote: SGRPrefix(st.Quote), quoteBar: SGRPrefix(st.QuoteBar),
		marker: SGRPrefix(st.ListMarker), rule: SGRPrefix(st.Rule),
		link: SGRPrefix(st.Link), image: SGRPrefix(st.Image),
	}
	for i, h := range st.Heading {
		s.heading[i] = SGRPrefix(h)
	}
	return s
}

const (
	reset = "\x1b[m"
	// quoteBar is drawn left of a quote's lines. It is one cell wide and
	// drawn at the left of its cell, so it stands apart from the text.
	quoteBar = "▏"
	// ruleText is a thematic break.
	ruleText = "────────"
	// codeIndent is the indent of a code block's lines.
	codeIndent = 2
)

// styled is text in an SGR sequence, closed ("" stays "").
func styled(sgr, s string) string {
	if sgr == "" || s == "" {
		return s
	}
	return sgr + s + reset
}

// mdParser parses the full text: CommonMark, no extension (extract writes
// none of GFM's markup: it escapes every '|' and '~'). It is made on the
// first render, not at start-up.
var mdParser = lazy.Value[parser.Parser]{Build: func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
}}

// markdownLines renders one chunk of Markdown: lines at most width cells
// wide, without blank lines at either end.
func markdownLines(md string, width int, s *sgrs) []string {
	src := []byte(md)
	doc := mdParser.Get().Parse(text.NewReader(src))
	r := mdRenderer{s: s, src: src, width: max(width, 1)}
	r.blocks(doc)
	return r.out
}

// mdRenderer writes a Markdown tree as lines. Container blocks (quotes,
// list items) add to the prefix of the lines inside them; leaf blocks
// write their lines after it.
type mdRenderer struct {
	s     *sgrs
	src   []byte
	width int
	out   []string

	// first is the prefix of the next line, rest of the lines after it
	// (a list item's marker, then its hanging indent); blank is the
	// prefix of a blank line between blocks (the quote bars only);
	// indent is their width in cells.
	first, rest, blank string
	indent             int
	// needBlank: a blank line goes before the next line written.
	needBlank bool

	pieces []piece
	buf    []byte // the pieces' text
	w      wrapper
}

// minText is the narrowest a nested block's text may get: deeper
// quotes and lists are not indented any further.
func (r *mdRenderer) minText() int { return max(1, min(20, r.width/2)) }

// line writes one line after the prefix.
func (r *mdRenderer) line(content string) {
	r.blankLine()
	if content == "" {
		r.out = append(r.out, strings.TrimRight(r.first, " "))
	} else {
		r.out = append(r.out, r.first+content)
	}
	r.first = r.rest
}

// blankLine writes the blank line a block waits for, if any.
func (r *mdRenderer) blankLine() {
	if r.needBlank && len(r.out) > 0 {
		r.out = append(r.out, r.blank)
	}
	r.needBlank = false
}

// avail is the width of the text after the prefix.
func (r *mdRenderer) avail() int { return max(r.width-r.indent, 1) }

// container is the prefix state a container block changes and restores.
type container struct {
	first, rest, blank string
	indent             int
}

func (r *mdRenderer) save() container {
	return container{r.first, r.rest, r.blank, r.indent}
}

func (r *mdRenderer) restore(c container) {
	// The first line may have been written inside: then the lines after
	// the container take the outer container's rest.
	if r.first == r.rest {
		c.first = c.rest
	}
	r.first, r.rest, r.blank, r.indent = c.first, c.rest, c.blank, c.indent
}

// blocks writes the children of a container, one blank line between
// them, none after the text of a tight list item.
func (r *mdRenderer) blocks(parent ast.Node) {
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		if p := n.PreviousSibling(); p != nil && p.Kind() != ast.KindTextBlock {
			r.needBlank = true
		}
		r.block(n)
	}
}

func (r *mdRenderer) block(n ast.Node) {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		r.text(n, r.s.body)
	case *ast.Heading:
		r.text(n, r.s.heading[min(max(n.Level, 1), 6)-1])
	case *ast.ThematicBreak:
		rule := ruleText
		if a := r.avail(); a < 8 {
			rule = strings.Repeat("─", a)
		}
		r.line(styled(r.s.rule, rule))
	case *ast.CodeBlock, *ast.FencedCodeBlock:
		r.code(n.Lines())
	case *ast.HTMLBlock:
		// Shown as the text it is, never interpreted.
		r.rawLines(n.Lines(), n.HasClosure(), n.ClosureLine)
	case *ast.Blockquote:
		r.quote(n)
	case *ast.List:
		r.list(n)
	default:
		if n.Type() == ast.TypeBlock && n.FirstChild() != nil && n.FirstChild().Type() == ast.TypeBlock {
			r.blocks(n)
		} else {
			r.text(n, r.s.body)
		}
	}
}

// quote writes a block quote's blocks after a bar, in the quote's style.
func (r *mdRenderer) quote(n *ast.Blockquote) {
	r.blankLine() // between the blocks outside: no bar
	c := r.save()
	if r.avail()-1 >= r.minText() {
		bar := styled(r.s.quoteBar, quoteBar)
		r.first += bar
		r.rest += bar
		r.blank = r.rest
		r.indent += xansi.StringWidth(quoteBar)
	}
	saved := r.s
	r.s = r.withBody(r.s.quote)
	r.blocks(n)
	r.s = saved
	r.restore(c)
}

// withBody is the renderer's styles with another style for plain text.
func (r *mdRenderer) withBody(body string) *sgrs {
	if r.s.body == body {
		return r.s
	}
	s := *r.s
	s.body = body
	return &s
}

// list writes a list's items after their bullets ("• ") or numbers
// ("1. ", right-aligned), with a hanging indent; a nested list is
// indented under its item's text.
func (r *mdRenderer) list(n *ast.List) {
	num := n.Start
	width := 2 // "• "
	if n.IsOrdered() {
		width = len(itoa(num+n.ChildCount()-1)) + 2
	}
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		if item.PreviousSibling() != nil && !n.IsTight {
			r.needBlank = true
		}
		marker := "• "
		if n.IsOrdered() {
			marker = itoa(num) + ". "
			marker = strings.Repeat(" ", max(width-len(marker), 0)) + marker
			num++
		}
		c := r.save()
		if r.avail()-width >= r.minText() {
			r.first += styled(r.s.marker, marker)
			r.rest += strings.Repeat(" ", width)
			r.indent += width
		}
		if item.FirstChild() == nil {
			r.line("")
		}
		r.blocks(item)
		r.restore(c)
	}
}

// itoa is strconv.Itoa for list numbers, which may be negative in
// nothing but hostile Markdown (goldmark caps them at 9 digits).
func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// code writes a code block's lines in its style, indented, not wrapped
// at spaces but broken at the width, so no code is lost.
func (r *mdRenderer) code(lines *text.Segments) {
	c := r.save()
	if r.avail()-codeIndent >= r.minText() {
		pad := strings.Repeat(" ", codeIndent)
		r.first += pad
		r.rest += pad
		r.indent += codeIndent
	}
	for i := range lines.Len() {
		seg := lines.At(i)
		l := strings.TrimRight(string(seg.Value(r.src)), "\r\n")
		if seg.Padding > 0 {
			l = strings.Repeat(" ", seg.Padding) + l
		}
		for _, part := range breakLine(l, r.avail()) {
			r.line(styled(r.s.codeBlock, part))
		}
	}
	r.restore(c)
}

// rawLines writes an HTML block as the text between its tags, a line of
// text a line: tags, comments, scripts and styles are dropped, never
// interpreted.
func (r *mdRenderer) rawLines(lines *text.Segments, closure bool, closureLine text.Segment) {
	var b strings.Builder
	for i := range lines.Len() {
		seg := lines.At(i)
		b.Write(seg.Value(r.src))
	}
	if closure {
		b.Write(closureLine.Value(r.src))
	}
	r.startText()
	for l := range strings.Lines(stripTags(b.String())) {
		if l = strings.TrimSpace(l); l != "" {
			if len(r.pieces) > 0 {
				r.lineBreak()
			}
			r.add(resolveReferences(l), r.s.body, true)
		}
	}
	r.flushText()
}

// stripTags is HTML without its tags and comments, and without the
// content of its script and style elements.
func stripTags(h string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(h, '<')
		if i < 0 {
			b.WriteString(h)
			return b.String()
		}
		b.WriteString(h[:i])
		h = h[i:]
		end := ">"
		if strings.HasPrefix(h, "<!--") {
			end = "-->"
		} else if name := tagName(h); name == "script" || name == "style" {
			end = "</" + name
		}
		j := indexFold(h[1:], end)
		if j < 0 {
			return b.String()
		}
		h = h[1+j+len(end):]
		if end[0] == '<' { // the rest of the closing tag
			if k := strings.IndexByte(h, '>'); k >= 0 {
				h = h[k+1:]
			} else {
				h = ""
			}
		}
	}
}

// tagName is the lower-case name of the opening tag h starts with.
func tagName(h string) string {
	n := 1
	for n < len(h) && (h[n] >= 'a' && h[n] <= 'z' || h[n] >= 'A' && h[n] <= 'Z') {
		n++
	}
	return strings.ToLower(h[1:n])
}

// indexFold is strings.Index ignoring ASCII case.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// breakLine cuts a line of code into parts at most width cells wide,
// between grapheme clusters.
func breakLine(l string, width int) []string {
	if isPrintableASCII(l) {
		if len(l) <= width {
			return []string{strings.TrimRight(l, " ")}
		}
		var parts []string
		for len(l) > width {
			parts = append(parts, l[:width])
			l = l[width:]
		}
		return append(parts, l)
	}
	var parts []string
	var b strings.Builder
	w := 0
	for len(l) > 0 {
		c, cw := xansi.FirstGraphemeCluster(l, xansi.GraphemeWidth)
		l = l[len(c):]
		if cw > width {
			continue // a wide character in a one-cell column
		}
		if w+cw > width {
			parts = append(parts, b.String())
			b.Reset()
			w = 0
		}
		b.WriteString(c)
		w += cw
	}
	return append(parts, strings.TrimRight(b.String(), " "))
}
