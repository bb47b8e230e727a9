package ui

import (
	"fmt"
	"runtime"
	"testing"

	tea "charm.land/bubbletea/v2"

	"tidings/internal/benchcpu"
)

// The reader's in-process performance budgets (docs/performance.md), as
// benchmarks whose list length is a sub-benchmark parameter, so that one
// run shows the ratios:
//
//	go test ./ui -run '^$' -bench 'HeadlinesView|CursorMove|LoadedHeap' -count=5
//
// All of them also run with -benchtime=1x (CI keeps them compiling and
// working that way). On a busy machine compare cpu-ns/op (process CPU
// time per operation) with the budgets rather than ns/op.

// BenchmarkHeadlinesView is one frame of the root App (120×40, headlines
// screen) with n headlines loaded and nothing changed since the last
// frame. Budget: n=100000 at most 1.5× n=100.
func BenchmarkHeadlinesView(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			h := loadedApp(b, n)
			h.app.Update(keyMsg("G"))
			_ = h.app.View()
			b.ReportAllocs()
			b.ResetTimer()
			cpu := benchcpu.Start()
			for i := 0; i < b.N; i++ {
				_ = h.app.View()
			}
			benchcpu.Report(b, cpu)
		})
	}
}

// BenchmarkCursorMove is one j or k through the root App's Update and the
// frame after it, with n headlines loaded. Budget: under 1 ms at
// n=100000, and flat in n.
func BenchmarkCursorMove(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			h := loadedApp(b, n)
			j, k := keyMsg("j"), keyMsg("k")
			h.app.Update(keyMsg("G"))
			_ = h.app.View()
			b.ReportAllocs()
			b.ResetTimer()
			cpu := benchcpu.Start()
			for i := 0; i < b.N; i++ {
				msg := k // the cursor starts on the last headline
				if i%2 == 1 {
					msg = j
				}
				if _, cmd := h.app.Update(msg); cmd != nil {
					b.Fatal("a cursor move in a fully loaded list asked for work")
				}
				_ = h.app.View()
			}
			benchcpu.Report(b, cpu)
		})
	}
}

// BenchmarkCursorScroll is one j through Update and the frame after it
// with the cursor on the bottom row, so the list scrolls and a row never
// drawn before comes into view (at the end of the list, g goes back to the
// top: with n=100 the rows come from the cache after the first pass).
// Budget: under 1 ms at n=100000.
func BenchmarkCursorScroll(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			h := loadedApp(b, n)
			j, g := keyMsg("j"), keyMsg("g")
			h.app.Update(g)
			h.app.Update(keyMsg("pgdown"))
			_ = h.app.View()
			b.ReportAllocs()
			b.ResetTimer()
			cpu := benchcpu.Start()
			for i := 0; i < b.N; i++ {
				if (i+1)%n == 0 {
					h.app.Update(g)
				} else {
					h.app.Update(j)
				}
				_ = h.app.View()
			}
			benchcpu.Report(b, cpu)
		})
	}
}

// BenchmarkLoadedHeap loads n headlines into a fresh App through its
// normal message path and reports the live heap afterwards (after a GC),
// in MiB: the in-process share of the reader's resident memory. Budget:
// the reader with 10,000 articles stays under 40 MiB resident, so the
// heap must leave room for the runtime, the binary and the demo service.
func BenchmarkLoadedHeap(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var base, after runtime.MemStats
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				runtime.GC()
				runtime.ReadMemStats(&base)
				b.StartTimer()
				h := loadApp(b, n)
				b.StopTimer()
				runtime.GC()
				runtime.ReadMemStats(&after)
				runtime.KeepAlive(h)
				b.StartTimer()
			}
			const mib = 1 << 20
			b.ReportMetric(float64(after.HeapInuse)/mib, "heap-MiB")
			b.ReportMetric(float64(int64(after.HeapInuse)-int64(base.HeapInuse))/mib, "app-heap-MiB")
		})
	}
}

var _ tea.Model = (*App)(nil)
