package normalise

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxURL bounds an article or image address. Real ones are far shorter;
// longer ones are junk or an attempt to bloat the store.
const maxURL = 4096

// trackingParam reports the query parameters, besides every utm_*, that only
// identify the campaign or click that led to a page: click ids of Google
// (gclid, dclid, gbraid, wbraid), Facebook (fbclid), Microsoft (msclkid),
// Instagram (igshid), Yandex (yclid), Twitter (twclid), Mailchimp (mc_cid,
// mc_eid), HubSpot (_hsenc, _hsmi) and Marketo (mkt_tok). Two links that
// differ only in them are the same article.
func trackingParam(key string) bool {
	switch key {
	case "gclid", "dclid", "gbraid", "wbraid",
		"fbclid", "msclkid", "igshid", "yclid", "twclid",
		"mc_cid", "mc_eid", "_hsenc", "_hsmi", "mkt_tok":
		return true
	}
	return false
}

// CanonicalURL resolves raw against base and returns the article's
// identity: an absolute http or https URL with the host lower-cased, the
// default port (80, 443) dropped, no user name or password (they can hide
// the real host, as in "http://bank.example@evil.example"), no fragment, an
// empty path written "/", and the query without utm_* and the other
// click-tracking parameters listed in trackingParam (matched
// case-insensitively; the remaining parameters keep their order and
// spelling). base may be empty when raw is absolute.
//
// It fails for an empty, unreadable or over-long address, a relative one
// without a usable base, and any scheme but http and https (javascript:,
// data:, mailto:, ftp:, ...).
func CanonicalURL(raw, base string) (string, error) {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "":
		return "", errors.New("empty address")
	case len(raw) > maxURL:
		return "", fmt.Errorf("address longer than %d bytes", maxURL)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("unreadable address: %w", unwrapURLError(err))
	}
	if !u.IsAbs() {
		b, err := url.Parse(strings.TrimSpace(base))
		if err != nil || !b.IsAbs() || b.Host == "" {
			return "", errors.New("relative address and no base to resolve it against")
		}
		u = b.ResolveReference(u)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("%s: address, not http(s)", u.Scheme)
	}
	host := strings.ToLower(u.Hostname())
	if host == "" {
		return "", errors.New("address has no host")
	}
	port := u.Port()
	if port == "" || (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	switch {
	case port != "":
		u.Host = net.JoinHostPort(host, port)
	case strings.Contains(host, ":"): // IPv6 literal
		u.Host = "[" + host + "]"
	default:
		u.Host = host
	}
	u.User = nil
	u.Fragment, u.RawFragment = "", ""
	u.RawQuery, u.ForceQuery = escapeSpaces(stripTracking(u.RawQuery)), false
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	out := u.String()
	if len(out) > maxURL {
		return "", fmt.Errorf("address longer than %d bytes", maxURL)
	}
	// What url.Parse let through may still write out as an address it
	// refuses: "//::" against an http base has the host ":", "[:]".
	if _, err := url.Parse(out); err != nil {
		return "", fmt.Errorf("address has an unreadable host %q", u.Host)
	}
	return out, nil
}

// unwrapURLError drops url.Error's quoting of the whole address, which may
// be long and is the caller's to show.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// stripTracking removes utm_* and trackingParam's parameters from a raw query, and
// empty parameters, keeping the rest as written.
func stripTracking(q string) string {
	if q == "" {
		return ""
	}
	kept := make([]string, 0, strings.Count(q, "&")+1)
	for part := range strings.SplitSeq(q, "&") {
		if part == "" {
			continue
		}
		key, _, _ := strings.Cut(part, "=")
		if k, err := url.QueryUnescape(key); err == nil {
			key = k
		}
		key = strings.ToLower(key)
		if strings.HasPrefix(key, "utm_") || trackingParam(key) {
			continue
		}
		kept = append(kept, part)
	}
	return strings.Join(kept, "&")
}

// escapeSpaces percent-encodes the white space a raw query may hold (a
// space, or a Unicode one such as U+00A0): url.URL.String writes the query
// as it is, and a canonical address must read back as itself, which one
// ending in white space would not once trimmed ("http://m/? ").
func escapeSpaces(q string) string {
	if !strings.ContainsFunc(q, unicode.IsSpace) {
		return q
	}
	var b strings.Builder
	for len(q) > 0 {
		r, n := utf8.DecodeRuneInString(q)
		if unicode.IsSpace(r) {
			for i := range n {
				fmt.Fprintf(&b, "%%%02X", q[i])
			}
		} else {
			b.WriteString(q[:n]) // the bytes as they are, valid UTF-8 or not
		}
		q = q[n:]
	}
	return b.String()
}

// absoluteHTTP resolves raw against base and returns it if it is an http(s)
// address with a host, fragment dropped, otherwise "". Unlike CanonicalURL
// it keeps the query as it is: it is for images, whose query often selects
// the size.
func absoluteHTTP(raw, base string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > maxURL {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	if !u.IsAbs() {
		b, err := url.Parse(base)
		if err != nil || !b.IsAbs() {
			return ""
		}
		u = b.ResolveReference(u)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return ""
	}
	u.Fragment, u.RawFragment = "", ""
	if s := u.String(); len(s) <= maxURL {
		return s
	}
	return ""
}
