package feeds

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// freshFor is how long a feed's answer says it stays fresh: Cache-Control
// max-age, else Expires minus Date (or minus now without a Date). It is 0
// when the answer says nothing, forbids caching (no-cache, no-store) or
// is already stale, and never negative. The scheduler uses it as a floor
// for the next poll (schedule.afterSuccess), bounded there.
func freshFor(h http.Header, now time.Time) time.Duration {
	cc := strings.ToLower(strings.Join(h.Values("Cache-Control"), ","))
	for _, d := range strings.Split(cc, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), "=")
		switch name {
		case "no-cache", "no-store":
			return 0
		case "max-age":
			n, err := strconv.ParseInt(strings.Trim(value, `"`), 10, 64)
			if err != nil || n <= 0 {
				return 0
			}
			return time.Duration(min(n, int64(maxFreshness/time.Second))) * time.Second
		}
	}
	expires := h.Get("Expires")
	if expires == "" {
		return 0
	}
	until, err := http.ParseTime(expires)
	if err != nil {
		return 0 // "0" or garbage: already expired (RFC 9111 5.3)
	}
	if date, err := http.ParseTime(h.Get("Date")); err == nil {
		now = date
	}
	return max(until.Sub(now), 0)
}

// maxFreshness bounds what freshFor reports, before the scheduler's own
// bound: a year of max-age must not overflow a Duration.
const maxFreshness = 365 * 24 * time.Hour
