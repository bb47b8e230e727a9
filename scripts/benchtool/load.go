package main

import (
	"context"
	"encoding/json"
	"flag"
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

var ctxBG = context.Background()

// class is one kind of request: a path and a query built from a word.
type class struct {
	Name     string
	Endpoint string // "articles", "headlines" or "sources"
	query    func(i int, w *wordList) url.Values
}

type wordList struct{ words, phrases []string }

func (w *wordList) word(i int) string   { return w.words[i%len(w.words)] }
func (w *wordList) phrase(i int) string { return w.phrases[i%len(w.phrases)] }

var countries = []string{"us", "gb", "de", "fr", "it", "nl", "br", "in", "jp", "au"}

func vals(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

// classes are the query classes of the service budgets: one and two
// common words, a phrase, filters, the three sorts, page 1 and page 50;
// headlines with and without country/category, shallow and deep.
func classes(total int) []class {
	search := func(name string, f func(i int, w *wordList) url.Values) class {
		return class{Name: name, Endpoint: "articles", query: f}
	}
	head := func(name string, f func(i int) url.Values) class {
		return class{Name: name, Endpoint: "headlines", query: func(i int, _ *wordList) url.Values { return f(i) }}
	}
	deep := max(1, total/100/2) // the middle of all headlines, 100 a page
	return []class{
		search("search: 1 word, publishedAt, page 1", func(i int, w *wordList) url.Values { return vals("q", w.word(i)) }),
		search("search: 1 word, publishedAt, page 50", func(i int, w *wordList) url.Values { return vals("q", w.word(i), "page", "50") }),
		search("search: 1 word, relevancy, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "sortBy", "relevancy")
		}),
		search("search: 1 word, relevancy, page 50", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "sortBy", "relevancy", "page", "50")
		}),
		search("search: 1 word, popularity, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "sortBy", "popularity")
		}),
		search("search: 2 words, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i)+" "+w.word(i*7+3))
		}),
		search("search: 2 words, relevancy, page 50", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i)+" "+w.word(i*7+3), "sortBy", "relevancy", "page", "50")
		}),
		search("search: phrase, page 1", func(i int, w *wordList) url.Values { return vals("q", `"`+w.phrase(i)+`"`) }),
		search("search: 1 word + language, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "language", "en")
		}),
		search("search: 1 word + from/to, relevancy", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "from", "2026-06-01", "to", "2026-09-30", "sortBy", "relevancy")
		}),
		search("search: 2 words + excludeDomains, page 50", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i)+" "+w.word(i*7+3), "excludeDomains", "harborledger.example", "page", "50")
		}),
		head("headlines: all, page 1", func(int) url.Values { return vals() }),
		head("headlines: country, page 1", func(i int) url.Values { return vals("country", countries[i%len(countries)]) }),
		head("headlines: country+category, page 1", func(i int) url.Values {
			return vals("country", countries[i%len(countries)], "category", "general")
		}),
		head("headlines: country, page 50", func(i int) url.Values {
			return vals("country", countries[i%len(countries)], "page", "50")
		}),
		head(fmt.Sprintf("headlines: all, deep (page %d of 100)", deep), func(i int) url.Values {
			return vals("page", fmt.Sprint(deep-i%10), "pageSize", "100")
		}),
		{Name: "sources: page 1", Endpoint: "sources", query: func(i int, _ *wordList) url.Values {
			return vals("language", []string{"", "en", "de"}[i%3])
		}},
	}
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

type loadReport struct {
	Articles int           `json:"articles"`
	Classes  []ClassResult `json:"classes"`
	Mix      MixResult     `json:"mix"`
}

