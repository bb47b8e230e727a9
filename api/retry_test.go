package api

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tidings/model"
)

func search(ctx context.Context, c *Client) error {
	_, err := c.Articles(ctx, model.ArticlesQuery{Q: "storm"})
	return err
}

func TestServerErrorsAreRetried(t *testing.T) {
	t.Run("503 then 200 succeeds on the retry", func(t *testing.T) {
		f := newFakeService(t, reply{status: 503}, ok(fixture(t, "articles_camel.json")))
		page, err := f.client(t).Articles(context.Background(), model.ArticlesQuery{Q: "storm"})
		if err != nil || len(page.Items) != 7 {
			t.Fatalf("got %d items, %v; want the page", len(page.Items), err)
		}
		if n := f.hits.Load(); n != 2 {
			t.Errorf("%d hits, want 2", n)
		}
	})
	t.Run("500 three times gives ErrServer after 3 attempts", func(t *testing.T) {
		f := newFakeService(t, reply{status: 500, body: []byte(`{"status":500,"code":"INTERNAL","message":"database down"}`)})
		err := search(context.Background(), f.client(t))
		var apiErr *Error
		if !errors.Is(err, ErrServer) || !errors.As(err, &apiErr) || apiErr.Status != 500 || apiErr.Message != "database down" {
			t.Fatalf("err = %v, want ErrServer with the last answer's message", err)
		}
		if n := f.hits.Load(); n != 3 {
			t.Errorf("%d hits, want 3", n)
		}
	})
	t.Run("WithRetries(0) makes one attempt", func(t *testing.T) {
		f := newFakeService(t, reply{status: 502})
		if err := search(context.Background(), f.client(t, WithRetries(0))); !errors.Is(err, ErrServer) {
			t.Fatalf("err = %v", err)
		}
		if n := f.hits.Load(); n != 1 {
			t.Errorf("%d hits, want 1", n)
		}
	})
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	tests := []struct {
		status int
		want   error
	}{
		{400, ErrInvalidParams}, {401, ErrUnauthorized}, {403, ErrUnauthorized}, {404, ErrNotFound}, {429, ErrRateLimited},
	}
	for _, tt := range tests {
		t.Run(http.StatusText(tt.status), func(t *testing.T) {
			f := newFakeService(t, reply{status: tt.status, body: []byte(`{"status":"error","errorCode":"X","errorMessage":"no"}`)})
			if err := search(context.Background(), f.client(t)); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if n := f.hits.Load(); n != 1 {
				t.Errorf("%d hits, want 1", n)
			}
		})
	}
}

func TestRateLimitCarriesRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	tests := []struct {
		header string
		want   time.Duration
	}{
		{"30", 30 * time.Second},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{"", 0},
		{"soon", 0},
		{"-5", 0},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"99999999", maxRetryAfter},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			f := newFakeService(t, reply{status: 429, body: fixture(t, "error_b_string.json"),
				header: map[string]string{"Retry-After": tt.header}})
			// A client that waited out the limit itself would sit here for
			// up to a day ("99999999"): go test's -timeout catches that, so
			// no wall-clock bound is asserted.
			err := search(context.Background(), f.client(t, withClock(func() time.Time { return now })))
			d, limited := RetryAfter(err)
			if !limited || d != tt.want || !errors.Is(err, ErrRateLimited) {
				t.Errorf("RetryAfter = %v, %v (err %v); want %v, true", d, limited, err, tt.want)
			}
		})
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// failingTransport fails every round trip with err and counts them.
type failingTransport struct {
	calls atomic.Int32
	err   error
}

func (ft *failingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	ft.calls.Add(1)
	return nil, ft.err
}

