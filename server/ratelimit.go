package server

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"tidings/server/newsapi"
)

// Limiter decides whether one more request of a key may go ahead. The
// in-process keyLimiter is the default; a shared limiter (Redis) makes the
// limit hold across replicas.
type Limiter interface {
	// Allow takes one request of keyID at now. keyID is a stable digest of
	// the API key (never the key itself), the same on every replica. An
	// error means the limiter could not decide (its store is unreachable).
	Allow(ctx context.Context, keyID string, now time.Time) (Decision, error)
	// PerMinute is the limit, for messages and headers.
	PerMinute() int
}

// Decision is a limiter's answer for one request.
type Decision struct {
	Allowed bool
	// Limit is the number of requests a key may make per minute.
	Limit int
	// Remaining is how many more the key may make right now.
	Remaining int
	// RetryAfter is how long until the next request is admitted (when
	// not Allowed).
	RetryAfter time.Duration
	// ResetAfter is how long until the key's full allowance is back.
	ResetAfter time.Duration
}

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
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim      *rate.Limiter
	lastSeen time.Time
}

func newKeyLimiter(perMinute int) *keyLimiter {
	return &keyLimiter{perMinute: perMinute, buckets: map[string]*bucket{}}
}

// PerMinute implements Limiter.
func (l *keyLimiter) PerMinute() int { return l.perMinute }

// Allow implements Limiter; it never fails.
func (l *keyLimiter) Allow(_ context.Context, key string, now time.Time) (Decision, error) {
	ok, wait, tokens := l.allow(key, now)
	d := Decision{Allowed: ok, Limit: l.perMinute, Remaining: max(0, int(tokens)), RetryAfter: wait}
	missing := float64(l.perMinute) - tokens
	d.ResetAfter = time.Duration(max(0, missing) / float64(l.perSecond()) * float64(time.Second))
	return d, nil
}

// allow takes one token for key at now. When none is left it reports how
// long until one is. tokens is what is left after the decision.
func (l *keyLimiter) allow(key string, now time.Time) (ok bool, wait time.Duration, tokens float64) {
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
		return true, 0, b.lim.TokensAt(now)
	}
	tokens = b.lim.TokensAt(now)
	return false, time.Duration((1 - tokens) / float64(l.perSecond()) * float64(time.Second)), tokens
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

// admit asks the limiter whether the request of the key-th key may go
// ahead, answering it with 429 (or 503 when the limiter cannot decide)
// when not. Every decided request, admitted or refused, carries the
// RateLimit headers; they are set on w before the body is written, so a
// response served from the body cache carries this request's numbers.
func (h *handler) admit(w http.ResponseWriter, r *http.Request, d dialect, key int) bool {
	dec, err := h.limiter.Allow(r.Context(), h.keys.id(key), h.now())
	if err != nil {
		// No RateLimit headers: the limiter could not say how much of the
		// quota is left, and a guessed number would invite a client to
		// burst the moment the limiter is back. Retry-After alone says
		// when to ask again.
		h.log.Warn("rate limiter unavailable", "err", err)
		w.Header().Set("Retry-After", "1")
		d.write(w, problem{status: http.StatusServiceUnavailable, spec: CodeUnavailable, newsAPI: newsapi.CodeUnexpectedError,
			message: "the rate limiter is unavailable: retry in a moment"})
		return false
	}
	if dec.Limit <= 0 {
		dec.Limit = h.limiter.PerMinute()
	}
	setRateLimitHeaders(w.Header(), dec)
	if dec.Allowed {
		return true
	}
	secs := retryAfterSeconds(dec.RetryAfter)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	d.write(w, rateLimited(d, dec.Limit, secs))
	return false
}

// setRateLimitHeaders writes the fields of draft-ietf-httpapi-ratelimit-
// headers-06 (December 2022), the last draft with three separate fields
// (-07 merged them into RateLimit and RateLimit-Policy), which is what
// clients in the wild parse:
//   - RateLimit-Limit: the quota, requests per 60 s window;
//   - RateLimit-Remaining: requests the key may still make right now;
//   - RateLimit-Reset: delta seconds (never a timestamp, so clock skew
//     does not matter) until Remaining is back at Limit, rounded up so a
//     client that waits that long finds the quota full;
//   - RateLimit-Policy: "N;w=60", the quota and its window in seconds.
//
// The limit is a token bucket (GCRA in Redis), not a fixed window: the
// quota comes back one request every 60/N s, so Remaining can grow
// before Reset has passed; the draft allows that (Reset is an upper bound
// on the wait for the full quota).
func setRateLimitHeaders(hdr http.Header, dec Decision) {
	hdr.Set("RateLimit-Limit", strconv.Itoa(dec.Limit))
	hdr.Set("RateLimit-Remaining", strconv.Itoa(max(0, dec.Remaining)))
	hdr.Set("RateLimit-Reset", strconv.Itoa(resetSeconds(dec.ResetAfter)))
	hdr.Set("RateLimit-Policy", strconv.Itoa(dec.Limit)+";w=60")
}

// resetSeconds is d in whole seconds, rounded up; 0 when the quota is
// already full.
func resetSeconds(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}
