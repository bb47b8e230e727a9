package state

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"tidings/extract"
)

// ExportJSON writes articles as an indented JSON array, in the order given:
// each element holds the article's fields as the service names them
// ("source", "author", "title" …), then "key", "savedAt" and, when saved,
// "fullText". Every text is cleaned as for [ExportMarkdown] (line breaks
// and tabs kept where a field may hold several lines), so the output is
// safe to print; the state file keeps the text as it came. The output
// depends only on articles.
func ExportJSON(w io.Writer, articles []SavedArticle) error {
	clean := make([]SavedArticle, len(articles))
	for i, a := range articles {
		clean[i] = cleanSaved(a)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(clean)
}

func cleanSaved(a SavedArticle) SavedArticle {
	one := func(s string) string { return cleanText(s, false) }
	many := func(s string) string { return cleanText(s, true) }
	a.Source.ID, a.Source.Name = one(a.Source.ID), one(a.Source.Name)
	a.Author, a.Title, a.URL, a.URLToImage, a.Key = one(a.Author), one(a.Title), one(a.URL), one(a.URLToImage), one(a.Key)
	a.Description, a.Content = many(a.Description), many(a.Content)
	if a.FullText != nil {
		ft := *a.FullText
		ft.URL, ft.Title, ft.Byline, ft.SiteName = one(ft.URL), one(ft.Title), one(ft.Byline), one(ft.SiteName)
		ft.Markdown = many(ft.Markdown)
		if ft.Links != nil {
			ft.Links = make([]extract.Link, len(a.FullText.Links))
			for i, l := range a.FullText.Links {
				ft.Links[i] = extract.Link{Text: one(l.Text), URL: one(l.URL)}
			}
		}
		a.FullText = &ft
	}
	return a
}

// ExportMarkdown writes articles as a Markdown document, in the order
// given: a heading, then one section per article with its title as a link
// to it, source, author, publication and saving dates (UTC), description
// and, when saved, its full text (headings moved below the section's, its
// links listed after it). Every text is cleaned of control characters,
// escape sequences and bidirectional controls and escaped where Markdown
// would read it as markup; only http and https addresses become links.
// The output depends only on articles.
func ExportMarkdown(w io.Writer, articles []SavedArticle) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Saved articles\n\n%s.\n", countArticles(len(articles)))
	for _, a := range articles {
		writeSection(bw, cleanSaved(a))
	}
	return bw.Flush()
}

func countArticles(n int) string {
	if n == 1 {
		return "1 saved article"
	}
	return fmt.Sprintf("%d saved articles", n)
}

func writeSection(w *bufio.Writer, a SavedArticle) {
	title := escapeInline(a.Title)
	if title == "" {
		title = "Untitled"
	}
	if dest, ok := linkDestination(a.URL); ok {
		title = "[" + title + "](" + dest + ")"
	}
	fmt.Fprintf(w, "\n## %s\n\n", title)
	source := a.Source.Name
	if source == "" {
		source = a.Source.ID
	}
	field := func(name, value string) {
		if value != "" {
			fmt.Fprintf(w, "- %s: %s\n", name, escapeInline(value))
		}
	}
	field("Source", source)
	field("Author", a.Author)
	field("Published", formatDate(a.PublishedAt))
	field("Saved", formatDate(a.SavedAt))
	if a.URL != "" {
		if _, ok := linkDestination(a.URL); !ok {
			field("Address", a.URL)
		}
	}
	if d := strings.Join(strings.Fields(a.Description), " "); d != "" {
		fmt.Fprintf(w, "\n%s\n", escapeLineStart(escapeInline(d)))
	}
	if a.FullText != nil && strings.TrimSpace(a.FullText.Markdown) != "" {
		fmt.Fprintf(w, "\n### Full text\n\n%s\n", strings.TrimSpace(fullTextMarkdown(a.FullText.Markdown)))
		if len(a.FullText.Links) > 0 {
			w.WriteString("\n**Links**\n\n")
			for i, l := range a.FullText.Links {
				text := escapeInline(l.URL)
				if dest, ok := linkDestination(l.URL); ok {
					text = "<" + strings.TrimSuffix(strings.TrimPrefix(dest, "<"), ">") + ">"
				}
				fmt.Fprintf(w, "%d. %s\n", i+1, text)
			}
		}
	}
}

func formatDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04 UTC")
}

// inlineSpecial are the characters that can start or end inline markup.
const inlineSpecial = "\\`*_[]<>&|~"

// escapeInline backslash-escapes what Markdown could read as inline markup
// (CommonMark lets any ASCII punctuation be escaped).
func escapeInline(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && strings.ContainsRune(inlineSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// escapeLineStart escapes what would make a paragraph's first line a
// heading, quote, list item or thematic break.
func escapeLineStart(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '#', '>', '-', '+', '=':
		return "\\" + s
	}
	// An ordered list item: digits then '.' or ')'.
	d := 0
	for d < len(s) && d < 9 && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	if d > 0 && d < len(s) && (s[d] == '.' || s[d] == ')') {
		return s[:d] + "\\" + s[d:]
	}
	return s
}

// linkDestination is a cleaned address as a Markdown link destination in
// angle brackets, and whether it may be a link at all: only absolute http
// and https addresses may (no javascript: or data: links in a document).
func linkDestination(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || (!strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https")) || u.Host == "" {
		return "", false
	}
	r := strings.NewReplacer(" ", "%20", "<", "%3C", ">", "%3E", "\\", "%5C")
	return "<" + r.Replace(raw) + ">", true
}

// fullTextMarkdown fits an article's Markdown into its section: headings
// move three levels down (below "### Full text"), and raw HTML cannot
// start outside code, as '<' is escaped there.
func fullTextMarkdown(md string) string {
	var b strings.Builder
	fence := ""
	for line := range strings.SplitSeq(md, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		if f := fenceOf(trimmed); f != "" && indent < 4 {
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence[:1]) && len(f) >= len(fence) && strings.TrimSpace(strings.TrimLeft(trimmed, f[:1])) == "":
				fence = ""
			}
			b.WriteString(line + "\n")
			continue
		}
		if fence != "" || indent >= 4 {
			b.WriteString(line + "\n")
			continue
		}
		if level := headingLevel(trimmed); level > 0 {
			line = strings.Repeat("#", min(level+3, 6)) + trimmed[level:]
		}
		b.WriteString(escapeHTMLOutsideCode(line) + "\n")
	}
	return b.String()
}

// fenceOf is the fence a line opens or closes (``` or ~~~, or longer), or "".
func fenceOf(line string) string {
	for _, c := range []string{"`", "~"} {
		n := len(line) - len(strings.TrimLeft(line, c))
		if n >= 3 {
			return line[:n]
		}
	}
	return ""
}

// headingLevel is the level of an ATX heading line, or 0.
func headingLevel(line string) int {
	n := len(line) - len(strings.TrimLeft(line, "#"))
	if n < 1 || n > 6 || (n < len(line) && line[n] != ' ' && line[n] != '\t') {
		return 0
	}
	return n
}

// escapeHTMLOutsideCode escapes '<' except inside code spans.
func escapeHTMLOutsideCode(line string) string {
	if !strings.Contains(line, "<") {
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); {
		if line[i] == '`' {
			n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
			run := line[i : i+n]
			if end := strings.Index(line[i+n:], run); end >= 0 {
				b.WriteString(line[i : i+n+end+n])
				i += n + end + n
				continue
			}
			b.WriteString(run)
			i += n
			continue
		}
		if line[i] == '<' && (i == 0 || line[i-1] != '\\') {
			b.WriteByte('\\')
		}
		b.WriteByte(line[i])
		i++
	}
	return b.String()
}
