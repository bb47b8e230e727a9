package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// CORS headers the service sends. Browsers need a preflight for every
// request here, because the key travels in Authorization or X-Api-Key.
const (
	corsAllowMethods = "GET, HEAD, OPTIONS"
	corsAllowHeaders = "Authorization, X-Api-Key, If-None-Match"
	// corsExposeHeaders are the response headers a page's script may read
	// beyond the CORS-safelisted ones: the validator, the back-off and the
	// rate-limit state (both drafts' names).
	corsExposeHeaders = "ETag, Retry-After, RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset"
	// corsMaxAge lets a browser reuse a preflight for 10 minutes (the
	// longest Chromium honours is 2 hours, Firefox 24 h).
	corsMaxAge = 600
)

// newsAPICodeCORSNotAllowed is NewsAPI's code for a browser request from
// an origin it does not serve.
const newsAPICodeCORSNotAllowed = "corsNotAllowed"

// corsPolicy is the set of origins whose pages may call the service from
// a browser. Empty: none (no CORS header is ever sent). "*" allows every
// origin: safe here because the service uses no cookies, only keys a page
// must hold itself, so a response is never readable by a page that could
// not have fetched it anyway.
type corsPolicy struct {
	any     bool
	origins map[string]bool
}

// newCORSPolicy checks origins: each "*" or an exact origin, a scheme
// (http or https) and a host with an optional port, with no path, query or
// trailing slash, as browsers send it in Origin.
func newCORSPolicy(origins []string) (corsPolicy, error) {
	p := corsPolicy{origins: map[string]bool{}}
	for _, o := range origins {
		o = strings.TrimSpace(o)
		if o == "*" {
			p.any = true
			continue
		}
		norm, err := normaliseOrigin(o)
		if err != nil {
			return corsPolicy{}, err
		}
		p.origins[norm] = true
	}
	return p, nil
}

func normaliseOrigin(o string) (string, error) {
	bad := func(why string) error {
		return fmt.Errorf("CORS origin %s: %s (want an origin like https://news.example.com or http://localhost:3000, or *)",
			strconv.Quote(truncate(o, 100)), why)
	}
	u, err := url.Parse(o)
	switch {
	case err != nil:
		return "", bad("not a URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return "", bad("the scheme must be http or https")
	case u.Host == "" || u.User != nil:
		return "", bad("it needs a host, and no user")
	case u.Path != "" || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(o, "?") || strings.HasSuffix(o, "#"):
		return "", bad("an origin has no path (not even a trailing slash), query or fragment")
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

func (p corsPolicy) enabled() bool { return p.any || len(p.origins) > 0 }

func (p corsPolicy) allows(origin string) bool {
	return origin != "" && (p.any || p.origins[strings.ToLower(origin)])
}

// decorate adds the CORS headers of an actual (not preflight) request
// from an allowed origin. Any response may then be read by the page,
// errors included, so a page can show why it was refused.
func (p corsPolicy) decorate(w http.ResponseWriter, r *http.Request) {
	if !p.enabled() {
		return
	}
	h := w.Header()
	h.Add("Vary", "Origin") // the answer's headers depend on it
	origin := r.Header.Get("Origin")
	if !p.allows(origin) {
		return
	}
	h.Set("Access-Control-Allow-Origin", p.allowOrigin(origin))
	h.Set("Access-Control-Expose-Headers", corsExposeHeaders)
}

func (p corsPolicy) allowOrigin(origin string) string {
	if p.any {
		return "*"
	}
	return origin
}

// isPreflight reports whether r is a CORS preflight: OPTIONS with Origin
// and Access-Control-Request-Method. Any other OPTIONS is an ordinary
// request, answered 405 like any method but GET and HEAD.
func isPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && r.Header.Get("Origin") != "" &&
		r.Header.Get("Access-Control-Request-Method") != ""
}

// preflight answers a preflight: 204 with the allowed methods and headers
// for an allowed origin; 403 with no CORS header (so the browser blocks
// the request) and a body saying why, for any other. It needs no key and
// costs no rate limit: browsers send no credentials with a preflight.
func (p corsPolicy) preflight(w http.ResponseWriter, r *http.Request, d dialect) {
	origin := r.Header.Get("Origin")
	if !p.allows(origin) {
		msg := fmt.Sprintf("cross-origin requests from %s are not allowed: the service accepts browser requests only from the origins it is configured with (--cors-origin)",
			strconv.Quote(truncate(origin, 100)))
		if !p.enabled() {
			msg = "cross-origin requests are not allowed: the service is configured with no --cors-origin"
		}
		d.write(w, problem{status: http.StatusForbidden, spec: CodeCORSNotAllowed, newsAPI: newsAPICodeCORSNotAllowed, message: msg})
		return
	}
	h := w.Header()
	h.Add("Vary", "Origin")
	h.Add("Vary", "Access-Control-Request-Method")
	h.Add("Vary", "Access-Control-Request-Headers")
	h.Set("Access-Control-Allow-Origin", p.allowOrigin(origin))
	h.Set("Access-Control-Allow-Methods", corsAllowMethods)
	h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
	h.Set("Access-Control-Max-Age", strconv.Itoa(corsMaxAge))
	h.Set("Allow", corsAllowMethods)
	h.Set("Cache-Control", noStore)
	w.WriteHeader(http.StatusNoContent)
}

// CheckCORSOrigins checks origins as Config.CORSOrigins takes them, so a
// command can refuse a bad one before it starts anything.
func CheckCORSOrigins(origins []string) error {
	_, err := newCORSPolicy(origins)
	return err
}
