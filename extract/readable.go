package extract

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"tidings/lazy"

	readability "codeberg.org/readeck/go-readability/v2"
	"golang.org/x/net/html"
)

// minWords is the fewest words a readable article has: fewer is a
// paywall stub, a cookie wall or a page built by scripts.
const minWords = 60

// errTooShort is the cause of KindNoArticle for pages with too little
// text.
var errTooShort = errors.New("the readable text is too short")

// FromHTML extracts the article of a page already in hand (no network).
// body is the raw page; contentType its HTTP Content-Type ("" allowed),
// which with the byte order mark and the page's <meta> gives the
// charset; pageURL the page's address, against which relative links are
// resolved. Errors are *Error (KindBadURL, KindNotHTML, KindNoArticle, and
// KindTooLarge for a page of more elements than any article page has).
// It caps neither size nor time: bound body before calling it (Extract
// caps it at Options.MaxBytes).
func FromHTML(body []byte, contentType, pageURL string) (a Article, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, err = Article{}, newError(KindNoArticle, pageURL, &panicError{value: r})
		}
	}()
	base, perr := parseWebURL(pageURL)
	if perr != nil {
		return Article{}, newError(KindBadURL, pageURL, perr)
	}
	if contentType != "" && !isHTML(contentType) {
		return Article{}, newError(KindNotHTML, pageURL, &notHTMLError{mediaType: mediaType(contentType)})
	}
	a, perr = extractArticle(body, contentType, base)
	var complex *tooComplexError
	switch {
	case errors.As(perr, &complex):
		return Article{}, newError(KindTooLarge, pageURL, perr)
	case perr != nil:
		return Article{}, newError(KindNoArticle, pageURL, perr)
	}
	return a, nil
}

// extractArticle decodes, parses, finds the readable part and converts it.
func extractArticle(body []byte, contentType string, base *url.URL) (Article, error) {
	utf8Body, err := decode(body, contentType)
	if err != nil {
		return Article{}, err
	}
	doc, err := parseHTML(utf8Body)
	if err != nil {
		return Article{}, err
	}
	parser := readability.NewParser()
	parser.KeepClasses = true // for the language of code blocks; sanitizeTree drops the rest
	ra, err := parser.ParseAndMutate(doc, base)
	if err != nil {
		return Article{}, fmt.Errorf("readability: %w", err)
	}
	if ra.Node == nil {
		return Article{}, errors.New("readability found no article")
	}
	md, links, err := toMarkdown(ra.Node, base)
	if err != nil {
		return Article{}, err
	}
	a := Article{
		URL:      base.String(),
		Title:    collapseSpace(ra.Title()),
		Byline:   collapseSpace(ra.Byline()),
		SiteName: collapseSpace(ra.SiteName()),
		Markdown: md,
		Links:    links,
	}
	a.Words = len(strings.Fields(a.Plain()))
	if a.Words < minWords {
		return Article{}, fmt.Errorf("%w (%d words)", errTooShort, a.Words)
	}
	return a, nil
}

// panicError is the cause of KindNoArticle when extraction panicked (a
// bug in a library or here: the fuzz test looks for it).
type panicError struct{ value any }

func (e *panicError) Error() string { return fmt.Sprintf("extraction panicked: %v", e.value) }

// sanitizeTree makes the article tree safe for the converter: its
// private markers (U+0007, U+F002) out of text, so that no page can
// forge a line break in the Markdown.
func sanitizeTree(n *html.Node) {
	for c := n; c != nil; c = next(c, n) {
		if c.Type == html.TextNode {
			c.Data = markerReplacer.Get().Replace(c.Data)
		}
		if c.Type == html.ElementNode {
			c.Attr = cleanAttrs(c)
		}
	}
}

// cleanAttrs drops an element's classes but for the language of code
// (the info string of its fence), and the converter's markers.
func cleanAttrs(n *html.Node) []html.Attribute {
	attrs := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Key == "class" {
			lang := codeLanguage(n.Data, a.Val)
			if lang == "" {
				continue
			}
			a.Val = "language-" + lang
		}
		a.Val = markerReplacer.Get().Replace(a.Val)
		attrs = append(attrs, a)
	}
	return attrs
}

// codeLanguage is the language a code or pre element's classes name, if
// it is a plain word a fence's info string can hold.
func codeLanguage(tag, class string) string {
	if tag != "code" && tag != "pre" {
		return ""
	}
	for _, c := range strings.Fields(class) {
		lang, ok := strings.CutPrefix(c, "language-")
		if !ok {
			lang, ok = strings.CutPrefix(c, "lang-")
		}
		if ok && codeLang.Get().MatchString(lang) {
			return lang
		}
	}
	return ""
}

// codeLang is a class name that can be a language; compiled on first use,
// not at every start of the reader.
var codeLang = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_+.#-]{0,23}$`) }}

// markerReplacer takes out of the page the characters extract uses as its
// own markers; built on first use, not at start-up.
var markerReplacer = lazy.Value[*strings.Replacer]{Build: func() *strings.Replacer {
	return strings.NewReplacer("\a", "\uFFFD", "\uF002", "\uFFFD")
}}

// next is the node after n in document order within root (iterative, so
// depth costs no stack).
func next(n, root *html.Node) *html.Node {
	if n.FirstChild != nil {
		return n.FirstChild
	}
	for n != root {
		if n.NextSibling != nil {
			return n.NextSibling
		}
		n = n.Parent
	}
	return nil
}
