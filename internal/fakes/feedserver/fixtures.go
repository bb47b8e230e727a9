package feedserver

import (
	"embed"
	"path"
	"slices"
	"sync"
	"time"
)

// The fixture documents, written by hand. The non-UTF-8 ones were written
// in UTF-8 and converted with iconv (-t ISO-8859-1, -t WINDOWS-1252,
// -t UTF-16LE after a written FF FE BOM); bom.xml is EF BB BF followed by
// a UTF-8 document.
//
//go:embed testdata
var testdata embed.FS

// FixtureTime is the Last-Modified of every static fixture, and the epoch
// of large.xml and huge.xml. It is after every date in the fixtures except
// the deliberately future one in dates.xml.
var FixtureTime = time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)

// Format names a feed syntax (or "html" for a web page).
type Format string

// The formats of the fixtures.
const (
	RSS091     Format = "rss0.91"
	RSS092     Format = "rss0.92"
	RSS10      Format = "rss1.0" // RDF
	RSS20      Format = "rss2.0"
	Atom03     Format = "atom0.3"
	Atom10     Format = "atom1.0"
	JSONFeed10 Format = "jsonfeed1.0"
	JSONFeed11 Format = "jsonfeed1.1"
	HTML       Format = "html"
)

// Fixture describes one static fixture: where it is served, what it is,
// and what a normaliser must make of it. Tests of the feeds packages
// assert against these facts; this package's tests check them against the
// documents.
type Fixture struct {
	Name        string // file name, e.g. "rss20.xml"
	Path        string // where every host serves it: "/fixtures/" + Name
	Format      Format
	ContentType string // the Content-Type header it is served with
	// Charset is the encoding of the bytes; DeclaredCharset is what the
	// document itself says (XML declaration), "" when it says nothing and
	// only the HTTP header (ContentType) tells.
	Charset, DeclaredCharset string
	WellFormed               bool // false only for malformed.xml
	Generated                bool // built at run time (large.xml, huge.xml), not stored
	Title                    string
	Link                     string // the home page, absolute
	// UpdateEvery is the polling interval the feed asks for (RSS ttl, or
	// sy:updatePeriod / sy:updateFrequency); 0 when it asks nothing.
	UpdateEvery time.Duration
	ItemCount   int    // items or entries in the document as written, bad ones included
	Items       []Item // each, in document order; nil for generated feeds and pages
	// Versions holds each version's items for a fixture whose content
	// changes with Server.SetVersion (Versions[0] is version 1, served
	// until then; Items is Versions[0]).
	Versions   [][]Item
	Alternates []Alternate // feed links in an HTML page's head
	Note       string      // what a normaliser must make of it
}

// Item is what a normaliser should make of one item or entry.
type Item struct {
	// Title as a reader shows it: entities decoded (twice where the feed
	// escaped them twice, as RSS titles are HTML in practice), markup
	// stripped, spaces collapsed; "" when the item has none.
	Title string
	// Link is the item's link as written (trimmed, entities decoded), ""
	// when it has none; URL is where it resolves against xml:base (or is
	// "" when it is not a usable http(s) URL); Canonical is URL without
	// utm_* query parameters and without its fragment.
	Link, URL, Canonical string
	// GUID is the item's identifier as written (RSS guid, RDF rdf:about,
	// Atom id, JSON Feed id), "" when it has none.
	GUID string
	// Date is the instant the item's date denotes (its publication date,
	// else its update date; a date with no zone is read as UTC), zero when
	// it has none or it cannot be read. DateRaw is the text it came from.
	Date    time.Time
	DateRaw string
	// Author is the names to show, joined with ", " (the feed's author when the item names
	// none, for Atom and JSON Feed), "" when none is known.
	Author string
	// Images are the absolute URLs of images the item names as its own:
	// image enclosures, media:content and media:thumbnail, itunes:image,
	// JSON Feed image and banner_image (not images inside the HTML).
	Images []string
	// Contains is a phrase of the item's text (content, else description
	// or summary) after decoding entities and stripping tags.
	Contains string
	// Bad marks an item with no usable link or no identity at all; a
	// normaliser may drop it but must not fail the feed for it.
	Bad  bool
	Note string
}

// Alternate is a feed link in an HTML page's head.
type Alternate struct {
	Type, Title, Href string
	// Path is Href resolved against the page's URL (/fixtures/…): the
	// same on every host.
	Path string
}

// FixtureByName returns the fixture with that file name.
func FixtureByName(name string) (Fixture, bool) {
	return fixtureByName(name)
}

func fixtureByName(name string) (Fixture, bool) {
	for _, f := range Fixtures {
		if f.Name == name {
			return f, true
		}
	}
	return Fixture{}, false
}

