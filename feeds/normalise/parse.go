package normalise

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mmcdole/gofeed"
	"github.com/mmcdole/gofeed/atom"
	jsonfeed "github.com/mmcdole/gofeed/json"
	"github.com/mmcdole/gofeed/rss"

	"tidings/htmltext"
	"tidings/model"
	"tidings/server/store"
)

// Bounds on what one feed may put in the store. They are far above what a
// real title or summary needs, and stop a hostile feed from filling the
// catalogue.
const (
	maxTitle       = 500     // runes, of a title (feed or item)
	maxDescription = 2000    // runes, of a description
	maxContent     = 100_000 // bytes, of an item's full text
	maxAuthor      = 200     // runes, of the joined author names
	maxLanguage    = 64      // runes, of RawLanguage
	futureSlack    = 10 * time.Minute
)

// Document is a parsed and normalised feed.
type Document struct {
	// Title and Description are the feed's own, as plain text.
	Title, Description string
	// SiteURL is the absolute http(s) address of the site (the feed's
	// link), canonical as CanonicalURL makes it; "" if none.
	SiteURL string
	// Language is the feed's language mapped to the spec's codes; "" when
	// absent or not one of them. RawLanguage is the tag as the feed wrote
	// it (trimmed, plain text).
	Language    model.Language
	RawLanguage string
	// MinInterval is the feed's own lower bound on polling: RSS <ttl>
	// minutes, or sy:updatePeriod divided by sy:updateFrequency; 0 when
	// it states none. At most a day.
	MinInterval time.Duration
	// Format names the format and version, "RSS 2.0", "Atom 1.0",
	// "JSON Feed 1.1", for logs and the feed list.
	Format string
	// Items are the entries to store, in the feed's order, each with an
	// absolute canonical URL and a non-empty GUID, no two sharing either.
	Items []store.FeedItem
	// Skipped are the entries left out, with why.
	Skipped []Skipped
}

// Skipped is an entry Parse left out.
type Skipped struct {
	// Index is the entry's position in the feed, from 0.
	Index int
	// Title is its title as plain text, possibly "".
	Title string
	// Reason says why, for the user ("no link, and its guid is not a
	// web address", "same address as item 3").
	Reason string
}

// errParserPanic marks a document on which the feed parser panicked. Parse
// recovers, so that one hostile feed cannot take the service down; the
// fuzz target treats it as the failure it is.
var errParserPanic = errors.New("the feed parser failed on this document")

// errUnknownType: gofeed recognises no feed in the document.
var errUnknownType = errors.New("no feed format detected")

// Parse parses body (the bytes of a 200 answer) fetched from feedURL, whose
// HTTP Content-Type was contentType; now is the time of the fetch.
//
// The bytes are decoded once, by byte order mark, else the XML
// declaration, else the Content-Type charset, else as UTF-8; invalid UTF-8
// becomes U+FFFD. Relative addresses are resolved against xml:base, else
// the feed's site link, else feedURL. Each entry becomes a store.FeedItem
// whose Article.URL is its CanonicalURL (the link, or a guid that is an
// http(s) address) and whose GUID is its guid, Atom id or JSON id (the URL
// when it has none); the first of several entries sharing either wins.
// Titles, descriptions and authors are plain single lines, content plain
// text with paragraphs, all bounded; dates are UTC and never in the
// future; Article.Source is left for the poller.
//
// An entry that cannot be stored is listed in Skipped, never an error. The
// error is ErrNotFeed for anything that is not a feed, saying what it looks
// like ("not an RSS, Atom or JSON feed (looks like an HTML page)"), and
// ErrMalformed for a feed whose XML or JSON is broken, naming the problem
// and its line ("malformed XML on line 6: unexpected EOF").
func Parse(body []byte, contentType, feedURL string, now time.Time) (doc *Document, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, &docError{fmt.Sprintf("%s: %v", errParserPanic, r), []error{ErrMalformed, errParserPanic}}
		}
	}()
	if now.IsZero() {
		now = time.Now()
	}
	src, err := parseFeed(toUTF8(body, contentType))
	if errors.Is(err, errUnknownType) {
		return nil, notFeed(whatItIs(body)) // the bytes as fetched: a PNG's signature is no UTF-8
	}
	if err != nil {
		return nil, err
	}
	f := src.feed

	feedBase := absoluteHTTP(feedURL, "")
	site, _ := CanonicalURL(f.Link, feedBase)
	base := site // relative item links are relative to the site, failing that to the feed
	if base == "" {
		base = feedBase
	}
	ttl := ""
	if src.rss != nil {
		ttl = src.rss.TTL
	}
	doc = &Document{
		Title:       clip(htmltext.Line(f.Title), maxTitle),
		Description: clip(htmltext.Line(f.Description), maxDescription),
		SiteURL:     site,
		Language:    MapLanguage(f.Language),
		RawLanguage: clip(htmltext.Line(f.Language), maxLanguage),
		MinInterval: minInterval(ttl, f.Extensions),
		Format:      formatName(f),
		Items:       make([]store.FeedItem, 0, len(f.Items)),
	}

	byURL := make(map[string]int, len(f.Items))
	byGUID := make(map[string]int, len(f.Items))
	for i, it := range f.Items {
		if it == nil {
			continue
		}
		title := clip(htmltext.Line(it.Title), maxTitle)
		link, why := itemLink(it, base)
		if link == "" {
			doc.Skipped = append(doc.Skipped, Skipped{i, title, why})
			continue
		}
		guid := itemGUID(it.GUID, link)
		if j, dup := byURL[link]; dup {
			doc.Skipped = append(doc.Skipped, Skipped{i, title, fmt.Sprintf("same address as item %d", j)})
			continue
		}
		if j, dup := byGUID[guid]; dup {
			doc.Skipped = append(doc.Skipped, Skipped{i, title, fmt.Sprintf("same guid as item %d", j)})
			continue
		}
		byURL[link], byGUID[guid] = i, i

		a := model.Article{
			URL:         link,
			URLToImage:  imageOf(it, base),
			Author:      src.author(i, it),
			PublishedAt: publishedAt(it, now),
		}
		a.Title, a.Description, a.Content = texts(it, title, link)
		doc.Items = append(doc.Items, store.FeedItem{Article: a, GUID: guid})
	}
	return doc, nil
}

