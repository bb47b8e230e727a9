package normalise

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Every format gofeed reads arrives as the same items.
func TestParseFormats(t *testing.T) {
	cases := []struct {
		file, format, title string
		lang                string
		site                string
		items               int
		firstURL, firstT    string
	}{
		{"rss2.xml", "RSS 2.0", "The Daily & Nightly", "en", "https://news.example.com/", 4, "https://news.example.com/2024/budget?id=7", "Council approves budget & roads"},
		{"rss1.rdf", "RSS 1.0", "RDF Site", "de", "https://rdf.example.org/", 2, "https://rdf.example.org/one", "Erste Meldung"},
		{"rss091.xml", "RSS 0.91", "Old School", "fr", "http://old.example.net/", 1, "http://old.example.net/1.html", "Première nouvelle"},
		{"atom10.xml", "Atom 1.0", "Blogg & mer", "no", "https://blog.example.com/", 2, "https://blog.example.com/posts/first.html", "Relative links"},
		{"atom03.xml", "Atom 0.3", "Atom Zero Three", "", "http://a03.example.com/", 1, "http://a03.example.com/2004/05/01/e", "Ancient entry"},
		{"jsonfeed11.json", "JSON Feed 1.1", "JSON & Friends", "es", "https://json.example.com/", 2, "https://json.example.com/posts/uno", "Uno"},
		{"jsonfeed10.json", "JSON Feed 1", "Version One", "", "https://one.example.com/", 1, "https://one.example.com/a", "Just text, no title, no url."},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			doc, err := Parse(readTestdata(t, tc.file), "", testFeedURL, now)
			if err != nil {
				t.Fatal(err)
			}
			if doc.Format != tc.format || doc.Title != tc.title || string(doc.Language) != tc.lang || doc.SiteURL != tc.site {
				t.Errorf("feed = %q %q lang %q site %q, want %q %q lang %q site %q",
					doc.Format, doc.Title, doc.Language, doc.SiteURL, tc.format, tc.title, tc.lang, tc.site)
			}
			if len(doc.Items) != tc.items {
				t.Fatalf("got %d items, want %d; skipped %+v", len(doc.Items), tc.items, doc.Skipped)
			}
			if a := doc.Items[0].Article; a.URL != tc.firstURL || a.Title != tc.firstT {
				t.Errorf("first item %q %q, want %q %q", a.URL, a.Title, tc.firstURL, tc.firstT)
			}
			for _, it := range doc.Items {
				if it.Article.Source.ID != "" || it.Article.Source.Name != "" {
					t.Errorf("Source set to %+v; the poller sets it", it.Article.Source)
				}
			}
		})
	}
}

// The sample RSS 2.0 feed item by item: what a reader of the feed sees.
func TestParseRSSSample(t *testing.T) {
	doc, err := Parse(readTestdata(t, "rss2.xml"), "application/rss+xml", testFeedURL, now)
	if err != nil {
		t.Fatal(err)
	}
	want := []flat{{
		GUID: "news-7", URL: "https://news.example.com/2024/budget?id=7",
		Title:       "Council approves budget & roads",
		Description: "The council voted on Tuesday.",
		Content:     "The council voted on Tuesday.\n\nIt includes schools & roads.",
		Image:       "https://cdn.example.com/budget-800.jpg", Author: "Jane Doe, John Roe",
		PublishedAt: time.Date(2024, 12, 10, 8, 30, 0, 0, time.UTC),
	}, {
		GUID: "https://news.example.com/2024/att", URL: "https://news.example.com/2024/att",
		Title: "AT&T posts results; a < b", Description: "Shares rose.",
		Image: "https://cdn.example.com/att.png", Author: "Mary Major",
		PublishedAt: time.Date(2024, 12, 11, 12, 0, 0, 0, time.UTC),
	}, {
		GUID: "https://news.example.com/podcast/42", URL: "https://news.example.com/podcast/42",
		Title: "Podcast episode", Image: "https://cdn.example.com/podcast.jpg",
	}, {
		GUID: "https://news.example.com/future", URL: "https://news.example.com/future",
		Title: "From the future",
	}}
	if len(doc.Items) != len(want) {
		t.Fatalf("got %d items, want %d", len(doc.Items), len(want))
	}
	for i, it := range doc.Items {
		a := it.Article
		got := flat{it.GUID, a.URL, a.Title, a.Description, a.Content, a.URLToImage, a.Author, a.PublishedAt}
		if got != want[i] {
			t.Errorf("item %d\n got %+v\nwant %+v", i, got, want[i])
		}
	}
	wantSkipped := []Skipped{
		{2, "Same story again", "same address as item 0"},
		{4, "Click me", "unusable link (javascript: address, not http(s))"},
	}
	if len(doc.Skipped) != len(wantSkipped) {
		t.Fatalf("skipped %+v, want %+v", doc.Skipped, wantSkipped)
	}
	for i := range wantSkipped {
		if doc.Skipped[i] != wantSkipped[i] {
			t.Errorf("skipped[%d] = %+v, want %+v", i, doc.Skipped[i], wantSkipped[i])
		}
	}
	if doc.MinInterval != 15*time.Minute || doc.RawLanguage != "en-GB" || doc.Description != "News, all of it." {
		t.Errorf("feed fields: interval %v, raw language %q, description %q", doc.MinInterval, doc.RawLanguage, doc.Description)
	}
}

