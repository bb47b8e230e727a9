package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// fromAddr sends a request from addr (RemoteAddr) with key and extra
// headers, and returns the recorder.
func fromAddr(h http.Handler, target, addr, key string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.RemoteAddr = addr
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Add(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// 300 wrong keys from one address: the first DefaultAuthFailures are 401,
// the rest 429 with Retry-After — even with the right key, so a blocked
// guesser learns nothing. A right key from another address is served;
// after the window the address may try again.
func TestWrongKeysAreThrottledPerAddress(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 2, 3, 0, 0, 0, time.UTC)}
	h := newTestHandler(t, Config{Now: clk.Now})
	const guesser, user = "203.0.113.7:40000", "198.51.100.9:50000"
	counts := map[int]int{}
	for i := range 300 {
		rec := fromAddr(h, "/v2/sources", guesser, fmt.Sprintf("guess-%d", i))
		counts[rec.Code]++
		if rec.Code == http.StatusTooManyRequests {
			secs, err := strconv.Atoi(rec.Header().Get("Retry-After"))
			if err != nil || secs < 1 || secs > 60 {
				t.Fatalf("429 with Retry-After %q", rec.Header().Get("Retry-After"))
			}
		}
		if i == DefaultAuthFailures {
			var body map[string]any
			_ = json.Unmarshal(rec.Body.Bytes(), &body)
			if body["code"] != CodeTooManyRequests {
				t.Fatalf("request %d: %d %s", i+1, rec.Code, rec.Body)
			}
		}
	}
	if counts[401] != DefaultAuthFailures || counts[429] != 300-DefaultAuthFailures {
		t.Fatalf("answers %v, want %d × 401 then 429s", counts, DefaultAuthFailures)
	}
	if rec := fromAddr(h, "/v2/sources", user, testKey); rec.Code != http.StatusOK {
		t.Fatalf("a right key from another address: %d %s", rec.Code, rec.Body)
	}
	if rec := fromAddr(h, "/v2/sources", guesser, testKey); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("a right key from the blocked address: %d, want 429 (no oracle)", rec.Code)
	}
	clk.Advance(authFailureWindow)
	if rec := fromAddr(h, "/v2/sources", guesser, testKey); rec.Code != http.StatusOK {
		t.Fatalf("after the window: %d %s", rec.Code, rec.Body)
	}
}

// NewsAPI's paths answer in NewsAPI's words; a missing key is not a guess.
func TestThrottleDialectAndMissingKeys(t *testing.T) {
	h := newTestHandler(t, Config{AuthFailures: 2})
	const addr = "192.0.2.44:1"
	for range 10 {
		if rec := fromAddr(h, "/v2/sources", addr, ""); rec.Code != http.StatusUnauthorized {
			t.Fatalf("missing key: %d", rec.Code)
		}
	}
	fromAddr(h, "/v2/sources", addr, "wrong-1")
	fromAddr(h, "/v2/sources", addr, "wrong-2")
	rec := fromAddr(h, "/v2/top-headlines/sources", addr, "wrong-3")
	var body map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	if rec.Code != http.StatusTooManyRequests || body["code"] != "rateLimited" || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("NewsAPI path: %d %s", rec.Code, rec.Body)
	}
}

// IPv6 clients count by /64; behind a trusted proxy the client is the
// X-Forwarded-For address, and an untrusted peer's header is ignored.
func TestThrottleClientAddress(t *testing.T) {
	h := newTestHandler(t, Config{AuthFailures: 1, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	fromAddr(h, "/v2/sources", "[2001:db8:1:2::5]:1", "wrong")
	if rec := fromAddr(h, "/v2/sources", "[2001:db8:1:2::99]:1", testKey); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("same /64: %d", rec.Code)
	}
	fromAddr(h, "/v2/sources", "10.0.0.2:1", "wrong", "X-Forwarded-For", "198.51.100.1")
	if rec := fromAddr(h, "/v2/sources", "10.0.0.2:1", testKey, "X-Forwarded-For", "198.51.100.2"); rec.Code != http.StatusOK {
		t.Fatalf("another client behind the proxy: %d", rec.Code)
	}
	if rec := fromAddr(h, "/v2/sources", "10.0.0.3:1", testKey, "X-Forwarded-For", "198.51.100.1"); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("the throttled client behind another proxy: %d", rec.Code)
	}
	// A peer that is not a trusted proxy cannot pick its address.
	fromAddr(h, "/v2/sources", "203.0.113.5:1", "wrong", "X-Forwarded-For", "198.51.100.50")
	if rec := fromAddr(h, "/v2/sources", "203.0.113.5:1", testKey, "X-Forwarded-For", "198.51.100.51"); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("an untrusted X-Forwarded-For was believed: %d", rec.Code)
	}
}

// A million distinct addresses hold at most authThrottleCapacity
// entries, in a bounded heap.
func TestThrottleMemoryIsBounded(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	th := newAuthThrottle(DefaultAuthFailures)
	now := time.Now()
	n := 1_000_000
	if testing.Short() {
		n = 3 * authThrottleCapacity
	}
	for i := range n {
		th.failed(netip.AddrFrom4([4]byte{byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}), now)
	}
	if got := th.size(); got != authThrottleCapacity {
		t.Fatalf("%d addresses remembered after %d, want the capacity %d", got, n, authThrottleCapacity)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap %d bytes for %d addresses remembered of %d", grown, th.size(), n)
	if grown > 16<<20 {
		t.Fatalf("the throttle holds %d MiB after %d addresses", grown>>20, n)
	}
	runtime.KeepAlive(th)
}

// BenchmarkAuthThrottleDistinctAddresses is the cost of a wrong key from
// a new address once the throttle is full.
func BenchmarkAuthThrottleDistinctAddresses(b *testing.B) {
	th := newAuthThrottle(DefaultAuthFailures)
	now := time.Now()
	i := 0
	for b.Loop() {
		th.failed(netip.AddrFrom4([4]byte{byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}), now)
		i++
	}
}
