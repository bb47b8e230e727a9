package greader

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Google Reader's Atom output: reader/atom/<stream> answers the page
// stream/contents/<stream> would (the same streams and parameters: n, c,
// xt, it, ot, nt, r) as an Atom feed in the shape Google Reader wrote,
// which FeedHQ and The Old Reader kept and newsboat's FeedHQ backend
// parses (newsboat before 2.24, Debian 11's 2.21: its only Google Reader
// backend for a self-hosted service).
//
// What newsboat reads of it (rss/atomparser.cpp, src/rssparser.cpp): an
// Atom 1.0 feed; each entry's id as the article's guid, which it sends
// back as edit-tag's i= (so the long item id); title, link
// rel="alternate", published, author/name, content; and the label
// attribute of every category whose scheme is Google Reader's: "read"
// makes the article read, "fresh" or "kept-unread" unread, overriding
// what newsboat remembers — so each unread entry carries "fresh", or an
// article read elsewhere and then marked unread would stay read in
// newsboat.

// Namespaces and constants of Google Reader's Atom.
const (
	atomNS          = "http://www.w3.org/2005/Atom"
	grNS            = "http://www.google.com/schemas/reader/atom/"
	grScheme        = "http://www.google.com/reader/"
	grTagPrefix     = "tag:google.com,2005:reader/"
	stateFresh      = "user/-/state/com.google/fresh"
	atomContentType = "application/atom+xml; charset=utf-8"
)

// streamAtom answers reader/atom/<stream>.
func (h *Handler) streamAtom(w http.ResponseWriter, c *call) error {
	p, err := h.streamPage(c)
	if err != nil {
		return err
	}
	feed, err := h.atomFeed(c, p)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", atomContentType)
	// marks differ per key and change with every read: no ETag and no
	// Last-Modified, so newsboat never gets a 304 hiding a read elsewhere
	w.Header().Set("Cache-Control", "private, no-store")
	if _, err := w.Write([]byte(xml.Header)); err != nil {
		return nil // the client went away
	}
	enc := xml.NewEncoder(w)
	if err := enc.Encode(feed); err != nil {
		return fmt.Errorf("write the Atom feed: %w", err)
	}
	return nil
}

// atomFeed is a page as Google Reader's Atom feed.
func (h *Handler) atomFeed(c *call, p page) (atomFeedXML, error) {
	title, link, err := h.streamTitle(c, p.ref)
	if err != nil {
		return atomFeedXML{}, err
	}
	f := atomFeedXML{
		Xmlns:        atomNS,
		XmlnsGR:      grNS,
		Generator:    "tidings",
		ID:           grTagPrefix + p.id,
		Title:        atomTextXML{Type: "text", Text: title},
		Continuation: p.continuation,
		Updated:      atomTime(h.now().Unix()),
		Entries:      make([]atomEntryXML, len(p.items)),
	}
	if link != "" {
		f.Links = []atomLinkXML{{Rel: "alternate", Href: link, Type: "text/html"}}
	}
	for i, it := range p.items {
		f.Entries[i] = atomEntry(it)
	}
	return f, nil
}

// streamTitle is a stream's title and site, as Google Reader titled its
// feeds: a subscription's title and page, a label's name, a state's
// name.
func (h *Handler) streamTitle(c *call, ref streamRef) (title, link string, err error) {
	switch ref.kind {
	case streamFeed:
		subs, err := h.subscriptions(c.ctx)
		if err != nil {
			return "", "", err
		}
		sub, _ := subs.find(ref.feed) // checkFeed found it
		return sub.Title, sub.HTMLURL, nil
	case streamLabel:
		return ref.category.Name(), "", nil
	case streamRead:
		return "Read items", "", nil
	case streamStarred:
		return "Starred items", "", nil
	case streamKeptUnread:
		return "Kept unread", "", nil
	}
	return "Reading List", "", nil
}

