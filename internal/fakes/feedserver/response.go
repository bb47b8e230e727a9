package feedserver

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Response is what a path answers (see Server.Set).
//
// Every 200 answer carries validators unless NoValidators: a strong ETag
// derived from the body and a Last-Modified (the time it was set, later
// than any handed out before by this server). A request whose
// If-None-Match lists the ETag (or "*"), or, when it sends no
// If-None-Match, whose If-Modified-Since is not older than Last-Modified,
// gets 304 with no body. An ETag or Last-Modified in Header replaces the
// derived one, so a test can serve weak ETags or odd dates; with
// NoValidators they are sent as they are and never honoured, like a server
// that sends validators but ignores conditional requests.
//
// A body is gzipped when the request's Accept-Encoding allows gzip (and
// NoGzip is not set), with Content-Encoding: gzip. The ETag stays the same
// for both encodings, as many servers do.
//
// A query parameter "chunked" on any request (…?chunked=1) sends the body
// without Content-Length, in flushed pieces, as a streaming server would.
type Response struct {
	Status int         // 0 means 200
	Header http.Header // extra headers (Retry-After, Location, Content-Type…)
	Body   []byte
	// ContentType is sent as Content-Type unless Header has one. Empty
	// means inferred from a non-empty body: application/feed+json for
	// JSON, text/html for an HTML page, application/atom+xml for an Atom
	// feed, application/rdf+xml for RDF, otherwise
	// "application/rss+xml; charset=utf-8".
	ContentType string
	// Delay is how long to wait before answering. If the client gives up
	// (or Close is called) first, the connection is closed unanswered.
	Delay time.Duration
	// Hang never answers, until the client gives up or Close is called;
	// then the connection is closed unanswered.
	Hang bool
	// NoValidators sends no ETag and no Last-Modified and never answers
	// 304, like a server that does not do conditional GET.
	NoValidators bool
	// NoGzip never compresses, like a server that ignores Accept-Encoding.
	NoGzip bool
}

// entry is a Response ready to serve many times: validators computed once,
// the gzipped body made on first need and kept (a benchmark fetching the
// same documents again should cost the server next to nothing).
type entry struct {
	status      int
	header      http.Header
	body        []byte
	contentType string
	delay       time.Duration
	hang        bool
	validators  bool
	noGzip      bool
	etag        string
	lastMod     string // http.TimeFormat

	gzOnce sync.Once
	gz     []byte
}

func newEntry(r Response, lastMod time.Time) *entry {
	e := &entry{
		status:      r.Status,
		header:      r.Header.Clone(),
		body:        r.Body,
		contentType: r.ContentType,
		delay:       r.Delay,
		hang:        r.Hang,
		validators:  !r.NoValidators,
		noGzip:      r.NoGzip,
		lastMod:     lastMod.UTC().Format(http.TimeFormat),
	}
	if e.status == 0 {
		e.status = http.StatusOK
	}
	if e.contentType == "" {
		e.contentType = inferContentType(e.body)
	}
	if e.validators {
		e.etag = strongETag(e.body)
		if v := e.header.Get("ETag"); v != "" {
			e.etag = v
		}
		if v := e.header.Get("Last-Modified"); v != "" {
			e.lastMod = v
		}
		// answer sets them; with NoValidators they stay in the header,
		// sent but never honoured.
		e.header.Del("ETag")
		e.header.Del("Last-Modified")
	}
	return e
}

// strongETag is a quoted hash of the body: the same bytes always get the
// same tag, on any server, so a second pass over unchanged documents is
// all 304s.
func strongETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:10]) + `"`
}

func (e *entry) gzipped() []byte {
	e.gzOnce.Do(func() {
		var buf bytes.Buffer
		// BestSpeed: these bodies exist to exercise the client's
		// decompression, not to save bytes on loopback.
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		_, _ = zw.Write(e.body)
		_ = zw.Close()
		e.gz = buf.Bytes()
	})
	return e.gz
}

