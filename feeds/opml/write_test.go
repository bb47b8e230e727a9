package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// tricky holds outlines with every field set and the characters attribute
// escaping gets wrong.
var tricky = []Outline{
	{Title: `Tom & Jerry's <"News">`, XMLURL: "https://example.com/feed?a=1&b=<2>&c=\"3\"", HTMLURL: "https://example.com/?x=1&y=2",
		Description: `Quotes " and ' and <tags> & more`, Category: "entertainment", Language: "en", Country: "us"},
	{Title: "Dagens industri", XMLURL: "https://www.di.se/rss", Category: "business", Language: "se", Country: "se", FullText: true},
	{Title: "BBC Urdu", XMLURL: "https://feeds.bbci.co.uk/urdu/rss.xml", Language: "ud", Country: "gb"},
	{Title: "No category, no site", XMLURL: "http://plain.example/rss"},
	{Title: "ynet", XMLURL: "https://www.ynet.co.il/Integration/StoryRss2.xml", HTMLURL: "https://www.ynet.co.il", Category: "general", Language: "he", Country: "il"},
	{Title: "Back to business", XMLURL: "https://www.ft.com/rss/home", Category: "business", Language: "en", Country: "gb"},
	{Title: "", XMLURL: "https://untitled.example/feed", Category: "sports"},
}

func TestWriteThenParseGivesTheSameOutlines(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "My <subscriptions> & more", tricky); err != nil {
		t.Fatalf("Write: %v", err)
	}
	got, warnings, err := Parse(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, buf.String())
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %v", warnings)
	}
	if !reflect.DeepEqual(got, tricky) {
		t.Errorf("round trip:\n got %+v\nwant %+v\n%s", got, tricky, buf.String())
	}
}

// The file is OPML 2.0 that a generic XML reader (as other feed readers
// use) reads to the same values, with one folder per run of a category.
func TestWriteProducesOPMLTwoOtherReadersUnderstand(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "My <subscriptions> & more", tricky); err != nil {
		t.Fatalf("Write: %v", err)
	}
	type outline struct {
		Text     string    `xml:"text,attr"`
		Type     string    `xml:"type,attr"`
		XMLURL   string    `xml:"xmlUrl,attr"`
		HTMLURL  string    `xml:"htmlUrl,attr"`
		Desc     string    `xml:"description,attr"`
		Children []outline `xml:"outline"`
	}
	var doc struct {
		XMLName xml.Name  `xml:"opml"`
		Version string    `xml:"version,attr"`
		Title   string    `xml:"head>title"`
		Body    []outline `xml:"body>outline"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("encoding/xml cannot read the output: %v\n%s", err, buf.String())
	}
	if doc.Version != "2.0" || doc.Title != "My <subscriptions> & more" {
		t.Errorf("version %q, title %q", doc.Version, doc.Title)
	}
	var shape []string
	for _, o := range doc.Body {
		if o.XMLURL == "" {
			shape = append(shape, "folder "+o.Text+":"+strconv.Itoa(len(o.Children)))
		} else {
			shape = append(shape, "feed "+o.Text)
		}
	}
	want := []string{"folder Entertainment:1", "folder Business:1", "feed BBC Urdu", "feed No category, no site",
		"folder General:1", "folder Business:1", "folder Sports:1"}
	if !reflect.DeepEqual(shape, want) {
		t.Errorf("body shape:\n got %q\nwant %q", shape, want)
	}
	first := doc.Body[0].Children[0]
	if first.Text != tricky[0].Title || first.XMLURL != tricky[0].XMLURL || first.HTMLURL != tricky[0].HTMLURL ||
		first.Desc != tricky[0].Description || first.Type != "rss" {
		t.Errorf("escaped attributes read back as %+v", first)
	}
	if !strings.HasPrefix(buf.String(), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n") {
		t.Errorf("output does not start as OPML 2.0 in UTF-8:\n%s", buf.String())
	}
}

func TestWriteOutputIsStableAndReadable(t *testing.T) {
	var buf bytes.Buffer
	err := Write(&buf, "tidings subscriptions", []Outline{
		{Title: "NRK", XMLURL: "https://www.nrk.no/toppsaker.rss", HTMLURL: "https://www.nrk.no", Category: "general", Language: "no", Country: "no"},
		{Title: "Blog", XMLURL: "https://blog.example/feed", Description: "A blog"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>tidings subscriptions</title>
  </head>
  <body>
    <outline text="General" title="General">
      <outline type="rss" text="NRK" title="NRK" xmlUrl="https://www.nrk.no/toppsaker.rss" htmlUrl="https://www.nrk.no" category="general" language="no" country="no"/>
    </outline>
    <outline type="rss" text="Blog" title="Blog" xmlUrl="https://blog.example/feed" description="A blog"/>
  </body>
</opml>
`
	if buf.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestWriteRefusesOutlinesItCouldNotReadBack(t *testing.T) {
	good := Outline{Title: "Good", XMLURL: "https://a.example/feed"}
	tests := []struct {
		name string
		bad  Outline
		want string
	}{
		{"no address", Outline{Title: "Nowhere"}, `outline 2 ("Nowhere"): xmlUrl ""`},
		{"ftp address", Outline{Title: "FTP", XMLURL: "ftp://a.example/rss"}, `xmlUrl "ftp://a.example/rss" is not an http or https address`},
		{"padded address", Outline{Title: "Pad", XMLURL: " https://a.example/rss"}, `xmlUrl " https://a.example/rss"`},
		{"script site", Outline{Title: "JS", XMLURL: "https://b.example/rss", HTMLURL: "javascript:alert(1)"}, `htmlUrl "javascript:alert(1)"`},
		{"category", Outline{Title: "C", XMLURL: "https://b.example/rss", Category: "Politics"}, `unknown category "Politics"`},
		{"language", Outline{Title: "L", XMLURL: "https://b.example/rss", Language: "sv"}, `unknown language "sv"`},
		{"country", Outline{Title: "K", XMLURL: "https://b.example/rss", Country: "uk"}, `unknown country "uk"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Write(&buf, "t", []Outline{good, tt.bad})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %s", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before refusing", buf.Len())
			}
		})
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteReportsWriterErrors(t *testing.T) {
	err := Write(failingWriter{}, "t", nil)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("err = %v, want the writer's error", err)
	}
}
