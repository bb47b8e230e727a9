package extract

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// maxDepth is how deep flattenDeep lets elements nest: x/net/html refuses
// documents nested deeper than 512 elements, and no article needs more.
const maxDepth = 100

// decode converts body to UTF-8 after the byte order mark, the
// Content-Type header or the page's <meta>, in that order. With none of
// them, a body that is valid UTF-8 is taken as UTF-8 (x/net/html's guess
// would be windows-1252 when the first kilobyte is ASCII).
func decode(body []byte, contentType string) ([]byte, error) {
	enc, name, certain := charset.DetermineEncoding(body, contentType)
	if !certain && name == "windows-1252" && utf8.Valid(body) {
		return body, nil
	}
	if enc == encoding.Nop || name == "utf-8" {
		return body, nil
	}
	out, _, err := transform.Bytes(enc.NewDecoder(), body)
	if err != nil {
		return nil, fmt.Errorf("decoding %s: %w", name, err)
	}
	return out, nil
}

// maxElements bounds the elements of a page read: readability's time
// grows with them (about 35 µs each on a 2-core machine, so a 5 MiB page
// of nothing but small elements took 9 s), and an article page, even a
// heavy one, has a few thousand. Past it the page is refused as too
// complex rather than read for seconds.
const maxElements = 50_000

// tooComplexError is the cause of a KindTooLarge error for a page with
// more than maxElements elements.
type tooComplexError struct{ elements int }

func (e *tooComplexError) Error() string {
	return fmt.Sprintf("the page has %d elements, more than %d", e.elements, maxElements)
}

// parseHTML parses a UTF-8 page. A page nested too deep for the parser is
// flattened first (tags past maxDepth dropped, their text kept); a page
// with more than maxElements elements is refused.
func parseHTML(body []byte) (*html.Node, error) {
	deep, elements := scanPage(body, maxDepth)
	if elements > maxElements {
		return nil, &tooComplexError{elements: elements}
	}
	if deep {
		body = flattenDeep(body, maxDepth)
	}
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		// The tree builder can nest deeper than the tags say (formatting
		// elements reopened, tables); try once more, much flatter.
		doc, err = html.Parse(bytes.NewReader(flattenDeep(body, maxDepth/8)))
	}
	if err != nil {
		return nil, fmt.Errorf("parsing the page: %w", err)
	}
	return doc, nil
}

// voidElement reports whether an element never has an end tag.
func voidElement(name string) bool {
	switch name {
	case "area", "base", "br", "col", "embed", "hr",
		"img", "input", "keygen", "link", "meta",
		"param", "source", "track", "wbr", "image":
		return true
	}
	return false
}

// depthTracker counts open elements the naive way (start tags up, end
// tags down), an over-estimate of the tree's depth that is cheap to get.
type depthTracker struct{ depth int }

// step accounts for one token and says whether it lies past limit.
func (d *depthTracker) step(z *html.Tokenizer, tt html.TokenType, limit int) (over bool) {
	switch tt {
	case html.StartTagToken:
		name, _ := z.TagName()
		if voidElement(string(name)) {
			return false
		}
		d.depth++
		return d.depth > limit
	case html.EndTagToken:
		over = d.depth > limit
		if d.depth > 0 {
			d.depth--
		}
		return over
	}
	return false
}

// scanPage says whether the page nests more than limit elements deep, and
// how many elements it keeps once flattened (start tags, self-closing ones
// included, past limit not counted: flattenDeep drops them).
func scanPage(body []byte, limit int) (deep bool, elements int) {
	z := html.NewTokenizer(bytes.NewReader(body))
	var d depthTracker
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return deep, elements
		}
		over := d.step(z, tt, limit)
		deep = deep || over
		if !over && (tt == html.StartTagToken || tt == html.SelfClosingTagToken) {
			elements++
		}
	}
}

// flattenDeep rewrites the page without the start and end tags that lie
// past limit, keeping everything else (text included) byte for byte.
func flattenDeep(body []byte, limit int) []byte {
	var out bytes.Buffer
	out.Grow(len(body))
	z := html.NewTokenizer(bytes.NewReader(body))
	var d depthTracker
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out.Bytes()
		}
		if d.step(z, tt, limit) {
			// A dropped tag may have separated words: one space keeps
			// them apart without piling up whitespace.
			if b := out.Bytes(); len(b) > 0 && b[len(b)-1] != ' ' {
				out.WriteByte(' ')
			}
			continue
		}
		out.Write(z.Raw())
	}
}

// collapseSpace joins the words of s with single spaces.
func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
