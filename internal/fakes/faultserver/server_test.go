package faultserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestForwardsUnfaultedRequestsUnchanged(t *testing.T) {
	s := start(t)
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") || !strings.HasSuffix(s.URL(), "/v2") {
		t.Errorf("URL = %q, want a loopback base ending in /v2", s.URL())
	}
	req, _ := http.NewRequest(http.MethodGet, s.URL()+"/articles?q=go&page=2", nil)
	req.Header.Set("Authorization", "Bearer k")
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	env := decode(t, body)
	if resp.StatusCode != 200 || env.Page != 2 || env.Articles[0].Title != "Article 21" {
		t.Errorf("got %d page %d %v, want the service's page 2", resp.StatusCode, env.Page, titles(env.Articles))
	}
	h := s.History()
	if len(h) != 1 || h[0].Path != "/v2/articles" || h[0].Query.Get("q") != "go" ||
		h[0].Header.Get("Authorization") != "Bearer k" || h[0].Fault != None {
		t.Errorf("history = %+v, want the request as sent, unfaulted", h)
	}
}

func TestTimesCountsFaultedRequests(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: ServerError, Times: 2})
	want := []int{500, 500, 200, 200}
	for i, w := range want {
		if got := get(t, s, "/articles").status; got != w {
			t.Errorf("request %d: status %d, want %d", i+1, got, w)
		}
	}
	if s.Requests() != len(want) || s.Armed() != 0 {
		t.Errorf("Requests = %d, Armed = %d; want %d and 0", s.Requests(), s.Armed(), len(want))
	}
}

func TestTimesZeroLastsUntilClear(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: Unauthorized})
	for i := range 5 {
		if got := get(t, s, "/sources").status; got != 401 {
			t.Fatalf("request %d: status %d, want 401 until Clear", i+1, got)
		}
	}
	s.Clear()
	if got := get(t, s, "/sources").status; got != 200 || s.Armed() != 0 {
		t.Errorf("after Clear: status %d, armed %d; want 200 and none", got, s.Armed())
	}
}

func TestSkipAndPathFailOnlyPageTwo(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: ServerError, Path: "/articles", Skip: 1, Times: 1})
	steps := []struct {
		path   string
		status int
	}{
		{"/sources", 200},         // another path: neither faulted nor counted
		{"/articles?page=1", 200}, // skipped
		{"/articles?page=2", 500}, // the one
		{"/articles?page=2", 200}, // a retry succeeds
		{"/v2/../tiny", 200},      // cleaned by the client; still not /articles
	}
	for _, st := range steps {
		if got := get(t, s, st.path).status; got != st.status {
			t.Errorf("%s: status %d, want %d", st.path, got, st.status)
		}
	}
}

func TestFaultsQueueInOrder(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: RateLimited, RetryAfter: "1", Times: 1})
	s.Inject(Fault{Kind: ServerError, Status: 503, Times: 1})
	for i, want := range []int{429, 503, 200} {
		if got := get(t, s, "/articles").status; got != want {
			t.Errorf("request %d: status %d, want %d", i+1, got, want)
		}
	}
}

func TestLaterFaultStillCountsWhileAnEarlierOneApplies(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: Unauthorized, Times: 1})
	s.Inject(Fault{Kind: ErrorInOK, Skip: 1, Times: 1})
	// Request 1 is unauthorized, and is also the one request ErrorInOK skips.
	got := []int{get(t, s, "/articles").status, len(get(t, s, "/articles").body), get(t, s, "/articles").status}
	if got[0] != 401 || got[1] != len(errorInOKBody) || got[2] != 200 {
		t.Errorf("got %v, want 401, then the error-in-ok body, then the service", got)
	}
}

