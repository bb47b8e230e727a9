package extract

import (
	"regexp"
	"strconv"
	"strings"

	"tidings/lazy"

	"golang.org/x/net/html"
)

// Compiled on first use: the reader links this package, and a package
// initialiser would compile them at every start (issue 31).
var (
	headingMark = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`^#{1,6}(\s+|$)`) }}
	listMark    = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`^\s*([-+*]|\d{1,9}[.)])(\s+|$)`) }}
	ruleLine    = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`^\s*([-*_])(\s*[-*_]){2,}\s*$`) }}
	fenceMark   = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile("^(\\s*)(`{3,}|~{3,})") }}
)

// Plain is the article's text without Markdown marks, link numbers or
// image lines: paragraphs (and list items, headings, code blocks)
// separated by blank lines. Feed ingestion stores it as an article's
// content.
func (a Article) Plain() string {
	text, _ := plain(a.Markdown)
	return text
}

// plain returns the plain text of Markdown written by toMarkdown and the
// link numbers it refers to, in order.
func plain(markdown string) (string, []int) {
	p := plainWriter{}
	for _, line := range strings.Split(markdown, "\n") {
		p.line(line)
	}
	p.flush()
	return strings.Join(p.paras, "\n\n"), p.refs
}

// plainWriter turns Markdown lines into plain paragraphs.
type plainWriter struct {
	paras  []string
	cur    []string
	fence  string // the open code fence, "" outside code
	indent int    // the open fence's indentation
	refs   []int  // the link numbers met
}

func (p *plainWriter) flush() {
	if text := strings.TrimSpace(strings.Join(p.cur, "\n")); text != "" {
		p.paras = append(p.paras, text)
	}
	p.cur = p.cur[:0]
}

// line takes one line of Markdown.
func (p *plainWriter) line(line string) {
	body := stripQuotes(line)
	if p.fence != "" {
		p.codeLine(body)
		return
	}
	if m := fenceMark.Get().FindStringSubmatch(body); m != nil {
		p.flush()
		p.fence, p.indent = m[2], len(m[1])
		return
	}
	trimmed := strings.TrimSpace(body)
	switch {
	case trimmed == "":
		p.flush()
		return
	case ruleLine.Get().MatchString(trimmed):
		p.flush()
		return
	case strings.HasPrefix(trimmed, "[image"):
		p.flush()
		p.inline(trimmed) // for the link number of a linked image
		return
	case headingMark.Get().MatchString(trimmed):
		p.flush()
		p.cur = append(p.cur, p.inline(headingMark.Get().ReplaceAllString(trimmed, "")))
		p.flush()
		return
	}
	if loc := listMark.Get().FindStringIndex(body); loc != nil {
		p.flush()
		body = body[loc[1]:]
	}
	p.cur = append(p.cur, p.inline(strings.TrimSpace(body)))
}

// codeLine takes a line inside a code block: kept as is, but for the
// fence's indentation.
func (p *plainWriter) codeLine(body string) {
	trimmed := strings.TrimSpace(body)
	if strings.HasPrefix(trimmed, p.fence) && strings.Trim(trimmed, p.fence[:1]) == "" {
		p.fence = ""
		p.flush()
		return
	}
	for i := 0; i < p.indent && strings.HasPrefix(body, " "); i++ {
		body = body[1:]
	}
	p.cur = append(p.cur, body)
}

// stripQuotes removes a line's blockquote marks.
func stripQuotes(line string) string {
	for {
		t := strings.TrimLeft(line, " ")
		if !strings.HasPrefix(t, ">") || len(line)-len(t) > 3 {
			return line
		}
		line = strings.TrimPrefix(t[1:], " ")
	}
}

// inline removes the inline marks of a line: escapes, emphasis, code
// span fences, entities and link numbers.
func (p *plainWriter) inline(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); {
		i += p.inlineStep(&sb, s, i)
	}
	return sb.String()
}

// inlineStep writes the plain form of the mark or character at s[i] and
// returns how many bytes it took.
func (p *plainWriter) inlineStep(sb *strings.Builder, s string, i int) int {
	switch c := s[i]; c {
	case '\\':
		if i+1 < len(s) && isASCIIPunct(s[i+1]) {
			sb.WriteByte(s[i+1])
			return 2
		}
		if i+1 == len(s) {
			return 1 // a hard line break
		}
	case '*':
		return 1
	case '`':
		return codeSpan(sb, s, i)
	case '&':
		if j := strings.IndexByte(s[i:min(len(s), i+12)], ';'); j > 0 {
			sb.WriteString(html.UnescapeString(s[i : i+j+1]))
			return j + 1
		}
	case '[':
		if n := linkNumberLen(s[i:]); n > 0 {
			num, _ := strconv.Atoi(s[i+1 : i+n-1])
			p.refs = append(p.refs, num)
			return n
		}
	case ' ':
		if linkNumberLen(s[i+1:]) > 0 {
			return 1 // the space before a link number
		}
	}
	sb.WriteByte(s[i])
	return 1
}

// codeSpan writes the content of the code span opening at s[i]; a lone
// run of backticks is written as is.
func codeSpan(sb *strings.Builder, s string, i int) int {
	run := 0
	for i+run < len(s) && s[i+run] == '`' {
		run++
	}
	fence := s[i : i+run]
	rest := s[i+run:]
	for off := 0; ; {
		j := strings.Index(rest[off:], fence)
		if j < 0 {
			sb.WriteString(fence)
			return run
		}
		end := off + j
		if end+run < len(rest) && rest[end+run] == '`' {
			off = end + run
			for off < len(rest) && rest[off] == '`' {
				off++
			}
			continue
		}
		code := rest[:end]
		if len(code) > 1 && code[0] == ' ' && code[len(code)-1] == ' ' {
			code = code[1 : len(code)-1]
		}
		sb.WriteString(code)
		return run + end + run
	}
}

// linkNumberLen is the length of the "[n]" link number s starts with,
// 0 if it does not start with one.
func linkNumberLen(s string) int {
	if s == "" || s[0] != '[' {
		return 0
	}
	j := 1
	for j < len(s) && j < 8 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j > 1 && j < len(s) && s[j] == ']' {
		return j + 1
	}
	return 0
}

func isASCIIPunct(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}
