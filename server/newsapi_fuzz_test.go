package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"tidings/server/newsapi"
)

var newsAPIFuzzPaths = []string{pathTopHeadlines, pathEverything, pathNewsAPISources}

// newsAPICodes are the codes a NewsAPI path may answer a parameter with.
var newsAPICodes = map[string]int{
	newsapi.CodeParameterInvalid:       http.StatusBadRequest,
	newsapi.CodeParametersMissing:      http.StatusBadRequest,
	newsapi.CodeParametersIncompatible: http.StatusBadRequest,
	newsapi.CodeSourcesTooMany:         http.StatusBadRequest,
	newsapi.CodeMaximumResultsReached:  http.StatusUpgradeRequired,
}

// FuzzNewsAPIParams sends any raw query string to each NewsAPI path: the
// answer is NewsAPI's success envelope, or one of its parameter errors
// with the status that code goes with.
func FuzzNewsAPIParams(f *testing.F) {
	for _, seed := range []string{
		"country=de", "q=climate&country=us", "q=x&sources=a,b&language=sv", "sources=bbc-news&country=gb",
		"q=climate&searchIn=title", "qInTitle=x", "q=x&page=101", "q=x&from=2026-11-20&to=2026-11-19",
		"language=zh", "q=%22a+b%22+-c+OR+d", "pageSize=0&country=de", "q=x&apiKey=" + testKey, "a=1;b=2",
	} {
		for i := range newsAPIFuzzPaths {
			f.Add(uint8(i), seed)
		}
	}
	h := newsAPIHandler(f, Config{})
	f.Fuzz(func(t *testing.T, endpoint uint8, rawQuery string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = newsAPIFuzzPaths[int(endpoint)%len(newsAPIFuzzPaths)]
		req.URL.RawQuery = rawQuery
		req.Header.Set("Authorization", "Bearer "+testKey)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("query %q: content type %q", rawQuery, rec.Header().Get("Content-Type"))
		}
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("query %q: body not JSON: %v", rawQuery, err)
		}
		if rec.Code == http.StatusOK {
			if body["status"] != "ok" {
				t.Fatalf("query %q: 200 with %v", rawQuery, body)
			}
			return
		}
		code, _ := body["code"].(string)
		_, hasMessage := body["message"].(string)
		if want, ok := newsAPICodes[code]; !ok || want != rec.Code || body["status"] != "error" || !hasMessage || len(body) != 3 {
			t.Fatalf("query %q: status %d, body %v", rawQuery, rec.Code, body)
		}
	})
}

// FuzzKeyCarriers sends any Authorization, X-Api-Key and apiKey: a request
// is admitted only when the key it carries (the first carrier present) is
// the configured one, and no answer echoes what was sent as a key.
func FuzzKeyCarriers(f *testing.F) {
	f.Add("Bearer "+testKey, "", "")
	f.Add(testKey, "x", "y")
	f.Add("", testKey, "")
	f.Add("", "", testKey)
	f.Add("Basic abc", testKey, testKey)
	f.Add("bearer", "", "")
	// The wrong-key throttle is off, as in FuzzAuthorization: every input
	// comes from one address.
	h := newsAPIHandler(f, Config{AuthFailures: -1})
	f.Fuzz(func(t *testing.T, auth, xAPIKey, queryKey string) {
		for _, path := range []string{"/v2/sources", pathNewsAPISources} {
			req := httptest.NewRequest("GET", "/", nil)
			req.URL.Path = path
			req.URL.RawQuery = url.Values{"apiKey": {queryKey}}.Encode()
			req.Header["Authorization"] = []string{auth}
			req.Header["X-Api-Key"] = []string{xAPIKey}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			carried := strings.TrimSpace(auth) != "" && strings.Contains(auth, testKey) ||
				strings.TrimSpace(xAPIKey) == testKey || strings.TrimSpace(queryKey) == testKey
			switch rec.Code {
			case http.StatusOK:
				if !carried {
					t.Fatalf("admitted without the key: %q %q %q", auth, xAPIKey, queryKey)
				}
			case http.StatusUnauthorized:
				// No message holds a digit, so a sent value with one that
				// shows up in the body was echoed.
				for _, sent := range []string{auth, xAPIKey, queryKey} {
					if s := strings.TrimSpace(sent); len(s) >= 6 && strings.ContainsAny(s, "0123456789") && strings.Contains(rec.Body.String(), s) {
						t.Fatalf("the 401 echoes %q: %s", s, rec.Body.String())
					}
				}
			default:
				t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
			}
		}
	})
}
