package reader

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// renderOpts is everything a Markdown render depends on, copied out of the
// model so that the render can run inside a Cmd.
type renderOpts struct {
	width int // of the text, without the reader's margin
	style theme.MarkdownStyles
	image lipgloss.Style
	// body is the SGR sequence of the body text's colour ("" for none).
	body string
	// linkNumber is the SGR sequence the links' numbers ("[3]") are
	// drawn in, so the links stand out of the text ("" for none).
	linkNumber string
}

// linkMarker is a link's number in the text.
var linkMarker = regexp.MustCompile(`\[[0-9]{1,4}\]`)

// sgrPrefix is the SGR sequence a style opens with ("" if it has none).
func sgrPrefix(st lipgloss.Style) string {
	out := st.Render("x")
	if i := strings.IndexByte(out, 'x'); i > 0 {
		return out[:i]
	}
	return ""
}

// chunkBytes is the size from which a run of blocks is rendered on its
// own, so that the first screens of a long article are laid out, and
// shown, before the rest (splitHead).
const chunkBytes = 8 << 10

// imageLine is an image as extract writes it: a line "[image: alt]", or
// "[image]" for an image without alt text.
var imageLine = regexp.MustCompile(`^ {0,3}\[image(?::(.*))?\]\s*$`)

// chunk is a run of Markdown blocks rendered together, or one image line.
type chunk struct {
	text  string
	image bool
}

// renderMarkdown lays an article's Markdown out as terminal lines at most
// o.width cells wide.
//
// The text is hostile. textsafe.Clean first removes every escape
// sequence, control, bidi and zero-width trick from it; goldmark then
// parses it, and the renderer below writes its text with SGR sequences
// only: links (extract writes them as "text [n]", so a Markdown link here
// is the page's own doing) and autolinks are shown as their text, never
// made clickable; raw HTML is shown as text, never interpreted; character
// references are resolved and cleaned again. Image lines never reach the
// parser: they are drawn muted by the reader.
func renderMarkdown(md string, o renderOpts) []string {
	return renderChunks(splitChunks(textsafe.Clean(md)), o)
}

// headBytes is how much Markdown the first screens of an article take:
// at 100 columns a 40-line screen holds about 3.5 KB of text. It is
// rendered first, and shown, while the rest is rendered (splitHead).
const headBytes = 6 << 10

// splitHead cuts an article's chunks into the head, the first headBytes
// or so that fill the first screens, and the rest, so that the first
// screens of a long article are on screen before the rest is laid out.
func splitHead(chunks []chunk) (head, rest []chunk) {
	n := 0
	for i, c := range chunks {
		if n >= headBytes {
			return chunks[:i], chunks[i:]
		}
		n += len(c.text)
	}
	return chunks, nil
}

// renderChunks lays chunks out and joins them with one blank line
// between blocks. One core is enough: a 10,000-word article takes under
// 2 ms, and workers on other cores made it slower, not faster.
func renderChunks(chunks []chunk, o renderOpts) []string {
	if len(chunks) == 0 {
		return nil
	}
	s := newSGRs(o)
	var lines []string
	for _, c := range chunks {
		var out []string
		if c.image {
			out = imageLines(c.text, o)
		} else {
			out = markdownLines(c.text, o.width, &s)
		}
		lines = joinBlocks(lines, [][]string{out})
	}
	return lines
}

// joinBlocks appends rendered blocks to lines, one blank line between
// any two.
func joinBlocks(lines []string, outs [][]string) []string {
	for _, out := range outs {
		if len(out) == 0 {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, out...)
	}
	return lines
}

// imageLines draws an "[image: alt]" line, wrapped, in the image style.
func imageLines(line string, o renderOpts) []string {
	text := "[image]"
	if alt := strings.TrimSpace(imageLine.FindStringSubmatch(line)[1]); alt != "" {
		text = "[image: " + alt + "]"
	}
	wrapped := textsafe.Wrap(text, o.width)
	for i, l := range wrapped {
		wrapped[i] = o.image.Render(l)
	}
	return wrapped
}

// splitChunks cuts Markdown into chunks that render the same apart as
// together: a chunk ends only at a blank line followed by an unindented
// line outside a fenced code block (so no list item, quote or code block
// is cut in two), once it holds chunkBytes; image lines are chunks of
// their own.
func splitChunks(md string) []chunk {
	var chunks []chunk
	var cur strings.Builder
	flush := func() {
		if strings.TrimSpace(cur.String()) != "" {
			chunks = append(chunks, chunk{text: cur.String()})
		}
		cur.Reset()
	}
	fence := ""
	blank := false // the previous line was blank
	for line := range strings.Lines(md) {
		line = strings.TrimSuffix(line, "\n")
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		switch {
		case fence != "":
			if indent < 4 && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
		case indent < 4 && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			if blank && cur.Len() >= chunkBytes {
				flush()
			}
			fence = trimmed[:3]
		case (blank || cur.Len() == 0) && strings.HasPrefix(trimmed, "[image") && imageLine.MatchString(line):
			flush()
			chunks = append(chunks, chunk{text: line, image: true})
			blank = true // what follows starts a block of its own
			continue
		case blank && indent == 0 && trimmed != "" && cur.Len() >= chunkBytes:
			flush()
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		blank = fence == "" && strings.TrimSpace(line) == ""
	}
	flush()
	return chunks
}

// sgrs are the SGR sequences of the full text's styles, taken from the
// lipgloss styles once per render.
type sgrs struct {
	body, linkNumber              string
	heading                       [6]string
	emph, strong, code, codeBlock string
	quote, quoteBar, marker, rule string
	link, image                   string
}

func newSGRs(o renderOpts) sgrs {
	st := o.style
	s := sgrs{
		body: o.body, linkNumber: o.linkNumber,
		emph: sgrPrefix(st.Emph), strong: sgrPrefix(st.Strong),
		code: sgrPrefix(st.Code), codeBlock: sgrPrefix(st.CodeBlock),
		quote: sgrPrefix(st.Quote), quoteBar: sgrPrefix(st.QuoteBar),
		marker: sgrPrefix(st.ListMarker), rule: sgrPrefix(st.Rule),
		link: sgrPrefix(st.Link), image: sgrPrefix(st.Image),
	}
	for i, h := range st.Heading {
		s.heading[i] = sgrPrefix(h)
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
var mdParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
})

// markdownLines renders one chunk of Markdown: lines at most width cells
// wide, without blank lines at either end.
func markdownLines(md string, width int, s *sgrs) []string {
	src := []byte(md)
	doc := mdParser().Parse(text.NewReader(src))
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
			for _, m := range linkMarker.FindAllStringIndex(t, -1) {
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
