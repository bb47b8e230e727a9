package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"tidings/model"
)

// opsDo sends method target to h with the test key and extra headers
// ("Name: value"), returning the raw recorder: unlike do, it expects
// bodiless and compressed answers.
func opsDo(t testing.TB, h http.Handler, method, target string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	req.Header.Set("Authorization", "Bearer "+testKey)
	for _, hv := range headers {
		name, value, _ := strings.Cut(hv, ":")
		req.Header.Add(name, strings.TrimSpace(value))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("bad gzip stream: %v", err)
	}
	return out
}

const bigList = "/v2/latest-headlines?pageSize=100" // over gzipMinBytes

func TestGzipRoundTripGivesTheSameJSON(t *testing.T) {
	h := newTestHandler(t, Config{})
	plain := opsDo(t, h, "GET", bigList)
	if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("without Accept-Encoding: %d, Content-Encoding %q", plain.Code, plain.Header().Get("Content-Encoding"))
	}
	if plain.Body.Len() < gzipMinBytes {
		t.Fatalf("fixture list is %d bytes, too small to test gzip", plain.Body.Len())
	}
	for _, ae := range []string{"gzip", "br, gzip;q=0.5", "GZIP", "*", "deflate, *;q=0.1"} {
		zipped := opsDo(t, h, "GET", bigList, "Accept-Encoding: "+ae)
		hd := zipped.Header()
		if zipped.Code != 200 || hd.Get("Content-Encoding") != "gzip" {
			t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q", ae, zipped.Code, hd.Get("Content-Encoding"))
		}
		if hd.Get("Content-Length") != strconv.Itoa(zipped.Body.Len()) || zipped.Body.Len() >= plain.Body.Len() {
			t.Fatalf("Accept-Encoding %q: Content-Length %s for %d compressed bytes (plain %d)",
				ae, hd.Get("Content-Length"), zipped.Body.Len(), plain.Body.Len())
		}
		if got := gunzip(t, zipped.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
			t.Fatalf("Accept-Encoding %q: the gunzipped body differs from the plain one", ae)
		}
		if !strings.Contains(hd.Get("Vary"), "Accept-Encoding") || hd.Get("Content-Type") != "application/json" {
			t.Fatalf("Accept-Encoding %q: Vary %q, Content-Type %q", ae, hd.Get("Vary"), hd.Get("Content-Type"))
		}
		if hd.Get("ETag") == plain.Header().Get("ETag") {
			t.Fatal("the gzip and identity encodings share one strong ETag")
		}
	}
	for _, ae := range []string{"gzip;q=0", "br", "identity", "*;q=0", "gzip;q=0, *"} {
		if r := opsDo(t, h, "GET", bigList, "Accept-Encoding: "+ae); r.Header().Get("Content-Encoding") != "" ||
			!bytes.Equal(r.Body.Bytes(), plain.Body.Bytes()) {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want the plain body", ae, r.Header().Get("Content-Encoding"))
		}
	}
	// Small answers are sent as they are: gzip would only add bytes.
	if r := opsDo(t, h, "GET", "/v2/sources?pageSize=1", "Accept-Encoding: gzip"); r.Header().Get("Content-Encoding") != "" {
		t.Errorf("a %d-byte body was gzipped", r.Body.Len())
	}
}

// TestGzipOverTheWire checks what a Go client (which asks for gzip by
// itself) gets from a real listener: the decoded JSON, every time.
func TestGzipOverTheWire(t *testing.T) {
	srv := httptest.NewServer(newTestHandler(t, Config{}))
	defer srv.Close()
	for range 2 { // the second answer comes from the cache
		req, _ := http.NewRequest("GET", srv.URL+bigList, nil)
		req.Header.Set("Authorization", "Bearer "+testKey)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !resp.Uncompressed || resp.StatusCode != 200 || !strings.HasPrefix(string(body), `{"status":"ok"`) {
			t.Fatalf("status %d, transparently decompressed %v, body %.40q", resp.StatusCode, resp.Uncompressed, body)
		}
	}
}

