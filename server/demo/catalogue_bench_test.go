package demo

import "testing"

// BenchmarkCatalogue measures the whole catalogue build, which sits on the
// start-up path of `tidings` without a configured service.
func BenchmarkCatalogue(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sources, articles := Catalogue(testNow)
		if len(sources) == 0 || len(articles) == 0 {
			b.Fatal("empty catalogue")
		}
	}
}