func TestParseAtomSample(t *testing.T) {
	doc, err := Parse(readTestdata(t, "atom10.xml"), "application/atom+xml", testFeedURL, now)
	if err != nil {
		t.Fatal(err)
	}
	want := []flat{{
		GUID: "tag:blog.example.com,2024:1", URL: "https://blog.example.com/posts/first.html",
		Title: "Relative links", Description: "First summary", Content: "First paragraph.\n\nSecond.",
		Image: "https://blog.example.com/posts/pic.png", Author: "Ola, Kari",
		PublishedAt: time.Date(2024, 12, 10, 8, 0, 0, 0, time.UTC),
	}, {
		// only <updated>: that is its date; no author: the feed's
		GUID: "tag:blog.example.com,2024:2", URL: "https://blog.example.com/second.html",
		Title: "Only updated", Content: "XHTML body", Image: "https://i.example.com/thumb.jpg",
		Author: "Kari Nordmann", PublishedAt: time.Date(2024, 12, 12, 18, 30, 2, 0, time.UTC),
	}}
	for i, it := range doc.Items {
		a := it.Article
		got := flat{it.GUID, a.URL, a.Title, a.Description, a.Content, a.URLToImage, a.Author, a.PublishedAt}
		if i >= len(want) || got != want[i] {
			t.Errorf("item %d\n got %+v\nwant %+v", i, got, want[min(i, len(want)-1)])
		}
	}
	if doc.RawLanguage != "nb-NO" || doc.Language != "no" {
		t.Errorf("language %q (%q), want no (nb-NO)", doc.Language, doc.RawLanguage)
	}
}

func TestParseJSONFeedSample(t *testing.T) {
	doc, err := Parse(readTestdata(t, "jsonfeed11.json"), "application/feed+json", testFeedURL, now)
	if err != nil {
		t.Fatal(err)
	}
	want := []flat{{
		GUID: "1", URL: "https://json.example.com/posts/uno", Title: "Uno", Description: "Un resumen",
		Content: "Hola mundo\n\nAdiós", Image: "https://json.example.com/img/uno.jpg",
		Author: "Ana (Reuters), Luis", PublishedAt: time.Date(2024, 12, 1, 15, 0, 0, 0, time.UTC),
	}, {
		// no url: external_url; no title: the first words of content_text
		GUID: "2", URL: "https://elsewhere.example.org/story", Title: "Line one",
		Content: "Line one\n\nLine two", Image: "https://json.example.com/banner.png",
		Author: "Equipo", PublishedAt: time.Date(2024, 12, 2, 10, 0, 0, 0, time.UTC),
	}}
	for i, it := range doc.Items {
		a := it.Article
		got := flat{it.GUID, a.URL, a.Title, a.Description, a.Content, a.URLToImage, a.Author, a.PublishedAt}
		if i >= len(want) || got != want[i] {
			t.Errorf("item %d\n got %+v\nwant %+v", i, got, want[min(i, len(want)-1)])
		}
	}
	if len(doc.Skipped) != 1 || doc.Skipped[0] != (Skipped{2, "No address at all", "no link, and its guid is not a web address"}) {
		t.Errorf("skipped %+v", doc.Skipped)
	}
}

