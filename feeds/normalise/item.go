package normalise

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mmcdole/gofeed"

	"tidings/htmltext"
)

const (
	maxGUID         = 1024 // bytes; a longer guid is stored as its hash
	maxDerivedTitle = 100  // runes, of a title made from the text
)

// itemLink is the entry's canonical address: its link (RSS link, Atom
// alternate link, JSON url), else its other links (JSON external_url, an
// Atom link without rel), else its guid when that is an absolute http(s)
// address. A link that is unusable (javascript:, data:, relative with no
// base) counts as none. When there is no address, it returns "" and why.
func itemLink(it *gofeed.Item, base string) (link, why string) {
	for _, c := range append([]string{it.Link}, it.Links...) {
		if strings.TrimSpace(c) == "" {
			continue
		}
		u, err := CanonicalURL(c, base)
		if err == nil {
			return u, ""
		}
		if why == "" {
			why = fmt.Sprintf("unusable link (%v)", err)
		}
	}
	if g := strings.TrimSpace(it.GUID); g != "" {
		if u, err := CanonicalURL(g, ""); err == nil {
			return u, ""
		}
		if why == "" {
			why = "no link, and its guid is not a web address"
		}
	}
	if why == "" {
		why = "no link and no guid"
	}
	return "", why
}

// itemGUID is the entry's id within its feed: the guid, Atom id or JSON
// id, trimmed and sanitised; the canonical link when there is none; a
// SHA-256 of it when it is unreasonably long, so that it stays unique.
func itemGUID(raw, link string) string {
	g := strings.TrimSpace(htmltext.Sanitize(raw))
	switch {
	case g == "":
		return link
	case len(g) > maxGUID:
		sum := sha256.Sum256([]byte(g))
		return "sha256:" + hex.EncodeToString(sum[:])
	}
	return g
}

// publishedAt is the entry's publication date in UTC: published, else
// updated, else zero (the store then keeps the time it first saw the
// entry). A date more than futureSlack after now is no date, because
// sorting on it would pin the entry to the top of every list; so is one at
// or before the Unix epoch, the usual stand-in for "unknown".
func publishedAt(it *gofeed.Item, now time.Time) time.Time {
	latest := now.Add(futureSlack)
	for _, t := range []*time.Time{it.PublishedParsed, it.UpdatedParsed} {
		if t != nil && t.Unix() > 0 && !t.After(latest) {
			return t.UTC()
		}
	}
	return time.Time{}
}

// texts makes the entry's title, description and content.
//
// The description is one line of plain text. The content is the entry's
// full text with its paragraphs (content:encoded, Atom content, JSON
// content_html or content_text), and is left empty when the feed carries
// only a description, since the reader shows the description above the
// content and would show it twice. Two exceptions: a description too long
// to keep whole is the full text, so it becomes the content too, with
// paragraphs, rather than being cut; and content that only repeats the
// description is dropped.
//
// An entry without a title gets the first words of its description (or
// content), which then lose what the title now says in full; one with no
// text at all gets its address's host and path.
func texts(it *gofeed.Item, title, link string) (string, string, string) {
	desc := htmltext.Line(it.Description)
	var content string
	if strings.TrimSpace(it.Content) != "" {
		content = htmltext.ToText(it.Content)
	}
	if content != "" && strings.Join(strings.Fields(content), " ") == desc {
		content = ""
	}
	if content == "" && utf8.RuneCountInString(desc) > maxDescription {
		content = htmltext.ToText(it.Description)
	}
	if title == "" {
		title = derivedTitle(desc, content, link)
		switch title { // the whole text became the title: say it once
		case desc:
			desc = ""
		case strings.Join(strings.Fields(content), " "):
			content = ""
		}
	}
	return title, clip(desc, maxDescription), clipContent(content, maxContent)
}

// derivedTitle is a title for an entry that has none.
func derivedTitle(desc, content, link string) string {
	text := desc
	if text == "" {
		para, _, _ := strings.Cut(content, "\n\n")
		text = strings.Join(strings.Fields(para), " ")
	}
	if text != "" {
		return clip(text, maxDerivedTitle)
	}
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	return strings.TrimSuffix(u.Host+u.EscapedPath(), "/")
}

// ClipDescription bounds a description as the normaliser bounds a feed's
// own: at most maxDescription runes, cut at a word, ending in "…".
func ClipDescription(s string) string { return clip(s, maxDescription) }

// ClipContent bounds an article's text as the normaliser bounds a feed's
// own: at most maxContent bytes, cut at a paragraph or word, ending in the
// "… [+N chars]" marker.
func ClipContent(s string) string { return clipContent(s, maxContent) }

// clip cuts s to at most n runes, at the last space in its final fifth if
// there is one, ending it with "…". It never splits a rune.
func clip(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := 0
	for i := 0; i < n-1; i++ {
		_, size := utf8.DecodeRuneInString(s[cut:])
		cut += size
	}
	kept := s[:cut]
	if sp := strings.LastIndexByte(kept, ' '); sp > len(kept)*4/5 {
		kept = kept[:sp]
	}
	return strings.TrimRight(kept, " ") + "…"
}

// clipContent cuts content longer than n bytes at a paragraph or word
// boundary near n, and appends the "… [+N chars]" marker the reader
// already understands from news services (ui/textsafe.SplitTruncation),
// N counting the runes left out.
func clipContent(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 32 // room for the marker
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	kept := s[:cut]
	if p := strings.LastIndex(kept, "\n\n"); p > len(kept)*9/10 {
		kept = kept[:p]
	} else if p := strings.LastIndexAny(kept, " \n"); p > len(kept)*9/10 {
		kept = kept[:p]
	}
	kept = strings.TrimRight(kept, " \n")
	return fmt.Sprintf("%s… [+%d chars]", kept, utf8.RuneCountInString(s[len(kept):]))
}
