package feedserver

import "time"

// syntaxFixtures are one well-formed document per feed syntax, each with
// the fields its syntax has and the quirks real feeds of it show.
var syntaxFixtures = []Fixture{
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
}
