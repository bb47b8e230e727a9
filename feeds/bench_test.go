package feeds

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tidings/feeds/opml"
	"tidings/internal/fakes/feedserver"
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
	warm(b, srv, outlines)
	return st, p
}

// warm has the server make (and keep) each feed's bytes and their gzip
// before the clock runs: a real site has them ready, and making them here
// would share the cores with the poller being measured.
func warm(b *testing.B, srv *feedserver.Server, outlines []opml.Outline) {
	client := srv.Client()
	for _, o := range outlines {
		resp, err := client.Get(o.XMLURL)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// passHeap is the most live heap fn added, sampled as it runs: the heap
// the last collection found live, less what was live before (the feed
// server's cached feeds, in the same process, among it).
func passHeap(fn func()) (peak uint64) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		for !done.Load() {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > base {
				peak = max(peak, v-base)
			}
			time.Sleep(10 * time.Millisecond)
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
		_, p := benchCatalogue(b, srv, n)
		b.StartTimer()
		var sum Summary
		peak = max(peak, passHeap(func() {
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
	b.ReportMetric(float64(peak)/(1<<20), "live-heap-MiB")
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
