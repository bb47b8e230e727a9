package server

import (
	"net/http/httptest"
	"testing"

	"tidings/server/store"
)

// BenchmarkServeWithMarks is BenchmarkServe on a service that keeps
// marks: each list is annotated with the key's marks and unread count,
// and not taken from the body cache.
func BenchmarkServeWithMarks(b *testing.B) {
	st := fixtureStore(b)
	h := newHandlerOver(b, st, Config{RateLimit: 1 << 30, Marks: st, Owner: store.LocalOwner})
	for _, target := range []string{"/v2/latest-headlines?country=gb", "/v2/articles?q=climate&sortBy=relevancy"} {
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
