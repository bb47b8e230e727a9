package server

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiterIdleTTL is how long an unused key keeps its limiter. After a
// minute without requests a per-minute bucket is full again, so dropping
// it then forgets nothing.
const limiterIdleTTL = time.Minute

// keyLimiter allows perMinute requests per minute per key, with a burst of
// perMinute. One mutex serialises decisions, so a concurrent burst is
// admitted exactly up to the bucket's tokens.
type keyLimiter struct {
	perMinute int
	mu        sync.Mutex
	buckets   map[int]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim      *rate.Limiter
	lastSeen time.Time
}

func newKeyLimiter(perMinute int) *keyLimiter {
	return &keyLimiter{perMinute: perMinute, buckets: map[int]*bucket{}}
}

// allow takes one token for key at now. When none is left it reports how
// long until one is.
func (l *keyLimiter) allow(key int, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(l.perSecond(), l.perMinute)}
		l.buckets[key] = b
	}
	b.lastSeen = now
	if b.lim.AllowN(now, 1) {
		return true, 0
	}
	missing := 1 - b.lim.TokensAt(now)
	return false, time.Duration(missing / float64(l.perSecond()) * float64(time.Second))
}

func (l *keyLimiter) perSecond() rate.Limit { return rate.Limit(float64(l.perMinute) / 60) }

// sweep drops idle buckets at most once per TTL, keeping memory bounded
// without a background goroutine.
func (l *keyLimiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < limiterIdleTTL {
		return
	}
	l.lastSweep = now
	for k, b := range l.buckets {
		if now.Sub(b.lastSeen) >= limiterIdleTTL {
			delete(l.buckets, k)
		}
	}
}

// size is the number of live buckets (for tests).
func (l *keyLimiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