// atomEntry is an item as a Google Reader Atom entry: the same item
// stream/contents answers, so both outputs carry the same states.
func atomEntry(it itemJSON) atomEntryXML {
	e := atomEntryXML{
		CrawlTimeMsec: it.CrawlTimeMsec,
		ID:            it.ID,
		Title:         atomTextXML{Type: "text", Text: it.Title},
		Published:     atomTime(it.Published),
		Updated:       atomTime(it.Updated),
		Source: atomSourceXML{StreamID: it.Origin.StreamID, ID: grTagPrefix + it.Origin.StreamID,
			Title: atomTextXML{Type: "text", Text: it.Origin.Title}},
	}
	for _, l := range it.Alternate {
		e.Links = append(e.Links, atomLinkXML{Rel: "alternate", Href: l.Href, Type: l.Type})
	}
	if it.Origin.HTMLURL != "" {
		e.Source.Links = []atomLinkXML{{Rel: "alternate", Href: it.Origin.HTMLURL, Type: "text/html"}}
	}
	if it.Author != "" {
		e.Author = &atomAuthorXML{Name: it.Author}
	}
	if it.Content.Content != "" {
		e.Content = &atomTextXML{Type: "html", Text: it.Content.Content}
	}
	read := false
	for _, cat := range it.Categories {
		e.Categories = append(e.Categories, atomCategory(cat))
		read = read || cat == stateRead
	}
	if !read {
		e.Categories = append(e.Categories, atomCategory(stateFresh))
	}
	return e
}

// atomCategory is a state or label as Google Reader's category: the
// stream id as term, its last part ("read", "starred", the label's name)
// as label, which is what newsboat reads.
func atomCategory(id string) atomCategoryXML {
	return atomCategoryXML{Term: id, Scheme: grScheme, Label: id[strings.LastIndex(id, "/")+1:]}
}

// atomTime is Unix seconds as Atom's date.
func atomTime(secs int64) string {
	return time.Unix(secs, 0).UTC().Format(time.RFC3339)
}

// The Atom document. Names with a gr: prefix are written as they are,
// with the namespace declared on the feed, as Google Reader wrote them.
type atomFeedXML struct {
	XMLName      xml.Name       `xml:"feed"`
	Xmlns        string         `xml:"xmlns,attr"`
	XmlnsGR      string         `xml:"xmlns:gr,attr"`
	Generator    string         `xml:"generator"`
	ID           string         `xml:"id"`
	Title        atomTextXML    `xml:"title"`
	Continuation string         `xml:"gr:continuation,omitempty"`
	Links        []atomLinkXML  `xml:"link"`
	Updated      string         `xml:"updated"`
	Entries      []atomEntryXML `xml:"entry"`
}

type atomEntryXML struct {
	CrawlTimeMsec string            `xml:"gr:crawl-timestamp-msec,attr"`
	ID            string            `xml:"id"`
	Categories    []atomCategoryXML `xml:"category"`
	Title         atomTextXML       `xml:"title"`
	Published     string            `xml:"published"`
	Updated       string            `xml:"updated"`
	Links         []atomLinkXML     `xml:"link"`
	Content       *atomTextXML      `xml:"content"`
	Author        *atomAuthorXML    `xml:"author"`
	Source        atomSourceXML     `xml:"source"`
}

type atomTextXML struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

type atomLinkXML struct {
	Rel  string `xml:"rel,attr"`
	Href string `xml:"href,attr"`
	Type string `xml:"type,attr,omitempty"`
}

type atomCategoryXML struct {
	Term   string `xml:"term,attr"`
	Scheme string `xml:"scheme,attr"`
	Label  string `xml:"label,attr"`
}

type atomAuthorXML struct {
	Name string `xml:"name"`
}

type atomSourceXML struct {
	StreamID string        `xml:"gr:stream-id,attr"`
	ID       string        `xml:"id"`
	Title    atomTextXML   `xml:"title"`
	Links    []atomLinkXML `xml:"link"`
}
