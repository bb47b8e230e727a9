package greader

import (
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// parsedAtom reads an Atom answer by namespace, as a namespace-aware parser
// (newsboat's libxml2) does: elements outside the Atom namespace, or gr:
// names outside Google Reader's, would not be found.
type parsedAtom struct {
	XMLName      xml.Name      `xml:"http://www.w3.org/2005/Atom feed"`
	ID           string        `xml:"http://www.w3.org/2005/Atom id"`
	Title        string        `xml:"http://www.w3.org/2005/Atom title"`
	Continuation string        `xml:"http://www.google.com/schemas/reader/atom/ continuation"`
	Entries      []parsedEntry `xml:"http://www.w3.org/2005/Atom entry"`
}

type parsedEntry struct {
	Crawl      string `xml:"http://www.google.com/schemas/reader/atom/ crawl-timestamp-msec,attr"`
	ID         string `xml:"http://www.w3.org/2005/Atom id"`
	Title      string `xml:"http://www.w3.org/2005/Atom title"`
	Published  string `xml:"http://www.w3.org/2005/Atom published"`
	Categories []struct {
		Term   string `xml:"term,attr"`
		Scheme string `xml:"scheme,attr"`
		Label  string `xml:"label,attr"`
	} `xml:"http://www.w3.org/2005/Atom category"`
	Links []struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	} `xml:"http://www.w3.org/2005/Atom link"`
	Content struct {
		Type string `xml:"type,attr"`
		Text string `xml:",chardata"`
	} `xml:"http://www.w3.org/2005/Atom content"`
	Source struct {
		StreamID string `xml:"http://www.google.com/schemas/reader/atom/ stream-id,attr"`
		Title    string `xml:"http://www.w3.org/2005/Atom title"`
	} `xml:"http://www.w3.org/2005/Atom source"`
}

// labels are the labels newsboat reads: those of Google Reader's scheme.
func (e parsedEntry) labels() []string {
	var out []string
	for _, c := range e.Categories {
		if c.Scheme == "http://www.google.com/reader/" {
			out = append(out, c.Label)
		}
	}
	return out
}

// atomGet asks for reader/atom/<path> as newsboat's FeedHQ backend does:
// its server URL ends in "/", to which it adds "/reader/atom/" and the
// stream escaped.
func (c *client) atomGet(stream string, v url.Values) *http.Response {
	c.t.Helper()
	target := Prefix + "//reader/atom/" + url.QueryEscape(stream)
	if len(v) > 0 {
		target += "?" + v.Encode()
	}
	r := newRequest(http.MethodGet, target, "")
	r.Header.Set("Authorization", "GoogleLogin auth="+c.token)
	return serve(c.h, r).Result()
}

func (c *client) atom(stream string, v url.Values) parsedAtom {
	c.t.Helper()
	resp := c.atomGet(stream, v)
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("reader/atom/%s: %d %s", stream, resp.StatusCode, body)
	}
	var doc parsedAtom
	if err := xml.Unmarshal(body, &doc); err != nil {
		c.t.Fatalf("reader/atom/%s is not Atom: %v\n%s", stream, err, body)
	}
	return doc
}

// The Atom output of a feed, as newsboat's FeedHQ backend asks for it
// (doubled slash, escaped stream, n=): Google Reader's shape, with the
// states as categories newsboat reads and a continuation to the next
// page.
func TestAtomOutputIsGoogleReadersFeed(t *testing.T) {
	h, _ := newTestHandler(t, fixture(9))
	alice := login(t, h, keyAlice)
	// bbc holds 1001, 1004, 1007; alice has read 1001 and starred 1004.
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1001"}, "a": {stateRead}}))
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1004"}, "a": {stateStarred}}))

	resp := alice.atomGet("feed/bbc", url.Values{"n": {"2"}})
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "application/atom+xml") {
		t.Fatalf("reader/atom: %d %q", resp.StatusCode, ct)
	}
	if resp.Header.Get("ETag") != "" || resp.Header.Get("Last-Modified") != "" {
		t.Error("the Atom answer carries a validator: newsboat would send it back and could be told nothing changed after a read elsewhere")
	}
	doc := alice.atom("feed/bbc", url.Values{"n": {"2"}})
	if doc.ID != "tag:google.com,2005:reader/feed/bbc" || doc.Title != "BBC" || len(doc.Entries) != 2 || doc.Continuation == "" {
		t.Fatalf("feed: id %q title %q, %d entries, continuation %q", doc.ID, doc.Title, len(doc.Entries), doc.Continuation)
	}
	read, starred := doc.Entries[0], doc.Entries[1]
	if read.ID != longItemID(1001) || starred.ID != longItemID(1004) {
		t.Fatalf("entries %q, %q: want 1001 then 1004 in the long form", read.ID, starred.ID)
	}
	if got := read.labels(); !slices.Contains(got, "read") || slices.Contains(got, "fresh") || !slices.Contains(got, "reading-list") {
		t.Errorf("read entry's labels %v: want read, not fresh", got)
	}
	if got := starred.labels(); slices.Contains(got, "read") || !slices.Contains(got, "fresh") || !slices.Contains(got, "starred") ||
		!slices.Contains(got, "General") {
		t.Errorf("unread starred entry's labels %v: want fresh, starred and its folder", got)
	}
	for _, c := range starred.Categories {
		if c.Label == "starred" && c.Term != stateStarred {
			t.Errorf("starred category term %q", c.Term)
		}
	}
	if read.Crawl == "" || read.Title != "Story 1" || read.Content.Text != "<p>Body 1</p>" || read.Content.Type != "html" ||
		read.Source.StreamID != "feed/bbc" || read.Source.Title != "BBC" {
		t.Errorf("entry: %+v", read)
	}
	if len(read.Links) != 1 || read.Links[0].Rel != "alternate" || read.Links[0].Href != "https://bbc.example/1" {
		t.Errorf("entry links: %+v", read.Links)
	}
	if p, err := time.Parse(time.RFC3339, read.Published); err != nil || !p.Equal(base.Add(-time.Hour)) {
		t.Errorf("published %q: %v", read.Published, err)
	}

	next := alice.atom("feed/bbc", url.Values{"n": {"2"}, "c": {doc.Continuation}})
	if len(next.Entries) != 1 || next.Entries[0].ID != longItemID(1007) || next.Continuation != "" {
		t.Errorf("the continued page: %d entries, continuation %q", len(next.Entries), next.Continuation)
	}
}

