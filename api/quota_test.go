package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"tidings/model"
)

func TestClientKeepsTheQuotaTheServiceStates(t *testing.T) {
	remaining := 3
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("RateLimit-Limit", "100, 100;w=60")
		w.Header().Set("RateLimit-Remaining", strconv.Itoa(remaining))
		w.Header().Set("RateLimit-Reset", "42")
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok","totalResults":0,"articles":[]}`))
	}))
	defer srv.Close()
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	c, err := New(srv.URL+"/v2", "k", withClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Quota(); ok {
		t.Fatal("a client that has asked nothing knows a quota")
	}
	if _, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"}); err != nil {
		t.Fatal(err)
	}
	q, ok := c.Quota()
	if !ok || q.Limit != 100 || q.Remaining != 3 || q.Reset != 42*time.Second || !q.At.Equal(now) {
		t.Fatalf("quota = %+v, %v; want 3 of 100, reset in 42s", q, ok)
	}
	if !q.Current(now.Add(41*time.Second)) || q.Current(now.Add(42*time.Second)) {
		t.Error("the quota should describe the window until its reset, and not after")
	}
	remaining = 2
	if _, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"}); err != nil {
		t.Fatal(err)
	}
	if q, _ := c.Quota(); q.Remaining != 2 {
		t.Errorf("the quota did not follow the latest answer: %+v", q)
	}
}

func TestParseQuotaRefusesWhatItCannotRead(t *testing.T) {
	now := time.Unix(0, 0)
	for _, tc := range []struct {
		remaining, reset string
		ok               bool
		want             time.Duration
	}{
		{"5", "10", true, 10 * time.Second},
		{"", "10", false, 0},
		{"-1", "10", false, 0},
		{"lots", "10", false, 0},
		{"99999999999999999999", "1", false, 0},
		{"5", "999999999", true, maxQuotaReset},
		{"5", "soon", true, 0},
	} {
		h := http.Header{}
		h.Set("RateLimit-Remaining", tc.remaining)
		h.Set("RateLimit-Reset", tc.reset)
		q, ok := parseQuota(h, now)
		if ok != tc.ok || (ok && q.Reset != tc.want) {
			t.Errorf("Remaining %q Reset %q: %+v, %v; want ok %v reset %v", tc.remaining, tc.reset, q, ok, tc.ok, tc.want)
		}
	}
}
