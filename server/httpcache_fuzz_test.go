package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// FuzzConditionalHeaders sends any Accept-Encoding and If-None-Match to
// writeList: the answer is 304 exactly when If-None-Match names one of
// the page's two ETags (or "*"), and otherwise a 200 whose body, gunzipped
// when it says gzip, is the page, its Content-Length the bytes sent.
func FuzzConditionalHeaders(f *testing.F) {
	page := []byte(`{"status":"ok","totalResults":1,"articles":[{"title":"` + strings.Repeat("harbour ", 300) + `"}]}`)
	p := newRepresentation(page)
	f.Add("gzip", "")
	f.Add("gzip;q=0, *;q=1", `W/`+p.etag)
	f.Add("br, x-gzip;Q=0.5", "*")
	f.Add("*;q=0", p.gzipETag()+", "+p.etag)
	f.Add("identity", `"other"`)
	f.Fuzz(func(t *testing.T, acceptEncoding, ifNoneMatch string) {
		req := httptest.NewRequest(http.MethodGet, "/v2/articles", nil)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		req.Header.Set("If-None-Match", ifNoneMatch)
		rec := httptest.NewRecorder()
		if err := writeList(rec, req, p); err != nil {
			t.Fatal(err)
		}
		if want := namesTag(ifNoneMatch, p); (rec.Code == http.StatusNotModified) != want {
			t.Fatalf("If-None-Match %q: status %d, want 304: %v", ifNoneMatch, rec.Code, want)
		}
		if rec.Code == http.StatusNotModified {
			if rec.Body.Len() != 0 || rec.Header().Get("Content-Encoding") != "" {
				t.Fatalf("304 with a body or an encoding: %q", rec.Header())
			}
			return
		}
		body := rec.Body.Bytes()
		if n, err := strconv.Atoi(rec.Header().Get("Content-Length")); err != nil || n != len(body) {
			t.Fatalf("Content-Length %q for %d bytes", rec.Header().Get("Content-Length"), len(body))
		}
		if rec.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("Accept-Encoding %q: gzip body: %v", acceptEncoding, err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(body, page) {
			t.Fatalf("Accept-Encoding %q: the body is not the page", acceptEncoding)
		}
	})
}

// namesTag is the test's own reading of If-None-Match: a comma-separated
// list of entity tags, each possibly weak, any of which may be "*".
func namesTag(header string, p *representation) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == p.etag || tag == p.gzipETag() {
			return true
		}
	}
	return false
}
