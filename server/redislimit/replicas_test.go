package redislimit_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tidings/internal/redistest"
	"tidings/server"
	"tidings/server/redislimit"
	"tidings/server/store/sqlite"
)

const replicas = 3

var keys = []string{"key-one", "key-two", "key-three"}

// cluster is three service replicas, each with its own Redis limiter over
// one Redis, behind a round-robin reverse proxy on loopback.
type cluster struct {
	redis  *redistest.Server
	proxy  *httptest.Server
	client *http.Client
}

func newCluster(t *testing.T, perMinute int) *cluster {
	t.Helper()
	srv := redistest.Start(t)
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var backends []*url.URL
	for i := range replicas {
		lim, err := redislimit.Open(srv.URL(), redislimit.Options{PerMinute: perMinute, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { lim.Close() })
		h, err := server.New(st, server.Config{APIKeys: keys, Limiter: lim})
		if err != nil {
			t.Fatal(err)
		}
		replica := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Replica", strconv.Itoa(i))
			h.ServeHTTP(w, r)
		}))
		t.Cleanup(replica.Close)
		u, _ := url.Parse(replica.URL)
		backends = append(backends, u)
	}
	var next atomic.Uint64
	proxy := httptest.NewServer(&httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(backends[next.Add(1)%replicas])
	}})
	t.Cleanup(proxy.Close)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	t.Cleanup(client.CloseIdleConnections)
	return &cluster{redis: srv, proxy: proxy, client: client}
}

type answer struct {
	status                  int
	replica, retryAfter     string
	limit, remaining, reset string
	code, message           string
}

func (c *cluster) get(t *testing.T, key string) answer {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.proxy.URL+"/v2/sources", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := c.client.Do(req)
	if err != nil {
		t.Error(err)
		return answer{}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var body struct{ Code, Message string }
	_ = json.Unmarshal(raw, &body)
	h := resp.Header
	return answer{status: resp.StatusCode, replica: h.Get("X-Replica"), retryAfter: h.Get("Retry-After"),
		limit: h.Get("RateLimit-Limit"), remaining: h.Get("RateLimit-Remaining"), reset: h.Get("RateLimit-Reset"),
		code: body.Code, message: body.Message}
}

// burst sends perKey requests for each of keys at once and returns the
// answers by key.
func (c *cluster) burst(t *testing.T, perKey int, keys ...string) map[string][]answer {
	t.Helper()
	var mu sync.Mutex
	out := map[string][]answer{}
	var wg sync.WaitGroup
	for _, k := range keys {
		for range perKey {
			wg.Go(func() {
				a := c.get(t, k)
				mu.Lock()
				out[k] = append(out[k], a)
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	return out
}

func TestThreeReplicasAdmitExactlyNPerKey(t *testing.T) {
	// 6 per minute: one request back every 10 s, far longer than the
	// burst takes even under the race detector.
	const n = 6
	c := newCluster(t, n)
	start := time.Now()
	answers := c.burst(t, 3*n, keys[0], keys[1])
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("the burst took %v, longer than the refill interval: the count below would be meaningless", took)
	}
	for _, k := range keys[:2] {
		admitted, refused := 0, 0
		servedBy := map[string]int{}
		remaining := map[string]bool{}
		for _, a := range answers[k] {
			servedBy[a.replica]++
			if a.limit != strconv.Itoa(n) {
				t.Errorf("%s: RateLimit-Limit %q, want %d", k, a.limit, n)
			}
			switch a.status {
			case http.StatusOK:
				admitted++
				remaining[a.remaining] = true
			case http.StatusTooManyRequests:
				refused++
				if a.retryAfter == "" || a.remaining != "0" || a.code != server.CodeTooManyRequests {
					t.Errorf("%s: a 429 with Retry-After %q, Remaining %q, code %q", k, a.retryAfter, a.remaining, a.code)
				}
			default:
				t.Errorf("%s: status %d (%s)", k, a.status, a.message)
			}
		}
		if admitted != n || refused != 2*n {
			t.Errorf("%s: admitted %d and refused %d of %d across %d replicas; want exactly %d admitted",
				k, admitted, refused, 3*n, replicas, n)
		}
		if len(remaining) != n {
			t.Errorf("%s: the admitted requests reported Remaining %v; want each of 0..%d once", k, remaining, n-1)
		}
		if len(servedBy) != replicas {
			t.Errorf("%s: served by replicas %v; the proxy should spread the burst over all %d", k, servedBy, replicas)
		}
	}
	if a := c.get(t, keys[2]); a.status != http.StatusOK || a.remaining != strconv.Itoa(n-1) {
		t.Errorf("an untouched key has its whole quota: %+v", a)
	}
}

func TestRedisStoppedMidRunThenBack(t *testing.T) {
	const n = 6
	c := newCluster(t, n)
	if a := c.get(t, keys[0]); a.status != http.StatusOK {
		t.Fatalf("before the outage: %+v", a)
	}

	// Clients keep sending while Redis dies under them.
	stop := make(chan struct{})
	seen := make(chan answer, 1024)
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				seen <- c.get(t, k)
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	c.redis.Stop()
	// Wait for the outage to show, with a bound, not a fixed sleep.
	deadline := time.After(10 * time.Second)
	var unavailable []answer
	var others []answer
	for len(unavailable) < 10 {
		select {
		case a := <-seen:
			if a.status == http.StatusServiceUnavailable {
				unavailable = append(unavailable, a)
			} else {
				others = append(others, a)
			}
		case <-deadline:
			t.Fatalf("no 503 within 10 s of Redis stopping; saw %d other answers", len(others))
		}
	}
	close(stop)
	go func() { wg.Wait(); close(seen) }()
	for a := range seen {
		if a.status == http.StatusServiceUnavailable {
			unavailable = append(unavailable, a)
		} else {
			others = append(others, a)
		}
	}
	for _, a := range others {
		if a.status != http.StatusOK && a.status != http.StatusTooManyRequests {
			t.Errorf("while Redis went away: status %d (%s); only 200, 429 or 503 make sense", a.status, a.message)
		}
	}
	for _, a := range unavailable {
		if a.retryAfter != "1" || a.code != server.CodeUnavailable || a.message != "the rate limiter is unavailable: retry in a moment" {
			t.Fatalf("a 503 must say why and when to retry: Retry-After %q, code %q, message %q", a.retryAfter, a.code, a.message)
		}
		if a.limit != "" || a.remaining != "" || a.reset != "" {
			t.Fatalf("a 503 claims a quota nobody could read: %+v", a)
		}
	}

	c.redis.Start() // the same replicas, not restarted
	for i := range replicas {
		a := c.get(t, keys[0])
		if a.status != http.StatusOK {
			t.Fatalf("request %d after Redis is back: %d %s (replica %s)", i, a.status, a.message, a.replica)
		}
		if want := strconv.Itoa(n - 1 - i); a.remaining != want {
			t.Fatalf("Redis came back empty, so the quota restarts: Remaining %q, want %s", a.remaining, want)
		}
	}
}
