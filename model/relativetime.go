package model

import (
	"strconv"
	"strings"
	"time"
)

// RelativeTimeForms names, for help texts, the relative from/to values
// ResolveRelativeTime understands.
const RelativeTimeForms = "30m, 12h, 3d, 2w ago; today, yesterday, now"

// maxRelativeAmount bounds N in "Nd" and the like: anything longer ago than
// this many units is surely a typo, and it keeps N·unit far from overflow.
const maxRelativeAmount = 100_000

var relativeUnits = map[byte]time.Duration{
	'm': time.Minute,
	'h': time.Hour,
	'd': 24 * time.Hour,
	'w': 7 * 24 * time.Hour,
}

// ResolveRelativeTime turns a relative from or to value, as a person types
// it, into the absolute form the service takes (yyyy-MM-ddTHH:mm:ssZ):
//
//   - "30m", "12h", "3d", "2w": that long before now;
//   - "now";
//   - "today", "yesterday": the start of that day for from and its last
//     second for to, in now's location (the user's day, not UTC's).
//
// Anything else is returned as it was, for ParseTimeBound to judge. The
// reader resolves relative values once, when a search is sent, so every
// page of the results uses the same instant; the service itself takes only
// absolute times, as the spec says.
func ResolveRelativeTime(s string, isTo bool, now time.Time) string {
	v := strings.ToLower(strings.TrimSpace(s))
	switch v {
	case "now":
		return formatBound(now)
	case "today", "yesterday":
		y, m, d := now.Date()
		if v == "yesterday" {
			d--
		}
		start := time.Date(y, m, d, 0, 0, 0, 0, now.Location())
		if isTo {
			return formatBound(start.AddDate(0, 0, 1).Add(-time.Second))
		}
		return formatBound(start)
	}
	if len(v) < 2 {
		return s
	}
	unit, ok := relativeUnits[v[len(v)-1]]
	if !ok {
		return s
	}
	n, err := strconv.Atoi(v[:len(v)-1])
	if err != nil || n < 0 || n > maxRelativeAmount || v[0] == '+' {
		return s
	}
	return formatBound(now.Add(-time.Duration(n) * unit))
}

// ResolveRelativeTimes returns q with relative From and To made absolute
// (see ResolveRelativeTime).
func (q ArticlesQuery) ResolveRelativeTimes(now time.Time) ArticlesQuery {
	if q.From != "" {
		q.From = ResolveRelativeTime(q.From, false, now)
	}
	if q.To != "" {
		q.To = ResolveRelativeTime(q.To, true, now)
	}
	return q
}

func formatBound(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }
