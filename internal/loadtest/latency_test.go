package loadtest

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// The latency run times every query class against the real service and
// reports them in the JSON the performance report reads.
func TestLatencyRunTimesEveryClass(t *testing.T) {
	sources, articles := smallCatalogue()
	svc, err := StartService(context.Background(), ServiceOptions{Keys: []string{"bench"}, Sources: sources, Articles: articles})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	var progress strings.Builder
	rep, err := RunLatency(LatencyConfig{
		BaseURLs: []string{svc.BaseURL}, Key: "bench", Words: []string{"climate", "market"},
		Phrases: []string{"climate story"}, PerClass: 4, Duration: 200 * time.Millisecond, Concurrency: 2,
		Articles: len(articles), PIDs: []int{os.Getpid()}, Progress: &progress,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Classes) != len(classes(len(articles))) {
		t.Fatalf("%d classes reported, want %d", len(rep.Classes), len(classes(len(articles))))
	}
	for _, c := range rep.Classes {
		if c.N != 4 || c.Errors != 0 || len(c.ColdMs) == 0 || c.P50ms <= 0 {
			t.Errorf("class %q: %d requests, %d errors, %d cold, p50 %.3f ms", c.Name, c.N, c.Errors, len(c.ColdMs), c.P50ms)
		}
		if !strings.Contains(progress.String(), c.Name) {
			t.Errorf("no progress line for %q", c.Name)
		}
	}
	if m := rep.Mix; m.Requests == 0 || m.Errors != 0 || m.Replicas != 1 || m.RPS <= 0 {
		t.Errorf("mix: %+v", m)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"classes":`, `"p99_ms":`, `"cold_ms":`, `"mix":`, `"rps":`, `"server_cpu_ms_per_req":`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("the report's JSON has no %s: %s", key, b)
		}
	}
}

// The latency run never sends anything off the machine, and says what is
// missing.
func TestLatencyRunRefusesBadConfig(t *testing.T) {
	good := LatencyConfig{BaseURLs: []string{"http://127.0.0.1:1/v2"}, Words: []string{"a"}, Phrases: []string{"a b"},
		PerClass: 1, Duration: time.Second, Concurrency: 1}
	for _, tc := range []struct {
		name string
		edit func(c *LatencyConfig)
		want string
	}{
		{"remote host", func(c *LatencyConfig) { c.BaseURLs = []string{"http://news.example/v2"} }, "not a loopback address"},
		{"no URL", func(c *LatencyConfig) { c.BaseURLs = nil }, "base URL is required"},
		{"no words", func(c *LatencyConfig) { c.Words = nil }, "words and phrases are required"},
	} {
		c := good
		c.BaseURLs = append([]string(nil), good.BaseURLs...)
		tc.edit(&c)
		if _, err := RunLatency(c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
