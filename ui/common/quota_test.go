package common

import (
	"testing"
	"time"

	"tidings/api"
)

type stated struct {
	q  api.Quota
	ok bool
}

func (s stated) Quota() (api.Quota, bool) { return s.q, s.ok }

func TestQuotaTextSpeaksOnlyWhenTheQuotaRunsLow(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	ctx := &Context{View: View{Now: func() time.Time { return now }}}
	at := func(remaining, limit int, reset time.Duration) QuotaReporter {
		return stated{api.Quota{Limit: limit, Remaining: remaining, Reset: reset, At: now}, true}
	}
	for _, tc := range []struct {
		quota QuotaReporter
		want  string
		level QuotaLevel
	}{
		{nil, "", QuotaPlenty},
		{stated{}, "", QuotaPlenty},
		{at(50, 100, time.Minute), "", QuotaPlenty},
		{at(10, 100, 42*time.Second), "10 of 100 requests left · full in 42s", QuotaLow},
		{at(12, 500, 90*time.Second), "12 of 500 requests left · full in 2m", QuotaLow},
		{at(1, 0, time.Hour), "1 request left · full in 1h", QuotaReserve},
		{at(0, 100, 0), "", QuotaPlenty}, // its window is over: whole again
	} {
		ctx.Quota = tc.quota
		if _, level := ctx.QuotaState(); level != tc.level {
			t.Errorf("%+v: level %v, want %v", tc.quota, level, tc.level)
		}
		if got := ctx.QuotaText(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.quota, got, tc.want)
		}
	}
}