// reader/atom/ selects what stream/contents selects, by the same
// parameters: the two outputs of one query list the same items.
func TestAtomListsWhatStreamContentsLists(t *testing.T) {
	h, _ := newTestHandler(t, fixture(30))
	alice := login(t, h, keyAlice)
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000", "1003", "1005", "1010"}, "a": {stateRead}}))
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1003", "1020"}, "a": {stateStarred}}))
	cases := []struct {
		stream string
		v      url.Values
	}{
		{stateReadingList, url.Values{"n": {"7"}}},
		{stateReadingList, url.Values{"xt": {stateRead}, "n": {"50"}}},
		{stateReadingList, url.Values{"r": {"o"}, "n": {"5"}}},
		{stateStarred, nil},
		{stateRead, nil},
		{"feed/ars", url.Values{"xt": {stateRead}}},
		{"user/-/label/Technology", url.Values{"it": {stateRead}}},
		{stateReadingList, url.Values{"ot": {"1795000000"}, "nt": {"1796000000"}}},
	}
	for _, tc := range cases {
		q := url.Values{}
		for k, v := range tc.v {
			q[k] = v
		}
		var want struct{ Items []itemJSON }
		alice.decode(alice.get("stream/contents/"+url.PathEscape(tc.stream), q), &want)
		q.Del("output")
		doc := alice.atom(tc.stream, q)
		var got, wantIDs []string
		for _, e := range doc.Entries {
			got = append(got, e.ID)
		}
		for _, it := range want.Items {
			wantIDs = append(wantIDs, it.ID)
		}
		if len(wantIDs) == 0 {
			t.Errorf("%s %v lists nothing: the case checks nothing", tc.stream, tc.v)
		}
		if !slices.Equal(got, wantIDs) {
			t.Errorf("%s %v: atom %v, stream/contents %v", tc.stream, tc.v, got, wantIDs)
		}
	}
}

// Another key's Atom carries its own states, and the Atom needs a token
// like every call.
func TestAtomIsPerKeyAndNeedsTheToken(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	alice, bob := login(t, h, keyAlice), login(t, h, keyBob)
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000"}, "a": {stateRead}}))
	for _, e := range bob.atom(stateReadingList, nil).Entries {
		if slices.Contains(e.labels(), "read") {
			t.Errorf("bob sees alice's read of %s", e.ID)
		}
	}
	r := newRequest(http.MethodGet, Prefix+"/reader/atom/feed/bbc", "")
	if rec := serve(h, r); rec.Code != http.StatusUnauthorized || rec.Header().Get("Google-Bad-Token") != "true" {
		t.Errorf("without a token: %d %s", rec.Code, rec.Body)
	}
	if resp := alice.atomGet("feed/nope", nil); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("an unknown feed: %d", resp.StatusCode)
	}
	if resp := alice.atomGet("feed/bbc", url.Values{"output": {"json"}}); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("output=json on the Atom output: %d", resp.StatusCode)
	}
	if doc := alice.atom(stateReadingList, url.Values{"output": {"atom"}}); len(doc.Entries) != 3 {
		t.Errorf("output=atom: %d entries", len(doc.Entries))
	}
}
