package faultserver

import (
	"io"
	"testing"
)

// BenchmarkOversizedBody measures how fast the oversized body streams over
// loopback, and (with -benchmem) that its cost does not grow with its size.
func BenchmarkOversizedBody(b *testing.B) {
	s := New(fakeService())
	defer s.Close()
	const size = 16 << 20
	s.Inject(Fault{Kind: OversizedBody, Size: size})
	client := s.Client()
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		resp, err := client.Get(s.URL() + "/articles")
		if err != nil {
			b.Fatal(err)
		}
		if n, err := io.Copy(io.Discard, resp.Body); err != nil || n != size {
			b.Fatalf("read %d bytes: %v", n, err)
		}
		resp.Body.Close()
	}
}

// BenchmarkForward measures what the fault layer adds to an unfaulted
// request.
func BenchmarkForward(b *testing.B) {
	s := New(fakeService())
	defer s.Close()
	client := s.Client()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := client.Get(s.URL() + "/tiny")
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}
