package loadtest

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// LatencyConfig describes a latency run (RunLatency): the service's
// budgets measured per query class, then a mixed load's throughput. It is
// the other half of this package: Run floods with many keys to check the
// limiter and the service's health; RunLatency times real queries over a
// large catalogue, one key, for docs/performance.md.
type LatencyConfig struct {
	// BaseURLs are the service's bases on loopback, like
	// "http://127.0.0.1:8080/v2"; several are replicas of one service
	// (over one PostgreSQL database): the mix asks each in turn.
	BaseURLs []string
	Key      string
	// Words and Phrases are common words and two-word phrases of the
	// catalogue, for the searches (cmd/tidings-benchtool words).
	Words, Phrases []string
	// PerClass is how many requests each class sends, one at a time.
	PerClass int
	// Duration of the mixed load (at most a minute), and its workers.
	Duration    time.Duration
	Concurrency int
	// Articles in the catalogue, for the deep headline page.
	Articles int
	// PIDs are the service's processes, to measure its CPU per request
	// (from /proc); none: not measured.
	PIDs []int
	// Progress gets a line per class and one for the mix (nil: none).
	Progress io.Writer
}

// LatencyReport is what RunLatency measured, as the JSON scripts/bench.sh
// keeps (load-*.json) and the report reads.
type LatencyReport struct {
	Articles int           `json:"articles"`
	Classes  []ClassResult `json:"classes"`
	Mix      MixResult     `json:"mix"`
}

// ClassResult is the latency of one class, sequential requests.
type ClassResult struct {
	Name     string  `json:"name"`
	Endpoint string  `json:"endpoint"`
	N        int     `json:"n"`
	Errors   int     `json:"errors"`
	P50ms    float64 `json:"p50_ms"`
	P99ms    float64 `json:"p99_ms"`
	MaxMs    float64 `json:"max_ms"`
	ColdP50  float64 `json:"cold_p50_ms"` // first request of each distinct URL
	ColdMax  float64 `json:"cold_max_ms"`
	// ColdMs are the cold requests' latencies, for percentiles across
	// classes (a class has only a few dozen).
	ColdMs []float64 `json:"cold_ms,omitempty"`
	// WarmP99ms is the p99 of the other requests, each a repeat of a
	// query already sent: what a backend whose cold requests have a
	// budget of their own is held to (0 in runs before it was recorded).
	WarmP99ms float64 `json:"warm_p99_ms,omitempty"`
}

// MixResult is the mixed load: every class at random, concurrently.
type MixResult struct {
	Concurrency int     `json:"concurrency"`
	Seconds     float64 `json:"seconds"`
	Requests    int64   `json:"requests"`
	Errors      int64   `json:"errors"`
	RPS         float64 `json:"rps"`
	P50ms       float64 `json:"p50_ms"`
	P99ms       float64 `json:"p99_ms"`
	// ServerCPUPerReq is the service's user+system CPU per request during
	// the mix (from /proc), the figure other load on the machine does not
	// change: 2 cores / this = the req/s the service could serve alone.
	ServerCPUPerReq float64 `json:"server_cpu_ms_per_req"`
	// Replicas is how many `tidings serve` processes shared the load
	// (over one PostgreSQL database).
	Replicas int `json:"replicas,omitempty"`
	// ClientCPUPerReq is this load generator's, on the same cores.
	ClientCPUPerReq float64 `json:"client_cpu_ms_per_req"`
}

func (c *LatencyConfig) check() error {
	if len(c.BaseURLs) == 0 {
		return errors.New("a base URL is required")
	}
	for i, b := range c.BaseURLs {
		if err := CheckLoopback(b); err != nil {
			return err
		}
		c.BaseURLs[i] = strings.TrimSuffix(b, "/")
	}
	if len(c.Words) == 0 || len(c.Phrases) == 0 {
		return errors.New("common words and phrases are required")
	}
	if c.PerClass < 1 || c.Concurrency < 1 || c.Concurrency > MaxConcurrency {
		return fmt.Errorf("requests per class %d and concurrency %d: must be at least 1 (concurrency at most %d)",
			c.PerClass, c.Concurrency, MaxConcurrency)
	}
	if c.Duration <= 0 {
		return fmt.Errorf("mixed load duration %v: must be above 0", c.Duration)
	}
	c.Duration = min(c.Duration, time.Minute)
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	return nil
}