func TestNetworkErrorsAreRetried(t *testing.T) {
	t.Run("refused three times", func(t *testing.T) {
		ft := &failingTransport{err: &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")}}
		c, _ := New("http://127.0.0.1:9/v2", testKey, WithBackoff(time.Millisecond), WithHTTPClient(&http.Client{Transport: ft}))
		err := search(context.Background(), c)
		if !errors.Is(err, ErrNetwork) {
			t.Fatalf("err = %v, want ErrNetwork", err)
		}
		if n := ft.calls.Load(); n != 3 {
			t.Errorf("%d attempts, want 3", n)
		}
	})
	t.Run("a closed port is a network error naming the host", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		c, _ := New("http://"+addr+"/v2", testKey, WithBackoff(time.Millisecond))
		err = search(context.Background(), c)
		if !errors.Is(err, ErrNetwork) || errors.Is(err, ErrTimeout) {
			t.Fatalf("err = %v, want ErrNetwork", err)
		}
		if want := "could not reach the service at " + addr + ": connection refused"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("err = %q, want it to start %q", err, want)
		}
	})
	t.Run("connection dropped mid-body, then a good answer", func(t *testing.T) {
		good := fixture(t, "articles_camel.json")
		var n atomic.Int32
		f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 1 {
				conn, buf, _ := w.(http.Hijacker).Hijack()
				_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{\"status\":\"ok\",")
				_ = buf.Flush()
				conn.Close()
				return
			}
			_, _ = w.Write(good)
		})
		page, err := f.client(t).Articles(context.Background(), model.ArticlesQuery{Q: "x"})
		if err != nil || len(page.Items) != 7 {
			t.Fatalf("got %d items, %v", len(page.Items), err)
		}
		if f.hits.Load() != 2 {
			t.Errorf("%d hits, want 2", f.hits.Load())
		}
	})
}

func TestCancellationAndTimeouts(t *testing.T) {
	t.Run("cancel during backoff returns promptly as context.Canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// The transport answers 503 and the user moves on at that moment,
		// so the cancellation lands while the client waits to retry.
		rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
			defer cancel()
			return &http.Response{StatusCode: 503, Header: http.Header{}, Body: io.NopCloser(strings.NewReader("")), Request: r}, nil
		})
		var calls atomic.Int32
		counting := roundTripFunc(func(r *http.Request) (*http.Response, error) { calls.Add(1); return rt(r) })
		// The backoff is an hour: only the cancellation can end this call
		// (a client that waited would hit go test's -timeout), so no
		// wall-clock bound is asserted.
		c, _ := New("http://127.0.0.1:9/v2", testKey, WithBackoff(time.Hour), WithHTTPClient(&http.Client{Transport: counting}))
		err := search(ctx, c)
		if !errors.Is(err, context.Canceled) || errors.Is(err, ErrNetwork) || errors.Is(err, ErrServer) {
			t.Errorf("err = %v, want context.Canceled only", err)
		}
		if calls.Load() != 1 {
			t.Errorf("%d attempts, want 1", calls.Load())
		}
	})
	t.Run("cancel while waiting for the answer", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
			cancel()
			<-r.Context().Done()
		})
		err := search(ctx, f.client(t))
		if !errors.Is(err, context.Canceled) || errors.Is(err, ErrNetwork) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	})
	t.Run("the caller's deadline is a timeout", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
		err := search(ctx, f.client(t))
		if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want ErrTimeout and context.DeadlineExceeded", err)
		}
	})
	t.Run("the per-attempt timeout is not retried", func(t *testing.T) {
		f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
		err := search(context.Background(), f.client(t, WithTimeout(50*time.Millisecond)))
		if !errors.Is(err, ErrTimeout) || errors.Is(err, ErrNetwork) {
			t.Errorf("err = %v, want ErrTimeout", err)
		}
		if want := "within 50ms"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to say %q", err, want)
		}
		if f.hits.Load() != 1 {
			t.Errorf("%d hits, want 1", f.hits.Load())
		}
	})
	t.Run("a body that stalls times out", func(t *testing.T) {
		f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "1000")
			_, _ = w.Write([]byte(`{"status":"ok",`))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		})
		err := search(context.Background(), f.client(t, WithTimeout(100*time.Millisecond)))
		if !errors.Is(err, ErrTimeout) {
			t.Errorf("err = %v, want ErrTimeout", err)
		}
	})
	t.Run("deadline during backoff is a timeout", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		f := newFakeService(t, reply{status: 503})
		c, _ := New(f.baseURL(), testKey, WithBackoff(10*time.Second))
		err := search(ctx, c)
		if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want ErrTimeout", err)
		}
	})
}

func TestBackoffGrowsWithJitterAndIsCapped(t *testing.T) {
	c := &Client{backoff: 100 * time.Millisecond}
	for attempt, base := range []time.Duration{100, 200, 400} {
		base *= time.Millisecond
		for range 50 {
			if d := c.backoffFor(attempt); d < base/2 || d > base {
				t.Fatalf("attempt %d waited %v, want within [%v, %v]", attempt, d, base/2, base)
			}
		}
	}
	if d := c.backoffFor(40); d > maxBackoff || d < maxBackoff/2 {
		t.Errorf("late attempt waited %v, want capped near %v", d, maxBackoff)
	}
}
