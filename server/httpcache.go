package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// ListMaxAge is how long, in seconds, a client or a private cache may
// reuse a successful list without asking again (Cache-Control: private,
// max-age=60). A minute is short next to how often the catalogue changes
// (feeds are polled every 15 minutes by default, an import is rare), so
// a reused page is at most a minute behind, while a browser client
// paging back and forth, or several tabs, cost no request. After that the
// ETag makes asking again cheap: 304, no body. "private" because the
// answer is only for a holder of a key: a shared cache (a CDN, a proxy)
// must not hand it to anyone who asks.
const ListMaxAge = 60

// listCacheControl is a list's Cache-Control, as above (a function, so
// that no initialiser formats it at start-up).
func listCacheControl() string { return "private, max-age=" + strconv.Itoa(ListMaxAge) }

// The other Cache-Control values: everything else (errors, 429
// and 503, health) must be asked for again each time, since it says
// something about this moment or this request only.
var (
	noStore = "no-store"
	// personalCacheControl: an answer with one owner's marks is kept by
	// no shared cache and checked again (ETag) before each reuse.
	personalCacheControl = "private, no-cache"
)

// gzipMinBytes is the smallest body worth compressing: below about a
// kilobyte gzip's header and framing eat most of the gain.
const gzipMinBytes = 1024

// representation is one successful answer as it can be sent: its JSON,
// its strong ETag (a digest of the JSON), and its gzip encoding, made the
// first time a client accepts it. Cached bodies keep theirs, so each page
// is hashed and compressed once per store generation, not per request.
type representation struct {
	body []byte
	etag string // quoted, strong

	gzOnce sync.Once
	gz     []byte // nil when the body is too small to be worth it
	// personal: the answer carries one owner's marks (marks.go), so no
	// cache may keep it past this moment or hand it to anyone else.
	personal bool
	// onGzip, set by the cache that holds the representation before
	// anyone else sees it, is told the size of the gzip once it is made.
	onGzip func(n int)
}

func newRepresentation(body []byte) *representation {
	sum := sha256.Sum256(body)
	return &representation{body: body, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`}
}

// gzipETag is the ETag of the gzip encoding: a different representation
// of the same content needs a different strong validator (RFC 9110 8.8.3).
func (p *representation) gzipETag() string { return p.etag[:len(p.etag)-1] + `-gzip"` }

// gzipped is the gzip encoding of the body, or nil when the body is too
// small to gain from it.
func (p *representation) gzipped() []byte {
	p.gzOnce.Do(func() {
		if len(p.body) < gzipMinBytes {
			return
		}
		var buf bytes.Buffer
		buf.Grow(len(p.body) / 4)
		zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression) // the level is valid
		_, _ = zw.Write(p.body)                                     // a bytes.Buffer does not fail
		_ = zw.Close()
		p.gz = buf.Bytes()
		if p.onGzip != nil {
			p.onGzip(len(p.gz))
		}
	})
	return p.gz
}

// writeList sends a successful list: the gzip encoding when the client
// accepts it, 304 Not Modified with no body when the client's
// If-None-Match already names it, and, either way, its ETag, the list
// Cache-Control and "Vary: Accept-Encoding" (the body depends on it).
func writeList(w http.ResponseWriter, r *http.Request, p *representation) error {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	h.Set("Cache-Control", listCacheControl())
	if p.personal {
		h.Add("Vary", "Authorization, X-Api-Key")
		h.Set("Cache-Control", personalCacheControl)
	}
	h.Set("X-Content-Type-Options", "nosniff")
	body, etag := p.body, p.etag
	if acceptsGzip(r.Header) {
		if gz := p.gzipped(); gz != nil {
			body, etag = gz, p.gzipETag()
			h.Set("Content-Encoding", "gzip")
		}
	}
	if tag, ok := noneMatch(r.Header, p); ok {
		// The client holds tag: confirm it, naming what it holds.
		h.Del("Content-Encoding")
		h.Set("ETag", tag)
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("ETag", etag)
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return nil // the headers say all, Content-Length included
	}
	_, err := w.Write(body)
	return err
}

// noneMatch reports whether If-None-Match names either encoding of p (or
// is "*"), and the tag it matched. Comparison is weak (RFC 9110 13.1.2):
// W/ is ignored. Both encodings match because they hold the same content;
// the 304 names the one the client holds.
func noneMatch(h http.Header, p *representation) (string, bool) {
	for _, v := range h.Values("If-None-Match") {
		for tag := range strings.SplitSeq(v, ",") {
			tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
			switch tag {
			case "*":
				return p.etag, true
			case p.etag, p.gzipETag():
				return tag, true
			}
		}
	}
	return "", false
}

// acceptsGzip reports whether Accept-Encoding admits gzip: named (or
// "*") with a q-value above 0. "gzip;q=0" refuses it.
func acceptsGzip(h http.Header) bool {
	star := false
	for _, v := range h.Values("Accept-Encoding") {
		for item := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(item, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "gzip" && name != "x-gzip" && name != "*" {
				continue
			}
			ok := qAboveZero(params)
			if name == "*" {
				star = ok
				continue
			}
			return ok
		}
	}
	return star
}

// qAboveZero reads a q parameter ("q=0.5"); absent means 1.
func qAboveZero(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return err == nil && q > 0
	}
	return true
}
