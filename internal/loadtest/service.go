package loadtest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"tidings/model"
	"tidings/server"
	"tidings/server/demo"
	"tidings/server/store/sqlite"
)

// Target is a running service the load goes to. Stop, when set, shuts it
// down gracefully (for ShutdownUnderLoad).
type Target struct {
	BaseURL string
	Stop    func(context.Context) error
	// Handled, when set, counts the requests whose handler has returned.
	// ShutdownUnderLoad compares it with the responses clients received:
	// net/http's client silently retries a GET whose kept-alive connection
	// closed before any response byte, so a request the service accepted
	// and then dropped looks, from the client alone, like a refusal.
	Handled func() int64
}

// counted wraps h to count the requests it has finished handling.
func counted(h http.Handler) (http.Handler, func() int64) {
	var n atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer n.Add(1)
		h.ServeHTTP(w, r)
	}), n.Load
}

// Service is the real service running in this process: the store with the
// demo catalogue, server.New's handler and server.Start's http.Server.
type Service struct {
	Target
	Sources   int
	Articles  int
	st        *sqlite.Store
	opts      ServiceOptions
	ownsStore bool
}

// ServiceOptions configures StartService.
type ServiceOptions struct {
	Keys      []string
	RateLimit int
	// Scale multiplies the demo catalogue's articles (1: as is, ~6,000):
	// copy k of an article differs only in its URL.
	Scale int
	// Sources and Articles, when set, replace the demo catalogue (tests use
	// a small one: loading 6,000 articles under -race takes most of a minute).
	Sources  []model.Source
	Articles []model.Article
}

// StartService loads the catalogue and serves it on a free loopback port.
// Close stops it and releases the store.
func StartService(ctx context.Context, opts ServiceOptions) (*Service, error) {
	st, err := sqlite.Open("")
	if err != nil {
		return nil, fmt.Errorf("open the store: %w", err)
	}
	sources, articles := opts.Sources, opts.Articles
	if sources == nil {
		sources, articles = demo.Catalogue(time.Now())
	}
	articles = scaled(articles, max(opts.Scale, 1))
	if err := st.Add(ctx, sources, articles); err != nil {
		st.Close()
		return nil, fmt.Errorf("load the catalogue: %w", err)
	}
	svc, err := serve(ctx, st, opts)
	if err != nil {
		st.Close()
		return nil, err
	}
	svc.Sources, svc.Articles, svc.ownsStore = len(sources), len(articles), true
	return svc, nil
}

// Fresh serves the same store on another port with a new handler (so a
// fresh rate limiter): the shutdown check stops it without reloading the
// catalogue. Its Close leaves the store to s.
func (s *Service) Fresh(ctx context.Context) (*Service, error) {
	svc, err := serve(ctx, s.st, s.opts)
	if err != nil {
		return nil, err
	}
	svc.Sources, svc.Articles = s.Sources, s.Articles
	return svc, nil
}

func serve(ctx context.Context, st *sqlite.Store, opts ServiceOptions) (*Service, error) {
	h, err := server.New(st, server.Config{APIKeys: opts.Keys, RateLimit: opts.RateLimit})
	if err != nil {
		return nil, fmt.Errorf("set up the service: %w", err)
	}
	h, handled := counted(h)
	base, stop, err := server.Start(ctx, "127.0.0.1:0", h)
	if err != nil {
		return nil, err
	}
	return &Service{Target: Target{BaseURL: base, Stop: stop, Handled: handled}, st: st, opts: opts}, nil
}

// Close stops the service (if still running) and closes its store if it
// opened it.
func (s *Service) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), server.DefaultShutdownTimeout)
	defer cancel()
	_ = s.Stop(ctx) // a second Shutdown is a no-op
	if !s.ownsStore {
		return nil
	}
	return s.st.Close()
}

func scaled(articles []model.Article, scale int) []model.Article {
	if scale <= 1 {
		return articles
	}
	out := make([]model.Article, 0, len(articles)*scale)
	out = append(out, articles...)
	for k := 2; k <= scale; k++ {
		for _, a := range articles {
			a.URL += "?copy=" + strconv.Itoa(k)
			out = append(out, a)
		}
	}
	return out
}

// Snapshot is this process's memory and goroutines at one moment, after a
// full garbage collection.
type Snapshot struct {
	HeapInuse uint64 `json:"heapInuseBytes"`
	// HeapAlloc is the live bytes alone (HeapInuse adds the free space of
	// spans in use); HeapSys - HeapReleased is what the Go heap holds from
	// the OS, which RSS includes.
	HeapAlloc    uint64 `json:"heapAllocBytes"`
	HeapSys      uint64 `json:"heapSysBytes"`
	HeapReleased uint64 `json:"heapReleasedBytes"`
	Goroutines   int    `json:"goroutines"`
	RSS          uint64 `json:"rssBytes,omitempty"` // includes SQLite's own memory, outside the Go heap
}

// TakeSnapshot collects garbage twice (the second sweeps what the first
// freed, sync.Pool's victim cache included) and reads the figures.
func TakeSnapshot() Snapshot {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return Snapshot{HeapInuse: m.HeapInuse, HeapAlloc: m.HeapAlloc, HeapSys: m.HeapSys, HeapReleased: m.HeapReleased,
		Goroutines: runtime.NumGoroutine(), RSS: rss()}
}

// Settle waits up to wait for goroutines to fall back to at most limit
// (closed connections end their goroutines a moment later) and returns
// the last snapshot.
func Settle(limit int, wait time.Duration) Snapshot {
	deadline := time.Now().Add(wait)
	for {
		s := TakeSnapshot()
		if s.Goroutines <= limit || time.Now().After(deadline) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// CPUTime is the CPU time (user+sys) this process has used so far.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// rss reads VmRSS from /proc (Linux); 0 elsewhere.
func rss() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
