package server

import (
	"net/http/httptest"
	"testing"
)

// BenchmarkServeOps measures the operations kit on the hot path: a cached
// list sent gzipped (compressed once per store generation), a 304
// revalidation, and /readyz (the store's ping).
func BenchmarkServeOps(b *testing.B) {
	h := newTestHandler(b, Config{RateLimit: 1 << 30})
	etag := opsDo(b, h, "GET", bigList).Header().Get("ETag")
	for name, headers := range map[string][]string{
		"gzip":          {"Accept-Encoding: gzip"},
		"identity":      nil,
		"If-None-Match": {"If-None-Match: " + etag},
	} {
		b.Run(name, func(b *testing.B) {
			req := httptest.NewRequest("GET", bigList, nil)
			req.Header.Set("Authorization", "Bearer "+testKey)
			for _, hv := range headers {
				k, v, _ := cutHeader(hv)
				req.Header.Set(k, v)
			}
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != 200 && rec.Code != 304 {
					b.Fatal(rec.Code)
				}
			}
		})
	}
	b.Run("readyz", func(b *testing.B) {
		req := httptest.NewRequest("GET", "/readyz", nil)
		for b.Loop() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatal(rec.Code)
			}
		}
	})
}

func cutHeader(hv string) (string, string, bool) {
	for i := 0; i < len(hv); i++ {
		if hv[i] == ':' {
			j := i + 1
			for j < len(hv) && hv[j] == ' ' {
				j++
			}
			return hv[:i], hv[j:], true
		}
	}
	return hv, "", false
}
