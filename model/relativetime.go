package model

import (
	"fmt"
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

// relativeUnit is the length of a relative time's unit letter.
func relativeUnit(letter byte) (time.Duration, bool) {
	switch letter {
	case 'm':
		return time.Minute, true
	case 'h':
		return time.Hour, true
	case 'd':
		return 24 * time.Hour, true
	case 'w':
		return 7 * 24 * time.Hour, true
	}
	return 0, false
}

// ResolveRelativeTime turns a relative from or to value, as a person types
// it, into the absolute form the service takes (yyyy-MM-ddTHH:mm:ssZ):
//
//   - "30m", "12h", "3d", "2w", with or without " ago": that long before now;
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
	// "3d ago" is how the help writes them; "3d" is short for it.
	if span, ok := strings.CutSuffix(v, "ago"); ok && span != "" {
		v = strings.TrimSpace(span)
	}
	d, err := ParseAge(v)
	if err != nil {
		return s
	}
	return formatBound(now.Add(-d))
}

// ParseAge reads a span of time as a person types it: a whole number and
// a unit, m (minutes), h (hours), d (days) or w (weeks): "30m", "90d".
func ParseAge(s string) (time.Duration, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	bad := fmt.Errorf("%q is not a span of time: use a whole number and m, h, d or w (30m, 12h, 90d, 2w)", s)
	if len(v) < 2 {
		return 0, bad
	}
	unit, ok := relativeUnit(v[len(v)-1])
	if !ok {
		return 0, bad
	}
	n, err := strconv.Atoi(v[:len(v)-1])
	if err != nil || n < 0 || n > maxRelativeAmount || v[0] == '+' {
		return 0, bad
	}
	return time.Duration(n) * unit, nil
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
