package server

import (
	"net/http/httptest"
	"testing"
)

// BenchmarkServe measures the handler's own cost (auth, limiter, parsing,
// JSON) over the small fixture store; store costs at scale are measured by
// the store package's benchmarks.
func BenchmarkServe(b *testing.B) {
	h := newTestHandler(b, Config{RateLimit: 1 << 30})
	for _, target := range []string{"/v2/sources", "/v2/latest-headlines?country=gb", "/v2/articles?q=climate&sortBy=relevancy"} {
		b.Run(target, func(b *testing.B) {
			req := httptest.NewRequest("GET", target, nil)
			req.Header.Set("Authorization", "Bearer "+testKey)
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
