package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"syscall"
	"time"
)

// outcome is what one request came to.
type outcome struct {
	call   call
	key    int
	status int // 0 when err is set
	sent   time.Time
	done   time.Time
	err    error
	// reused and gotByte come from httptrace: whether the request went on
	// a kept-alive connection and whether any response byte arrived.
	reused  bool
	gotByte bool
	refused bool // the dial was refused (ECONNREFUSED): nothing listens
}

func (o outcome) latency() time.Duration { return o.done.Sub(o.sent) }

// admitted reports whether the service let the request through its rate
// limiter: anything authenticated and not 429 spent a token, including a
// 400 for bad parameters (the limiter runs before the parameters are read).
func (o outcome) admitted() bool {
	return o.err == nil && o.status != http.StatusTooManyRequests && o.status != http.StatusUnauthorized
}

// send makes one request and reads the whole body, so a response cut short
// counts as an error, not as a success.
func send(ctx context.Context, client *http.Client, base string, key int, apiKey string, c call) outcome {
	o := outcome{call: c, key: key}
	// The trace hooks run on the transport's goroutines.
	var reused, gotByte atomic.Bool
	defer func() { o.reused, o.gotByte = reused.Load(), gotByte.Load() }()
	trace := &httptrace.ClientTrace{
		GotConn:              func(i httptrace.GotConnInfo) { reused.Store(i.Reused) },
		GotFirstResponseByte: func() { gotByte.Store(true) },
	}
	target := base + c.endpoint
	if c.rawQuery != "" {
		target += "?" + c.rawQuery
	}
	o.sent = time.Now()
	defer func() { o.done = time.Now() }()
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), http.MethodGet, target, nil)
	if err != nil {
		o.err = fmt.Errorf("build request: %w", err)
		o.done = time.Now()
		return o
	}
	req.Header.Set("Authorization", "Bearer "+apiKey)
	resp, err := client.Do(req)
	if err != nil {
		o.err = err
		o.refused = errors.Is(err, syscall.ECONNREFUSED)
		o.done = time.Now()
		return o
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	o.done = time.Now()
	if err != nil {
		o.err = fmt.Errorf("read %d response: %w", resp.StatusCode, err)
		return o
	}
	o.status = resp.StatusCode
	return o
}
