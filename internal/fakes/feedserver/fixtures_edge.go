package feedserver

import "time"

// edgeFixtures are the hard cases: odd dates, charsets and byte order
// marks, relative and tracking links, bad items, malformed and empty
// documents, pages instead of feeds, a feed that changes, and generated
// large and huge ones.
var edgeFixtures = []Fixture{
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
