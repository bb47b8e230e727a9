package htmltext

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// ToText turns an HTML fragment, or plain text, into plain text.
// Tags are removed; block elements (p, div, h1–h6, blockquote, table, ...)
// become paragraph breaks, br and tr line breaks, li a new line starting
// with "• " (or "1. " inside ol); script, style, template, noscript and
// head contents are dropped. Entities are decoded (&amp; &#8217; &nbsp;),
// the text goes through Sanitize, and runs of blank lines collapse to one:
// paragraphs are separated by exactly one empty line, and there are no
// blank lines at either end.
//
// Input that contains no known HTML tag is treated as plain text, so "AT&T",
// "a < b" and "x<y and y>z" survive literally; only entities are decoded,
// once: "&amp;lt;" becomes "&lt;", not "<".
func ToText(s string) string {
	return Render(s, Sanitize)
}

// Render is ToText with clean in place of Sanitize: clean runs on the
// rendered text before blank lines are collapsed, so that what it removes
// cannot leave blank lines behind. Render itself removes no character, so
// clean must remove whatever its caller deems unsafe; ui/textsafe passes
// its terminal-safety Clean, which also drops whole escape sequences.
func Render(s string, clean func(string) string) string {
	return collapseBlankLines(clean(decode(s)))
}

// Line turns an HTML fragment, or plain text, into one line of plain text:
// tags removed (block boundaries become spaces), entities decoded once,
// Sanitize applied, every run of whitespace (newlines, tabs, no-break and
// other Unicode spaces) folded to one ASCII space, and both ends trimmed.
// It is meant for titles, descriptions and names.
func Line(s string) string {
	return Fold(Sanitize(decode(s)))
}

// decode renders HTML, or only decodes the entities of plain text. Text is
// HTML when the tokenizer finds a comment or a tag with a known element
// name; a bare "<" in prose is no tag, and an unknown name ("<3", "<y") is
// taken for prose too.
func decode(s string) string {
	if !strings.Contains(s, "<") {
		return html.UnescapeString(s) // the common case for titles: no tokenizer
	}
	if text, isHTML := renderHTML(s); isHTML {
		return text
	}
	return html.UnescapeString(s)
}

// collapseBlankLines trims trailing spaces from every line, reduces runs of
// blank lines to one empty line and drops blank lines at both ends.
func collapseBlankLines(s string) string {
	if !strings.Contains(s, "\n") { // one line: nothing to collapse, no copy
		if s = strings.TrimRight(s, " "); strings.TrimSpace(s) == "" {
			return ""
		}
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	blank := false
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, " ")
		if strings.TrimSpace(line) == "" {
			blank = b.Len() > 0
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
			if blank {
				b.WriteByte('\n')
			}
		}
		b.WriteString(line)
		blank = false
	}
	return b.String()
}

// Fold joins the words of s with single ASCII spaces: one line, its ends
// trimmed. A string that is already so is returned as it is, not copied.
func Fold(s string) string {
	if singleSpaced(s) {
		return s // already one line: keep the string, no copy
	}
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// singleSpaced reports whether s is what Fold would make of it: no space
// at either end, no whitespace but single ASCII spaces.
func singleSpaced(s string) bool {
	prevSpace := true // a space at the start is not single
	for _, r := range s {
		switch {
		case r == ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		case unicode.IsSpace(r):
			return false
		default:
			prevSpace = false
		}
	}
	return !prevSpace || s == ""
}
