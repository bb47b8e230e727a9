package feeds

import (
	"bytes"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// feedType reports whether t is the link type of a feed document, as
// sites announce them in <link rel="alternate" type="…">.
func feedType(t string) bool {
	switch t {
	case "application/rss+xml",
		"application/atom+xml",
		"application/feed+json",
		"application/json",    // JSON Feed 1.0 allowed it
		"application/rdf+xml": // RSS 1.0
		return true
	}
	return false
}

// maxCandidates bounds how many announced feeds are tried: a page that
// announces hundreds must not make us fetch hundreds.
const maxCandidates = 5

// discoverFeeds returns the feed addresses an HTML page announces in its
// <link rel="alternate"> elements, absolute and in page order, without
// repeats; nil when body is not a page or announces none.
func discoverFeeds(body []byte, pageURL string) []string {
	base, err := url.Parse(pageURL)
	if err != nil {
		return nil
	}
	var found []string
	seen := map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(body))
	for len(found) < maxCandidates {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		switch atom.Lookup(name) {
		case atom.Body:
			return found // feeds are announced in the head
		case atom.Base:
			if href := attrs(z, hasAttr)["href"]; href != "" {
				if b, err := base.Parse(href); err == nil {
					base = b
				}
			}
		case atom.Link:
			a := attrs(z, hasAttr)
			if !hasToken(a["rel"], "alternate") || !feedType(mediaType(a["type"])) || a["href"] == "" {
				continue
			}
			u, err := base.Parse(strings.TrimSpace(a["href"]))
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
				continue
			}
			u.Fragment = ""
			if s := u.String(); !seen[s] {
				seen[s] = true
				found = append(found, s)
			}
		}
	}
	return found
}

func attrs(z *html.Tokenizer, more bool) map[string]string {
	a := map[string]string{}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		a[strings.ToLower(string(k))] = string(v)
	}
	return a
}

func hasToken(list, token string) bool {
	for _, t := range strings.Fields(strings.ToLower(list)) {
		if t == token {
			return true
		}
	}
	return false
}

func mediaType(t string) string {
	t, _, _ = strings.Cut(t, ";")
	return strings.ToLower(strings.TrimSpace(t))
}