func TestParseCharsets(t *testing.T) {
	const cafe = "Café crème"
	latin1 := "<rss version=\"2.0\"><channel><title>Caf\xe9 cr\xe8me</title></channel></rss>"
	cases := []struct {
		name, body, contentType, want string
	}{
		{"ISO-8859-1 declared", string(readTestdata(t, "latin1-declared.xml")), "", cafe},
		{"windows-1252 declared", string(readTestdata(t, "windows1252-declared.xml")), "", "Café “quoted” €"},
		{"charset only in the HTTP header", string(readTestdata(t, "latin1-header.xml")), "application/rss+xml; charset=ISO-8859-1", cafe},
		{"header windows-1252, curly quotes", "<rss version=\"2.0\"><channel><title>\x93Hi\x94 \x80</title></channel></rss>", "text/xml; charset=windows-1252", "“Hi” €"},
		{"declared and in the header: decoded once", string(readTestdata(t, "latin1-declared.xml")), "text/xml; charset=iso-8859-1", cafe},
		{"declaration beats the header", string(readTestdata(t, "latin1-declared.xml")), "text/xml; charset=utf-8", cafe},
		{"UTF-8 mislabelled Latin-1 in the header", "<rss version=\"2.0\"><channel><title>" + cafe + "</title></channel></rss>", "text/xml; charset=iso-8859-1", cafe},
		{"UTF-8 declared ISO-8859-1 is UTF-8", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss version=\"2.0\"><channel><title>" + cafe + "</title></channel></rss>", "", cafe},
		{"UTF-8 BOM beats a wrong declaration", string(readTestdata(t, "utf8-bom.xml")), "", cafe},
		{"UTF-16LE with BOM", string(readTestdata(t, "utf16le-bom.xml")), "", cafe},
		{"UTF-16 declared without BOM is UTF-8", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss version=\"2.0\"><channel><title>" + cafe + "</title></channel></rss>", "", cafe},
		{"unknown declared encoding read as UTF-8", "<?xml version=\"1.0\" encoding=\"x-klingon\"?><rss version=\"2.0\"><channel><title>" + cafe + "</title></channel></rss>", "", cafe},
		{"utf8 spelled oddly", "<?xml version='1.0' encoding='utf8'?><rss version=\"2.0\"><channel><title>" + cafe + "</title></channel></rss>", "", cafe},
		{"undeclared Latin-1 without header: replaced, not fatal", latin1, "", "Caf\ufffd cr\ufffdme"},
		{"stray invalid byte in UTF-8", "<rss version=\"2.0\"><channel><title>Caf\xc3\xa9 \xff ok</title></channel></rss>", "", "Café \ufffd ok"},
		{"JSON Feed with header charset", "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"Caf\xe9\",\"items\":[]}", "application/feed+json; charset=iso-8859-1", "Café"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := mustParse(t, tc.body, tc.contentType)
			if doc.Title != tc.want {
				t.Errorf("title %q, want %q", doc.Title, tc.want)
			}
		})
	}
}

func TestParseNotAFeed(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"HTML page", string(readTestdata(t, "page.html")), "not an RSS, Atom or JSON feed (looks like an HTML page)"},
		{"HTML fragment", "<p>Hello</p>", "not an RSS, Atom or JSON feed (looks like an HTML page)"},
		{"XHTML page", `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>`, "not an RSS, Atom or JSON feed (looks like an HTML page)"},
		{"empty", "", "not an RSS, Atom or JSON feed (the document is empty)"},
		{"white space", " \r\n\t", "not an RSS, Atom or JSON feed (the document is empty)"},
		{"other XML", `<?xml version="1.0"?><opml version="2.0"><head/></opml>`, "not an RSS, Atom or JSON feed (XML whose root element is <opml>)"},
		{"API JSON", `{"status":"ok","articles":[]}`, "not an RSS, Atom or JSON feed (JSON, but no JSON Feed)"},
		{"JSON array", `[1,2]`, "not an RSS, Atom or JSON feed (JSON, but no JSON Feed)"},
		{"plain text", "Service Unavailable", "not an RSS, Atom or JSON feed (looks like plain text)"},
		{"image", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not an RSS, Atom or JSON feed (looks like image/png)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Parse([]byte(tc.body), "text/html", testFeedURL, now)
			if err == nil {
				t.Fatalf("parsed as a feed: %+v", doc)
			}
			if err.Error() != tc.want {
				t.Errorf("error %q, want %q", err, tc.want)
			}
			if !errors.Is(err, ErrNotFeed) || errors.Is(err, ErrMalformed) {
				t.Errorf("error %v is not ErrNotFeed alone", err)
			}
		})
	}
}

func TestParseMalformed(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"truncated RSS", string(readTestdata(t, "truncated.xml")), "malformed XML on line 6: unexpected EOF"},
		{"bare < in a title", "<rss version=\"2.0\">\n<channel>\n<title>a < b</title></channel></rss>", "malformed XML on line 3: expected element name after <"},
		{"truncated Atom", "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry><title>x", "malformed XML on line 2: unexpected EOF"},
		{"broken JSON Feed", "{\"version\": \"https://jsonfeed.org/version/1.1\",\n\"items\": [\n{\"id\": 1,}\n]}", "malformed JSON on line 3: invalid character '}' looking for beginning of object key string"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.body), "", testFeedURL, now)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if !errors.Is(err, ErrMalformed) || errors.Is(err, ErrNotFeed) {
				t.Errorf("error %v is not ErrMalformed alone", err)
			}
		})
	}
}

