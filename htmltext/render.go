package htmltext

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// dropped reports elements whose contents are never shown to a reader.
// (These are switches, not package-level maps, so that nothing is built
// at start-up: issue 31.)
func dropped(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Template,
		atom.Noscript, atom.Head, atom.Title:
		return true
	}
	return false
}

// paragraph reports elements that start and end a paragraph.
func paragraph(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Blockquote, atom.Pre,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Ul, atom.Ol, atom.Dl, atom.Table, atom.Figure,
		atom.Section, atom.Article, atom.Header, atom.Footer,
		atom.Aside, atom.Nav, atom.Hr, atom.Address, atom.Main:
		return true
	}
	return false
}

// lineBlock reports elements that start and end a line.
func lineBlock(a atom.Atom) bool {
	switch a {
	case atom.Tr, atom.Dt, atom.Dd, atom.Figcaption, atom.Caption:
		return true
	}
	return false
}

// renderHTML walks the tokens and writes their text with block structure,
// in one pass with the test of whether s is HTML at all: isHTML reports a
// comment or a tag with a known element name, and when it is false the
// text is to be thrown away. Nothing is removed or collapsed beyond HTML's
// own whitespace rules: that is for the sanitiser and collapseBlankLines.
func renderHTML(s string) (text string, isHTML bool) {
	z := html.NewTokenizer(strings.NewReader(s))
	r := htmlText{fresh: true}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return r.out.String(), isHTML
		}
		name, _ := z.TagName()
		a := atom.Lookup(name)
		switch tt {
		case html.TextToken:
			if r.skip == 0 {
				r.text(string(z.Text()))
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			r.open(a, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			r.close(a)
		case html.CommentToken:
			isHTML = true
		}
		if a != 0 && (tt == html.StartTagToken || tt == html.SelfClosingTagToken || tt == html.EndTagToken) {
			isHTML = true
		}
	}
}

// htmlText builds the plain text. Whitespace inside text collapses as a
// browser would; breaks are held back until the next visible text so that
// nested blocks do not pile up empty lines.
type htmlText struct {
	out      strings.Builder
	breaks   int  // newlines owed before the next text (at most 2)
	space    bool // a collapsed space owed before the next text
	skip     int  // depth inside dropped elements
	pre      int  // depth inside <pre>
	lists    []int
	wroteAny bool // anything visible written yet
	fresh    bool // at the start of a line or after a bullet: spaces are dropped
}

func (r *htmlText) open(a atom.Atom, selfClosing bool) {
	switch {
	case dropped(a):
		if !selfClosing {
			r.skip++
		}
	case a == atom.Br:
		r.breaks = min(r.breaks+1, 2)
	case a == atom.Li:
		r.lineBreak(1)
		r.bullet()
	case a == atom.Ol:
		r.lists = append(r.lists, 1)
		r.lineBreak(2)
	case a == atom.Ul:
		r.lists = append(r.lists, 0)
		r.lineBreak(2)
	case paragraph(a):
		r.lineBreak(2)
	case lineBlock(a):
		r.lineBreak(1)
	case a == atom.Td, a == atom.Th:
		r.space = !r.fresh
	}
	if a == atom.Pre && !selfClosing {
		r.pre++
	}
}

func (r *htmlText) close(a atom.Atom) {
	switch {
	case dropped(a):
		r.skip = max(r.skip-1, 0)
	case a == atom.Ol, a == atom.Ul:
		if len(r.lists) > 0 {
			r.lists = r.lists[:len(r.lists)-1]
		}
		r.lineBreak(2)
	case paragraph(a):
		r.lineBreak(2)
	case lineBlock(a), a == atom.Li:
		r.lineBreak(1)
	}
	if a == atom.Pre {
		r.pre = max(r.pre-1, 0)
	}
}

// bullet starts a list item: "• " in ul (or outside lists), "N. " in ol.
func (r *htmlText) bullet() {
	marker := "• "
	if n := len(r.lists); n > 0 && r.lists[n-1] > 0 {
		marker = strconv.Itoa(r.lists[n-1]) + ". "
		r.lists[n-1]++
	}
	r.flushBreaks()
	r.out.WriteString(marker)
	r.wroteAny, r.fresh = true, true
}

func (r *htmlText) lineBreak(n int) {
	r.breaks = max(r.breaks, n)
	r.space = false
}

func (r *htmlText) flushBreaks() {
	if r.wroteAny && r.breaks > 0 {
		r.out.WriteString("\n\n"[:r.breaks])
		r.fresh = true
	}
	r.breaks, r.space = 0, false
}

// text writes decoded text, collapsing HTML whitespace outside <pre>.
func (r *htmlText) text(t string) {
	if r.pre > 0 {
		r.flushBreaks()
		r.out.WriteString(t)
		r.wroteAny, r.fresh = true, false
		return
	}
	for _, c := range t {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			r.space = !r.fresh
			continue
		}
		if r.breaks > 0 {
			r.flushBreaks()
		} else if r.space {
			r.out.WriteByte(' ')
			r.space = false
		}
		r.out.WriteRune(c)
		r.wroteAny, r.fresh = true, false
	}
}
