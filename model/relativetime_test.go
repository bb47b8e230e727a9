package model

import (
	"strings"
	"testing"
	"time"
)

func TestResolveRelativeTime(t *testing.T) {
	// 01:30 on 22 November in UTC−5 is 06:30 UTC: the user's "today"
	// began at 05:00 UTC, not at midnight UTC.
	now := time.Date(2026, 11, 22, 1, 30, 0, 0, time.FixedZone("EST", -5*3600))
	for _, c := range []struct {
		in   string
		isTo bool
		want string
	}{
		{"now", false, "2026-11-22T06:30:00Z"},
		{"30m", false, "2026-11-22T06:00:00Z"},
		{"12h", true, "2026-11-21T18:30:00Z"},
		{" 3D ", false, "2026-11-19T06:30:00Z"},
		{"2w", false, "2026-11-08T06:30:00Z"},
		// As the help writes them: "3d ago".
		{"3d ago", false, "2026-11-19T06:30:00Z"},
		{" 30M  Ago ", false, "2026-11-22T06:00:00Z"},
		{"ago", false, "ago"},
		{"0d", true, "2026-11-22T06:30:00Z"},
		{"today", false, "2026-11-22T05:00:00Z"},
		{"today", true, "2026-11-23T04:59:59Z"},
		{"yesterday", false, "2026-11-21T05:00:00Z"},
		{"Yesterday", true, "2026-11-22T04:59:59Z"},
		// Not relative: left for ParseTimeBound to accept or explain.
		{"2026-11-20", false, "2026-11-20"},
		{"2026-11-20T08:00:00Z", true, "2026-11-20T08:00:00Z"},
		{"3x", false, "3x"},
		{"-3d", false, "-3d"},
		{"+3d", false, "+3d"},
		{"d", false, "d"},
		{"100001d", false, "100001d"},
		{"99999999999999999999w", false, "99999999999999999999w"},
		{"", false, ""},
	} {
		if got := ResolveRelativeTime(c.in, c.isTo, now); got != c.want {
			t.Errorf("ResolveRelativeTime(%q, to=%v) = %q, want %q", c.in, c.isTo, got, c.want)
		}
		if got := ResolveRelativeTime(c.in, c.isTo, now); got != c.in {
			if _, err := ParseTimeBound(got, c.isTo); err != nil {
				t.Errorf("%q resolved to %q, which ParseTimeBound refuses: %v", c.in, got, err)
			}
		}
	}
}

func TestResolveRelativeTimesKeepsTheRestOfTheQuery(t *testing.T) {
	now := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	q := ArticlesQuery{Q: "rates", From: "yesterday", To: "today", Domains: []string{"a.example"}}
	got := q.ResolveRelativeTimes(now)
	if got.From != "2026-11-21T00:00:00Z" || got.To != "2026-11-22T23:59:59Z" || got.Q != "rates" || len(got.Domains) != 1 {
		t.Fatalf("resolved %+v", got)
	}
	if err := got.Validate(); err != nil {
		t.Fatalf("resolved query invalid: %v", err)
	}
	if q.From != "yesterday" {
		t.Fatal("the original query was changed")
	}
}

func TestParseAgeReadsSpansAsTyped(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"30m": 30 * time.Minute, "12h": 12 * time.Hour, "90d": 90 * 24 * time.Hour, "2W": 14 * 24 * time.Hour, " 0d ": 0,
	} {
		if got, err := ParseAge(in); err != nil || got != want {
			t.Errorf("ParseAge(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "90", "90 days", "-3d", "+3d", "1.5h", "3y", "999999d"} {
		if _, err := ParseAge(in); err == nil || !strings.Contains(err.Error(), "30m, 12h, 90d, 2w") {
			t.Errorf("ParseAge(%q) error = %v; want one naming the accepted forms", in, err)
		}
	}
}
