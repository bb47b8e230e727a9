package loadtest

import (
	"net/http"
	"slices"
	"time"
)

// Result is what a run came to.
type Result struct {
	Seconds         float64          `json:"seconds"`
	Requests        int              `json:"requests"`
	PerSecond       float64          `json:"requestsPerSecond"`
	TransportErrors int              `json:"transportErrors"`
	ErrorSamples    []string         `json:"errorSamples,omitempty"`
	Status          map[int]int      `json:"status"`
	Hostile         int              `json:"hostileRequests"`
	Latency         []LatencyRow     `json:"latency"`
	RateLimit       int              `json:"rateLimitPerMinute"`
	Limiter         LimiterFindings  `json:"limiter"`
	keys            map[int]*keyRuns // per key, for the limiter checks
}

// LatencyRow is the latency of one class of responses, in milliseconds.
type LatencyRow struct {
	Name  string  `json:"name"`
	Count int     `json:"count"`
	P50   float64 `json:"p50ms"`
	P90   float64 `json:"p90ms"`
	P99   float64 `json:"p99ms"`
	Max   float64 `json:"maxms"`
}

// RateLimitedRow names the latency row of 429 answers (all endpoints).
const RateLimitedRow = "429 (any endpoint)"

func summarize(cfg Config, all []outcome, elapsed time.Duration) *Result {
	res := &Result{
		Seconds:   elapsed.Seconds(),
		Requests:  len(all),
		Status:    map[int]int{},
		RateLimit: cfg.RateLimit,
		keys:      map[int]*keyRuns{},
	}
	if elapsed > 0 {
		res.PerSecond = float64(len(all)) / elapsed.Seconds()
	}
	lat := map[string][]time.Duration{}
	for _, o := range all {
		k := res.keys[o.key]
		if k == nil {
			k = &keyRuns{polite: o.key < cfg.PoliteKeys}
			res.keys[o.key] = k
		}
		k.add(o)
		if o.call.hostile {
			res.Hostile++
		}
		if o.err != nil {
			res.TransportErrors++
			if len(res.ErrorSamples) < 5 {
				res.ErrorSamples = append(res.ErrorSamples, describe(o))
			}
			continue
		}
		res.Status[o.status]++
		row := o.call.endpoint
		if o.status == http.StatusTooManyRequests {
			row = RateLimitedRow
		}
		lat[row] = append(lat[row], o.latency())
	}
	for _, name := range append(slices.Clone(Endpoints), RateLimitedRow) {
		if d := lat[name]; len(d) > 0 {
			res.Latency = append(res.Latency, latencyRow(name, d))
		}
	}
	res.Limiter = checkLimiter(cfg.RateLimit, res.keys)
	return res
}

func latencyRow(name string, d []time.Duration) LatencyRow {
	slices.Sort(d)
	ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
	return LatencyRow{Name: name, Count: len(d),
		P50: ms(percentile(d, 50)), P90: ms(percentile(d, 90)), P99: ms(percentile(d, 99)), Max: ms(d[len(d)-1])}
}

// percentile is the nearest-rank percentile of sorted d.
func percentile(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	rank := (p*len(d) + 99) / 100 // ceil(p/100 * n)
	return d[max(rank, 1)-1]
}

// ServerErrors counts 5xx answers.
func (r *Result) ServerErrors() int {
	n := 0
	for s, c := range r.Status {
		if s >= 500 {
			n += c
		}
	}
	return n
}
