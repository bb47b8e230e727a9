package common

import (
	"fmt"
	"time"

	"tidings/api"
)

// QuotaReporter is a client that knows the rate limit its service last
// stated (*api.Client does, from the RateLimit headers).
type QuotaReporter interface {
	Quota() (api.Quota, bool)
}

// QuotaLevel is how the lists spend requests on scrolling.
type QuotaLevel int

const (
	// QuotaPlenty: a list loads its next page a screen before its end,
	// so scrolling never waits.
	QuotaPlenty QuotaLevel = iota
	// QuotaLow: a list loads its next page only when the cursor reaches
	// its last row; G stops after the page it is on.
	QuotaLow
	// QuotaReserve: scrolling asks for nothing by itself; ↓ on the last
	// row still loads a page. The last requests are kept for what the
	// user asks for outright (a search, a filter, a story).
	QuotaReserve
)

// QuotaReserveRequests is how many requests scrolling leaves for what the
// user asks for outright.
const QuotaReserveRequests = 3

// quotaLowAt is the remaining count from which requests are spent with
// care: a tenth of the limit, and never fewer than 10.
func quotaLowAt(limit int) int { return max(10, limit/10) }

// QuotaState is the quota the service last stated and how to spend it.
// A quota not stated, or past its reset, is plenty.
func (c *Context) QuotaState() (api.Quota, QuotaLevel) {
	if c.Quota == nil {
		return api.Quota{}, QuotaPlenty
	}
	q, ok := c.Quota.Quota()
	switch {
	case !ok || !q.Current(c.Clock()):
		return q, QuotaPlenty
	case q.Remaining <= QuotaReserveRequests:
		return q, QuotaReserve
	case q.Remaining <= quotaLowAt(q.Limit):
		return q, QuotaLow
	}
	return q, QuotaPlenty
}

// QuotaText is the status bar's word on a low quota: "7 of 100 requests
// left · full in 42s"; "" while the quota is plenty.
func (c *Context) QuotaText() string {
	q, level := c.QuotaState()
	if level == QuotaPlenty {
		return ""
	}
	noun := "requests"
	if q.Remaining == 1 {
		noun = "request"
	}
	left := fmt.Sprintf("%d %s left", q.Remaining, noun)
	if q.Limit > 0 {
		left = fmt.Sprintf("%d of %d %s left", q.Remaining, q.Limit, noun)
	}
	if wait := q.ResetAt().Sub(c.Clock()); wait > 0 {
		left += " · full in " + shortDuration(wait)
	}
	return left
}

// shortDuration is "42s", "3m" or "2h": the reset as a glance needs it.
func shortDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()+0.999))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()+0.999))
	}
	return fmt.Sprintf("%dh", int(d.Hours()+0.999))
}
