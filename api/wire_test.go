package api

import (
	"encoding/json"
	"testing"
	"time"
)

func TestTimestampForms(t *testing.T) {
	want := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	tests := []struct {
		raw  string
		want time.Time
	}{
		{`"2026-11-20T08:00:00Z"`, want},
		{`"2026-11-20T08:00:00.250Z"`, want.Add(250 * time.Millisecond)},
		{`"2026-11-20T08:00:00+00:00"`, want},
		{`"2026-11-20T09:00:00+01:00"`, want},
		{`"2026-11-20T08:00:00+0000"`, want},
		{`"2026-11-20T08:00:00"`, want},
		{`"2026-11-20 08:00:00"`, want},
		{`" 2026-11-20T08:00:00Z "`, want},
		{`"Fri, 20 Nov 2026 08:00:00 GMT"`, want},
		{`"2026-11-20"`, want.Add(-8 * time.Hour)},
		{`1763625600`, time.Unix(1763625600, 0).UTC()},
		{`1763625600000`, time.Unix(1763625600, 0).UTC()},
		{`"2026-11-20T08:00:00\u005a"`, want}, // escaped Z
		{`"yesterday"`, time.Time{}},
		{`"0000-01-01T00:00:00Z"`, time.Time{}},
		{`"9999-12-31T23:00:00-14:00"`, time.Time{}}, // year 10000 in UTC
		{`""`, time.Time{}},
		{`null`, time.Time{}},
		{`-1`, time.Time{}},
		{`1e30`, time.Time{}},
		{`{"date":"2026-11-20"}`, time.Time{}},
		{`true`, time.Time{}},
	}
	for _, tt := range tests {
		var ts timestamp
		if err := json.Unmarshal([]byte(tt.raw), &ts); err != nil {
			t.Errorf("%s: error %v; a bad timestamp must not fail the page", tt.raw, err)
		}
		if !ts.t.Equal(tt.want) || (!ts.t.IsZero() && ts.t.Location() != time.UTC) {
			t.Errorf("%s = %v, want %v", tt.raw, ts.t, tt.want)
		}
	}
}

func TestTextAndCountTolerateWrongTypes(t *testing.T) {
	texts := map[string]string{
		`"plain"`: "plain", `"esc\"aped\n"`: "esc\"aped\n", `"\u00e9"`: "é", `null`: "", `42`: "42",
		`-1.5e3`: "-1.5e3", `true`: "", `[1]`: "", `{"a":1}`: "", "\"caf\xe9\"": "caf\uFFFD",
	}
	for raw, want := range texts {
		var got text
		if err := json.Unmarshal([]byte(raw), &got); err != nil || string(got) != want {
			t.Errorf("text %s = %q, %v; want %q", raw, got, err, want)
		}
	}
	counts := map[string]count{
		`20`: {20, true}, `20.0`: {20, true}, `"20"`: {20, true}, `" 7 "`: {7, true}, `0`: {0, true},
		`20.5`: {}, `-1`: {}, `null`: {}, `"x"`: {}, `1e300`: {}, `true`: {}, `[]`: {}, `"NaN"`: {},
	}
	for raw, want := range counts {
		var got count
		if err := json.Unmarshal([]byte(raw), &got); err != nil || got != want {
			t.Errorf("count %s = %+v, %v; want %+v", raw, got, err, want)
		}
	}
}

func TestBuildPageFillsGaps(t *testing.T) {
	n := func(v int) count { return count{v, true} }
	items := func(k int) []int { return make([]int, k) }
	tests := []struct {
		name                    string
		items                   []int
		h                       envelopeHeader
		hint                    pagingHint
		total, page, size, more int // more: 1 if HasMore
	}{
		{"all given", items(20), envelopeHeader{TotalResults: n(45), Page: n(1), PageSize: n(20)}, pagingHint{}, 45, 1, 20, 1},
		{"snake total wins over nothing", items(5), envelopeHeader{TotalResultsSnake: n(45), Page: n(3), PageSizeSnake: n(20)}, pagingHint{}, 45, 3, 20, 0},
		{"camel wins over snake", items(1), envelopeHeader{TotalResults: n(9), TotalResultsSnake: n(99), PageSize: n(5), PageSizeSnake: n(50)}, pagingHint{}, 9, 1, 5, 1},
		{"total from total_pages", items(20), envelopeHeader{TotalPages: n(4), Page: n(2), PageSize: n(20)}, pagingHint{}, 80, 2, 20, 1},
		{"on the last of total_pages", items(20), envelopeHeader{TotalPagesSnake: n(2), Page: n(2), PageSize: n(20)}, pagingHint{}, 40, 2, 20, 0},
		{"full page, no total: one more page may exist", items(10), envelopeHeader{}, pagingHint{page: 2, pageSize: 10}, 21, 2, 10, 1},
		{"short page, no total: exact", items(3), envelopeHeader{}, pagingHint{page: 2, pageSize: 10}, 13, 2, 10, 0},
		{"empty page, no total", items(0), envelopeHeader{}, pagingHint{page: 4}, 0, 4, 20, 0},
		{"total below what was seen", items(20), envelopeHeader{TotalResults: n(5), Page: n(3), PageSize: n(20)}, pagingHint{}, 60, 3, 20, 0},
		{"more items than pageSize", items(30), envelopeHeader{TotalResults: n(100), PageSize: n(20)}, pagingHint{}, 100, 1, 30, 1},
		{"page 0 and size 0 in envelope: hint", items(2), envelopeHeader{Page: n(0), PageSize: n(0)}, pagingHint{page: 2, pageSize: 50}, 52, 2, 50, 0},
		{"absurd page in envelope: hint", items(1), envelopeHeader{Page: n(1 << 40)}, pagingHint{}, 1, 1, 20, 0},
	}
	for _, tt := range tests {
		p := buildPage(tt.items, tt.h, tt.hint)
		more := 0
		if p.HasMore() {
			more = 1
		}
		if p.TotalResults != tt.total || p.Page != tt.page || p.PageSize != tt.size || more != tt.more {
			t.Errorf("%s: total %d page %d size %d more %v; want %d %d %d %v",
				tt.name, p.TotalResults, p.Page, p.PageSize, more == 1, tt.total, tt.page, tt.size, tt.more == 1)
		}
	}
}
