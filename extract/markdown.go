package extract

import (
	"bytes"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"golang.org/x/net/html"
)

// removedTags carry no article text (or only "your browser does not
// support…" text): the converter drops them.
var removedTags = []string{
	"svg", "math", "canvas", "video", "audio", "object", "embed", "form",
	"button", "select", "option", "template", "dialog",
}

// toMarkdown converts the article tree to Markdown: links as their text
// and " [n]", images as "[image: alt]" lines, no raw HTML. Every bracket,
// asterisk, backtick, backslash and ampersand of the page's text is
// escaped, so the only unescaped "[n]" are link numbers.
func toMarkdown(article *html.Node, pageURL *url.URL) (string, []Link, error) {
	sanitizeTree(article)
	lk := newLinker(pageURL)
	conv := newConverter(lk)
	out, err := conv.ConvertNode(article)
	if err != nil {
		return "", nil, fmt.Errorf("converting to Markdown: %w", err)
	}
	return string(out), lk.links, nil
}

// newConverter is html-to-markdown's CommonMark converter with our link,
// image and escaping rules.
func newConverter(lk *linker) *converter.Converter {
	conv := converter.NewConverter(converter.WithPlugins(
		base.NewBasePlugin(),
		commonmark.NewCommonmarkPlugin(commonmark.WithListEndComment(false)),
	))
	for _, tag := range removedTags {
		conv.Register.TagType(tag, converter.TagTypeRemove, converter.PriorityEarly)
	}
	conv.Register.RendererFor("a", converter.TagTypeInline, lk.render, converter.PriorityEarly)
	conv.Register.RendererFor("img", converter.TagTypeInline, renderImage, converter.PriorityEarly)
	conv.Register.TextTransformer(escapeAmpersand, converter.PriorityEarly)
	conv.Register.UnEscaper(alwaysEscape, converter.PriorityEarly)
	return conv
}

// alwaysEscape escapes every bracket, asterisk, backtick, backslash,
// underscore, pipe, tilde and hash of the text (html-to-markdown escapes
// them only where they would be markup), so that Plain and the reader
// can tell them from ours, and no GFM extension can read them as markup.
func alwaysEscape(chars []byte, index int) int {
	switch chars[index] {
	case '[', ']', '*', '`', '\\', '_', '|', '~', '#':
		return 1
	}
	return -1
}

// escapeAmpersand writes the text's "&" as "&amp;", so that every entity
// in the Markdown is ours ("&lt;" and "&gt;" come from the base plugin).
func escapeAmpersand(_ converter.Context, content string) string {
	return strings.ReplaceAll(content, "&", "&amp;")
}

// render writes a link as its text followed by " [n]"; a link to
// anything but a web page is written as its text alone.
func (l *linker) render(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
	var buf bytes.Buffer
	ctx.RenderChildNodes(ctx, &buf, n)
	content := buf.Bytes()
	trimmed := bytes.TrimSpace(content)
	if len(trimmed) == 0 {
		w.Write(content)
		return converter.RenderSuccess
	}
	num := l.number(attr(n, "href"), textContent(n))
	if num == 0 {
		w.Write(content)
		return converter.RenderSuccess
	}
	start := bytes.Index(content, trimmed)
	w.Write(content[:start+len(trimmed)])
	w.WriteString(" [" + strconv.Itoa(num) + "]")
	w.Write(content[start+len(trimmed):])
	return converter.RenderSuccess
}

// renderImage writes an image as a line of its own: "[image: alt]", or
// "[image]" without alt text.
func renderImage(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
	alt := collapseSpace(attr(n, "alt"))
	w.WriteString("\n\n")
	if alt == "" {
		w.WriteString("[image]")
	} else {
		alt = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(alt)
		w.WriteString("[image: ")
		w.Write(ctx.EscapeContent([]byte(alt)))
		w.WriteString("]")
	}
	w.WriteString("\n\n")
	return converter.RenderSuccess
}

// attr is n's attribute key, "" if absent.
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// textContent is the text under n.
func textContent(n *html.Node) string {
	var sb strings.Builder
	for c := n; c != nil; c = next(c, n) {
		if c.Type == html.TextNode {
			sb.WriteString(c.Data)
		}
	}
	return sb.String()
}