func TestParseLinks(t *testing.T) {
	cases := []struct {
		name, doc, feedURL string
		url, guid, skipped string
	}{
		{"absolute link", rssDoc(rssItem(`<link>https://news.example.com/a</link>`)), testFeedURL,
			"https://news.example.com/a", "https://news.example.com/a", ""},
		{"relative link resolved against the site", rssDoc(rssItem(`<link>/2024/a.html</link>`)), testFeedURL,
			"https://news.example.com/2024/a.html", "https://news.example.com/2024/a.html", ""},
		{"relative link, no site: against the feed URL",
			`<rss version="2.0"><channel><item><link>a.html</link></item></channel></rss>`, testFeedURL,
			"https://feeds.example.com/news/a.html", "https://feeds.example.com/news/a.html", ""},
		{"relative site link resolved against the feed URL",
			`<rss version="2.0"><channel><link>/site/</link><item><link>a.html</link></item></channel></rss>`, testFeedURL,
			"https://feeds.example.com/site/a.html", "https://feeds.example.com/site/a.html", ""},
		{"RSS xml:base wins", `<rss version="2.0"><channel><link>https://news.example.com/</link><item xml:base="https://other.example.org/x/"><link>a.html</link></item></channel></rss>`, testFeedURL,
			"https://other.example.org/x/a.html", "https://other.example.org/x/a.html", ""},
		{"Atom nested xml:base", atomDoc(`xml:base="https://blog.example.com/"`, `<entry xml:base="2024/"><link href="post.html"/><id>tag:blog.example.com,2024:e1</id></entry>`), testFeedURL,
			"https://blog.example.com/2024/post.html", "tag:blog.example.com,2024:e1", ""},
		{"Atom relative without xml:base: against the site", atomDoc(``, `<link href="https://site.example.com/blog/"/><entry><link href="post.html"/><id>e1</id></entry>`), testFeedURL,
			"https://site.example.com/blog/post.html", "e1", ""},
		{"tracking, fragment, case and port cleaned", rssDoc(rssItem(`<link>HTTPS://News.Example.COM:443/a?utm_source=rss&amp;id=3&amp;UTM_Medium=x&amp;fbclid=abc#top</link>`)), testFeedURL,
			"https://news.example.com/a?id=3", "https://news.example.com/a?id=3", ""},
		{"guid URL when no link", rssDoc(rssItem(`<guid isPermaLink="false">https://news.example.com/p?id=9#x</guid>`)), testFeedURL,
			"https://news.example.com/p?id=9", "https://news.example.com/p?id=9#x", ""},
		{"guid trimmed", rssDoc(rssItem("<link>https://news.example.com/a</link><guid>\n  id-1 \t</guid>")), testFeedURL,
			"https://news.example.com/a", "id-1", ""},
		{"guid URL when the link is javascript:", rssDoc(rssItem(`<link>javascript:void(0)</link><guid>https://news.example.com/g</guid>`)), testFeedURL,
			"https://news.example.com/g", "https://news.example.com/g", ""},
		{"javascript: link skipped", rssDoc(rssItem(`<title>x</title><link>javascript:alert(1)</link>`)), testFeedURL,
			"", "", "unusable link (javascript: address, not http(s))"},
		{"data: link skipped", rssDoc(rssItem(`<title>x</title><link>data:text/html,hi</link>`)), testFeedURL,
			"", "", "unusable link (data: address, not http(s))"},
		{"mailto: link skipped", rssDoc(rssItem(`<title>x</title><link>mailto:a@example.com</link>`)), testFeedURL,
			"", "", "unusable link (mailto: address, not http(s))"},
		{"no link, guid not a URL", rssDoc(rssItem(`<title>x</title><guid>12345</guid>`)), testFeedURL,
			"", "", "no link, and its guid is not a web address"},
		{"relative guid is no link", rssDoc(rssItem(`<title>x</title><guid>/p/1</guid>`)), testFeedURL,
			"", "", "no link, and its guid is not a web address"},
		{"nothing at all", rssDoc(rssItem(`<title>x</title>`)), testFeedURL,
			"", "", "no link and no guid"},
		{"relative link and no base", `<rss version="2.0"><channel><item><title>x</title><link>a.html</link></item></channel></rss>`, "",
			"", "", "unusable link (relative address and no base to resolve it against)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Parse([]byte(tc.doc), "", tc.feedURL, now)
			if err != nil {
				t.Fatal(err)
			}
			if tc.skipped != "" {
				if len(doc.Items) != 0 || len(doc.Skipped) != 1 || doc.Skipped[0].Reason != tc.skipped || doc.Skipped[0].Title != "x" {
					t.Fatalf("items %+v skipped %+v, want skipped for %q", doc.Items, doc.Skipped, tc.skipped)
				}
				return
			}
			it := only(t, doc)
			if it.URL != tc.url || it.GUID != tc.guid {
				t.Errorf("url %q guid %q, want %q %q", it.URL, it.GUID, tc.url, tc.guid)
			}
		})
	}
}

