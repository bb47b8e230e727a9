package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

var fuzzPaths = []string{"/v2/sources", "/v2/latest-headlines", "/v2/articles"}

// FuzzQueryParams sends any raw query string to each endpoint: the answer
// must be 200 or 400, JSON, in one of the documented shapes.
func FuzzQueryParams(f *testing.F) {
	h := newTestHandler(f, Config{})
	f.Fuzz(func(t *testing.T, endpoint uint8, rawQuery string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = fuzzPaths[int(endpoint)%len(fuzzPaths)]
		req.URL.RawQuery = rawQuery
		req.Header.Set("Authorization", "Bearer "+testKey)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		checkFuzzResponse(t, rec, rawQuery, http.StatusOK, http.StatusBadRequest)
	})
}

// FuzzAuthorization sends any Authorization header: only the exact key
// (after Bearer, or alone) is admitted, everything else is a JSON 401.
// The wrong-key throttle is off: every input comes from one address, so
// it would answer 429 after the 20th wrong one (TestWrongKeysAreThrottled…
// covers it).
func FuzzAuthorization(f *testing.F) {
	h := newTestHandler(f, Config{AuthFailures: -1})
	f.Fuzz(func(t *testing.T, header string) {
		req := httptest.NewRequest("GET", "/v2/sources", nil)
		req.Header["Authorization"] = []string{header}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		checkFuzzResponse(t, rec, header, http.StatusOK, http.StatusUnauthorized)
	})
}

func checkFuzzResponse(t *testing.T, rec *httptest.ResponseRecorder, input string, allowed ...int) {
	t.Helper()
	ok := false
	for _, s := range allowed {
		ok = ok || rec.Code == s
	}
	if !ok {
		t.Fatalf("input %q: status %d: %s", input, rec.Code, rec.Body.String())
	}
	if rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("input %q: content type %q", input, rec.Header().Get("Content-Type"))
	}
	var body map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("input %q: body not JSON: %v", input, err)
	}
	if rec.Code != http.StatusOK {
		_, b := body["code"]
		_, a := body["errorCode"]
		if a == b || body["status"] != float64(rec.Code) {
			t.Fatalf("input %q: error body is in neither shape: %v", input, body)
		}
	}
}