// RunLatency sends each query class PerClass times in a row to every
// replica, then the mixed load, and reports the latencies.
func RunLatency(cfg LatencyConfig) (*LatencyReport, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	wl := &wordList{words: cfg.Words, phrases: cfg.Phrases}
	c := &latencyClient{key: cfg.Key, http: &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256,
			DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext}}}
	defer c.http.CloseIdleConnections()
	rep := &LatencyReport{Articles: cfg.Articles}
	cls := classes(cfg.Articles)
	// Each replica gets the whole sequential run, so that every one has
	// the caches a single service has when the mix starts (sent in turn,
	// each would have seen only some of the words); the classes reported
	// are the first replica's.
	for i, b := range cfg.BaseURLs {
		c.bases = []string{b}
		c.warmUp(cls)
		for _, cl := range cls {
			res := c.runClass(cl, wl, cfg.PerClass)
			fmt.Fprintf(cfg.Progress, "%-50s p50 %6.2f ms  p99 %6.2f ms  cold max %6.1f ms  errors %d  (%s)\n",
				cl.Name, res.P50ms, res.P99ms, res.ColdMax, res.Errors, b)
			if i == 0 {
				rep.Classes = append(rep.Classes, res)
			}
		}
	}
	c.bases = cfg.BaseURLs
	cpu0, _ := cpuTicksOf(cfg.PIDs)
	self0, _ := ProcessCPUTicks(os.Getpid())
	rep.Mix = c.runMix(cls, wl, cfg.Concurrency, cfg.Duration)
	rep.Mix.Replicas = len(cfg.BaseURLs)
	if cpu1, err := cpuTicksOf(cfg.PIDs); err == nil && len(cfg.PIDs) > 0 && rep.Mix.Requests > 0 {
		rep.Mix.ServerCPUPerReq = (cpu1 - cpu0) * 10 / float64(rep.Mix.Requests) // 100 ticks a second
	}
	if self1, err := ProcessCPUTicks(os.Getpid()); err == nil && rep.Mix.Requests > 0 {
		rep.Mix.ClientCPUPerReq = (self1 - self0) * 10 / float64(rep.Mix.Requests)
	}
	m := rep.Mix
	fmt.Fprintf(cfg.Progress, "mix: %.0f req/s, %d requests, %d errors, p50 %.2f ms, p99 %.2f ms, service CPU %.3f ms/request, load generator %.3f\n",
		m.RPS, m.Requests, m.Errors, m.P50ms, m.P99ms, m.ServerCPUPerReq, m.ClientCPUPerReq)
	return rep, nil
}

// ProcessCPUTicks is a process's user+system CPU time in clock ticks
// (1/100 s), from /proc (Linux only).
func ProcessCPUTicks(pid int) (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, fmt.Errorf("cpu time of process %d: %w", pid, err)
	}
	// Fields after the command name (which may hold spaces) start at ')'.
	i := strings.LastIndexByte(string(b), ')')
	var f []string
	if i >= 0 && i+2 <= len(b) {
		f = strings.Fields(string(b[i+2:]))
	}
	if len(f) < 13 {
		return 0, fmt.Errorf("cpu time of process %d: /proc/%d/stat has no times", pid, pid)
	}
	u, _ := strconv.ParseFloat(f[11], 64)
	s, _ := strconv.ParseFloat(f[12], 64)
	return u + s, nil
}

