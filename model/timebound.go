package model

import (
	"strings"
	"time"
)

// Accepted forms of from and to. The spec gives yyyy-MM-dd'T'HH:mm:ss'Z'
// "with optional time"; offsets and fractional seconds are accepted too
// because real clients send them.
var dateTimeLayouts = []string{
	time.RFC3339Nano,      // 2026-11-20T08:00:00Z, …+01:00, …07.123Z
	"2006-01-02T15:04:05", // no zone: UTC
	"2006-01-02T15:04",
}

const dateLayout = "2006-01-02"

// ParseTimeBound reads a from or to value. A bare date means the start of
// that day (UTC) for from, and the end of that day for to, so that
// from=2026-11-20&to=2026-11-20 is the whole of that day.
func ParseTimeBound(s string, isTo bool) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(dateLayout, s); err == nil {
		if isTo {
			t = t.Add(24*time.Hour - time.Nanosecond)
		}
		return t, nil
	}
	for _, layout := range dateTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	name := "from"
	if isTo {
		name = "to"
	}
	return time.Time{}, paramError(name,
		"%s %q is not a date: use yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ (for example 2026-11-20 or 2026-11-20T08:00:00Z)", name, s)
}

// TimeRange parses From and To; a zero time means that end is open. It is
// an error for from to be after to.
func (q ArticlesQuery) TimeRange() (from, to time.Time, err error) {
	if strings.TrimSpace(q.From) != "" {
		if from, err = ParseTimeBound(q.From, false); err != nil {
			return from, to, err
		}
	}
	if strings.TrimSpace(q.To) != "" {
		if to, err = ParseTimeBound(q.To, true); err != nil {
			return from, to, err
		}
	}
	if !from.IsZero() && !to.IsZero() && from.After(to) {
		return from, to, paramError("from", "from (%s) is after to (%s)", q.From, q.To)
	}
	return from, to, nil
}