// One bad entry costs that entry, never the feed.
func TestParseKeepsGoodItemsWhenSomeAreBad(t *testing.T) {
	doc := mustParse(t, rssDoc(
		rssItem(`<title>good 1</title><link>https://news.example.com/1</link>`)+
			rssItem(`<title>bad link</title><link>javascript:x()</link>`)+
			rssItem(`<title>no link</title>`)+
			rssItem(`<title>bad date</title><link>https://news.example.com/2</link><pubDate>yesterday-ish</pubDate>`)+
			rssItem(`<title>good 3</title><link>https://news.example.com/3</link>`)), "")
	var titles []string
	for _, it := range doc.Items {
		titles = append(titles, it.Article.Title)
	}
	if got := strings.Join(titles, "|"); got != "good 1|bad date|good 3" {
		t.Errorf("kept %q", got)
	}
	if len(doc.Skipped) != 2 || doc.Skipped[0].Index != 1 || doc.Skipped[1].Index != 2 {
		t.Errorf("skipped %+v", doc.Skipped)
	}
}

func TestParseDuplicates(t *testing.T) {
	doc := mustParse(t, rssDoc(
		rssItem(`<title>first</title><link>https://news.example.com/a?id=1</link><guid>g1</guid>`)+
			rssItem(`<title>same URL, other tracking</title><link>https://NEWS.example.com/a?utm_source=tw&amp;id=1#c</link><guid>g2</guid>`)+
			rssItem(`<title>same guid</title><link>https://news.example.com/b</link><guid> g1 </guid>`)+
			rssItem(`<title>no guid, URL of first</title><link>https://news.example.com/a?id=1</link>`)+
			rssItem(`<title>distinct</title><link>https://news.example.com/c</link>`)), "")
	if len(doc.Items) != 2 || doc.Items[0].Article.Title != "first" || doc.Items[1].Article.Title != "distinct" {
		t.Fatalf("items %+v", doc.Items)
	}
	want := []string{"same address as item 0", "same guid as item 0", "same address as item 0"}
	for i, s := range doc.Skipped {
		if s.Reason != want[i] {
			t.Errorf("skipped[%d] %q, want %q", i, s.Reason, want[i])
		}
	}
}

func TestParseDates(t *testing.T) {
	utc := func(y int, m time.Month, d, h, mi int) time.Time { return time.Date(y, m, d, h, mi, 0, 0, time.UTC) }
	cases := []struct {
		name, doc string
		want      time.Time
	}{
		{"RFC 1123 with offset, in UTC", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>Tue, 10 Dec 2024 09:30:00 +0100</pubDate>`)), utc(2024, 12, 10, 8, 30)},
		{"named zone", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>Tue, 10 Dec 2024 09:30:00 EST</pubDate>`)), utc(2024, 12, 10, 14, 30)},
		{"missing", rssDoc(rssItem(`<link>https://n.example.com/</link>`)), time.Time{}},
		{"unreadable", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>the other day</pubDate>`)), time.Time{}},
		{"empty", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate></pubDate>`)), time.Time{}},
		{"Unix epoch means unknown", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>Thu, 01 Jan 1970 00:00:00 GMT</pubDate>`)), time.Time{}},
		{"far future", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>Fri, 01 Jan 2100 00:00:00 GMT</pubDate>`)), time.Time{}},
		{"11 minutes ahead is future", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>Wed, 01 Jan 2025 12:11:00 GMT</pubDate>`)), time.Time{}},
		{"9 minutes ahead is clock skew", rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>Wed, 01 Jan 2025 12:09:00 GMT</pubDate>`)), utc(2025, 1, 1, 12, 9)},
		{"dc:date", rssDoc(rssItem(`<link>https://n.example.com/</link><dc:date>2024-11-05T07:00:00-05:00</dc:date>`)), utc(2024, 11, 5, 12, 0)},
		{"Atom published beats updated", atomDoc("", `<entry><link href="https://n.example.com/"/><published>2024-01-01T00:00:00Z</published><updated>2024-06-01T00:00:00Z</updated></entry>`), utc(2024, 1, 1, 0, 0)},
		{"Atom entry with only updated", atomDoc("", `<entry><link href="https://n.example.com/"/><updated>2024-06-01T10:00:00+02:00</updated></entry>`), utc(2024, 6, 1, 8, 0)},
		{"Atom future published, real updated", atomDoc("", `<entry><link href="https://n.example.com/"/><published>2099-01-01T00:00:00Z</published><updated>2024-06-01T00:00:00Z</updated></entry>`), utc(2024, 6, 1, 0, 0)},
		{"JSON date_modified only", `{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","url":"https://n.example.com/","date_modified":"2024-03-03T03:03:00Z"}]}`, utc(2024, 3, 3, 3, 3)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := only(t, mustParse(t, tc.doc, "")).PublishedAt
			if !got.Equal(tc.want) || got.Location() != time.UTC {
				t.Errorf("PublishedAt %v, want %v (UTC)", got, tc.want)
			}
		})
	}
}

