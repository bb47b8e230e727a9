package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Quota is what the service last said of this client's rate limit, from
// the RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers
// (draft-ietf-httpapi-ratelimit-headers-06, which our service sends on
// every keyed response). A service that sends none leaves it unknown.
type Quota struct {
	Limit     int           // requests per window (0: not said)
	Remaining int           // requests left in the window
	Reset     time.Duration // until the quota is whole again, as said
	At        time.Time     // when the answer came
}

// ResetAt is when the quota is whole again.
func (q Quota) ResetAt() time.Time { return q.At.Add(q.Reset) }

// Current reports whether the quota still describes now: past its reset,
// the window has refilled and the count says nothing.
func (q Quota) Current(now time.Time) bool { return now.Before(q.ResetAt()) }

// maxQuotaReset bounds RateLimit-Reset: a window longer than a day is a
// service's mistake, not a reason to stop reading for a day.
const maxQuotaReset = 24 * time.Hour

// parseQuota reads the RateLimit headers of an answer received at now; ok
// is false when RateLimit-Remaining is absent or unreadable. The draft's
// RateLimit-Limit may carry a policy after the number ("100, 100;w=60"):
// the first number is the limit.
func parseQuota(h http.Header, now time.Time) (Quota, bool) {
	remaining, ok := leadingInt(h.Get("RateLimit-Remaining"))
	if !ok {
		return Quota{}, false
	}
	q := Quota{Remaining: remaining, At: now}
	q.Limit, _ = leadingInt(h.Get("RateLimit-Limit"))
	if secs, ok := leadingInt(h.Get("RateLimit-Reset")); ok {
		q.Reset = min(time.Duration(secs)*time.Second, maxQuotaReset)
	}
	return q, true
}

// leadingInt is the non-negative integer a header value starts with.
func leadingInt(s string) (int, bool) {
	s = strings.TrimSpace(s)
	end := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	if end == 0 || s == "" {
		return 0, false
	}
	if end > 0 {
		s = s[:end]
	}
	if len(s) > 9 { // far beyond any real quota; keeps int arithmetic safe
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// Quota is the rate-limit state of the latest answer that stated one;
// ok is false until one has.
func (c *Client) Quota() (Quota, bool) {
	q := c.quota.Load()
	if q == nil {
		return Quota{}, false
	}
	return *q, true
}

// noteQuota keeps the quota an answer states. Answers may arrive out of
// order; the one received last wins, which is the freshest count.
func (c *Client) noteQuota(h http.Header) {
	if q, ok := parseQuota(h, c.now()); ok {
		c.quota.Store(&q)
	}
}