// source is a parsed feed: gofeed's universal form, and the RSS or JSON
// original for what the universal form loses (ttl, raw author strings).
type source struct {
	feed *gofeed.Feed
	rss  *rss.Feed
	json *jsonfeed.Feed
}

// parseFeed detects the format and parses body with gofeed's parser for
// it. The content image scan of gofeed's RSS translator is off: imageOf
// does its own, in the order it wants, for every format.
func parseFeed(body []byte) (*source, error) {
	var src source
	var err error
	typ := feedType(body)
	if typ == gofeed.FeedTypeRSS || typ == gofeed.FeedTypeAtom {
		body = dropIllegalCharRefs(body)
	}
	switch typ {
	case gofeed.FeedTypeRSS:
		if src.rss, err = (&rss.Parser{}).Parse(bytes.NewReader(body)); err != nil {
			return nil, parseError("RSS", body, err)
		}
		src.feed, err = (&gofeed.DefaultRSSTranslator{DisableContentImageScan: true}).Translate(src.rss)
	case gofeed.FeedTypeAtom:
		var af *atom.Feed
		if af, err = (&atom.Parser{}).Parse(bytes.NewReader(body)); err != nil {
			return nil, parseError("Atom", body, err)
		}
		decodeAtom03Base64(af)
		src.feed, err = (&gofeed.DefaultAtomTranslator{}).Translate(af)
	case gofeed.FeedTypeJSON:
		if src.json, err = (&jsonfeed.Parser{}).Parse(bytes.NewReader(body)); err != nil {
			return nil, parseError("JSON Feed", body, err)
		}
		if !strings.Contains(src.json.Version, jsonFeedVersion) {
			return nil, notFeed("JSON, but no JSON Feed")
		}
		// gofeed's translator dereferences every item: drop "items": [null]
		src.json.Items = slices.DeleteFunc(src.json.Items, func(it *jsonfeed.Item) bool { return it == nil })
		src.feed, err = (&gofeed.DefaultJSONTranslator{}).Translate(src.json)
	default:
		return nil, errUnknownType
	}
	if err != nil { // only for a type mismatch, which cannot happen here
		return nil, fmt.Errorf("translating the feed: %w", err)
	}
	return &src, nil
}

// formatName is "RSS 2.0", "Atom 1.0" or "JSON Feed 1.1".
func formatName(f *gofeed.Feed) string {
	v := f.FeedVersion
	switch f.FeedType {
	case "rss":
		return strings.TrimSpace("RSS " + v)
	case "atom":
		return strings.TrimSpace("Atom " + v)
	}
	return strings.TrimSpace("JSON Feed " + v[strings.LastIndexByte(v, '/')+1:])
}

// decodeAtom03Base64 decodes the content of Atom 0.3 entries sent with
// mode="base64". gofeed reads the type attribute first and, for a text/*
// type, takes the base64 as text, losing the mode. Only Atom 0.3 had the
// mode, and only text that is base64 through and through and decodes to
// valid UTF-8 is decoded, so ordinary prose is never touched.
func decodeAtom03Base64(f *atom.Feed) {
	if f.Version != "0.3" {
		return
	}
	for _, e := range f.Entries {
		if e.Content == nil || !looksBase64(e.Content.Value) {
			continue
		}
		if b, err := base64.StdEncoding.DecodeString(e.Content.Value); err == nil && utf8.Valid(b) {
			e.Content.Value = string(b)
		}
	}
}

// looksBase64 reports whether s is one unbroken run of the standard base64
// alphabet, padded, as an encoder writes it (and no sentence is).
func looksBase64(s string) bool {
	if len(s) < 8 || len(s)%4 != 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alpha := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
		if !alpha && !(c == '=' && i >= len(s)-2) {
			return false
		}
	}
	return true
}