func TestParseText(t *testing.T) {
	long := strings.Repeat("Lorem ipsum dolor sit amet é. ", 100) // 3,000 runes
	cases := []struct {
		name, item           string
		title, desc, content string
	}{
		{"CDATA HTML title", `<title><![CDATA[<b>Bold</b> move]]></title>`, "Bold move", "", ""},
		{"entity-escaped HTML title", `<title>&lt;i&gt;Italic&lt;/i&gt; news</title>`, "Italic news", "", ""},
		{"AT&T and a < b survive", `<title>AT&amp;T: a &lt; b</title>`, "AT&T: a < b", "", ""},
		{"ampersand escaped twice", `<title>AT&amp;amp;T</title>`, "AT&T", "", ""},
		{"markup escaped twice shows once decoded", `<title>Use &amp;lt;div&amp;gt; wisely</title>`, "Use <div> wisely", "", ""},
		{"named entities", `<title>Caf&amp;eacute; &amp;mdash; ok</title>`, "Café — ok", "", ""},
		{"white space folded", "<title>\n  Multi\n   line\ttitle  </title>", "Multi line title", "", ""},
		{"controls and bidi removed", "<title>a\x07b\u202ec\u200bd</title>", "abcd", "", ""},
		{"reference to a control character", "<title>a&#x1b;[2J&#8;b &#xFFFE;c &#55296;d</title>", "a[2Jb c d", "", ""},
		{"description only: no content", `<title>t</title><description>&lt;p&gt;Short &lt;b&gt;summary&lt;/b&gt;.&lt;/p&gt;</description>`, "t", "Short summary.", ""},
		{"content:encoded keeps paragraphs", `<title>t</title><description>Summary.</description><content:encoded><![CDATA[<p>One.</p><ul><li>a</li><li>b</li></ul>]]></content:encoded>`, "t", "Summary.", "One.\n\n• a\n• b"},
		{"content repeating the description dropped", `<title>t</title><description>Same text.</description><content:encoded><![CDATA[<p>Same   text.</p>]]></content:encoded>`, "t", "Same text.", ""},
		{"no title: the description's words", `<description>A short note about the weather.</description>`, "A short note about the weather.", "", ""},
		{"no title: long description cut at a word", `<description>` + strings.Repeat("word ", 40) + `</description>`, strings.TrimSpace(strings.Repeat("word ", 19)) + "…", strings.TrimSpace(strings.Repeat("word ", 40)), ""},
		{"no title: content's first paragraph", `<content:encoded><![CDATA[<p>First para.</p><p>Second.</p>]]></content:encoded>`, "First para.", "", "First para.\n\nSecond."},
		{"no title, no text: host and path", ``, "news.example.com/x/story", "", ""},
		{"long description becomes the content", `<title>t</title><description>` + long + `</description>`, "t", clip(strings.TrimSpace(long), maxDescription), strings.TrimSpace(long)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			it := only(t, mustParse(t, rssDoc(rssItem(`<link>https://news.example.com/x/story</link>`+tc.item)), ""))
			if it.Title != tc.title || it.Description != tc.desc || it.Content != tc.content {
				t.Errorf("got\n title %q\n desc %q\n content %q\nwant\n title %q\n desc %q\n content %q",
					it.Title, it.Description, it.Content, tc.title, tc.desc, tc.content)
			}
		})
	}
}

func TestParseBoundsLengths(t *testing.T) {
	title := strings.Repeat("é", 450) + " " + strings.Repeat("日本", 100)
	para := "<p>" + strings.Repeat("Sentence with words ünd umlauts. ", 40) + "</p>"
	doc := mustParse(t, rssDoc(rssItem(`<link>https://news.example.com/a</link><title>`+title+`</title>
		<author>`+strings.Repeat("Name ", 100)+`</author>
		<content:encoded><![CDATA[`+strings.Repeat(para, 100)+`]]></content:encoded>`)), "")
	a := doc.Items[0].Article
	if n := utf8.RuneCountInString(a.Title); n > maxTitle || !strings.HasSuffix(a.Title, "…") || !utf8.ValidString(a.Title) {
		t.Errorf("title of %d runes, ends %q", n, a.Title[len(a.Title)-10:])
	}
	if n := utf8.RuneCountInString(a.Author); n > maxAuthor || !strings.HasSuffix(a.Author, "…") {
		t.Errorf("author of %d runes", n)
	}
	if len(a.Content) > maxContent || !utf8.ValidString(a.Content) {
		t.Errorf("content of %d bytes, valid %v", len(a.Content), utf8.ValidString(a.Content))
	}
	// The reader turns the marker into "N more characters".
	body, more, ok := strings.Cut(a.Content, "… [+")
	if !ok || !strings.HasSuffix(more, " chars]") || strings.HasSuffix(body, " ") {
		t.Errorf("content ends %q, want a clean cut and the … [+N chars] marker", a.Content[len(a.Content)-60:])
	}
}

