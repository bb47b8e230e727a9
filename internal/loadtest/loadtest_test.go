package loadtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The real service, under a short load, keeps every promise.
func TestRealServicePassesEveryCheck(t *testing.T) {
	ctx := context.Background()
	keys := testKeys(6)
	sources, articles := smallCatalogue()
	opts := ServiceOptions{Keys: keys, RateLimit: 20, Sources: sources, Articles: articles}
	svc, err := StartService(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	cfg := quickConfig(svc.BaseURL, opts.RateLimit)
	before := TakeSnapshot()
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	after := Settle(before.Goroutines+DefaultTolerance.Goroutines, 5*time.Second)
	fresh, err := svc.Fresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	shut, err := ShutdownUnderLoad(ctx, fresh.Target, cfg, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ChecksFor(res, &before, &after, DefaultTolerance, &shut) {
		if !c.Pass || c.Skip {
			t.Errorf("%s: pass=%v skip=%v: %s", c.Name, c.Pass, c.Skip, c.Detail)
		}
	}
	if res.Hostile == 0 || res.Status[http.StatusBadRequest] == 0 || res.Status[http.StatusOK] == 0 {
		t.Errorf("the mix should bring 200s and 400s, hostile requests: %+v, %d hostile", res.Status, res.Hostile)
	}
	if len(res.Latency) < 3 {
		t.Errorf("latency rows %+v: want one per endpoint", res.Latency)
	}
}

// An honest token bucket passes both limiter checks: no false alarm.
func TestHonestBucketPasses(t *testing.T) {
	t.Parallel() // sequential tests (the heap and goroutine ones) run first, alone
	base := fakeService(t, bucketHandler(10, 10))
	res, err := Run(context.Background(), quickConfig(base, 10))
	if err != nil {
		t.Fatal(err)
	}
	cs := ChecksFor(res, nil, nil, DefaultTolerance, nil)
	for _, name := range []string{"a key over", "a key within", "no 5xx"} {
		if c := checkNamed(t, cs, name); !c.Pass {
			t.Errorf("%s: %s", c.Name, c.Detail)
		}
	}
}

// A limiter that admits twice its announced burst is caught.
func TestOverAdmissionIsCaught(t *testing.T) {
	t.Parallel() // sequential tests (the heap and goroutine ones) run first, alone
	base := fakeService(t, bucketHandler(20, 10))
	res, err := Run(context.Background(), quickConfig(base, 10))
	if err != nil {
		t.Fatal(err)
	}
	if c := checkNamed(t, ChecksFor(res, nil, nil, DefaultTolerance, nil), "a key over"); c.Pass {
		t.Fatalf("over-admission passed: %s", c.Detail)
	}
	if res.Limiter.Violations == 0 || res.Limiter.Worst == "" {
		t.Fatalf("findings %+v", res.Limiter)
	}
}

// A limiter stricter than announced refuses the polite keys, and is caught.
func TestRefusingAPoliteKeyIsCaught(t *testing.T) {
	t.Parallel() // sequential tests (the heap and goroutine ones) run first, alone
	base := fakeService(t, bucketHandler(3, 10))
	res, err := Run(context.Background(), quickConfig(base, 10))
	if err != nil {
		t.Fatal(err)
	}
	if c := checkNamed(t, ChecksFor(res, nil, nil, DefaultTolerance, nil), "a key within"); c.Pass {
		t.Fatalf("refused polite keys passed: %s", c.Detail)
	}
}

// 5xx answers and connections dropped mid-request fail the first check.
func TestServerErrorsAndDroppedConnectionsAreCaught(t *testing.T) {
	t.Parallel() // sequential tests (the heap and goroutine ones) run first, alone
	var n atomic.Int64
	flaky := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) % 50 {
		case 0:
			http.Error(w, "{}", http.StatusInternalServerError)
		case 25: // a response cut short: Content-Length promises more than comes
			conn, buf, err := http.NewResponseController(w).Hijack()
			if err == nil {
				buf.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"status\"")
				buf.Flush()
				conn.Close()
			}
		default:
			w.Write([]byte(`{"status":"ok"}`))
		}
	})
	res, err := Run(context.Background(), quickConfig(fakeService(t, flaky), 0))
	if err != nil {
		t.Fatal(err)
	}
	if res.ServerErrors() == 0 || res.TransportErrors == 0 || len(res.ErrorSamples) == 0 {
		t.Fatalf("5xx %d, transport errors %d", res.ServerErrors(), res.TransportErrors)
	}
	if c := checkNamed(t, ChecksFor(res, nil, nil, DefaultTolerance, nil), "no 5xx"); c.Pass {
		t.Fatalf("passed: %s", c.Detail)
	}
}

// heldTarget serves a handler that holds every request until the stop
// begins, so whatever the machine's speed, requests are in flight when it
// stops; graceful chooses Shutdown or an abrupt close of every connection.
func heldTarget(t *testing.T, graceful bool) Target {
	t.Helper()
	gate := make(chan struct{})
	var entered atomic.Int64
	held := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered.Add(1)
		select {
		case <-gate:
		case <-time.After(10 * time.Second): // never hang the test
		}
		w.Write([]byte(`{"status":"ok"}`))
	})
	h, handled := counted(held)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	stop := func(ctx context.Context) error {
		close(gate)
		return srv.Config.Shutdown(ctx)
	}
	if !graceful {
		stop = func(context.Context) error {
			srv.Listener.Close()
			srv.CloseClientConnections()
			close(gate)
			for handled() < entered.Load() { // let the cut-off handlers return
				time.Sleep(5 * time.Millisecond)
			}
			return nil
		}
	}
	return Target{BaseURL: srv.URL + "/v2", Stop: stop, Handled: handled}
}