func loadCmd(args []string) error {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	base := fs.String("url", "", "service base URL on loopback, like http://127.0.0.1:8080/v2; several, comma-separated, "+
		"are replicas of one service: requests go to each in turn")
	key := fs.String("key", "", "API key")
	words := fs.String("words", "", "comma-separated common words")
	phrases := fs.String("phrases", "", "comma-separated two-word phrases")
	perClass := fs.Int("n", 200, "sequential requests per class")
	duration := fs.Duration("duration", 10*time.Second, "mixed load duration (at most 60s)")
	conc := fs.Int("concurrency", 16, "mixed load workers")
	total := fs.Int("articles", 0, "articles in the catalogue (for the deep headline page)")
	pids := fs.String("pid", "", "process ids of the service (comma-separated for replicas), to measure its CPU per request")
	if err := fs.Parse(args); err != nil {
		return err
	}
	bases := splitNonEmpty(*base)
	if len(bases) == 0 {
		return fmt.Errorf("-url is required")
	}
	for i, b := range bases {
		u, err := url.Parse(b)
		if err != nil || u.Hostname() != "127.0.0.1" {
			return fmt.Errorf("-url must be 127.0.0.1 addresses, got %q", b)
		}
		bases[i] = strings.TrimSuffix(b, "/")
	}
	var pid []int
	for _, f := range splitNonEmpty(*pids) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return fmt.Errorf("-pid: %q is not a process id", f)
		}
		pid = append(pid, n)
	}
	wl := &wordList{words: splitNonEmpty(*words), phrases: splitNonEmpty(*phrases)}
	if len(wl.words) == 0 || len(wl.phrases) == 0 {
		return fmt.Errorf("-words and -phrases are required")
	}
	c := &client{bases: bases, key: *key, http: &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256,
			DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext}}}
	rep := loadReport{Articles: *total}
	cls := classes(*total)
	// Each replica gets the whole sequential run, so that every one has
	// the caches a single service has when the mix starts (sent in turn,
	// each would have seen only some of the words); the classes reported
	// are the first replica's.
	for i, b := range bases {
		c.bases = []string{b}
		c.warmUp(cls)
		for _, cl := range cls {
			res := c.runClass(cl, wl, *perClass)
			fmt.Fprintf(os.Stderr, "%-50s p50 %6.2f ms  p99 %6.2f ms  cold max %6.1f ms  errors %d  (%s)\n",
				cl.Name, res.P50ms, res.P99ms, res.ColdMax, res.Errors, b)
			if i == 0 {
				rep.Classes = append(rep.Classes, res)
			}
		}
	}
	c.bases = bases
	cpu0, _ := cpuTicksOf(pid)
	self0, _ := cpuTicks(os.Getpid())
	rep.Mix = c.runMix(cls, wl, *conc, min(*duration, time.Minute))
	rep.Mix.Replicas = len(bases)
	if cpu1, err := cpuTicksOf(pid); err == nil && len(pid) > 0 && rep.Mix.Requests > 0 {
		rep.Mix.ServerCPUPerReq = (cpu1 - cpu0) * 10 / float64(rep.Mix.Requests) // 100 ticks a second
	}
	if self1, err := cpuTicks(os.Getpid()); err == nil && rep.Mix.Requests > 0 {
		rep.Mix.ClientCPUPerReq = (self1 - self0) * 10 / float64(rep.Mix.Requests)
	}
	fmt.Fprintf(os.Stderr, "mix: %.0f req/s, %d requests, %d errors, p50 %.2f ms, p99 %.2f ms, service CPU %.3f ms/request, load generator %.3f\n",
		rep.Mix.RPS, rep.Mix.Requests, rep.Mix.Errors, rep.Mix.P50ms, rep.Mix.P99ms, rep.Mix.ServerCPUPerReq, rep.Mix.ClientCPUPerReq)
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

func splitNonEmpty(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

type client struct {
	bases []string // replicas, asked in turn
	next  atomic.Uint64
	key   string
	http  *http.Client
}

// cpuTicksOf sums cpuTicks over the processes.
func cpuTicksOf(pids []int) (float64, error) {
	var sum float64
	for _, p := range pids {
		t, err := cpuTicks(p)
		if err != nil {
			return 0, err
		}
		sum += t
	}
	return sum, nil
}

// get sends one request and reads the whole body; ok is a 200.
func (c *client) get(endpoint string, q url.Values) (time.Duration, bool) {
	base := c.bases[c.next.Add(1)%uint64(len(c.bases))]
	req, err := http.NewRequest(http.MethodGet, base+"/"+map[string]string{
		"articles": "articles", "headlines": "latest-headlines", "sources": "sources"}[endpoint]+"?"+q.Encode(), nil)
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
func (c *client) warmUp(cls []class) {
	none := &wordList{words: []string{"zzbenchwarmup"}, phrases: []string{"zzbenchwarmup zzbenchwarmup"}}
	for _, cl := range cls {
		if cl.Endpoint == "articles" {
			c.get(cl.Endpoint, cl.query(0, none))
		}
	}
}

func (c *client) runClass(cl class, wl *wordList, n int) ClassResult {
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
	r.P50ms, r.P99ms, r.MaxMs = quantile(all, 0.5), quantile(all, 0.99), quantile(all, 1)
	r.ColdP50, r.ColdMax = quantile(cold, 0.5), quantile(cold, 1)
	r.WarmP99ms = quantile(warm, 0.99)
	for _, d := range cold {
		r.ColdMs = append(r.ColdMs, float64(d)/float64(time.Millisecond))
	}
	return r
}

func (c *client) runMix(cls []class, wl *wordList, conc int, d time.Duration) MixResult {
	var reqs, errs atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
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
		}()
	}
	wg.Wait()
	secs := time.Since(start).Seconds()
	return MixResult{Concurrency: conc, Seconds: secs, Requests: reqs.Load(), Errors: errs.Load(),
		RPS: float64(reqs.Load()) / secs, P50ms: quantile(lat, 0.5), P99ms: quantile(lat, 0.99)}
}

// quantile is the q-quantile of ds in milliseconds (nearest rank).
func quantile(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, int(q*float64(len(s))))
	return float64(s[i]) / float64(time.Millisecond)
}