func TestParseImages(t *testing.T) {
	cases := []struct{ name, item, want string }{
		{"image enclosure", `<enclosure url="/img/a.jpg" type="image/jpeg" length="1"/>`, "https://news.example.com/img/a.jpg"},
		{"audio enclosure is no image", `<enclosure url="https://c.example.com/a.mp3" type="audio/mpeg"/><description>&lt;img src="https://c.example.com/in.png"&gt;</description>`, "https://c.example.com/in.png"},
		{"enclosure beats media", `<media:content url="https://c.example.com/m.jpg" medium="image"/><enclosure url="https://c.example.com/e.jpg" type="image/jpeg"/>`, "https://c.example.com/e.jpg"},
		{"widest media:content", `<media:content url="https://c.example.com/s.jpg" medium="image" width="140"/><media:content url="https://c.example.com/l.jpg" type="image/jpeg" width="1200"/>`, "https://c.example.com/l.jpg"},
		{"media:content without type, by extension", `<media:content url="https://i.example.com/pic.JPG?width=460&amp;q=85" width="460"/>`, "https://i.example.com/pic.JPG?width=460&q=85"},
		{"video media:content is no image", `<media:content url="https://c.example.com/v.mp4" type="video/mp4"><media:thumbnail url="https://c.example.com/vt.jpg"/></media:content>`, "https://c.example.com/vt.jpg"},
		{"media:thumbnail", `<media:thumbnail url="https://c.example.com/t.jpg"/>`, "https://c.example.com/t.jpg"},
		{"media:group", `<media:group><media:content url="https://c.example.com/g.png" type="image/png"/></media:group>`, "https://c.example.com/g.png"},
		{"itunes:image", `<itunes:image href="https://c.example.com/pod.jpg"/>`, "https://c.example.com/pod.jpg"},
		{"first img of content before description", `<description>&lt;img src="https://c.example.com/d.jpg"&gt;</description><content:encoded><![CDATA[<p>x<img src="/c.jpg"></p>]]></content:encoded>`, "https://news.example.com/c.jpg"},
		{"tracking pixel skipped", `<description>&lt;img src="https://pixel.example.com/t.gif" width="1" height="1"&gt;&lt;img src="https://c.example.com/real.jpg"&gt;</description>`, "https://c.example.com/real.jpg"},
		{"data: and javascript: images skipped", `<enclosure url="data:image/png;base64,AAAA" type="image/png"/><description>&lt;img src="javascript:x"&gt;</description>`, ""},
		{"none", `<description>No pictures.</description>`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			it := only(t, mustParse(t, rssDoc(rssItem(`<title>t</title><link>https://news.example.com/a</link>`+tc.item)), ""))
			if it.Image != tc.want {
				t.Errorf("image %q, want %q", it.Image, tc.want)
			}
		})
	}
}

func TestParseAuthors(t *testing.T) {
	cases := []struct{ name, item, want string }{
		{"e-mail then name", `<author>jane@example.com (Jane Doe)</author>`, "Jane Doe"},
		{"name then e-mail", `<author>Jane Doe (jane@example.com)</author>`, "Jane Doe"},
		{"name and angle address", `<author>Jane Doe &lt;jane@example.com&gt;</author>`, "Jane Doe"},
		{"bare e-mail left out", `<author>newsroom@example.com</author>`, ""},
		{"name with an agency in brackets", `<dc:creator>Jane Doe (Reuters)</dc:creator>`, "Jane Doe (Reuters)"},
		{"several dc:creator", `<dc:creator>Jane Doe</dc:creator><dc:creator>John Roe</dc:creator><dc:creator>Jane Doe</dc:creator>`, "Jane Doe, John Roe"},
		{"entities and tags in a name", `<dc:creator><![CDATA[<a href="/jane">Jane &amp; Co</a>]]></dc:creator>`, "Jane & Co"},
		{"itunes:author", `<itunes:author>The Pod People</itunes:author>`, "The Pod People"},
		{"none", ``, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			it := only(t, mustParse(t, rssDoc(rssItem(`<title>t</title><link>https://news.example.com/a</link>`+tc.item)), ""))
			if it.Author != tc.want {
				t.Errorf("author %q, want %q", it.Author, tc.want)
			}
		})
	}
}