func TestRelPath(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "/v2/articles": "/articles", "/articles": "/articles", "/v2": "/", "/v2/": "/", "/v2x": "/v2x",
	} {
		if got := relPath(in); got != want {
			t.Errorf("relPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	s := start(t)
	client := s.Client()
	const workers, each = 8, 15
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				switch (w + i) % 5 {
				case 0:
					s.Inject(Fault{Kind: ServerError, Times: 1})
				case 1:
					s.Clear()
				case 2:
					_ = s.History()
					_ = s.Armed()
				}
				resp, err := client.Get(s.URL() + "/articles")
				if err != nil {
					errs <- err
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 && resp.StatusCode != 500 {
					errs <- fmt.Errorf("status %d", resp.StatusCode)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if s.Requests() != workers*each {
		t.Errorf("Requests = %d, want %d", s.Requests(), workers*each)
	}
}

// TestCloseReleasesHeldRequests: Close must not wait on requests that a
// fault holds forever, and their clients must see a failure, not an empty
// 200 from a handler that was let go.
func TestCloseReleasesHeldRequests(t *testing.T) {
	s := New(fakeService())
	s.Inject(Fault{Kind: Hang, Path: "/articles"})
	s.Inject(Fault{Kind: SlowDrip, Path: "/sources", Delay: time.Hour})
	s.Inject(Fault{Kind: Latency, Path: "/tiny", Delay: time.Hour})
	s.Inject(Fault{Kind: OversizedBody, Path: "/big", Size: 1 << 40})

	errs := make(chan error, 4)
	for _, p := range []string{"/articles", "/sources", "/tiny", "/big"} {
		go func() {
			resp, err := getCtx(context.Background(), s, p)
			if err == nil {
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			errs <- err
		}()
	}
	waitFor(t, "four held requests", func() bool { return s.InFlight() == 4 })

	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(2 * time.Second):
		t.Fatal("Close blocked on held requests")
	}
	for range 4 {
		if err := <-errs; err == nil {
			t.Error("a held request ended without an error")
		}
	}
	if s.InFlight() != 0 {
		t.Errorf("InFlight = %d after Close", s.InFlight())
	}
	s.Close() // twice is fine
	if _, err := freshClient().Get(s.URL() + "/articles"); err == nil || errors.Is(err, context.Canceled) {
		t.Errorf("request after Close: err = %v, want connection refused", err)
	}
}

func TestQueryLimitsTheFault(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: ServerError, Query: "page=2&q=go"})
	steps := []struct {
		path   string
		status int
	}{
		{"/articles?q=go&page=3", 200},
		{"/articles?page=2", 200}, // q missing
		{"/articles?page=2&q=go&sortBy=popularity", 500},
		{"/sources?q=go&page=2", 500}, // no Path: any endpoint
	}
	for _, st := range steps {
		if got := get(t, s, st.path).status; got != st.status {
			t.Errorf("%s: status %d, want %d", st.path, got, st.status)
		}
	}
}

// TestKeepAliveRetryHidesAReset pins a net/http behaviour that client tests
// must know about (doc.go): a GET whose reused connection is reset before
// any byte is retried once by the Transport itself, so the client sees
// success and the server two requests.
func TestKeepAliveRetryHidesAReset(t *testing.T) {
	s := start(t)
	client := s.Client() // keep-alive on
	warm := func() {
		resp, err := client.Get(s.URL() + "/tiny")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	warm() // leaves an idle connection to reuse
	s.Inject(Fault{Kind: ConnectionReset, Times: 1})
	warm()
	if h := s.History(); len(h) != 3 || h[1].Fault != ConnectionReset || h[2].Fault != None {
		t.Errorf("history = %+v, want the reset request retried unasked", h)
	}
}

func TestNilHandlerStillServesFaults(t *testing.T) {
	s := New(nil)
	t.Cleanup(s.Close)
	s.Inject(Fault{Kind: RateLimited, Times: 1})
	if got := []int{get(t, s, "/articles").status, get(t, s, "/articles").status}; got[0] != 429 || got[1] != 404 {
		t.Errorf("statuses %v, want 429 from the fault, then 404", got)
	}
}
