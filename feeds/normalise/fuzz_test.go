package normalise

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// FuzzParse holds Parse to what the store and the reader rely on, for any
// bytes and any Content-Type: no panic (gofeed's included), and every item
// identified by a canonical http(s) URL and a GUID, with clean bounded text
// and no date in the future.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "")
		f.Add(b, "text/xml; charset=windows-1252")
	}
	f.Add([]byte(rssDoc(rssItem(`<title>t</title><link>/a?utm_source=x#f</link><pubDate>Fri, 01 Jan 2100 00:00:00 GMT</pubDate>`))), "")
	f.Add([]byte(`{"version":"https://jsonfeed.org/version/1","items":[null,{"id":"x","url":"javascript:1"}]}`), "application/json")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		doc, err := Parse(body, contentType, testFeedURL, now)
		if err != nil {
			if errors.Is(err, errParserPanic) {
				t.Fatalf("parser panicked: %v", err)
			}
			if !errors.Is(err, ErrNotFeed) && !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v is neither ErrNotFeed nor ErrMalformed", err)
			}
			return
		}
		checkText(t, "feed title", doc.Title, maxTitle)
		checkText(t, "feed description", doc.Description, maxDescription)
		urls, guids := map[string]bool{}, map[string]bool{}
		for i, it := range doc.Items {
			a := it.Article
			if msg := checkURL(a.URL); msg != "" {
				t.Fatalf("item %d: URL %q %s", i, a.URL, msg)
			}
			if again, err := CanonicalURL(a.URL, ""); err != nil || again != a.URL {
				t.Fatalf("item %d: URL %q is not canonical: %q, %v", i, a.URL, again, err)
			}
			if a.URLToImage != "" {
				if u, err := url.Parse(a.URLToImage); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
					t.Fatalf("item %d: image %q is no absolute http(s) URL", i, a.URLToImage)
				}
			}
			if strings.TrimSpace(it.GUID) == "" || !utf8.ValidString(it.GUID) {
				t.Fatalf("item %d: GUID %q", i, it.GUID)
			}
			if urls[a.URL] || guids[it.GUID] {
				t.Fatalf("item %d: duplicate URL %q or GUID %q", i, a.URL, it.GUID)
			}
			urls[a.URL], guids[it.GUID] = true, true
			if a.Title == "" {
				t.Fatalf("item %d: empty title", i)
			}
			checkText(t, "title", a.Title, maxTitle)
			checkText(t, "description", a.Description, maxDescription)
			checkText(t, "author", a.Author, maxAuthor)
			if !utf8.ValidString(a.Content) || len(a.Content) > maxContent || strings.ContainsFunc(a.Content, isBadControl) {
				t.Fatalf("item %d: content of %d bytes, valid UTF-8 %v", i, len(a.Content), utf8.ValidString(a.Content))
			}
			if p := a.PublishedAt; !p.IsZero() && (p.After(now.Add(futureSlack)) || p.Location() != time.UTC) {
				t.Fatalf("item %d: PublishedAt %v", i, p)
			}
			if a.Source.ID != "" || a.Source.Name != "" {
				t.Fatalf("item %d: Source set", i)
			}
		}
	})
}

// checkText fails unless s is one line of valid UTF-8 without control
// characters and at most max runes.
func checkText(t *testing.T, what, s string, max int) {
	t.Helper()
	switch {
	case !utf8.ValidString(s):
		t.Fatalf("%s %q is not valid UTF-8", what, s)
	case strings.ContainsFunc(s, unicode.IsControl):
		t.Fatalf("%s %q has a control character", what, s)
	case utf8.RuneCountInString(s) > max:
		t.Fatalf("%s has %d runes, more than %d", what, utf8.RuneCountInString(s), max)
	case s != strings.TrimSpace(s) || strings.Contains(s, "  "):
		t.Fatalf("%s %q is not trimmed and single-spaced", what, s)
	}
}

// isBadControl reports control characters other than the newline and tab
// that content may hold.
func isBadControl(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }

// checkURL says what is wrong with an article URL, or "".
func checkURL(s string) string {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return "does not parse: " + err.Error()
	case u.Scheme != "http" && u.Scheme != "https":
		return "is not http(s)"
	case u.Host == "" || u.Host != strings.ToLower(u.Host):
		return "has no lower-case host"
	case strings.Contains(s, "#") || u.Fragment != "":
		return "has a fragment"
	case u.User != nil:
		return "has user info"
	}
	for k := range u.Query() {
		if strings.HasPrefix(strings.ToLower(k), "utm_") {
			return "has a utm_ parameter"
		}
	}
	return ""
}

// FuzzCanonicalURL: whatever it accepts comes out canonical, and stays so.
func FuzzCanonicalURL(f *testing.F) {
	for _, s := range []string{
		"https://Example.com:443/a?utm_source=x&b=1#f", "/rel/path?x", "//cdn.example.com/i.png", "javascript:alert(1)",
		"http://[::1]:80/", "http://u:p@h.example/", "?q=1", "../../up", "https://example.com/caf%C3%A9", "HTTP://X.COM:/",
	} {
		f.Add(s, "https://news.example.com/feed/")
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, raw, base string) {
		out, err := CanonicalURL(raw, base)
		if err != nil {
			return
		}
		if msg := checkURL(out); msg != "" {
			t.Fatalf("CanonicalURL(%q, %q) = %q %s", raw, base, out, msg)
		}
		if again, err := CanonicalURL(out, ""); err != nil || again != out {
			t.Fatalf("CanonicalURL(%q, %q) = %q, but again %q, %v", raw, base, out, again, err)
		}
	})
}
