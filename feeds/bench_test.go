package feeds

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tidings/feeds/opml"
	"tidings/internal/feedserver"
	"tidings/server/store/sqlite"
)

// benchFeeds is the benchmark catalogue: 1,000 feeds of 50 items,
// each on its own host; -short (CI's smoke run) takes 50.
func benchFeeds(b *testing.B) int {
	if testing.Short() {
		return 50
	}
	return 1000
}

// benchCatalogue makes a file-backed catalogue subscribed to n generated
// feeds on n hosts of srv, without fetching them.
func benchCatalogue(b *testing.B, srv *feedserver.Server, n int) (*sqlite.Store, *Poller) {
	b.Helper()
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "news.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	p := NewPoller(st, Options{Fetcher: NewFetcher(FetcherOptions{DialContext: srv.DialContext})})
	outlines := make([]opml.Outline, n)
	for i := range outlines {
		outlines[i] = opml.Outline{Title: fmt.Sprintf("Feed %d", i), XMLURL: srv.URL(fmt.Sprintf("site-%d.test", i), fmt.Sprintf("/gen/%d.xml", i))}
	}
	if _, err := p.Import(context.Background(), outlines); err != nil {
		b.Fatal(err)
	}
	return st, p
}

// peakHeap samples the heap in use while fn runs.
func peakHeap(fn func()) (peak uint64) {
	var done atomic.Bool
	var wg sync.WaitGroup
	var mu sync.Mutex
	wg.Go(func() {
		var ms runtime.MemStats
		for !done.Load() {
			runtime.ReadMemStats(&ms)
			mu.Lock()
			peak = max(peak, ms.HeapInuse)
			mu.Unlock()
			time.Sleep(20 * time.Millisecond)
		}
	})
	fn()
	done.Store(true)
	wg.Wait()
	return peak
}

// BenchmarkFirstRefresh is a first pass over n new feeds of 50 items on
// loopback: fetch, parse and store 50·n articles (target for 1,000 feeds:
// under 20 s on 2 cores, memory bounded).
func BenchmarkFirstRefresh(b *testing.B) {
	srv := feedserver.Start(feedserver.WithEpoch(feedserver.FixtureTime))
	defer srv.Close()
	n := benchFeeds(b)
	var peak uint64
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		_, p := benchCatalogue(b, srv, n)
		b.StartTimer()
		var sum Summary
		peak = max(peak, peakHeap(func() {
			var err error
			if sum, err = p.Refresh(context.Background(), RefreshOptions{All: true}); err != nil {
				b.Fatal(err)
			}
		}))
		if sum.Failed != 0 || sum.New != n*feedserver.DefaultGenItems {
			b.Fatalf("pass: %+v", sum)
		}
	}
	b.ReportMetric(float64(n), "feeds")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}

// BenchmarkNotModifiedPass is a pass over n feeds that all answer 304
// (target for 1,000 feeds: under 3 s).
func BenchmarkNotModifiedPass(b *testing.B) {
	srv := feedserver.Start(feedserver.WithEpoch(feedserver.FixtureTime))
	defer srv.Close()
	n := benchFeeds(b)
	_, p := benchCatalogue(b, srv, n)
	if _, err := p.Refresh(context.Background(), RefreshOptions{All: true}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		sum, err := p.Refresh(context.Background(), RefreshOptions{All: true})
		if err != nil || sum.NotModified != n {
			b.Fatalf("pass: %+v, %v", sum, err)
		}
	}
	b.ReportMetric(float64(n), "feeds")
}
