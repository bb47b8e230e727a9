package loadtest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Run sends load to cfg.BaseURL until cfg.Duration passes, cfg.MaxRequests
// have been sent or ctx ends, and returns what came back.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	client := cfg.Client
	if client == nil {
		client = newClient(cfg.Concurrency + cfg.PoliteKeys)
		defer client.CloseIdleConnections()
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	var budget atomic.Int64
	budget.Store(cfg.MaxRequests)
	// take spends one request of the budget; the last one ends the run, so
	// paced workers asleep until their next turn stop too.
	take := func() bool {
		if ctx.Err() != nil {
			return false
		}
		if budget.Add(-1) < 0 {
			cancel()
			return false
		}
		return true
	}

	r := newRecorder(cfg)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range cfg.Concurrency {
		wg.Go(func() { hotWorker(ctx, client, cfg, w, take, r) })
	}
	for p := range cfg.PoliteKeys {
		wg.Go(func() { politeWorker(ctx, client, cfg, p, take, r) })
	}
	wg.Wait()
	return r.result(cfg.RateLimit, time.Since(start)), nil
}

// Hammered is how many hot keys get half of all hot traffic, so they go
// over their limit within a second or two even on a slow machine; the
// other hot keys share the rest, like ordinary busy clients.
const Hammered = 4

// hotWorker sends back to back with randomly chosen hot keys.
func hotWorker(ctx context.Context, client *http.Client, cfg Config, w int, take func() bool, r *recorder) {
	m := newMix(cfg.Seed, uint64(w))
	hot := len(cfg.Keys) - cfg.PoliteKeys
	local := newTally(cfg.PoliteKeys)
	for take() {
		key := cfg.PoliteKeys + m.rng.IntN(hot)
		if m.rng.IntN(2) == 0 {
			key = cfg.PoliteKeys + m.rng.IntN(min(Hammered, hot))
		}
		r.keep(ctx, local, send(ctx, client, cfg.BaseURL, key, cfg.Keys[key], m.next()))
	}
	r.merge(local)
}

// politeWorker keeps one key under its limit: it spends half the burst at
// once, then sends one request per refill interval (60 s / limit), one at
// a time. A token bucket must never refuse such a key.
func politeWorker(ctx context.Context, client *http.Client, cfg Config, key int, take func() bool, r *recorder) {
	m := newMix(cfg.Seed, uint64(1<<32+key))
	interval := 100 * time.Millisecond
	burst := 1
	if cfg.RateLimit > 0 {
		interval = time.Minute / time.Duration(cfg.RateLimit)
		burst = max(1, cfg.RateLimit/2)
	}
	local := newTally(cfg.PoliteKeys)
	next := time.Now()
	for i := 0; take(); i++ {
		if i >= burst {
			next = next.Add(interval)
			if !sleepUntil(ctx, next) {
				break
			}
		}
		r.keep(ctx, local, send(ctx, client, cfg.BaseURL, key, cfg.Keys[key], m.next()))
	}
	r.merge(local)
}

func sleepUntil(ctx context.Context, t time.Time) bool {
	timer := time.NewTimer(time.Until(t))
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
		return true
	}
}

// recorder gathers the workers' tallies once each worker is done, so the
// hot path takes no lock.
type recorder struct {
	mu  sync.Mutex
	all *tally
}

func newRecorder(cfg Config) *recorder { return &recorder{all: newTally(cfg.PoliteKeys)} }

// keep counts an outcome, except a request cut short by the end of the run
// itself: the run's own deadline is not the service's failure.
func (r *recorder) keep(ctx context.Context, t *tally, o outcome) {
	if o.err != nil && ctx.Err() != nil && (errors.Is(o.err, context.DeadlineExceeded) || errors.Is(o.err, context.Canceled)) {
		return
	}
	t.add(o)
}

func (r *recorder) merge(t *tally) {
	r.mu.Lock()
	r.all.merge(t)
	r.mu.Unlock()
}

func (r *recorder) result(rateLimit int, elapsed time.Duration) *Result {
	return r.all.result(rateLimit, elapsed)
}

// describe is an error's text for the report, bounded in length.
func describe(o outcome) string {
	s := fmt.Sprintf("%s %s: %v", o.call.endpoint, truncate(o.call.rawQuery, 60), o.err)
	return truncate(s, 300)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
