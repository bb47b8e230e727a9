package redislimit

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"tidings/internal/redistest"
)

// benchKeys is how many keys the benchmarks spread requests over, as a
// service with many clients would.
const benchKeys = 1000

func benchLimiter(b *testing.B) (*Limiter, []string) {
	b.Helper()
	srv := redistest.Start(b)
	// A limit no benchmark reaches, so every call is the admitted path
	// (a refusal costs the same script, minus one SET). The timeout is
	// the tests' long one: on a shared 2-core machine a rare stall past
	// 100 ms would abort the run, and the deadline is not what is measured.
	l := openT(b, srv.URL(), Options{PerMinute: 1 << 30, Timeout: testTimeout})
	ids := make([]string, benchKeys)
	for i := range ids {
		ids[i] = "bench-" + strconv.Itoa(i)
	}
	if _, err := l.Allow(context.Background(), ids[0], time.Time{}); err != nil { // dial, load the script
		b.Fatal(err)
	}
	return l, ids
}

// reportPercentiles adds p50 and p99 of lat, in milliseconds, to b's
// output; the budget is p50 < 0.3 ms.
func reportPercentiles(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	at := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))]) / float64(time.Millisecond)
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// BenchmarkAllow is one request's cost of the shared limit: one GCRA
// decision in Redis over a unix socket.
func BenchmarkAllow(b *testing.B) {
	l, ids := benchLimiter(b)
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		if _, err := l.Allow(ctx, ids[i%benchKeys], time.Time{}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportPercentiles(b, lat)
}

// BenchmarkAllowParallel is the same under concurrent requests, as a busy
// replica makes them: ns/op is the throughput, p50 includes the queueing
// in Redis (single-threaded) and in the connection pool.
func BenchmarkAllowParallel(b *testing.B) {
	l, ids := benchLimiter(b)
	ctx := context.Background()
	var mu sync.Mutex
	var all []time.Duration
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var lat []time.Duration
		for i := 0; pb.Next(); i++ {
			start := time.Now()
			if _, err := l.Allow(ctx, ids[i%benchKeys], time.Time{}); err != nil {
				b.Error(err)
				return
			}
			lat = append(lat, time.Since(start))
		}
		mu.Lock()
		all = append(all, lat...)
		mu.Unlock()
	})
	b.StopTimer()
	reportPercentiles(b, all)
}
