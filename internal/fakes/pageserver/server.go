// Package pageserver serves, on loopback, web pages in the shapes real
// news sites have, for the tests of the article extractor and of the
// reader. Every page is written by hand in Go and is deterministic.
//
// Paths:
//
//	/article      a ~1,200-word news article (headings, a list, a blockquote,
//	              a code block, relative, absolute, javascript: and mailto:
//	              links, an image with alt text) in a site's navigation, cookie
//	              banner, ads, related links, comments and footer
//	/long         the same site around an article of over 10,000 words
//	/paywall      a paywall stub: headline, one teaser sentence, a wall
//	/latin1       windows-1252, declared only in the Content-Type header
//	/sjis         Shift_JIS, declared only in a <meta>
//	/big          a 4 MB page (inline state, styles, teaser cards) whose article is real
//	/huge         over 5 MiB, streamed without a Content-Length
//	/scripts      a page of only scripts
//	/nested       an article inside 100,000 nested <div>s
//	/hostile      an article laced with terminal escapes, OSC 8, bidi
//	              overrides, zero-width characters and Markdown-looking text
//	/empty        200 with an empty body
//	/pdf          application/pdf
//	/gzip         /article with Content-Encoding gzip
//	/redirect/N   a chain of N redirects (302) ending at /article
//	/cookie       sets a cookie and redirects to /article (see CookieSeen)
//	/forbidden    403        /gone  410        /missing  404
//	/error        500        /ratelimit 429 (Retry-After)
//	/slow         sends nothing until the request (or the server) ends
//
// The server counts requests per path (Requests) and keeps the headers of
// the last request to each (LastHeader).
package pageserver

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Server is a loopback server of test pages.
type Server struct {
	srv     *httptest.Server
	closing chan struct{}

	mu         sync.Mutex
	requests   map[string]int
	headers    map[string]http.Header
	cookieSeen bool
}

// New starts a Server, closed when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{
		closing:  make(chan struct{}),
		requests: map[string]int{},
		headers:  map[string]http.Header{},
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// URL is the address of path on the server.
func (s *Server) URL(path string) string { return s.srv.URL + path }

// Close stops the server (at once for requests to /slow); later requests
// fail to connect. It may be called more than once.
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.closing:
	default:
		close(s.closing)
	}
	s.mu.Unlock()
	s.srv.Close()
}

// Requests is how many requests path has had.
func (s *Server) Requests(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[path]
}

// LastHeader is the header of the last request to path (nil if none).
func (s *Server) LastHeader(path string) http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.headers[path]
}

// CookieSeen says whether any request came with a Cookie header.
func (s *Server) CookieSeen() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cookieSeen
}

func (s *Server) count(r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests[r.URL.Path]++
	s.headers[r.URL.Path] = r.Header.Clone()
	if r.Header.Get("Cookie") != "" {
		s.cookieSeen = true
	}
}

// statuses are the paths that answer with an error.
var statuses = map[string]int{
	"/forbidden": http.StatusForbidden,
	"/gone":      http.StatusGone,
	"/missing":   http.StatusNotFound,
	"/error":     http.StatusInternalServerError,
	"/ratelimit": http.StatusTooManyRequests,
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.count(r)
	path := r.URL.Path
	if code, ok := statuses[path]; ok {
		if code == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "60")
		}
		w.Header().Set("Content-Type", htmlUTF8)
		w.WriteHeader(code)
		fmt.Fprintf(w, "<html><body><h1>%d %s</h1></body></html>", code, http.StatusText(code))
		return
	}
	switch {
	case strings.HasPrefix(path, "/redirect/"):
		s.redirect(w, r, strings.TrimPrefix(path, "/redirect/"))
	case path == "/cookie":
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "tracking-id-123", Path: "/"})
		http.Redirect(w, r, "/article", http.StatusFound)
	case path == "/slow":
		w.Header().Set("Content-Type", htmlUTF8)
		select {
		case <-r.Context().Done():
		case <-s.closing:
		}
	case path == "/huge":
		s.stream(w, path)
	case path == "/gzip":
		pg, _ := Get(path)
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Type", pg.ContentType)
		_, _ = w.Write(pg.Body)
	default:
		s.static(w, r, path)
	}
}

// redirect answers /redirect/N.
func (s *Server) redirect(w http.ResponseWriter, r *http.Request, rest string) {
	n, err := strconv.Atoi(rest)
	switch {
	case err != nil || n < 0:
		http.NotFound(w, r)
	case n == 0:
		s.static(w, r, "/article")
	case n == 1:
		http.Redirect(w, r, "/article", http.StatusFound)
	default:
		http.Redirect(w, r, "/redirect/"+strconv.Itoa(n-1), http.StatusFound)
	}
}

// stream writes a page in chunks, without a Content-Length.
func (s *Server) stream(w http.ResponseWriter, path string) {
	pg, _ := Get(path)
	w.Header().Set("Content-Type", pg.ContentType)
	flusher, _ := w.(http.Flusher)
	for body := pg.Body; len(body) > 0; {
		n := min(len(body), 64<<10)
		if _, err := w.Write(body[:n]); err != nil {
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
		body = body[n:]
	}
}

// static serves a page of Get.
func (s *Server) static(w http.ResponseWriter, r *http.Request, path string) {
	pg, ok := Get(path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", pg.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(pg.Body)))
	_, _ = w.Write(pg.Body)
}
