package feedserver

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Facts about the built-in routes, for tests to assert against (the
// package documentation lists the routes).
const (
	// RedirectTarget is where /redirect/… routes end up by default.
	RedirectTarget = "/fixtures/rss20.xml"
	// RetryAfter429 is the Retry-After, in seconds, of /status/429.
	RetryAfter429 = 120
	// RetryAfter503 is how far ahead of the request the HTTP-date in
	// /status/503's Retry-After lies.
	RetryAfter503 = 90 * time.Second
)

// route finds the answer for r: what Set put at its path, else a built-in
// route, else 404.
func (s *Server) route(r *http.Request) *entry {
	p := r.URL.Path
	s.mu.Lock()
	e := s.set[p]
	s.mu.Unlock()
	if e != nil {
		return e
	}
	switch {
	case strings.HasPrefix(p, "/fixtures/"):
		if e := s.fixture(strings.TrimPrefix(p, "/fixtures/")); e != nil {
			return e
		}
	case strings.HasPrefix(p, "/status/"):
		if e := statusRoute(strings.TrimPrefix(p, "/status/")); e != nil {
			return e
		}
	case strings.HasPrefix(p, "/redirect/"):
		if e := redirectRoute(r, strings.TrimPrefix(p, "/redirect/")); e != nil {
			return e
		}
	case p == "/hang":
		return hangEntry
	case strings.HasPrefix(p, "/gen/"):
		return s.generated(r)
	}
	return errorPage(http.StatusNotFound, nil)
}

var hangEntry = &entry{hang: true}

// fixture is the answer for /fixtures/name, or nil when there is none.
func (s *Server) fixture(name string) *entry {
	s.mu.Lock()
	e := s.versions[name]
	s.mu.Unlock()
	if e != nil {
		return e
	}
	switch name {
	case "large.xml":
		return largeEntry()
	case "huge.xml":
		return hugeEntry()
	}
	return staticEntries()[name]
}

// SetVersion makes the versioned fixture name ("changing.xml", or its path
// "/fixtures/changing.xml") serve version v from now on; see
// ChangingVersions for what each version holds. The new answer gets a
// Last-Modified later than any before, and its own ETag, as a real feed
// that was republished. It panics on a fixture or version that does not
// exist, which is a mistake in the test.
func (s *Server) SetVersion(name string, v int) {
	name = strings.TrimPrefix(cleanPath(name), "/fixtures/")
	name = strings.TrimPrefix(name, "/")
	f, ok := fixtureByName(name)
	if !ok || v < 1 || v > len(f.Versions) {
		panic(fmt.Sprintf("feedserver: no version %d of fixture %q", v, name))
	}
	body := fixtureFile(versionFile(name, v))
	s.mu.Lock()
	defer s.mu.Unlock()
	s.versions[name] = newEntry(Response{Body: body, ContentType: f.ContentType}, s.nextLastMod())
}

// versionFile is the embedded file holding version v of name:
// "changing.xml", 2 -> "changing-v2.xml".
func versionFile(name string, v int) string {
	base, ext, _ := strings.Cut(name, ".")
	return fmt.Sprintf("%s-v%d.%s", base, v, ext)
}

// statusRoute answers /status/CODE for any code from 400 to 599, with a
// small HTML page as real servers send, and Retry-After on 429 and 503.
func statusRoute(code string) *entry {
	n, err := strconv.Atoi(code)
	if err != nil || n < 400 || n > 599 {
		return nil
	}
	h := http.Header{}
	switch n {
	case http.StatusTooManyRequests:
		h.Set("Retry-After", strconv.Itoa(RetryAfter429))
	case http.StatusServiceUnavailable:
		h.Set("Retry-After", time.Now().Add(RetryAfter503).UTC().Format(http.TimeFormat))
	}
	return errorPage(n, h)
}

func errorPage(status int, h http.Header) *entry {
	text := fmt.Sprintf("%d %s", status, http.StatusText(status))
	body := "<!DOCTYPE html>\n<html><head><title>" + text + "</title></head>\n<body><h1>" +
		text + "</h1><hr><address>nginx</address></body></html>\n"
	return newEntry(Response{Status: status, Header: h, Body: []byte(body),
		ContentType: "text/html; charset=utf-8", NoValidators: true}, time.Time{})
}

// redirectRoute answers /redirect/CODE, /redirect/chain/N and
// /redirect/loop, or returns nil for other paths.
func redirectRoute(r *http.Request, rest string) *entry {
	// Location is absolute, on the host the client asked for, as most
	// servers send it; ?to= replaces the target (a path or a full URL, for
	// a feed that moved to another host).
	target := r.URL.Query().Get("to")
	if target == "" {
		target = RedirectTarget
	}
	abs := func(p string) string {
		if strings.HasPrefix(p, "/") {
			return "http://" + r.Host + p
		}
		return p
	}
	switch {
	case rest == "loop":
		return redirectEntry(http.StatusFound, abs("/redirect/loop"))
	case strings.HasPrefix(rest, "chain/"):
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "chain/"))
		if err != nil || n < 0 {
			return nil
		}
		if n == 0 {
			return staticEntries()[strings.TrimPrefix(RedirectTarget, "/fixtures/")]
		}
		next := RedirectTarget
		if n > 1 {
			next = "/redirect/chain/" + strconv.Itoa(n-1)
		}
		return redirectEntry(http.StatusMovedPermanently, abs(next))
	}
	code, err := strconv.Atoi(rest)
	switch {
	case err != nil:
		return nil
	case code == 301 || code == 302 || code == 303 || code == 307 || code == 308:
		return redirectEntry(code, abs(target))
	}
	return nil
}

func redirectEntry(code int, location string) *entry {
	h := http.Header{"Location": {location}}
	body := "<html><head><title>Moved</title></head><body><a href=\"" + html.EscapeString(location) +
		"\">Moved</a></body></html>\n"
	return newEntry(Response{Status: code, Header: h, Body: []byte(body),
		ContentType: "text/html; charset=utf-8", NoValidators: true}, time.Time{})
}