func TestGracefulShutdownPasses(t *testing.T) {
	t.Parallel() // sequential tests (the heap and goroutine ones) run first, alone
	tg := heldTarget(t, true)
	f, err := ShutdownUnderLoad(context.Background(), tg, quickConfig(tg.BaseURL, 0), 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := f.Passed(); !ok {
		t.Fatalf("%s: %+v", why, f)
	}
	if f.InFlight == 0 || f.Refused == 0 {
		t.Fatalf("want requests in flight at shutdown and refusals after it: %+v", f)
	}
}

func TestAbruptShutdownIsCaught(t *testing.T) {
	t.Parallel() // sequential tests (the heap and goroutine ones) run first, alone
	tg := heldTarget(t, false)
	f, err := ShutdownUnderLoad(context.Background(), tg, quickConfig(tg.BaseURL, 0), 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := f.Passed(); ok || f.Lost == 0 {
		t.Fatalf("dropping requests in flight passed: %+v", f)
	}
}

// A service that leaks a goroutine per request fails the baseline check.
func TestGoroutineLeakIsCaught(t *testing.T) {
	hold := make(chan struct{})
	t.Cleanup(func() { close(hold) })
	leaky := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		go func() { <-hold }()
		w.Write([]byte(`{"status":"ok"}`))
	})
	base := fakeService(t, leaky)
	before := TakeSnapshot()
	cfg := quickConfig(base, 0)
	cfg.MaxRequests = 100
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	after := Settle(before.Goroutines+DefaultTolerance.Goroutines, 500*time.Millisecond)
	if c := checkNamed(t, ChecksFor(res, &before, &after, DefaultTolerance, nil), "heap and goroutines"); c.Pass {
		t.Fatalf("a leak passed: %s", c.Detail)
	}
}

// A service that keeps memory per request fails the baseline check.
func TestHeapLeakIsCaught(t *testing.T) {
	var mu sync.Mutex
	var kept [][]byte
	t.Cleanup(func() { kept = nil })
	leaky := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		kept = append(kept, make([]byte, 512<<10))
		mu.Unlock()
		w.Write([]byte(`{"status":"ok"}`))
	})
	base := fakeService(t, leaky)
	before := TakeSnapshot()
	cfg := quickConfig(base, 0)
	cfg.MaxRequests = 100 // 50 MiB kept
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	after := Settle(before.Goroutines+DefaultTolerance.Goroutines, 500*time.Millisecond)
	if c := checkNamed(t, ChecksFor(res, &before, &after, DefaultTolerance, nil), "heap and goroutines"); c.Pass {
		t.Fatalf("a heap leak passed: %s", c.Detail)
	}
}

func TestHeapGrowthBeyondToleranceFails(t *testing.T) {
	before := &Snapshot{HeapAlloc: 4 << 20, HeapInuse: 10 << 20, Goroutines: 5}
	within := &Snapshot{HeapAlloc: 35 << 20, HeapInuse: 57 << 20, Goroutines: 7}
	if c := memoryCheck(before, within, DefaultTolerance); !c.Pass {
		t.Errorf("within tolerance failed: %s", c.Detail)
	}
	for name, after := range map[string]*Snapshot{
		"live +33 MiB":   {HeapAlloc: 37 << 20, HeapInuse: 50 << 20, Goroutines: 5},
		"in use +49 MiB": {HeapAlloc: 5 << 20, HeapInuse: 59 << 20, Goroutines: 5},
		"goroutines +3":  {HeapAlloc: 4 << 20, HeapInuse: 10 << 20, Goroutines: 8},
	} {
		if c := memoryCheck(before, after, DefaultTolerance); c.Pass {
			t.Errorf("%s passed: %s", name, c.Detail)
		}
	}
}

func TestOverAdmissionWindows(t *testing.T) {
	t0 := time.Now()
	at := func(ms int) span {
		s := t0.Add(time.Duration(ms) * time.Millisecond)
		return span{s, s.Add(time.Millisecond)}
	}
	// Burst 3 at 60/min (1 per second): 3 at once, then one a second is fine.
	fine := []span{at(0), at(1), at(2), at(1010), at(2020)}
	if got := overAdmission(fine, 3, 1); got != "" {
		t.Errorf("honest sequence flagged: %s", got)
	}
	// A fourth within the same instant is one too many.
	if got := overAdmission(append(fine, at(3)), 3, 1); got == "" {
		t.Error("4 admissions within 4 ms of a burst of 3 not flagged")
	}
}

func TestLoopbackOnly(t *testing.T) {
	for _, ok := range []string{"http://127.0.0.1:8080/v2", "http://localhost:1/v2", "http://[::1]:9/v2", "http://127.1.2.3/v2"} {
		if err := CheckLoopback(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://example.com/v2", "http://10.0.0.1:8080/v2", "https://127.0.0.1/v2", "http://0.0.0.0:80/v2", "::"} {
		if err := CheckLoopback(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	cfg := quickConfig("http://192.168.1.1/v2", 0)
	if _, err := Run(context.Background(), cfg); err == nil {
		t.Error("Run accepted a non-loopback target")
	}
}

func TestPercentileIsNearestRank(t *testing.T) {
	d := make([]time.Duration, 100)
	for i := range d {
		d[i] = time.Duration(i+1) * time.Millisecond
	}
	if p := percentile(d, 50); p != 50*time.Millisecond {
		t.Errorf("p50 %v", p)
	}
	if p := percentile(d, 99); p != 99*time.Millisecond {
		t.Errorf("p99 %v", p)
	}
	if p := percentile(d[:1], 99); p != time.Millisecond {
		t.Errorf("p99 of one %v", p)
	}
}
