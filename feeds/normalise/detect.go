package normalise

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mmcdole/gofeed"
	"golang.org/x/net/html/charset"
)

// Errors of Parse, for errors.Is. Their messages are written for the user
// who subscribed to the address.
var (
	// ErrNotFeed: the document is no RSS, Atom or JSON feed (an HTML page,
	// an image, an API's JSON, nothing at all).
	ErrNotFeed = errors.New("not an RSS, Atom or JSON feed")
	// ErrMalformed: the document is a feed whose XML or JSON is broken
	// (cut short, say), so none of it can be trusted.
	ErrMalformed = errors.New("malformed feed")
)

// docError is an error that reads as msg and matches kinds.
type docError struct {
	msg   string
	kinds []error
}

func (e *docError) Error() string   { return e.msg }
func (e *docError) Unwrap() []error { return e.kinds }

func malformed(format string, args ...any) error {
	return &docError{fmt.Sprintf(format, args...), []error{ErrMalformed}}
}

func notFeed(looks string) error {
	return &docError{fmt.Sprintf("%s (%s)", ErrNotFeed, looks), []error{ErrNotFeed}}
}

// sniffLimit bounds how much of a document is read to say what it is.
const sniffLimit = 64 << 10

// jsonFeedVersion is in the version URL every JSON Feed must carry.
const jsonFeedVersion = "jsonfeed.org/version/"

// feedType is gofeed's detection over the whole document: its Parser only
// looks at the first 4 KB, which a long comment or DOCTYPE can fill.
func feedType(body []byte) gofeed.FeedType {
	return gofeed.DetectFeedType(bytes.NewReader(body))
}

// IsFeed reports whether body (the bytes of a fetched document) is an RSS,
// Atom or JSON feed, judged by its root element or JSON Feed version
// without parsing it all. Discovery uses it to tell a feed from a page.
func IsFeed(body []byte) bool {
	body = toUTF8(body, "")
	switch feedType(body) {
	case gofeed.FeedTypeRSS, gofeed.FeedTypeAtom:
		return true
	case gofeed.FeedTypeJSON:
		return bytes.Contains(body[:min(len(body), sniffLimit)], []byte(jsonFeedVersion))
	}
	return false
}

// IsHTML reports whether body looks like an HTML or XHTML page, the usual
// answer of an address that is a site rather than its feed.
func IsHTML(body []byte) bool {
	body = toUTF8(body, "")
	switch xmlRoot(body) {
	case "html":
		return true
	case "rss", "rdf", "feed": // may start with a comment, which sniffs as HTML
		return false
	}
	return strings.HasPrefix(http.DetectContentType(body), "text/html")
}

// whatItIs describes a document that is no feed, for ErrNotFeed.
func whatItIs(body []byte) string {
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		return "the document is empty"
	case IsHTML(trimmed):
		return "looks like an HTML page"
	case trimmed[0] == '{' || trimmed[0] == '[':
		if json.Valid(trimmed) {
			return "JSON, but no JSON Feed"
		}
		return "looks like broken JSON"
	case trimmed[0] == '<':
		if root := xmlRoot(trimmed); root != "" {
			return fmt.Sprintf("XML whose root element is <%s>", root)
		}
		return "looks like broken XML"
	}
	switch ct, _, _ := strings.Cut(http.DetectContentType(trimmed), ";"); ct {
	case "text/plain":
		return "looks like plain text"
	case "application/octet-stream":
		return "looks like binary data"
	default:
		return "looks like " + ct
	}
}

// xmlRoot is the lower-cased local name of the first element in the start
// of body, or "".
func xmlRoot(body []byte) string {
	d := xml.NewDecoder(bytes.NewReader(body[:min(len(body), sniffLimit)]))
	d.Strict = false
	d.CharsetReader = charset.NewReaderLabel
	for {
		tok, err := d.Token()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok {
			return strings.ToLower(se.Name.Local)
		}
	}
}

// parseError turns a parser's failure into ErrMalformed with the problem
// and, when known, its line.
func parseError(format string, body []byte, err error) error {
	var xs *xml.SyntaxError
	var js *json.SyntaxError
	var jt *json.UnmarshalTypeError
	switch {
	case errors.As(err, &xs):
		return malformed("malformed XML on line %d: %s", xs.Line, xs.Msg)
	case errors.As(err, &js):
		return malformed("malformed JSON on line %d: %s", lineAt(body, js.Offset), js)
	case errors.As(err, &jt):
		return malformed("malformed JSON Feed on line %d: %s is %s, not %s", lineAt(body, jt.Offset), jt.Field, jt.Value, jt.Type)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return malformed("malformed %s: the document ends too soon", format)
	}
	return malformed("malformed %s: %v", format, err)
}

// lineAt is the 1-based line of byte offset off in b.
func lineAt(b []byte, off int64) int {
	off = max(0, min(off, int64(len(b))))
	return bytes.Count(b[:off], []byte("\n")) + 1
}