// ChangingVersions holds the items of each version of changing.xml
// (index 0 is version 1), the fixture behind Server.SetVersion:
//
//   - v1 (served from Start): three items, newest first —
//     kb-1001 "Bridge closed after lorry strike" …/news/bridge-closed,
//     kb-1002 "School meals price frozen for a year" …/news/school-meals,
//     kb-1003 "Library extends weekend opening hours" …/news/library-hours.
//   - v2: a new item first, kb-1004 "Rail replacement buses this weekend"
//     …/news/rail-buses; kb-1001's title edited to "Bridge reopens to cars
//     after lorry strike" (same guid, link and date; description edited
//     too); kb-1002's link changed to
//     …/education/school-meals-price-frozen (same guid, title and date);
//     kb-1003 unchanged.
//   - v3: v2 with kb-1003's guid changed to
//     "https://www.example.com/kingsbridge/?p=1003" (a CMS migration:
//     same title, link, date and text). A normaliser keyed on guid sees a
//     new item; one that also matches URLs sees the same article.
//
// Links are under https://www.example.com/kingsbridge/.
var ChangingVersions = func() [][]Item {
	const base = "https://www.example.com/kingsbridge"
	mk := func(title, link, guid, date, contains string) Item {
		return item(title, base+link, guid, date, "", contains)
	}
	a1 := mk("Bridge closed after lorry strike", "/news/bridge-closed", "kb-1001",
		"Tue, 24 Nov 2026 08:40:00 GMT", "after a lorry hit a parapet")
	b1 := mk("School meals price frozen for a year", "/news/school-meals", "kb-1002",
		"Tue, 24 Nov 2026 07:15:00 GMT", "A hot lunch will stay at £2.60")
	c1 := mk("Library extends weekend opening hours", "/news/library-hours", "kb-1003",
		"Mon, 23 Nov 2026 16:30:00 GMT", "open until 6pm on Saturdays and Sundays")
	d := mk("Rail replacement buses this weekend", "/news/rail-buses", "kb-1004",
		"Tue, 24 Nov 2026 10:50:00 GMT", "No trains between Kingsbridge and Eastford")
	a2 := a1
	a2.Title = "Bridge reopens to cars after lorry strike"
	a2.Contains = "Engineers found no structural damage"
	a2.Note = "v2: title and text edited, same guid and link"
	b2 := b1
	b2.Link = base + "/education/school-meals-price-frozen"
	b2.URL, b2.Canonical = b2.Link, b2.Link
	b2.Note = "v2: link changed, same guid and title"
	c3 := c1
	c3.GUID = "https://www.example.com/kingsbridge/?p=1003"
	c3.Note = "v3: guid changed, same link and title"
	return [][]Item{
		{a1, b1, c1},
		{d, a2, b2, c1},
		{d, a2, b2, c3},
	}
}()

// item builds the usual Item: link absolute and clean, date in RFC 1123
// form or RFC 3339.
func item(title, link, guid, dateRaw, author, contains string) Item {
	return Item{
		Title:     title,
		Link:      link,
		URL:       link,
		Canonical: link,
		GUID:      guid,
		Date:      parseFactDate(dateRaw),
		DateRaw:   dateRaw,
		Author:    author,
		Contains:  contains,
	}
}

// parseFactDate reads the well-formed dates written in the facts (the odd
// ones in dates.xml are written out by hand).
func parseFactDate(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	for _, layout := range []string{time.RFC1123Z, time.RFC1123, time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	panic("feedserver: fact date " + s + " does not parse")
}

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

func with(it Item, f func(*Item)) Item {
	f(&it)
	return it
}

// staticEntries are the answers for the stored fixtures, built once per
// process: the same bytes, ETag and Last-Modified on every server. Each
// embedded file is served under its own name (so changing-v2.xml can be
// fetched directly too), with the Content-Type its Fixture gives, else
// one inferred from the body.
var staticEntries = sync.OnceValue(func() map[string]*entry {
	out := map[string]*entry{}
	files, err := testdata.ReadDir("testdata")
	if err != nil {
		panic(err)
	}
	for _, de := range files {
		name := de.Name()
		ct := ""
		if f, ok := fixtureByName(name); ok {
			ct = f.ContentType
		}
		out[name] = newEntry(Response{Body: fixtureFile(name), ContentType: ct}, FixtureTime)
	}
	for _, f := range Fixtures {
		if len(f.Versions) > 0 {
			out[f.Name] = newEntry(Response{Body: fixtureFile(versionFile(f.Name, 1)),
				ContentType: f.ContentType}, FixtureTime)
		}
	}
	return out
})

// FixtureBody returns the bytes of a stored fixture file (for versioned
// ones, "changing-v2.xml" and so on); nil when there is none. Generated
// fixtures are not stored: use GenFeed.
func FixtureBody(name string) []byte {
	return fixtureFile(name)
}

func fixtureFile(name string) []byte {
	b, err := testdata.ReadFile(path.Join("testdata", name))
	if err != nil {
		return nil
	}
	return b
}

const (
	rssType  = "application/rss+xml; charset=utf-8"
	atomType = "application/atom+xml; charset=utf-8"
	htmlType = "text/html; charset=utf-8"
)

// Fixtures describes every static fixture, served at Path on every host:
// one per feed syntax (fixtures_syntax.go), then the hard cases —
// dates, charsets, relative links, bad items, errors, generated sizes
// (fixtures_edge.go).
var Fixtures = slices.Concat(syntaxFixtures, edgeFixtures)

func init() {
	for i := range Fixtures {
		Fixtures[i].Path = "/fixtures/" + Fixtures[i].Name
	}
}

// odd is a dates.xml item: link under herald.example.com, date written out.
func odd(title, link, guid, raw string, date time.Time, note string) Item {
	u := "https://herald.example.com" + link
	return Item{Title: title, Link: u, URL: u, Canonical: u, GUID: guid, DateRaw: raw, Date: date, Note: note}
}

// rel sets the link as written (relative) and a note.
func rel(it Item, link, note string) Item {
	it.Link, it.Note = link, note
	return it
}

// track sets the canonical URL and a note.
func track(it Item, canonical, note string) Item {
	it.Canonical, it.Note = canonical, note
	return it
}

// bad marks an unusable item, with its link as written.
func bad(it Item, link, note string) Item {
	it.Link, it.Bad, it.Note = link, true, note
	return it
}