// cpuTicksOf sums ProcessCPUTicks over the processes.
func cpuTicksOf(pids []int) (float64, error) {
	var sum float64
	for _, p := range pids {
		t, err := ProcessCPUTicks(p)
		if err != nil {
			return 0, err
		}
		sum += t
	}
	return sum, nil
}

// latencyClient sends the latency run's requests.
type latencyClient struct {
	bases []string // replicas, asked in turn
	next  atomic.Uint64
	key   string
	http  *http.Client
}

// endpointPaths are the class endpoints' paths under the base URL.
var endpointPaths = map[string]string{"articles": Articles, "headlines": Headlines, "sources": Sources}

// get sends one request and reads the whole body; ok is a 200.
func (c *latencyClient) get(endpoint string, q url.Values) (time.Duration, bool) {
	base := c.bases[c.next.Add(1)%uint64(len(c.bases))]
	req, err := http.NewRequest(http.MethodGet, base+endpointPaths[endpoint]+"?"+q.Encode(), nil)
	if err != nil {
		return 0, false
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return time.Since(start), false
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return time.Since(start), err == nil && resp.StatusCode == http.StatusOK
}

// warmUp sends each search class once for a word no article holds, before
// anything is measured: the service process and its store then have their
// connections, statements and index structure in memory, as a running
// service does, while every measured query's own first request (its
// count, ranked window and page) stays cold. Without it the very first
// request of the run also paid for the process's start (20.5 ms in a
// class whose cold requests otherwise take 3-5 ms).
func (c *latencyClient) warmUp(cls []class) {
	none := &wordList{words: []string{"zzbenchwarmup"}, phrases: []string{"zzbenchwarmup zzbenchwarmup"}}
	for _, cl := range cls {
		if cl.Endpoint == "articles" {
			c.get(cl.Endpoint, cl.query(0, none))
		}
	}
}

func (c *latencyClient) runClass(cl class, wl *wordList, n int) ClassResult {
	r := ClassResult{Name: cl.Name, Endpoint: cl.Endpoint, N: n}
	seen := map[string]bool{}
	var all, cold, warm []time.Duration
	for i := range n {
		q := cl.query(i, wl)
		d, ok := c.get(cl.Endpoint, q)
		if !ok {
			r.Errors++
		}
		all = append(all, d)
		if k := q.Encode(); !seen[k] {
			seen[k] = true
			cold = append(cold, d)
		} else {
			warm = append(warm, d)
		}
	}
	r.P50ms, r.P99ms, r.MaxMs = quantileMs(all, 0.5), quantileMs(all, 0.99), quantileMs(all, 1)
	r.ColdP50, r.ColdMax = quantileMs(cold, 0.5), quantileMs(cold, 1)
	r.WarmP99ms = quantileMs(warm, 0.99)
	for _, d := range cold {
		r.ColdMs = append(r.ColdMs, float64(d)/float64(time.Millisecond))
	}
	return r
}

func (c *latencyClient) runMix(cls []class, wl *wordList, conc int, d time.Duration) MixResult {
	var reqs, errs atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range conc {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			var mine []time.Duration
			for time.Now().Before(deadline) {
				cl := cls[rng.IntN(len(cls))]
				dur, ok := c.get(cl.Endpoint, cl.query(rng.IntN(1000), wl))
				reqs.Add(1)
				if !ok {
					errs.Add(1)
				}
				mine = append(mine, dur)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	secs := time.Since(start).Seconds()
	return MixResult{Concurrency: conc, Seconds: secs, Requests: reqs.Load(), Errors: errs.Load(),
		RPS: float64(reqs.Load()) / secs, P50ms: quantileMs(lat, 0.5), P99ms: quantileMs(lat, 0.99)}
}

// quantileMs is the q-quantile of ds in milliseconds (nearest rank, as
// the performance report computes its own).
func quantileMs(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, int(q*float64(len(s))))
	return float64(s[i]) / float64(time.Millisecond)
}
