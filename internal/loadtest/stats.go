package loadtest

import (
	"net/http"
	"slices"
	"time"
)

// Result is what a run came to.
type Result struct {
	Seconds         float64         `json:"seconds"`
	Requests        int             `json:"requests"`
	PerSecond       float64         `json:"requestsPerSecond"`
	TransportErrors int             `json:"transportErrors"`
	ErrorSamples    []string        `json:"errorSamples,omitempty"`
	Status          map[int]int     `json:"status"`
	Hostile         int             `json:"hostileRequests"`
	Latency         []LatencyRow    `json:"latency"`
	RateLimit       int             `json:"rateLimitPerMinute"`
	Limiter         LimiterFindings `json:"limiter"`
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

// tally counts outcomes as they come, keeping 8 bytes of latency per
// request and a span per admitted one, so a long run's memory stays small
// and the service's heap is measured, not the load generator's.
type tally struct {
	politeKeys      int
	requests        int
	hostile         int
	transportErrors int
	samples         []string
	status          map[int]int
	lat             map[string][]time.Duration
	keys            map[int]*keyRuns
}

func newTally(politeKeys int) *tally {
	return &tally{politeKeys: politeKeys, status: map[int]int{}, lat: map[string][]time.Duration{}, keys: map[int]*keyRuns{}}
}

func (t *tally) add(o outcome) {
	t.requests++
	k := t.keys[o.key]
	if k == nil {
		k = &keyRuns{polite: o.key < t.politeKeys}
		t.keys[o.key] = k
	}
	k.add(o)
	if o.call.hostile {
		t.hostile++
	}
	if o.err != nil {
		t.transportErrors++
		if len(t.samples) < 5 {
			t.samples = append(t.samples, describe(o))
		}
		return
	}
	t.status[o.status]++
	row := o.call.endpoint
	if o.status == http.StatusTooManyRequests {
		row = RateLimitedRow
	}
	t.lat[row] = append(t.lat[row], o.latency())
}

func (t *tally) merge(u *tally) {
	t.requests += u.requests
	t.hostile += u.hostile
	t.transportErrors += u.transportErrors
	for _, s := range u.samples {
		if len(t.samples) < 5 {
			t.samples = append(t.samples, s)
		}
	}
	for s, n := range u.status {
		t.status[s] += n
	}
	for row, d := range u.lat {
		t.lat[row] = append(t.lat[row], d...)
	}
	for id, k := range u.keys {
		if mine := t.keys[id]; mine != nil {
			mine.merge(k)
		} else {
			t.keys[id] = k
		}
	}
}

func (t *tally) result(rateLimit int, elapsed time.Duration) *Result {
	res := &Result{
		Seconds:         elapsed.Seconds(),
		Requests:        t.requests,
		TransportErrors: t.transportErrors,
		ErrorSamples:    t.samples,
		Status:          t.status,
		Hostile:         t.hostile,
		RateLimit:       rateLimit,
	}
	if elapsed > 0 {
		res.PerSecond = float64(t.requests) / elapsed.Seconds()
	}
	for _, name := range append(slices.Clone(Endpoints), RateLimitedRow) {
		if d := t.lat[name]; len(d) > 0 {
			res.Latency = append(res.Latency, latencyRow(name, d))
		}
	}
	res.Limiter = checkLimiter(rateLimit, t.keys)
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