func TestParseFeedFields(t *testing.T) {
	channel := func(inner string) string {
		return `<rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>x</title>` + inner + `</channel></rss>`
	}
	cases := []struct {
		name, doc string
		lang, raw string
		interval  time.Duration
		site      string
	}{
		{"ttl minutes", channel(`<ttl>60</ttl>`), "", "", time.Hour, ""},
		{"ttl beyond a day capped", channel(`<ttl>100000</ttl>`), "", "", 24 * time.Hour, ""},
		{"ttl nonsense ignored", channel(`<ttl>soon</ttl>`), "", "", 0, ""},
		{"ttl zero ignored", channel(`<ttl>0</ttl>`), "", "", 0, ""},
		{"sy hourly twice", channel(`<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>`), "", "", 30 * time.Minute, ""},
		{"sy period alone", channel(`<sy:updatePeriod>hourly</sy:updatePeriod>`), "", "", time.Hour, ""},
		{"sy frequency alone is per day", channel(`<sy:updateFrequency>12</sy:updateFrequency>`), "", "", 2 * time.Hour, ""},
		{"sy weekly capped", channel(`<sy:updatePeriod>weekly</sy:updatePeriod>`), "", "", 24 * time.Hour, ""},
		{"sy unknown period ignored", channel(`<sy:updatePeriod>fortnightly</sy:updatePeriod>`), "", "", 0, ""},
		{"ttl beats sy", channel(`<ttl>20</ttl><sy:updatePeriod>daily</sy:updatePeriod>`), "", "", 20 * time.Minute, ""},
		{"Swedish", channel(`<language>sv-SE</language>`), "se", "sv-SE", 0, ""},
		{"Urdu", channel(`<language>ur</language>`), "ud", "ur", 0, ""},
		{"old Hebrew code", channel(`<language>iw</language>`), "he", "iw", 0, ""},
		{"not a spec language", channel(`<language>ja-JP</language>`), "", "ja-JP", 0, ""},
		{"site link made canonical", channel(`<link>HTTP://Example.com:80/news/#top</link>`), "", "", 0, "http://example.com/news/"},
		{"javascript: site link dropped", channel(`<link>javascript:void(0)</link>`), "", "", 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := mustParse(t, tc.doc, "")
			if string(doc.Language) != tc.lang || doc.RawLanguage != tc.raw || doc.MinInterval != tc.interval || doc.SiteURL != tc.site {
				t.Errorf("language %q (%q), interval %v, site %q; want %q (%q), %v, %q",
					doc.Language, doc.RawLanguage, doc.MinInterval, doc.SiteURL, tc.lang, tc.raw, tc.interval, tc.site)
			}
		})
	}
	if doc := mustParse(t, string(readTestdata(t, "rss1.rdf")), ""); doc.MinInterval != 6*time.Hour {
		t.Errorf("RSS 1.0 daily/4: interval %v, want 6h", doc.MinInterval)
	}
}

func TestIsFeedAndIsHTML(t *testing.T) {
	cases := []struct {
		name         string
		body         []byte
		feed, isHTML bool
	}{
		{"RSS", readTestdata(t, "rss2.xml"), true, false},
		{"RSS 1.0", readTestdata(t, "rss1.rdf"), true, false},
		{"Atom", readTestdata(t, "atom10.xml"), true, false},
		{"JSON Feed", readTestdata(t, "jsonfeed11.json"), true, false},
		{"UTF-16 RSS", readTestdata(t, "utf16le-bom.xml"), true, false},
		{"RSS after a comment", []byte("<!-- generated -->\n<rss version=\"2.0\"><channel/></rss>"), true, false},
		{"HTML page", readTestdata(t, "page.html"), false, true},
		{"XHTML page", []byte(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>`), false, true},
		{"other JSON", []byte(`{"items":[]}`), false, false},
		{"empty", nil, false, false},
	}
	for _, tc := range cases {
		if got := IsFeed(tc.body); got != tc.feed {
			t.Errorf("%s: IsFeed = %v", tc.name, got)
		}
		if got := IsHTML(tc.body); got != tc.isHTML {
			t.Errorf("%s: IsHTML = %v", tc.name, got)
		}
	}
}

// A zero now stands for the time of the call: 2100 is still the future.
func TestParseZeroNowMeansNow(t *testing.T) {
	doc, err := Parse([]byte(rssDoc(rssItem(`<link>https://n.example.com/</link><pubDate>Fri, 01 Jan 2100 00:00:00 GMT</pubDate>`))), "", testFeedURL, time.Time{})
	if err != nil || !doc.Items[0].Article.PublishedAt.IsZero() {
		t.Fatalf("err %v, items %+v", err, doc.Items)
	}
}
