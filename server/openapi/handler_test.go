package openapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"tidings/server/openapi"
)

func TestHandlerServesTheDocumentToAnyone(t *testing.T) {
	rec := httptest.NewRecorder()
	openapi.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v2/openapi.json", nil))
	res := rec.Result()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET without a key: %d, want 200", res.StatusCode)
	}
	for name, want := range map[string]string{
		"Content-Type":                "application/json",
		"Cache-Control":               "public, max-age=3600",
		"Access-Control-Allow-Origin": "*",
		"X-Content-Type-Options":      "nosniff",
	} {
		if got := res.Header.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if etag := res.Header.Get("ETag"); len(etag) < 10 || etag[0] != '"' {
		t.Errorf("ETag = %q, want a strong quoted tag", etag)
	}
	if !bytes.Equal(rec.Body.Bytes(), openapi.Document()) {
		t.Error("the body is not the document")
	}
	var doc map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil || doc["openapi"] != "3.1.0" {
		t.Errorf("the body is not an OpenAPI 3.1 document: %v", err)
	}
}

func TestHandlerConditionalAndHead(t *testing.T) {
	h := openapi.Handler()
	first := httptest.NewRecorder()
	h.ServeHTTP(first, httptest.NewRequest(http.MethodGet, "/v2/openapi.json", nil))
	etag := first.Header().Get("ETag")

	req := httptest.NewRequest(http.MethodGet, "/v2/openapi.json", nil)
	req.Header.Set("If-None-Match", etag)
	again := httptest.NewRecorder()
	h.ServeHTTP(again, req)
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("If-None-Match with the ETag: %d and %d bytes, want 304 and none", again.Code, again.Body.Len())
	}

	req = httptest.NewRequest(http.MethodGet, "/v2/openapi.json", nil)
	req.Header.Set("If-None-Match", `"stale"`)
	stale := httptest.NewRecorder()
	h.ServeHTTP(stale, req)
	if stale.Code != http.StatusOK || stale.Body.Len() != len(openapi.Document()) {
		t.Errorf("If-None-Match with another ETag: %d and %d bytes, want 200 and the document", stale.Code, stale.Body.Len())
	}

	head := httptest.NewRecorder()
	h.ServeHTTP(head, httptest.NewRequest(http.MethodHead, "/v2/openapi.json", nil))
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("ETag") != etag {
		t.Errorf("HEAD: %d, %d bytes, ETag %q; want 200, no body, %q", head.Code, head.Body.Len(), head.Header().Get("ETag"), etag)
	}
}

func TestHandlerRefusesOtherMethods(t *testing.T) {
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch} {
		rec := httptest.NewRecorder()
		openapi.Handler().ServeHTTP(rec, httptest.NewRequest(m, "/v2/openapi.json", nil))
		var body struct {
			Status int
			Code   string
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" ||
			body.Status != 405 || body.Code != "METHOD_NOT_ALLOWED" {
			t.Errorf("%s: %d, Allow %q, body %s; want 405, GET, HEAD and METHOD_NOT_ALLOWED",
				m, rec.Code, rec.Header().Get("Allow"), rec.Body.Bytes())
		}
	}
}

func TestDocumentReturnsACopy(t *testing.T) {
	a := openapi.Document()
	a[0] = 'X'
	if openapi.Document()[0] != '{' {
		t.Fatal("changing the returned slice changed the document")
	}
}
