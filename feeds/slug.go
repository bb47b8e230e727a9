package feeds

import (
	"net/url"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// maxSlug bounds a source id: ids travel in every article and in
// `sources=` lists.
const maxSlug = 40

// Slug makes a source id from a feed's title: lower-case ASCII letters and
// digits in words joined by "-" ("Le Monde — À la une" → "le-monde-a-la-une").
// A title with no Latin letters or digits (Arabic, Russian, …) gives the
// site's host instead ("www.aljazeera.net" → "aljazeera-net"), and with
// neither the result is "feed". The id is made once, when the feed is
// added, and never changes after.
func Slug(title, siteOrFeedURL string) string {
	if s := slugify(title); s != "" {
		return s
	}
	if u, err := url.Parse(siteOrFeedURL); err == nil {
		host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
		if s := slugify(host); s != "" {
			return s
		}
	}
	return "feed"
}

func slugify(s string) string {
	var b strings.Builder
	dash := false
	// NFKD splits "é" into "e" and a combining accent, which is dropped.
	for _, r := range norm.NFKD.String(s) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		case unicode.Is(unicode.Mn, r):
		default:
			dash = true
		}
		if b.Len() > maxSlug {
			break
		}
	}
	return strings.Trim(truncateSlug(b.String()), "-")
}

// truncateSlug cuts at maxSlug, at a word boundary when there is one.
func truncateSlug(s string) string {
	if len(s) <= maxSlug {
		return s
	}
	s = s[:maxSlug]
	if i := strings.LastIndexByte(s, '-'); i > maxSlug/2 {
		s = s[:i]
	}
	return s
}