func TestETagAndIfNoneMatch(t *testing.T) {
	st := fixtureStore(t)
	h, err := New(st, Config{APIKeys: []string{testKey}})
	if err != nil {
		t.Fatal(err)
	}
	first := opsDo(t, h, "GET", bigList)
	etag := first.Header().Get("ETag")
	if first.Code != 200 || !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) || len(etag) < 10 {
		t.Fatalf("status %d, ETag %q: want a strong, quoted ETag", first.Code, etag)
	}
	if cc := first.Header().Get("Cache-Control"); cc != "private, max-age=60" {
		t.Fatalf("Cache-Control %q on a list", cc)
	}
	// The same list with its parameters in another order is the same
	// representation.
	if again := opsDo(t, h, "GET", "/v2/latest-headlines?pageSize=100&page=1"); again.Header().Get("ETag") != etag {
		t.Fatalf("the same list has ETag %q, then %q", etag, again.Header().Get("ETag"))
	}
	for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		for _, method := range []string{"GET", "HEAD"} {
			r := opsDo(t, h, method, bigList, "If-None-Match: "+inm)
			if r.Code != http.StatusNotModified || r.Body.Len() != 0 {
				t.Fatalf("%s If-None-Match %s: status %d with %d body bytes, want 304 and none", method, inm, r.Code, r.Body.Len())
			}
			if r.Header().Get("ETag") != etag || r.Header().Get("Cache-Control") != "private, max-age=60" ||
				!strings.Contains(r.Header().Get("Vary"), "Accept-Encoding") {
				t.Fatalf("304 headers: ETag %q, Cache-Control %q, Vary %q", r.Header().Get("ETag"),
					r.Header().Get("Cache-Control"), r.Header().Get("Vary"))
			}
		}
	}
	// A gzip client revalidates its gzip ETag.
	zipped := opsDo(t, h, "GET", bigList, "Accept-Encoding: gzip")
	ztag := zipped.Header().Get("ETag")
	if r := opsDo(t, h, "GET", bigList, "Accept-Encoding: gzip", "If-None-Match: "+ztag); r.Code != 304 ||
		r.Header().Get("ETag") != ztag || r.Header().Get("Content-Encoding") != "" {
		t.Fatalf("gzip revalidation: %d, ETag %q (want %q), Content-Encoding %q", r.Code, r.Header().Get("ETag"), ztag,
			r.Header().Get("Content-Encoding"))
	}
	if r := opsDo(t, h, "GET", bigList, `If-None-Match: "stale"`); r.Code != 200 || r.Body.Len() == 0 {
		t.Fatalf("a stale ETag: %d with %d bytes, want the full answer", r.Code, r.Body.Len())
	}
	// After a write the list changes, and so does its ETag: the old one
	// gets the new list, not a 304.
	if err := st.Add(context.Background(), nil, []model.Article{{Source: model.SourceRef{ID: "bbc-news"},
		Title: "Fresh", URL: "https://www.bbc.co.uk/news/fresh", PublishedAt: base}}); err != nil {
		t.Fatal(err)
	}
	after := opsDo(t, h, "GET", bigList, "If-None-Match: "+etag)
	if after.Code != 200 || after.Header().Get("ETag") == etag || !strings.Contains(after.Body.String(), "Fresh") {
		t.Fatalf("after a write: status %d, ETag %q (was %q)", after.Code, after.Header().Get("ETag"), etag)
	}
}

func TestHeadMatchesGetWithGzip(t *testing.T) {
	h := newTestHandler(t, Config{})
	for _, ae := range []string{"", "gzip"} {
		g := opsDo(t, h, "GET", bigList, "Accept-Encoding: "+ae)
		hd := opsDo(t, h, "HEAD", bigList, "Accept-Encoding: "+ae)
		if hd.Code != 200 || hd.Body.Len() != 0 {
			t.Fatalf("HEAD (Accept-Encoding %q): %d with %d body bytes", ae, hd.Code, hd.Body.Len())
		}
		for _, name := range []string{"ETag", "Content-Length", "Content-Encoding", "Cache-Control", "Content-Type"} {
			if hd.Header().Get(name) != g.Header().Get(name) {
				t.Errorf("Accept-Encoding %q: HEAD %s %q, GET %q", ae, name, hd.Header().Get(name), g.Header().Get(name))
			}
		}
	}
}

func TestErrorsAreNeverCached(t *testing.T) {
	h := newTestHandler(t, Config{RateLimit: 1})
	get(t, h, "/v2/sources") // spends the one request
	cases := map[string]response{
		"400": get(t, newTestHandler(t, Config{}), "/v2/articles?q=x&pageSize=0"),
		"401": get(t, h, "/v2/sources", ""),
		"404": get(t, h, "/v2/nothing"),
		"429": get(t, h, "/v2/sources"),
	}
	for name, r := range cases {
		if cc := r.header.Get("Cache-Control"); cc != "no-store" || r.header.Get("ETag") != "" {
			t.Errorf("%s (status %d): Cache-Control %q, ETag %q: an error must not be reused", name, r.status, cc, r.header.Get("ETag"))
		}
	}
}

func TestBodyCacheCountsGzipInItsBound(t *testing.T) {
	c := newBodyCache(1 << 20)
	body := bytes.Repeat([]byte(`{"title":"a headline about the climate"},`), 200) // 8 KB, compresses well
	rep := newRepresentation(body)
	c.store("k", 1, rep)
	before := c.size
	if gz := rep.gzipped(); len(gz) == 0 || len(gz) >= len(body) {
		t.Fatalf("gzip of %d bytes is %d", len(body), len(gz))
	}
	if c.size != before+len(rep.gz) {
		t.Fatalf("the cache holds %d bytes after gzip, want %d + %d", c.size, before, len(rep.gz))
	}
	if got, ok := c.lookup("k", 1); !ok || got != rep {
		t.Fatal("the representation is not cached")
	}
}
