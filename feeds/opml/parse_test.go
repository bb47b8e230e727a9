package opml

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tidings/model"
)

// parseString parses an OPML document given as text.
func parseString(t *testing.T, doc string) ([]Outline, []Warning) {
	t.Helper()
	outlines, warnings, err := Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return outlines, warnings
}

// body wraps outline elements in a minimal OPML document.
func body(outlines string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head><title>test</title></head>
  <body>
` + outlines + `
  </body>
</opml>
`
}

// The exports of the readers people migrate from parse into the feeds
// they subscribed to, with the categories their folders name.
func TestParseReadsTheExportsOfCommonReaders(t *testing.T) {
	tests := []struct {
		file string
		want []Outline
	}{
		{"feedly.opml", []Outline{
			{Title: "The Verge", XMLURL: "https://www.theverge.com/rss/index.xml", HTMLURL: "https://www.theverge.com/", Category: "technology"},
			{Title: "Ars Technica", XMLURL: "https://feeds.arstechnica.com/arstechnica/index", HTMLURL: "https://arstechnica.com", Category: "technology"},
			{Title: "BBC News", XMLURL: "https://feeds.bbci.co.uk/news/rss.xml", HTMLURL: "https://www.bbc.co.uk/news/", Category: "general"},
			{Title: "Some Blog", XMLURL: "https://blog.example.com/feed", HTMLURL: "https://blog.example.com/"},
		}},
		{"inoreader.xml", []Outline{
			{Title: "BBC Sport", XMLURL: "https://feeds.bbci.co.uk/sport/rss.xml", HTMLURL: "https://www.bbc.co.uk/sport", Category: "sports"},
			{Title: "ESPN", XMLURL: "https://www.espn.com/espn/rss/news", HTMLURL: "https://www.espn.com", Category: "sports"},
			{Title: "Le Monde", XMLURL: "https://www.lemonde.fr/rss/une.xml", HTMLURL: "https://www.lemonde.fr"},
		}},
		{"newsblur.opml", []Outline{
			{Title: "ScienceDaily", XMLURL: "https://www.sciencedaily.com/rss/all.xml", HTMLURL: "https://www.sciencedaily.com"},
			{Title: "Space.com", XMLURL: "https://www.space.com/feeds/all", HTMLURL: "https://www.space.com", Category: "science"},
			{Title: "STAT", XMLURL: "https://www.statnews.com/feed/", HTMLURL: "https://www.statnews.com", Category: "health"},
		}},
		{"miniflux.opml", []Outline{
			{Title: "Hacker News", XMLURL: "https://news.ycombinator.com/rss", HTMLURL: "https://news.ycombinator.com/",
				Description: "Links for the intellectually curious, ranked by readers."},
			{Title: "Financial Times", XMLURL: "https://www.ft.com/rss/home", HTMLURL: "https://www.ft.com", Category: "business"},
		}},
		{"newsboat.opml", []Outline{
			{Title: "NRK", XMLURL: "https://www.nrk.no/toppsaker.rss", HTMLURL: "https://www.nrk.no/"},
			{Title: "SVT Nyheter", XMLURL: "https://www.svt.se/nyheter/rss.xml", HTMLURL: "https://www.svt.se/nyheter/"},
			{Title: "heise online", XMLURL: "https://www.heise.de/rss/heise-atom.xml", HTMLURL: "https://www.heise.de/"},
		}},
		{"freshrss.opml.xml", []Outline{
			{Title: "Variety", XMLURL: "https://variety.com/feed/", HTMLURL: "https://variety.com",
				Description: "Entertainment news, film reviews, awards", Category: "entertainment"},
			{Title: "NOS Nieuws", XMLURL: "https://feeds.nos.nl/nosnieuwsalgemeen", HTMLURL: "https://nos.nl",
				Description: "NOS Nieuws Algemeen", Language: "nl"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, warnings, err := Parse(f)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if len(warnings) != 0 {
				t.Errorf("warnings: %v", warnings)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("outlines:\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestCategoryComesFromTheAttributeThenTheInnermostFolder(t *testing.T) {
	outlines, warnings := parseString(t, body(`
    <outline text="Business">
      <outline text="Own attribute wins" xmlUrl="https://a.example/feed" category="/Tech/Linux, /News"/>
      <outline text="Folder supplies it" xmlUrl="https://b.example/feed"/>
      <outline text="Misc">
        <outline text="Sports">
          <outline text="Innermost naming folder" xmlUrl="https://c.example/feed"/>
          <outline text="Unnamed">
            <outline text="Deep below it" xmlUrl="https://d.example/feed"/>
          </outline>
        </outline>
        <outline text="Outer folder still counts" xmlUrl="https://e.example/feed"/>
      </outline>
    </outline>
    <outline text="Top level" xmlUrl="https://f.example/feed"/>
    <outline text="Later path segment" xmlUrl="https://g.example/feed" category="/Blogs/Friends/Sport"/>
    <outline text="Second path" xmlUrl="https://h.example/feed" category="Blogs,/Health"/>
    <outline text="Upper case" xmlUrl="https://i.example/feed" category="SCIENCE"/>`))
	want := map[string]model.Category{
		"Own attribute wins":        "technology",
		"Folder supplies it":        "business",
		"Innermost naming folder":   "sports",
		"Deep below it":             "sports",
		"Outer folder still counts": "business",
		"Top level":                 "",
		"Later path segment":        "sports",
		"Second path":               "health",
		"Upper case":                "science",
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %v", warnings)
	}
	if len(outlines) != len(want) {
		t.Fatalf("%d outlines, want %d: %+v", len(outlines), len(want), outlines)
	}
	for _, o := range outlines {
		if o.Category != want[o.Title] {
			t.Errorf("%q: category %q, want %q", o.Title, o.Category, want[o.Title])
		}
	}
}

func TestFolderNamesAndSynonymsMapToCategories(t *testing.T) {
	tests := map[string]model.Category{
		"Business":             "business",
		"Business & Economy":   "business",
		"business&economy":     "business",
		"Finance":              "business",
		"Movies":               "entertainment",
		"Arts and Culture":     "entertainment",
		"News":                 "general",
		"Top Stories":          "general",
		"Health and Fitness":   "health",
		"Science & Technology": "science", // the first part that names one wins
		"Space":                "science",
		"Sport":                "sports",
		"Football":             "sports",
		"Sports News":          "sports",
		"Tech":                 "technology",
		"Tech News":            "technology",
		"  technology  ":       "technology",
		"Science Fiction":      "", // not a science folder
		"Uncategorized":        "",
		"All":                  "",
		"Blogs":                "",
		"":                     "",
	}
	for name, want := range tests {
		if got := categoryOfName(name); got != want {
			t.Errorf("categoryOfName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestAnUnusableCategoryAttributeWarnsAndTheFolderStillCounts(t *testing.T) {
	outlines, warnings := parseString(t, body(`
    <outline text="Health">
      <outline text="Odd" xmlUrl="https://a.example/feed" category="/Blogs/Friends"/>
    </outline>
    <outline text="Loose" xmlUrl="https://b.example/feed" category="Knitting"/>`))
	if len(outlines) != 2 || outlines[0].Category != "health" || outlines[1].Category != "" {
		t.Fatalf("outlines: %+v", outlines)
	}
	if len(warnings) != 2 {
		t.Fatalf("warnings: %v", warnings)
	}
	want := `outline "Odd" (line 7): category "/Blogs/Friends" names none of the categories business, entertainment, general, health, science, sports, technology`
	if got := warnings[0].String(); got != want {
		t.Errorf("warning:\n got %s\nwant %s", got, want)
	}
}

func TestLanguageTagsMapToTheServicesCodes(t *testing.T) {
	tests := map[string]model.Language{
		"en": "en", "en-GB": "en", "EN-us": "en", "pt-BR": "pt", "pt_PT": "pt",
		"sv": "se", "sv-SE": "se", "se": "se", "nb": "no", "nn-NO": "no", "no": "no",
		"ur": "ud", "ur-PK": "ud", "ud": "ud", "iw": "he", "he-IL": "he",
		"ar-EG": "ar", "de-AT": "de", "fr-CA": "fr", "es-419": "es", "nl-BE": "nl",
		"it": "it", "ru-RU": "ru", "German": "de", "swe": "se", "fre": "fr",
	}
	for tag, want := range tests {
		got, err := parseLanguage(tag)
		if err != nil || got != want {
			t.Errorf("parseLanguage(%q) = %q, %v; want %q", tag, got, err, want)
		}
	}
	for _, tag := range []string{"zh-CN", "ja", "x-klingon", "english-ish"} {
		if got, err := parseLanguage(tag); err == nil {
			t.Errorf("parseLanguage(%q) = %q, want an error", tag, got)
		}
	}
}

func TestUnusableLanguageAndCountryWarnAndLeaveTheFieldEmpty(t *testing.T) {
	outlines, warnings := parseString(t, body(`    <outline text="BBC News" xmlUrl="https://feeds.bbci.co.uk/news/rss.xml" language="zh-CN" country="uk"/>
    <outline text="NRK" xmlUrl="https://www.nrk.no/toppsaker.rss" language="nb-NO" country="NO"/>`))
	want := []Outline{
		{Title: "BBC News", XMLURL: "https://feeds.bbci.co.uk/news/rss.xml"},
		{Title: "NRK", XMLURL: "https://www.nrk.no/toppsaker.rss", Language: "no", Country: "no"},
	}
	if !reflect.DeepEqual(outlines, want) {
		t.Errorf("outlines:\n got %+v\nwant %+v", outlines, want)
	}
	if len(warnings) != 2 {
		t.Fatalf("warnings: %v", warnings)
	}
	if got := warnings[0].String(); !strings.HasPrefix(got, `outline "BBC News" (line 5): unknown language "zh-CN": allowed values are ar, de, en,`) {
		t.Errorf("language warning: %s", got)
	}
	if got := warnings[1].String(); !strings.HasPrefix(got, `outline "BBC News" (line 5): unknown country "uk": allowed values are ae, ar, at,`) {
		t.Errorf("country warning: %s", got)
	}
}

func TestOnlyHTTPFeedsAreKeptAndOthersWarn(t *testing.T) {
	outlines, warnings := parseString(t, body(`    <outline text="Podcast app link" xmlUrl="feed://example.com/rss"/>
    <outline text="FTP" xmlUrl="ftp://example.com/rss.xml"/>
    <outline xmlUrl="/relative/feed.xml"/>
    <outline text="Script" xmlUrl="javascript:alert(1)"/>
    <outline text="Good" xmlUrl="  HTTPS://example.com/rss.xml  " htmlUrl="javascript:alert(1)"/>`))
	if len(outlines) != 1 || outlines[0].XMLURL != "HTTPS://example.com/rss.xml" || outlines[0].HTMLURL != "" {
		t.Fatalf("outlines: %+v", outlines)
	}
	var names []string
	for _, w := range warnings {
		names = append(names, w.Outline)
	}
	want := []string{"Podcast app link", "FTP", "/relative/feed.xml", "Script", "Good"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("warnings name %q, want %q", names, want)
	}
	if got := warnings[0].String(); got != `outline "Podcast app link" (line 5): xmlUrl "feed://example.com/rss" is not an http or https address; the feed is skipped` {
		t.Errorf("warning: %s", got)
	}
}

func TestTheSameFeedTwiceYieldsOneOutlineTheFirst(t *testing.T) {
	outlines, warnings := parseString(t, body(`    <outline text="Tech">
      <outline text="The Verge" xmlUrl="https://www.theverge.com/rss/index.xml"/>
    </outline>
    <outline text="Favourites">
      <outline text="The Verge (again)" xmlUrl="https://www.theverge.com/rss/index.xml"/>
    </outline>`))
	if len(warnings) != 0 {
		t.Errorf("warnings: %v", warnings)
	}
	want := []Outline{{Title: "The Verge", XMLURL: "https://www.theverge.com/rss/index.xml", Category: "technology"}}
	if !reflect.DeepEqual(outlines, want) {
		t.Errorf("outlines: %+v", outlines)
	}
}

// Real files are written by hand and by templates: attribute names in any
// case, title instead of text, HTML entities, folders with no feeds,
// outlines in <head>, foreign namespaces.
func TestParseToleratesWhatRealFilesContain(t *testing.T) {
	outlines, warnings := parseString(t, `<?xml version="1.0"?>
<OPML version="1.0" xmlns:x="urn:x">
  <head><title>t</title><outline text="not a feed" xmlUrl="https://head.example/feed"/></head>
  <body>
    <outline text="Empty folder"/>
    <outline text="Empty folder with children"><outline text="Nothing"/></outline>
    <outline TEXT="Caps" XMLURL="https://a.example/feed" HTMLURL="https://a.example/" LANGUAGE="DE" COUNTRY="AT"/>
    <outline title="Title only" xmlurl="https://b.example/feed" type="atom"/>
    <outline text="Caf&eacute;&nbsp;News &amp; More" xmlUrl="https://c.example/feed?a=1&amp;b=2" x:country="zz"/>
    <outline text="  Spread
        over   lines " xmlUrl="https://d.example/feed"/>
  </body>
</OPML>`)
	want := []Outline{
		{Title: "Caps", XMLURL: "https://a.example/feed", HTMLURL: "https://a.example/", Language: "de", Country: "at"},
		{Title: "Title only", XMLURL: "https://b.example/feed"},
		{Title: "Café News & More", XMLURL: "https://c.example/feed?a=1&b=2"},
		{Title: "Spread over lines", XMLURL: "https://d.example/feed"},
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %v", warnings)
	}
	if !reflect.DeepEqual(outlines, want) {
		t.Errorf("outlines:\n got %+v\nwant %+v", outlines, want)
	}
}

func TestParseReadsLatin1AndWindows1252Files(t *testing.T) {
	for _, enc := range []string{"ISO-8859-1", "windows-1252"} {
		doc := []byte(`<?xml version="1.0" encoding="` + enc + `"?>
<opml version="1.0"><body><outline text="Caf` + "\xe9" + ` ` + "\x93" + `quotes` + "\x94" + `" xmlUrl="https://a.example/feed"/></body></opml>`)
		outlines, _, err := Parse(bytes.NewReader(doc))
		if err != nil {
			t.Fatalf("%s: %v", enc, err)
		}
		want := "Café \u0093quotes\u0094"
		if enc == "windows-1252" {
			want = "Café “quotes”"
		}
		if len(outlines) != 1 || outlines[0].Title != want {
			t.Errorf("%s: outlines %+v, want title %q", enc, outlines, want)
		}
	}
	_, _, err := Parse(strings.NewReader(`<?xml version="1.0" encoding="Shift_JIS"?><opml/>`))
	if err == nil || !strings.Contains(err.Error(), `"Shift_JIS"`) || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("unknown encoding: err = %v, want one naming it and UTF-8", err)
	}
}

func TestParseSkipsAByteOrderMark(t *testing.T) {
	outlines, _, err := Parse(strings.NewReader("\ufeff" + body(`<outline text="A" xmlUrl="https://a.example/feed"/>`)))
	if err != nil || len(outlines) != 1 {
		t.Fatalf("Parse: %+v, %v", outlines, err)
	}
}

func TestFilesThatAreNotOPMLAreErrorsNamingTheProblem(t *testing.T) {
	tests := []struct {
		name, doc string
		want      []string // substrings of the error
	}{
		{"empty", "", []string{"not an OPML file", "no <opml> element"}},
		{"text", "just some words", []string{"not an OPML file"}},
		{"rss feed", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel/></rss>", []string{"not an OPML file", "line 2", "<rss>"}},
		{"truncated", "<opml version=\"2.0\">\n<body>\n<outline text=\"a\"", []string{"line 3"}},
		{"mismatched", "<opml>\n<body>\n</head>\n</opml>", []string{"line 3", "body"}},
		{"bare ampersand", "<opml><body>\n<outline text=\"a & b\" xmlUrl=\"https://a.example/\"/></body></opml>", []string{"line 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			outlines, warnings, err := Parse(strings.NewReader(tt.doc))
			if err == nil {
				t.Fatalf("no error; outlines %+v, warnings %v", outlines, warnings)
			}
			for _, s := range tt.want {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not mention %q", err, s)
				}
			}
		})
	}
}

// endless is an OPML file that never ends: its body is spaces forever.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.read += int64(len(p))
	return len(p), nil
}

func TestParseRefusesFilesLargerThanTenMiB(t *testing.T) {
	src := &endless{}
	_, _, err := Parse(io.MultiReader(strings.NewReader("<opml><body>"), src))
	if err == nil || !strings.Contains(err.Error(), "10 MiB") {
		t.Fatalf("err = %v, want one saying the file is larger than 10 MiB", err)
	}
	if src.read > 2*MaxSize {
		t.Errorf("read %d bytes of an endless file before refusing it", src.read)
	}

	// Exactly at the limit is still read.
	doc := body(`<outline text="A" xmlUrl="https://a.example/feed"/>`)
	doc += strings.Repeat(" ", MaxSize-len(doc))
	if outlines, _, err := Parse(strings.NewReader(doc)); err != nil || len(outlines) != 1 {
		t.Errorf("a file of exactly MaxSize bytes: %d outlines, %v", len(outlines), err)
	}
}

func TestWarningStringWithoutALine(t *testing.T) {
	w := Warning{Outline: "BBC News", Message: `unknown country "uk"`}
	if got, want := w.String(), `outline "BBC News": unknown country "uk"`; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
}

// fullText, tidings' extension, reads in any case; a value that is not a
// yes or a no is a warning and leaves the feed as a plain one, and another
// reader's namespaced attribute of the same name is not ours.
func TestFullTextAttribute(t *testing.T) {
	outlines, warnings := parseString(t, `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0" xmlns:frss="https://freshrss.org/opml">
  <head><title>test</title></head>
  <body>
    <outline text="A" xmlUrl="https://a.example/rss" fullText="true"/>
    <outline text="B" xmlUrl="https://b.example/rss" FULLTEXT="Yes"/>
    <outline text="C" xmlUrl="https://c.example/rss" fullText="0"/>
    <outline text="D" xmlUrl="https://d.example/rss" fullText="sometimes"/>
    <outline text="E" xmlUrl="https://e.example/rss" frss:fullText="true" someReader="x"/>
  </body>
</opml>
`)
	var got []bool
	for _, o := range outlines {
		got = append(got, o.FullText)
	}
	if want := []bool{true, true, false, false, false}; !reflect.DeepEqual(got, want) {
		t.Errorf("full text = %v, want %v", got, want)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0].String(), `outline "D" (line 8): fullText "sometimes" is neither true nor false`) {
		t.Errorf("warnings: %v", warnings)
	}
}
