package textsafe

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tidings/lazy"

	"golang.org/x/net/idna"
)

// maxURLLen bounds what we are willing to show or hand to a browser, after
// encoding; real article URLs are far shorter.
const maxURLLen = 4096

// hostProfile maps a host name the way browsers do (UTS #46 as the WHATWG
// URL standard asks: non-transitional, no hyphen or STD3 checks, the bidi
// and joiner rules on) and writes it in ASCII, punycode for IDNs.
// Built on first use, not at start-up (issue 31).
var hostProfile = lazy.Value[*idna.Profile]{Build: func() *idna.Profile {
	return idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.CheckHyphens(false),
		idna.StrictDomainName(false),
	)
}}

// SafeURL returns the address a browser would visit for u, written so that
// it is safe to show, copy, put in an OSC 8 hyperlink and hand to an opener,
// and true; or "" and false when u is not an http(s) web address.
//
// The result is pure printable ASCII with no space, quote, backtick, <, >,
// \, {, }, |, ^ or control byte, so it cannot end an escape sequence, split
// into two shell words or hide text:
//
//   - leading and trailing whitespace and control characters are trimmed
//     and tabs and newlines inside are dropped, as browsers do;
//   - the scheme and host are lower-cased, the default port and an empty
//     port dropped;
//   - an internationalised host name is written in punycode
//     ("bücher.example" → "xn--bcher-kva.example"). The host is the one part
//     of a link a reader must be able to trust, and a Cyrillic "а" looks
//     exactly like a Latin "a": showing the ASCII form means the host on
//     screen is, byte for byte, the host the browser looks up, so a
//     look-alike domain cannot pass for the real one;
//   - in the path, query and fragment, every byte that is not allowed
//     there (non-ASCII, invalid UTF-8, bidi and zero-width characters,
//     controls, the characters above, a '%' that starts no escape) is
//     percent-encoded; existing escapes are kept as they are, so SafeURL
//     is idempotent and never encodes twice. Reserved characters such as
//     $ ( ) ; & = keep their meaning and are left alone: the opener gets the
//     URL as one argument, never through a shell.
//
// Refused: other schemes (javascript:, file:, data:, …), a missing "//" or
// host, a host that is not a valid domain name or IP literal (invalid UTF-8
// included), and user-info: "https://bank.example@evil.example/" goes to
// evil.example while a reader sees bank.example first, and http(s) senders
// must not generate user-info at all (RFC 9110, section 4.2.4). A result
// longer than 4096 bytes is refused too.
func SafeURL(u string) (string, bool) {
	u = strings.TrimFunc(u, func(r rune) bool { return r <= ' ' || unicode.IsSpace(r) })
	if u == "" || len(u) > 4*maxURLLen {
		return "", false
	}
	if strings.ContainsAny(u, "\t\n\r") {
		u = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(u)
	}
	colon := strings.IndexByte(u, ':')
	if colon <= 0 {
		return "", false
	}
	scheme := strings.ToLower(u[:colon])
	if scheme != "http" && scheme != "https" {
		return "", false
	}
	rest, ok := strings.CutPrefix(u[colon+1:], "//")
	if !ok {
		return "", false
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host, ok := safeAuthority(scheme, rest[:end])
	if !ok {
		return "", false
	}
	rest = rest[end:]

	var b strings.Builder
	b.Grow(len(u) + 16)
	b.WriteString(scheme)
	b.WriteString("://")
	b.WriteString(host)
	path, frag, hasFrag := strings.Cut(rest, "#")
	path, query, hasQuery := strings.Cut(path, "?")
	appendEscaped(&b, path, "")
	if hasQuery {
		b.WriteByte('?')
		appendEscaped(&b, query, "?")
	}
	if hasFrag {
		b.WriteByte('#')
		appendEscaped(&b, frag, "?")
	}
	out := b.String()
	if len(out) > maxURLLen {
		return "", false
	}
	// A last check that what we built is what net/url understands.
	p, err := url.Parse(out)
	if err != nil || p.Scheme != scheme || p.Host != host || p.User != nil || p.Opaque != "" {
		return "", false
	}
	if out == u {
		// Most links are safe as sent: keep the caller's string, not an
		// equal copy (a list of 10,000 articles held 1.5 MB of copies).
		return u, true
	}
	return out, true
}

// safeAuthority checks and normalises host[:port]: no user-info, a domain
// name (mapped and punycoded like a browser does) or an IP literal, and a
// numeric port, dropped when it is the scheme's default.
func safeAuthority(scheme, auth string) (string, bool) {
	if auth == "" || strings.ContainsAny(auth, "@\\") {
		return "", false
	}
	var host, port string
	if strings.HasPrefix(auth, "[") {
		end := strings.IndexByte(auth, ']')
		if end < 0 {
			return "", false
		}
		addr, err := netip.ParseAddr(auth[1:end])
		if err != nil || !addr.Is6() || addr.Zone() != "" {
			return "", false
		}
		host = "[" + addr.String() + "]"
		auth = auth[end+1:]
		if auth != "" {
			var ok bool
			if port, ok = strings.CutPrefix(auth, ":"); !ok {
				return "", false
			}
		}
	} else {
		name, p, _ := strings.Cut(auth, ":")
		if strings.Contains(name, "%") {
			var err error
			if name, err = url.PathUnescape(name); err != nil {
				return "", false
			}
		}
		if name == "" || !utf8.ValidString(name) {
			return "", false
		}
		ascii, err := hostProfile.Get().ToASCII(name)
		if err != nil || ascii == "" || strings.HasPrefix(ascii, ".") || strings.Contains(ascii, "..") || strings.IndexFunc(ascii, notHostByte) >= 0 {
			return "", false
		}
		host, port = ascii, p
	}
	if port == "" {
		return host, true
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 || strings.TrimLeft(port, "0123456789") != "" {
		return "", false
	}
	if (scheme == "http" && n == 80) || (scheme == "https" && n == 443) {
		return host, true
	}
	return host + ":" + strconv.Itoa(n), true
}

// notHostByte reports what may not appear in an ASCII host name we show:
// anything but lower-case letters, digits, '-', '.' and '_' (which browsers
// accept though DNS names should not have it).
func notHostByte(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '_')
}

// appendEscaped writes s percent-encoded: bytes outside the URL's allowed
// printable ASCII (see urlByteOK) are escaped, as is a '%' that does not
// start an escape; existing escapes are kept. extra lists further
// characters allowed unescaped ('?' in a query or fragment).
func appendEscaped(b *strings.Builder, s, extra string) {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteString(s[i : i+3])
			i += 2
		case urlByteOK(c) || (c < utf8.RuneSelf && strings.IndexByte(extra, c) >= 0):
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
}

// urlByteOK reports the bytes a path, query or fragment may hold as they
// are: RFC 3986's unreserved and sub-delimiter characters minus the single
// quote, and ':', '@', '/', '[' and ']' (which browsers leave alone too).
// Everything else (controls, space, " # % ' < > \ ^ ` { | }, DEL and every
// non-ASCII byte) is escaped.
func urlByteOK(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&()*+,;=:@/[]", c) >= 0
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
