package common

import (
	"fmt"
	"time"
)

// RelativeTime says how long before now t was, the way people say it:
// "just now", "5m ago", "3h ago", "2d ago"; older than a month it gives
// the date. The zero time gives "".
func RelativeTime(now, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	d := now.Sub(t)
	switch {
	case d < -time.Minute:
		return "in the future"
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d/time.Hour))
	case d < 30*24*time.Hour:
		return fmt.Sprintf("%dd ago", int(d/(24*time.Hour)))
	case t.Year() == now.Year():
		return t.Format("2 Jan")
	}
	return t.Format("2 Jan 2006")
}

// AbsoluteTime is t as a full date and time in loc ("Sun 22 Nov 2026
// 14:05 UTC"), or "" for the zero time.
func AbsoluteTime(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return t.In(loc).Format("Mon 2 Jan 2006 15:04 MST")
}
