package feeds

import (
	"math/rand/v2"
	"sync/atomic"
	"time"

	"tidings/server/store"
)

// Scheduling bounds.
const (
	// DefaultInterval is how often a feed is polled when nothing else is
	// configured: often enough for news, rarely enough to be polite.
	DefaultInterval = 15 * time.Minute
	// maxBackoff caps the wait after repeated failures, so a feed that
	// comes back is read again within a day.
	maxBackoff = 24 * time.Hour
	// maxFeedInterval caps the feed's own ttl or update period, and how
	// long its answer says it stays fresh, for the same reason.
	maxFeedInterval = 24 * time.Hour
)

// schedule decides when a feed is next due. Its interval may change
// while passes run (Poller.SetInterval): it is shared, and read
// atomically.
type schedule struct {
	interval *atomic.Int64  // a time.Duration
	jitter   func() float64 // in [0, 1)
}

func newSchedule(interval time.Duration) schedule {
	s := schedule{interval: new(atomic.Int64), jitter: rand.Float64}
	s.set(interval)
	return s
}

// set changes the interval; 0 or less is DefaultInterval.
func (s schedule) set(interval time.Duration) {
	if interval <= 0 {
		interval = DefaultInterval
	}
	s.interval.Store(int64(interval))
}

// every is the interval.
func (s schedule) every() time.Duration { return time.Duration(s.interval.Load()) }

// afterSuccess is the next poll after a 200 or a 304: one interval on,
// or the feed's own period (ttl, sy:update*) or the time its answer says
// it stays fresh (Cache-Control max-age, Expires) when longer, each at
// most a day; plus up to a tenth more so that feeds added together drift
// apart instead of polling in bursts. Asking again before the answer is
// stale would only get the same answer (and annoy the site).
func (s schedule) afterSuccess(p store.FeedPoll, fresh time.Duration, now time.Time) time.Time {
	wait := max(s.every(), min(p.MinInterval, maxFeedInterval), min(fresh, maxFeedInterval))
	return now.Add(wait + time.Duration(s.jitter()*float64(wait)/10))
}

// afterFailure is the next poll after a failed one: the interval doubled
// for every consecutive failure (p.Failures already counts this one), up
// to a day, spread by ±20%; never sooner than the server's Retry-After.
func (s schedule) afterFailure(p store.FeedPoll, retryAfter time.Duration, now time.Time) time.Time {
	wait := s.every()
	for i := 1; i < p.Failures && wait < maxBackoff; i++ {
		wait *= 2
	}
	wait = min(wait, maxBackoff)
	wait = time.Duration(float64(wait) * (0.8 + 0.4*s.jitter()))
	return now.Add(max(wait, retryAfter))
}
