package normalise

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// now is the fetch time of every test document.
var now = time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)

// testFeedURL is where every test document was fetched from.
const testFeedURL = "https://feeds.example.com/news/feed.xml"

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustParse(t *testing.T, body, contentType string) *Document {
	t.Helper()
	doc, err := Parse([]byte(body), contentType, testFeedURL, now)
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, body)
	}
	return doc
}

// rssDoc is an RSS 2.0 document of the site https://news.example.com/
// holding items (raw XML) and declaring the common namespaces.
func rssDoc(items string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"
  xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
  xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
<channel><title>News</title><link>https://news.example.com/</link>
` + items + `
</channel></rss>`
}

// rssItem is one item with the given inner XML.
func rssItem(inner string) string {
	return "<item>" + inner + "</item>"
}

// atomDoc is an Atom 1.0 feed with the given inner XML.
func atomDoc(attrs, inner string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" ` + attrs + `>
<title>Atom</title>` + inner + `</feed>`
}

// only returns the single item of doc, failing otherwise.
func only(t *testing.T, doc *Document) flat {
	t.Helper()
	if len(doc.Items) != 1 {
		t.Fatalf("got %d items, want 1; skipped %+v", len(doc.Items), doc.Skipped)
	}
	it := doc.Items[0]
	return flat{it.GUID, it.Article.URL, it.Article.Title, it.Article.Description, it.Article.Content, it.Article.URLToImage, it.Article.Author, it.Article.PublishedAt}
}

// flat is a store.FeedItem flattened for comparisons and messages.
type flat struct {
	GUID, URL, Title, Description, Content, Image, Author string
	PublishedAt                                           time.Time
}