// answer serves e to r. It panics with http.ErrAbortHandler (closing the
// connection without a response) when the client gives up or the server
// closes while e hangs or delays.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, e *entry) {
	if e.hang {
		s.wait(r, -1)
	}
	if e.delay > 0 {
		s.wait(r, e.delay)
	}
	h := w.Header()
	for k, v := range e.header {
		h[k] = slices.Clone(v)
	}
	if e.contentType != "" && h.Get("Content-Type") == "" {
		h.Set("Content-Type", e.contentType)
	}
	if e.status == http.StatusOK && e.validators {
		h.Set("ETag", e.etag)
		h.Set("Last-Modified", e.lastMod)
		if notModified(r, e.etag, e.lastMod) {
			h.Del("Content-Type")
			h.Del("Content-Length")
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body := e.body
	if len(body) > 0 && !e.noGzip && h.Get("Content-Encoding") == "" {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Values("Accept-Encoding")) {
			body = e.gzipped()
			h.Set("Content-Encoding", "gzip")
		}
	}
	chunked := r.URL.Query().Has("chunked")
	if !chunked && bodyAllowed(e.status) {
		h.Set("Content-Length", strconv.Itoa(len(body)))
	}
	w.WriteHeader(e.status)
	if r.Method == http.MethodHead || !bodyAllowed(e.status) || len(body) == 0 {
		return
	}
	if !chunked {
		_, _ = w.Write(body)
		return
	}
	f, _ := w.(http.Flusher)
	for len(body) > 0 {
		n := min(len(body), 16<<10)
		if _, err := w.Write(body[:n]); err != nil {
			return
		}
		if f != nil {
			f.Flush()
		}
		body = body[n:]
	}
}

// wait returns after d, or never when d < 0; if the request's context ends
// or the server closes first, it aborts the handler so that the client
// sees a dropped connection rather than an empty 200.
func (s *Server) wait(r *http.Request, d time.Duration) {
	var timeout <-chan time.Time
	if d >= 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case <-timeout:
		return
	case <-r.Context().Done():
	case <-s.done:
	}
	panic(http.ErrAbortHandler)
}

// notModified applies RFC 9110's rules for a GET: If-None-Match decides
// when present (weak comparison); otherwise If-Modified-Since.
func notModified(r *http.Request, etag, lastMod string) bool {
	if inm := r.Header.Values("If-None-Match"); len(inm) > 0 {
		want := strings.TrimPrefix(etag, "W/")
		for _, v := range inm {
			for _, tag := range strings.Split(v, ",") {
				tag = strings.TrimSpace(tag)
				if tag == "*" || strings.TrimPrefix(tag, "W/") == want {
					return true
				}
			}
		}
		return false
	}
	ims, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	if err != nil {
		return false
	}
	lm, err := http.ParseTime(lastMod)
	if err != nil {
		return false
	}
	return !lm.After(ims)
}

// acceptsGzip reports whether Accept-Encoding values allow gzip: listed
// (or "*") with a q above zero.
func acceptsGzip(values []string) bool {
	star := false
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			ok := qAboveZero(params)
			switch name {
			case "gzip", "x-gzip":
				return ok
			case "*":
				star = ok
			}
		}
	}
	return star
}

func qAboveZero(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err == nil && q > 0
		}
	}
	return true
}

// bodyAllowed reports whether a status may carry a body.
func bodyAllowed(status int) bool {
	return status >= 200 && status != http.StatusNoContent && status != http.StatusNotModified
}

// inferContentType guesses the Content-Type a real server would send for
// body; "" for an empty body.
func inferContentType(body []byte) string {
	b := bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	b = bytes.TrimLeft(b, " \t\r\n")
	if len(b) == 0 {
		return ""
	}
	head := bytes.ToLower(b[:min(len(b), 1024)])
	switch {
	case b[0] == '{':
		return "application/feed+json; charset=utf-8"
	case bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")):
		return "text/html; charset=utf-8"
	case bytes.Contains(head, []byte("<feed")):
		return "application/atom+xml; charset=utf-8"
	case bytes.Contains(head, []byte("<rdf:rdf")):
		return "application/rdf+xml; charset=utf-8"
	}
	return "application/rss+xml; charset=utf-8"
}
