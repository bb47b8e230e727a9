package feedserver

import (
	"embed"
	"path"
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

// Fixtures describes every static fixture, served at Path on every host.
var Fixtures = []Fixture{
	{
		Name: "rss091.xml", Format: RSS091, ContentType: "text/xml",
		Charset: "iso-8859-1", DeclaredCharset: "iso-8859-1", WellFormed: true,
		Title: "Millbrook Evening Post", Link: "http://www.example.com/", ItemCount: 4,
		Items: []Item{
			item("Council approves footbridge over the Wend",
				"http://www.example.com/news/2026/1124/footbridge.html", "", "", "",
				"Work on the 40-metre crossing at Mill Lane"),
			item("Fish & chip shop marks 100 years on the quay",
				"http://www.example.com/news/2026/1123/chip-shop.html", "", "", "",
				"Three generations of the Doyle family"),
			item("Millbrook Rovers 2 Castleford Town 1",
				"http://www.example.com/sport/2026/1122/rovers.html", "", "", "",
				"A late header from Kofi Mensah"),
			with(item("Weather: frost tonight, sunny tomorrow", "http://www.example.com/weather/", "", "", "", ""),
				func(it *Item) {
					it.Note = "no description; the same link every day, so identity by link alone merges each day's forecast"
				}),
		},
		Note: "RSS 0.91 with the Netscape DOCTYPE (an external DTD that must not be fetched), declared " +
			"ISO-8859-1 though its bytes are ASCII, served as text/xml with no charset. No dates and no " +
			"guids: items are identified by link and dated when first seen.",
	},
	{
		Name: "rss092.xml", Format: RSS092, ContentType: "application/xml",
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Ashcombe Parish News", Link: "http://news.example.org/ashcombe/", ItemCount: 4,
		Items: []Item{
			item("Christmas lights switch-on moved to 28 November",
				"http://news.example.org/ashcombe/2026/11/23/lights.html", "", "", "",
				"The choir and the fish van will still be there"),
			with(item("", "http://news.example.org/ashcombe/2026/11/21/harvest-supper.html", "", "", "",
				"we raised £1,240 for the church roof"), func(it *Item) {
				it.Note = "no title (optional since 0.92): derive one from the description, whose entities " +
					"are escaped twice (&amp;mdash; &amp;pound;) inside escaped HTML"
			}),
			with(item("Bin collections: new calendar for 2027",
				"http://news.example.org/ashcombe/2026/11/19/bins.html", "", "", "",
				"Green bins move to Thursdays"), func(it *Item) {
				it.Note = "a PDF enclosure, which is not an image"
			}),
			with(item("Ashcombe Players to stage Blithe Spirit",
				"http://news.example.org/ashcombe/2026/11/17/players.html", "", "", "",
				"Tickets from the post office"), func(it *Item) {
				it.Note = "the title holds entity-escaped <i> markup, to strip; a <source> element"
			}),
		},
		Note: "RSS 0.92: a comment before the root, no item dates or guids, an item without a title.",
	},
	{
		Name: "rss10.rdf", Format: RSS10, ContentType: "application/rdf+xml",
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Northfield Courier", Link: "https://www.example.org/", ItemCount: 4,
		Items: []Item{
			item("Tram extension to Eastgate gets final approval",
				"https://www.example.org/2026/11/24/tram-extension",
				"https://www.example.org/2026/11/24/tram-extension",
				"2026-11-24T05:30:00+00:00", "Priya Raman", "four stops"),
			item("Hospital parking fees scrapped for night-shift staff",
				"https://www.example.org/2026/11/23/hospital-parking",
				"https://www.example.org/2026/11/23/hospital-parking",
				"2026-11-23T17:05:00-05:00", "Owen Hughes", "park free from 1 December"),
			with(item("Valley choir wins national title at first attempt",
				"https://www.example.org/2026/11/22/valley-choir",
				"https://www.example.org/2026/11/22/valley-choir",
				"", "Owen Hughes", "Three Valleys Community Choir"), func(it *Item) {
				it.DateRaw, it.Date = "2026-11-22", utc("2026-11-22T00:00:00Z")
				it.Note = "dc:date with no time (W3C-DTF allows it): midnight UTC; content:encoded CDATA"
			}),
			with(item("Allotment waiting list passes 600 names",
				"https://www.example.org/2026/11/21/allotments",
				"https://www.example.org/2026/11/21/allotments",
				"2026-11-21T09:12:45.120Z", "Beth Carr", "waited nine years"), func(it *Item) {
				it.Note = "fractional seconds"
			}),
		},
		Note: "RSS 1.0 (RDF): items are siblings of the channel, not inside it; the id is rdf:about; " +
			"dates and authors come from dc:date and dc:creator. Default namespace is RSS 1.0's.",
	},
	{
		Name: "rss20.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "The Harbour Gazette", Link: "https://www.example.com/",
		UpdateEvery: 60 * time.Minute, ItemCount: 5,
		Items: []Item{
			with(item("Storm “Ines” shuts ferry routes & coast road",
				"https://www.example.com/news/2026/11/24/storm-ines-ferries",
				"https://www.example.com/news/2026/11/24/storm-ines-ferries",
				"Tue, 24 Nov 2026 07:45:00 GMT", "Ana Lima",
				"cancelled until at least Wednesday noon"), func(it *Item) {
				it.Images = []string{
					"https://images.example.com/2026/11/24/storm-ines-1200.jpg",
					"https://images.example.com/2026/11/24/storm-ines-320.jpg",
				}
				it.Note = "numeric character references in the title; guid isPermaLink=true; description " +
					"is entity-escaped HTML (&lt;p&gt;), content:encoded the same story as CDATA HTML " +
					"(prefer it); the 1200px image is named by enclosure, media:content and an <img>, " +
					"the 320px one by media:thumbnail; two categories"
			}),
			with(item("City to buy back the old ropeworks site for housing",
				"https://www.example.com/news/2026/11/23/ropeworks-housing", "hg-2026-114873",
				"Mon, 23 Nov 2026 18:20:00 +0000", "Tom Okafor",
				"three-acre site — enough for about 220 homes"), func(it *Item) {
				it.Images = []string{"https://images.example.com/2026/11/23/ropeworks-960.jpg"}
				it.Note = "guid isPermaLink=false (an id, not a URL); <author> is " +
					"\"newsdesk@example.com (Tom Okafor)\": show the name; &amp;mdash; in the " +
					"description is a double-escaped dash; media:content with medium=image, no type"
			}),
			with(item("Harbour Talk, episode 112: who owns the waterfront?",
				"https://www.example.com/podcasts/harbour-talk/112",
				"https://www.example.com/podcasts/harbour-talk/112",
				"Mon, 23 Nov 2026 09:00:00 -0500", "Harbour Talk",
				"trace 150 years of land deals"), func(it *Item) {
				it.Images = []string{"https://images.example.com/podcasts/harbour-talk-3000.jpg"}
				it.Note = "a podcast episode: audio/mpeg enclosure (not an image), itunes:image, " +
					"itunes:duration; guid without isPermaLink is a permalink"
			}),
			with(item("Markets & money: port shares rise for a third day",
				"https://www.example.com/business/2026/11/22/port-shares",
				"https://www.example.com/business/2026/11/22/port-shares",
				"Sun, 22 Nov 2026 21:10:00 GMT", "Priya Raman",
				"closed 2.4% higher"), func(it *Item) {
				it.Images = []string{"https://images.example.com/2026/11/22/port-shares-320.jpg"}
				it.Note = "title in CDATA with a bare &; description is CDATA HTML; dc:creator in CDATA"
			}),
			with(item("Mayor’s budget: what changes for renters",
				"https://www.example.com/politics/2026/11/21/mayors-budget-renters", "hg-2026-114790",
				"Sat, 21 Nov 2026 12:00:00 +0100", "Sam Reyes",
				"the 2027 budget’s rent cap"), func(it *Item) {
				it.Note = "double-escaped entity: &amp;#8217; is &#8217; after XML decoding, and ’ " +
					"after decoding once more as HTML, as RSS titles are HTML in practice; " +
					"<author> holds a bare name"
			}),
		},
		Note: "RSS 2.0 with content, dc, media, itunes and atom namespaces; language en-us; ttl 60 " +
			"(minutes); managingEditor in \"email (Name)\" form.",
	},
	{
		Name: "atom03.xml", Format: Atom03, ContentType: "application/atom+xml",
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Lakeside Tech Review", Link: "https://www.example.net/", ItemCount: 4,
		Items: []Item{
			with(item("Ten-core laptop chip tested: fast, hot & thirsty",
				"https://www.example.net/2026/11/20/ten-core-laptop-chip.html",
				"tag:www.example.net,2026:/2026/11/20/ten-core-laptop-chip",
				"2026-11-20T09:00:00-05:00", "Hana Sato",
				"the fastest laptop part we have tested — and the hottest"), func(it *Item) {
				it.Note = "title and content mode=escaped type=text/html: entities escaped twice " +
					"(&amp;amp;); the date is <issued> (also <modified>, <created>)"
			}),
			with(item("Phone makers agree on a common charger for earbuds",
				"https://www.example.net/2026/11/18/earbud-charger.html",
				"tag:www.example.net,2026:/2026/11/18/earbud-charger",
				"", "Lakeside Tech Review", "Seven manufacturers signed the pledge on Wednesday"),
				func(it *Item) {
					it.DateRaw, it.Date = "2026-11-18T11:30:00", utc("2026-11-18T11:30:00Z")
					it.Note = "<issued> without a zone (Atom 0.3 allows local time): read as UTC; " +
						"content mode=xml (inline XHTML); no author: the feed's"
				}),
			with(item("Review: the e-reader that thinks it's a notebook",
				"https://www.example.net/2026/11/16/e-reader-notebook.html",
				"tag:www.example.net,2026:/2026/11/16/e-reader-notebook",
				"2026-11-16T07:20:00Z", "Felix Berg", "a battery that lasts three weeks"), func(it *Item) {
				it.Note = "only <modified>, no <issued>"
			}),
			with(item("Podcast: the week in chips",
				"https://www.example.net/2026/11/14/podcast-week-in-chips.html",
				"tag:www.example.net,2026:/2026/11/14/podcast-week-in-chips",
				"2026-11-14T17:00:00Z", "Lakeside Tech Review",
				"why every chip maker suddenly wants its own factory"), func(it *Item) {
				it.Note = "content mode=base64: decode it; an audio enclosure link; no author: the feed's"
			}),
		},
		Note: "Atom 0.3 (namespace http://purl.org/atom/ns#): <issued>/<modified> instead of " +
			"<published>/<updated>, <tagline>, content modes escaped/xml/base64.",
	},
	{
		Name: "atom10.xml", Format: Atom10, ContentType: atomType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Field Notes from the Wend Valley", Link: "https://blog.example.org/", ItemCount: 4,
		Items: []Item{
			with(item("The footbridge that floods every November",
				"https://blog.example.org/2026/11/story", "tag:blog.example.org,2026:/2026/11/story",
				"2026-11-21T09:00:00+01:00", "Marta Kowalski", "went under again on Thursday"),
				func(it *Item) {
					it.Link = "/2026/11/story"
					it.Note = "rel=alternate href \"/2026/11/story\" against the feed's xml:base; the " +
						"rel=replies link is not the article; content type=html with a relative " +
						"<img src=\"/images/2026/11/footbridge.jpg\"> (https://blog.example.org/images/2026/11/footbridge.jpg)"
				}),
			with(item("Why slow rivers flood faster",
				"https://blog.example.org/2026/11/river-levels",
				"tag:blog.example.org,2026:/2026/11/river-levels",
				"2026-11-19T16:40:00Z", "Marta Kowalski", "more of it piles up behind the weir"),
				func(it *Item) {
					it.Link = "river-levels"
					it.Note = "entry xml:base \"/2026/11/\" is itself relative to the feed's; a link " +
						"without rel is the alternate; title type=html with <em>; content " +
						"type=xhtml whose link ../10/weir-survey is https://blog.example.org/2026/10/weir-survey; " +
						"only <updated>; no author: the feed's"
				}),
			with(item("Guest post: counting otters on the Wend",
				"https://wildlife.example.net/blog/2026/otters-on-the-wend",
				"tag:blog.example.org,2026:/2026/11/otters",
				"2026-11-17T08:05:00Z", "Leo Brandt", "Eleven otters in six weeks"), func(it *Item) {
				it.Note = "absolute alternate on another host; rel=via is not the article; only <updated>; summary only"
			}),
			with(item("From the archive: the great flood of 1968",
				"https://archive.example.org/blog/1968/great-flood.html",
				"tag:blog.example.org,2026:/archive/1968-flood",
				"2026-11-14T12:00:00Z", "Marta Kowalski", "rose 4.6 m in a night"), func(it *Item) {
				it.Link = "1968/great-flood.html"
				it.Images = []string{"https://archive.example.org/scans/1968-high-street.jpg"}
				it.Note = "absolute entry xml:base on another host; an image enclosure with a " +
					"root-relative href; no author: the feed's"
			}),
		},
		Note: "Atom 1.0 with xml:base on the feed (https://blog.example.org/) and on entries; relative " +
			"hrefs; two entries have only <updated>; text, html and xhtml constructs; the feed's " +
			"subtitle is type=html with &amp;amp;.",
	},
	{
		Name: "jsonfeed10.json", Format: JSONFeed10, ContentType: "application/json",
		Charset: "utf-8", WellFormed: true,
		Title: "Ridgeway Daily", Link: "https://ridgeway.example.com/", ItemCount: 4,
		Items: []Item{
			with(item("Wind farm vote postponed after 3,000 objections",
				"https://ridgeway.example.com/2026/11/22/wind-farm-vote",
				"https://ridgeway.example.com/2026/11/22/wind-farm-vote",
				"2026-11-22T06:15:00-08:00", "Grace Adeyemi", "more than 3,000 objections"),
				func(it *Item) {
					it.Images = []string{
						"https://ridgeway.example.com/media/2026/11/wind-farm-1600.jpg",
						"https://ridgeway.example.com/media/2026/11/wind-farm-banner.jpg",
					}
					it.Note = "date_modified 2026-11-22T09:40:00-08:00 as well; image and banner_image; " +
						"author object (1.0), tags"
				}),
			with(item("Bakery and café opens in the old post office",
				"https://ridgeway.example.com/2026/11/21/bakery", "20261121",
				"2026-11-21T07:00:00Z", "Tom Ellery", "employ nine people"), func(it *Item) {
				it.Note = "the id is a JSON number (the spec says string): take its decimal text; " +
					"content_text only; \\u00e9 escapes"
			}),
			with(item("Water quality report: what the numbers mean",
				"https://ridgeway.example.com/2026/11/20/water-report", "rd-7781",
				"2026-11-20T12:30:00+00:00", "Ridgeway Daily newsroom",
				"Nitrate levels in the Ridgeway springs fell"), func(it *Item) {
				it.Note = "external_url names a PDF elsewhere: url is the item's own page; a PDF " +
					"attachment; no author: the feed's"
			}),
			with(item("Road closures for the Ridgeway half marathon",
				"https://ridgeway.example.com/2026/11/19/road-closures", "rd-7779",
				"2026-11-19T18:00:00Z", "Ridgeway Daily newsroom",
				"closed between 8am and 1pm"), func(it *Item) {
				it.Note = "only date_modified; no author: the feed's"
			}),
		},
		Note: "JSON Feed 1.0 (version https://jsonfeed.org/version/1), served as application/json; " +
			"singular author objects.",
	},
	{
		Name: "jsonfeed11.json", Format: JSONFeed11, ContentType: "application/feed+json; charset=utf-8",
		Charset: "utf-8", WellFormed: true,
		Title: "Quayside Notes", Link: "https://notes.example.net/", ItemCount: 4,
		Items: []Item{
			with(item("Pier lights restored after six-week repair",
				"https://notes.example.net/2026/11/24/pier-lights", "qn-0412",
				"2026-11-24T17:30:00+00:00", "Ines Duarte", "took out half of them in October"),
				func(it *Item) {
					it.Images = []string{
						"https://notes.example.net/media/2026/11/pier-lights-1200.jpg",
						"https://notes.example.net/media/2026/11/pier-lights-banner.jpg",
					}
					it.Note = "both content_html and content_text (prefer the HTML); date_modified " +
						"18:02 as well; authors[]; language en-GB"
				}),
			with(item("", "https://notes.example.net/2026/11/23/harbour-seal", "qn-0411",
				"2026-11-23T08:10:00Z", "Ines Duarte", "asleep on the slipway"), func(it *Item) {
				it.Note = "no title (a microblog post): derive one from content_text; no authors: the feed's"
			}),
			with(item("Fishing quota talks: what is on the table",
				"https://notes.example.net/2026/11/22/quota-talks", "qn-0410",
				"2026-11-22T20:00:00+01:00", "Rui Costa, Ines Duarte", "haddock quota"), func(it *Item) {
				it.Note = "two authors (Rui Costa, Ines Duarte); item language en differs from the feed's en-GB"
			}),
			with(item("Café fines for pavement tables suspended",
				"https://notes.example.net/2026/11/21/pavement-tables", "qn-0409",
				"2026-11-21T11:00:00Z", "Ines Duarte", "paused £150 fines"), func(it *Item) {
				it.Note = "only date_modified"
			}),
		},
		Note: "JSON Feed 1.1 (version https://jsonfeed.org/version/1.1): authors[] and language on " +
			"feed and items; an _quayside extension object to ignore.",
	},
	{
		Name: "dates.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Cobbleton Herald", Link: "https://herald.example.com/", ItemCount: 10,
		Items: []Item{
			odd("Road resurfacing on High Street delayed again", "/news/high-street-resurfacing",
				"cobh-9001", "", time.Time{}, "no date at all: date it when first seen"),
			odd("School board approves later start times", "/news/school-start-times", "cobh-9002",
				"Tue, 5 Nov 2026 10:00:00 EST", utc("2026-11-05T15:00:00Z"),
				"US zone abbreviation: EST is UTC−5 (Go's time.Parse gives an unknown abbreviation "+
					"offset 0); single-digit day; the weekday is wrong (5 Nov 2026 is a Thursday) and must be ignored"),
			odd("Farmers market moves indoors for winter", "/news/farmers-market-indoors", "cobh-9003",
				"2026-11-05 10:00:00", utc("2026-11-05T10:00:00Z"), "SQL style, no zone: UTC"),
			odd("Obituary: Ruth Marsh, 1931-2026", "/obituaries/ruth-marsh", "cobh-9004",
				"5 Nov 2026", utc("2026-11-05T00:00:00Z"), "day only, no weekday or time: midnight UTC"),
			odd("Water main burst floods Mill Road cellars", "/news/mill-road-water-main", "cobh-9005",
				"Tuesday, 05-Nov-26 10:00:00 GMT", utc("2026-11-05T10:00:00Z"),
				"RFC 850: full weekday (wrong, too) and a two-digit year"),
			odd("Library card sign-ups double after fines scrapped", "/news/library-cards", "cobh-9006",
				"2026-11-05T10:00:00", utc("2026-11-05T10:00:00Z"), "ISO 8601 without a zone: UTC"),
			odd("Letters: the bypass, the bins and the bandstand", "/opinion/letters-2026-11-05", "cobh-9007",
				"yesterday", time.Time{}, "garbage: no date (never fail the feed for it)"),
			odd("Council publishes 75-year flood plan", "/news/flood-plan", "cobh-9008",
				"Thu, 01 Jan 2099 00:00:00 GMT", utc("2099-01-01T00:00:00Z"),
				"far in the future: clamp it to the fetch time"),
			odd("New bus route links the station and the hospital", "/news/bus-route-42", "cobh-9009",
				"Thu, 05 Nov 2026 10:00 +0100", utc("2026-11-05T09:00:00Z"), "no seconds"),
			odd("Cobbleton Lions raise $12,000 for the food bank", "/news/lions-food-bank", "cobh-9010",
				"2026-11-05T10:00:00+02:00", utc("2026-11-05T08:00:00Z"),
				"dc:date (W3C-DTF) in an RSS 2.0 item that has no pubDate"),
		},
		Note: "RSS 2.0 whose items carry a missing, odd, unreadable or future date; Date is what a " +
			"lenient parser should read (zero: none), before any clamping.",
	},
	{
		Name: "latin1.xml", Format: RSS20, ContentType: "application/rss+xml",
		Charset: "iso-8859-1", DeclaredCharset: "iso-8859-1", WellFormed: true,
		Title: "Der Grenzbote · Le Frontalier", Link: "https://www.example.net/grenzbote/", ItemCount: 3,
		Items: []Item{
			item("Café « Le Zéphyr » rouvre après deux ans de travaux",
				"https://www.example.net/grenzbote/fr/2026/11/cafe-zephyr", "gb-fr-30981",
				"Mon, 23 Nov 2026 16:45:00 +0100", "", "accueille de nouveau ses clients dès lundi"),
			item("Müller gewinnt den Straßenlauf von Grenzach",
				"https://www.example.net/grenzbote/de/2026/11/strassenlauf", "gb-de-30977",
				"Sun, 22 Nov 2026 14:10:00 +0100", "", "Die Läuferin aus Münchenstein"),
			item("Föhn bringt 18 °C im November",
				"https://www.example.net/grenzbote/de/2026/11/foehn", "gb-de-30970",
				"Sat, 21 Nov 2026 08:00:00 +0100", "", "zuletzt 1994"),
		},
		Note: "ISO-8859-1 bytes (é ü ß « » ° ·), declared in the XML declaration; the Content-Type " +
			"has no charset, so the declaration decides.",
	},
	{
		Name: "cp1252.xml", Format: RSS20, ContentType: "application/rss+xml",
		Charset: "windows-1252", DeclaredCharset: "windows-1252", WellFormed: true,
		Title: "Eastport Chronicle", Link: "https://www.example.com/eastport/", ItemCount: 3,
		Items: []Item{
			item("Bus fares rise to €2.80 for “peak” journeys",
				"https://www.example.com/eastport/news/bus-fares-peak", "ec-77120",
				"Tue, 24 Nov 2026 07:00:00 +0000", "", "calls the rise “modest” – passengers disagree"),
			item("Council’s €1.2m pothole plan – will it work?",
				"https://www.example.com/eastport/news/pothole-plan", "ec-77114",
				"Mon, 23 Nov 2026 12:30:00 +0000", "", "it’s enough for one year’s repairs"),
			item("“We’re not going anywhere”: market traders dig in",
				"https://www.example.com/eastport/news/market-traders", "ec-77109",
				"Sun, 22 Nov 2026 18:00:00 +0000", "", "the retail park… for now"),
		},
		Note: "windows-1252 bytes, declared: 0x80 €, 0x93/0x94 “ ”, 0x92 ’, 0x96 –, 0x85 …, which " +
			"ISO-8859-1 decoding would turn into C1 control characters.",
	},
	{
		Name: "latin1-header.xml", Format: RSS20, ContentType: "text/xml; charset=ISO-8859-1",
		Charset: "iso-8859-1", WellFormed: true,
		Title: "El Faro de Ejemplo", Link: "https://faro.example.org/", ItemCount: 3,
		Items: []Item{
			item("Año récord para el puerto: 3,2 millones de toneladas",
				"https://faro.example.org/economia/2026/11/24/puerto-record", "faro-51230",
				"Tue, 24 Nov 2026 09:30:00 +0100", "", "El tráfico de contenedores creció"),
			item("La alcaldesa inaugura la biblioteca «Miguel Ángel»",
				"https://faro.example.org/cultura/2026/11/23/biblioteca", "faro-51222",
				"Mon, 23 Nov 2026 13:00:00 +0100", "", "abre también los domingos"),
			item("Niños y niñas vuelven a la piscina municipal",
				"https://faro.example.org/ciudad/2026/11/22/piscina", "faro-51215",
				"Sun, 22 Nov 2026 10:15:00 +0100", "", "el agua está a 28 °C"),
		},
		Note: "ISO-8859-1 bytes and no XML declaration at all: the charset comes only from the HTTP " +
			"header (text/xml; charset=ISO-8859-1); read as UTF-8 the bytes are invalid.",
	},
	{
		Name: "bom.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Alpine Wire", Link: "https://alpine.example.com/", ItemCount: 3,
		Items: []Item{
			item("🎄 Zürich Christmas market opens with 150 stalls",
				"https://alpine.example.com/2026/11/24/zurich-market", "aw-20261124-1",
				"Tue, 24 Nov 2026 11:00:00 +0100", "", "Glühwein is up 50 centimes"),
			item("Kraków’s new tram line: a naïve plan or a bold one?",
				"https://alpine.example.com/2026/11/23/krakow-tram", "aw-20261123-2",
				"Mon, 23 Nov 2026 15:00:00 +0100", "", "Nowa Huta’s busiest streets"),
			item("Snow arrives early in the Valais — ski lifts open Saturday",
				"https://alpine.example.com/2026/11/22/valais-snow", "aw-20261122-3",
				"Sun, 22 Nov 2026 07:30:00 +0100", "", "Up to 60 cm fell"),
		},
		Note: "UTF-8 with a byte order mark (EF BB BF) before the XML declaration; a four-byte emoji.",
	},
	{
		Name: "utf16.xml", Format: RSS20, ContentType: "application/rss+xml",
		Charset: "utf-16le", DeclaredCharset: "utf-16", WellFormed: true,
		Title: "港町新報 Minato Shimpo", Link: "https://minato.example.org/", ItemCount: 3,
		Items: []Item{
			item("港湾地区に新しい歩道橋が完成",
				"https://minato.example.org/news/2026/11/24/footbridge", "minato-88412",
				"Tue, 24 Nov 2026 18:00:00 +0900", "", "来月から通行可能に"),
			item("Fish market auction goes online / 魚市場の競り、オンラインに",
				"https://minato.example.org/news/2026/11/23/fish-auction", "minato-88405",
				"Mon, 23 Nov 2026 06:30:00 +0900", "", "Buyers in Osaka-Example can now bid from home"),
			item("秋祭り、3年ぶりに山車が巡行",
				"https://minato.example.org/news/2026/11/22/autumn-festival", "minato-88398",
				"Sun, 22 Nov 2026 20:00:00 +0900", "", "約2万人が見物に訪れた"),
		},
		Note: "UTF-16LE with a BOM (FF FE); the declaration says UTF-16 and can be read only after the " +
			"BOM is honoured; the Content-Type has no charset.",
	},
	{
		Name: "sy.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Westbank Community Radio News", Link: "https://westbank.example.org",
		UpdateEvery: 30 * time.Minute, ItemCount: 3,
		Items: []Item{
			item("Late-night buses return to the west bank",
				"https://westbank.example.org/2026/11/24/late-night-buses/",
				"https://westbank.example.org/?p=5512", "Tue, 24 Nov 2026 19:02:40 +0000",
				"Kemi Adebayo", "will run until 2am on Fridays and Saturdays from December"),
			item("Youth club gets keys to the old fire station",
				"https://westbank.example.org/2026/11/23/youth-club-fire-station/",
				"https://westbank.example.org/?p=5507", "Mon, 23 Nov 2026 15:30:12 +0000",
				"Kemi Adebayo", "A 25-year lease for a peppercorn rent"),
			item("On air tonight: the Westbank election debate",
				"https://westbank.example.org/2026/11/22/election-debate/",
				"https://westbank.example.org/?p=5499", "Sun, 22 Nov 2026 09:00:00 +0000",
				"Newsroom", "Four candidates, one hour, your questions"),
		},
		Note: "WordPress style: sy:updatePeriod \"hourly\" and sy:updateFrequency \"2\" wrapped in " +
			"newlines and tabs (trim them): every 30 minutes. Guids with isPermaLink=false look like " +
			"URLs (?p=) but are ids, not links; descriptions end in [&#8230;].",
	},
	{
		Name: "relative.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Globe Desk", Link: "https://www.example.com/world/", ItemCount: 5,
		Items: []Item{
			rel(item("Ceasefire talks resume in Port Example", "https://www.example.com/news/1", "gd-1",
				"Tue, 24 Nov 2026 06:00:00 GMT", "", "Delegations met for six hours on Monday"), "/news/1",
				"root-relative link; the description's <img src=\"/img/2026/11/talks.jpg\"> is "+
					"https://www.example.com/img/2026/11/talks.jpg"),
			rel(with(item("Summit ends with a climate pledge and no timetable",
				"https://www.example.com/world/story.html", "gd-2", "Mon, 23 Nov 2026 22:15:00 GMT", "",
				"Forty-one countries signed"), func(it *Item) {
				it.Images = []string{"https://www.example.com/world/images/summit.jpg"}
			}), "story.html", "document-relative link and enclosure url (images/summit.jpg)"),
			rel(item("Video: inside the new Arctic research station", "https://cdn.example.com/x", "gd-3",
				"Mon, 23 Nov 2026 14:00:00 GMT", "", "before its first winter"), "//cdn.example.com/x",
				"scheme-relative link: takes the base's https"),
			rel(item("Derby ends level after stoppage-time penalty",
				"https://www.example.com/sport/results/derby.html", "gd-4",
				"Sun, 22 Nov 2026 19:55:00 GMT", "", "keeps both sides in the top four"), "results/derby.html",
				"the item's own xml:base (https://www.example.com/sport/) replaces the channel's"),
			rel(item("Elections: turnout the highest since 1990",
				"https://www.example.com/world/2026/11/22/elections.html", "gd-5",
				"Sun, 22 Nov 2026 08:30:00 GMT", "", "Seventy-eight percent of voters"),
				"https://www.example.com/world/2026/11/22/elections.html",
				"absolute link wrapped in newlines and spaces: trim it"),
		},
		Note: "RSS 2.0 with xml:base=\"https://www.example.com/world/\" on the channel: links resolve " +
			"against it (not against the feed's own URL); the channel link \"/world/\" is relative too.",
	},
	{
		Name: "tracking.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Harbour Gazette: Business",
		Link:  "https://www.example.com/business/?utm_source=rss&utm_medium=feed", ItemCount: 5,
		Items: []Item{
			track(item("Port expansion wins government backing",
				"https://www.example.com/business/2026/11/port-expansion?utm_source=rss&utm_medium=feed&utm_campaign=business#comments",
				"https://www.example.com/business/2026/11/port-expansion?utm_source=rss&utm_medium=feed&utm_campaign=business#comments",
				"Tue, 24 Nov 2026 10:00:00 GMT", "", "two deep-water berths"),
				"https://www.example.com/business/2026/11/port-expansion", "utm_* parameters and a #fragment"),
			track(item("Battery plant to hire 400 by next summer",
				"https://www.example.com/tech/2026/11/battery.html?id=4471&utm_source=rss&utm_medium=feed",
				"https://www.example.com/tech/2026/11/battery.html?id=4471&utm_source=rss&utm_medium=feed",
				"Tue, 24 Nov 2026 08:30:00 GMT", "", "Recruitment opens in January"),
				"https://www.example.com/tech/2026/11/battery.html?id=4471",
				"a real parameter (id) to keep among utm_* ones"),
			track(item("Port expansion wins government backing",
				"https://www.example.com/business/2026/11/port-expansion?utm_source=twitter&utm_medium=social",
				"https://www.example.com/business/2026/11/port-expansion?utm_source=twitter&utm_medium=social",
				"Tue, 24 Nov 2026 10:00:00 GMT", "", "two deep-water berths"),
				"https://www.example.com/business/2026/11/port-expansion",
				"the same article as the first item (same canonical URL, a different guid): keep one"),
			track(item("Film festival sells out in record time",
				"https://www.example.com/culture/film-festival#top", "hgb-20261123-film",
				"Mon, 23 Nov 2026 17:45:00 GMT", "", "All 14,000 tickets went in 38 minutes"),
				"https://www.example.com/culture/film-festival", "a #fragment only"),
			item("Fish market prices hold steady", "https://www.example.com/business/2026/11/fish-market",
				"hgb-20261123-fish", "Mon, 23 Nov 2026 07:15:00 GMT", "", "Cod and haddock unchanged"),
		},
		Note: "Item links carry utm_source/utm_medium/utm_campaign and #fragments (&amp; in the XML); " +
			"the same article is listed twice with different utm parameters and guids (the permalink " +
			"guids carry the parameters too).",
	},
	{
		Name: "baditem.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Saltmarsh Weekly", Link: "https://saltmarsh.example.org/", ItemCount: 6,
		Items: []Item{
			item("Ferry fares frozen for the winter", "https://saltmarsh.example.org/2026/11/24/ferry-fares",
				"https://saltmarsh.example.org/2026/11/24/ferry-fares", "Tue, 24 Nov 2026 09:00:00 GMT",
				"", "Fares stay at 2025 prices"),
			bad(item("Live: election night updates", "", "", "Tue, 24 Nov 2026 08:00:00 GMT", "",
				"Follow the count as it happens"), "", "no link and no guid: nothing to open and no stable identity"),
			item("Sea wall repairs finish early", "https://saltmarsh.example.org/2026/11/23/sea-wall",
				"https://saltmarsh.example.org/2026/11/23/sea-wall", "Mon, 23 Nov 2026 16:00:00 GMT",
				"", "three weeks ahead of schedule"),
			bad(item("Click to play: this week's estuary quiz", "", "", "Mon, 23 Nov 2026 12:00:00 GMT", "",
				"Ten questions on the week's news"), "javascript:openQuiz(47)",
				"a javascript: link and no guid: never store or open the link"),
			item("Oyster season opens with a bumper harvest", "https://saltmarsh.example.org/2026/11/22/oysters",
				"https://saltmarsh.example.org/2026/11/22/oysters", "Sun, 22 Nov 2026 11:30:00 GMT",
				"", "twice last year's catch"),
			bad(item("Corrections and clarifications", "", "", "", "", ""), "",
				"only a title: no link, guid, date or text"),
		},
		Note: "Three good items among three bad ones; keep the good ones whatever is done with the bad.",
	},
	{
		Name: "malformed.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: false,
		Title: "Eastgate Echo", Link: "https://echo.example.net/", ItemCount: 3,
		Items: []Item{
			item("New owners for the Eastgate Arms", "https://echo.example.net/2026/11/24/eastgate-arms",
				"https://echo.example.net/2026/11/24/eastgate-arms", "Tue, 24 Nov 2026 11:00:00 GMT", "",
				"The pub reopens on Friday"),
			with(item("Marks & Spencer-style food hall planned for the arcade",
				"https://echo.example.net/2026/11/23/food-hall?ref=home&src=rss",
				"https://echo.example.net/2026/11/23/food-hall", "Mon, 23 Nov 2026 15:20:00 GMT", "",
				"and a rooftop terrace"), func(it *Item) {
				it.Note = "bare & in the title and the link; an unclosed <br> in the description"
			}),
			with(item("Eastgate 3 Riverside 0", "https://echo.example.net/2026/11/22/eastgate-riverside",
				"https://echo.example.net/2026/11/22/eastgate-riverside", "Sun, 22 Nov 2026 17:05:00 GMT", "",
				"sent the home side top"), func(it *Item) {
				it.Note = "the document ends inside this item's closing </description> tag"
			}),
		},
		Note: "Not well-formed: a bare & (item 2), an unclosed <br>, and the document stops mid-tag " +
			"in item 3 with channel and rss unclosed. A strict parser fails at item 2; a recovering " +
			"one may get the three items above. Either way the fetch is recorded as malformed or " +
			"kept only as far as it is sure, and no stored article is removed.",
	},
	{
		Name: "empty.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Hillside Council Notices", Link: "https://notices.example.org/",
		UpdateEvery: 24 * time.Hour, ItemCount: 0, Items: []Item{},
		Note: "A valid RSS 2.0 channel with no items (ttl 1440): not an error, and no reason to " +
			"remove stored articles.",
	},
	{
		Name: "notafeed.html", Format: HTML, ContentType: htmlType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "The Harbour Gazette – News, sport and weather from the harbour",
		Link:  "https://www.example.com/",
		Alternates: []Alternate{
			{Type: "application/rss+xml", Title: "Harbour Gazette – Top stories",
				Href: "/fixtures/rss20.xml", Path: "/fixtures/rss20.xml"},
			{Type: "application/atom+xml", Title: "Field Notes (Atom)",
				Href: "atom10.xml", Path: "/fixtures/atom10.xml"},
			{Type: "application/feed+json", Title: "Quayside Notes (JSON Feed)",
				Href: "jsonfeed11.json", Path: "/fixtures/jsonfeed11.json"},
		},
		Note: "An outlet's home page where a feed was expected (200, text/html): not a feed, but its " +
			"head names three feeds to discover, with hrefs relative to the page's URL. The " +
			"hreflang alternate has no type and is not a feed; the body's \"RSS feeds\" anchor is " +
			"not an alternate. Not XML (void <meta>/<link> tags).",
	},
	{
		Name: "nofeed.html", Format: HTML, ContentType: htmlType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Page not found – Ashcombe Parish News",
		Note: "An HTML page (served 200, as soft-404 pages are) with no feed links: not a feed, " +
			"and discovery finds nothing.",
	},
	{
		Name: "changing.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true,
		Title: "Kingsbridge Bulletin", Link: "https://www.example.com/kingsbridge/", ItemCount: 3,
		Items: ChangingVersions[0], Versions: ChangingVersions,
		Note: "Changes with Server.SetVersion (see ChangingVersions): v2 edits a title, moves a " +
			"link and adds an item; v3 changes a guid. v1 serves 3 items, v2 and v3 4. Each " +
			"version is also served as changing-vN.xml.",
	},
	{
		Name: "large.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true, Generated: true,
		Title: LargeTitle, Link: "https://example.com/large/", UpdateEvery: 30 * time.Minute,
		ItemCount: LargeItems,
		Note: "Generated at run time, never stored: 5,000 items, several MiB; its items are " +
			"GenItems(\"large\", LargeItems, 0, FixtureTime).",
	},
	{
		Name: "huge.xml", Format: RSS20, ContentType: rssType,
		Charset: "utf-8", DeclaredCharset: "utf-8", WellFormed: true, Generated: true,
		Title: HugeTitle, Link: "https://example.com/huge/", UpdateEvery: 30 * time.Minute,
		ItemCount: HugeItems,
		Note: "Generated at run time: over 10 MiB, for a body cap. Gzipped it is far smaller, so a " +
			"cap must apply to the decompressed bytes; with ?chunked=1 it comes without " +
			"Content-Length. Its items are GenItems(\"huge\", HugeItems, 0, FixtureTime).",
	},
}

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
