package textsafe

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxURLLen bounds what we are willing to show or hand to a browser;
// real article URLs are far shorter.
const maxURLLen = 4096

// SafeURL returns u and true when u is an absolute http or https URL with a
// host and nothing that could trick a terminal or a reader: no control or
// format characters (bidi overrides, zero-width), no whitespace, valid
// UTF-8, and no user-info ("https://bank.example@evil.example/" is
// refused). Anything else gives "" and false. u is returned unmodified.
func SafeURL(u string) (string, bool) {
	if u == "" || len(u) > maxURLLen || !utf8.ValidString(u) {
		return "", false
	}
	if strings.IndexFunc(u, unsafeInURL) >= 0 {
		return "", false
	}
	p, err := url.Parse(u)
	if err != nil {
		return "", false
	}
	scheme := strings.ToLower(p.Scheme)
	if (scheme != "http" && scheme != "https") || p.Opaque != "" || p.User != nil || p.Hostname() == "" {
		return "", false
	}
	return u, true
}

// unsafeInURL reports runes that have no business in a URL we display.
func unsafeInURL(r rune) bool {
	return r < 0x21 || (r >= 0x7f && r <= 0x9f) || unicode.IsSpace(r) ||
		unicode.Is(unicode.Cf, r) || r == '\\'
}
