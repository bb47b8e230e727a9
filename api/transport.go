package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"time"
)

// maxErrorBodyBytes caps how much of an error answer is read: its message
// is cut to a line anyway, and a proxy's error page can be large.
const maxErrorBodyBytes = 64 << 10

// get fetches one endpoint and returns the body of a 2xx answer. Network
// failures and 5xx answers are retried with backoff; everything else is
// returned at once.
func (c *Client) get(ctx context.Context, path string, query url.Values) ([]byte, error) {
	target := c.endpointURL(path, query)
	for attempt := 0; ; attempt++ {
		body, err := c.attempt(ctx, target)
		if err == nil || attempt >= c.retries || !retryable(err) {
			return body, err
		}
		if err := sleep(ctx, c.backoffFor(attempt)); err != nil {
			return nil, c.contextError(ctx, err)
		}
	}
}

// retryable reports whether another attempt may succeed: the connection
// failed, or the service failed (5xx). Timeouts are not retried, so a dead
// service costs the user one timeout, not three; nor are refused
// redirects, which a second attempt would only follow again.
func retryable(err error) bool {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		return apiErr.Status >= 500
	}
	var reqErr *requestError
	if errors.As(err, &reqErr) && reqErr.final {
		return false
	}
	return errors.Is(err, ErrNetwork)
}

// backoffFor is the wait after the given failed attempt (0-based): the base
// doubled per attempt, capped, with "equal jitter" (half fixed, half random)
// so that retries stay spread out but never collapse to zero.
func (c *Client) backoffFor(attempt int) time.Duration {
	d := c.backoff << min(attempt, 16)
	if d > maxBackoff || d < 0 {
		d = maxBackoff
	}
	if d <= 1 {
		return d
	}
	half := d / 2
	return half + rand.N(half+1)
}

// sleep waits d or until ctx ends, whichever is first.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// attempt sends one GET and reads its answer within the per-attempt timeout.
func (c *Client) attempt(ctx context.Context, target string) ([]byte, error) {
	return c.send(ctx, http.MethodGet, target, nil)
}

// send sends one request (a JSON body when body is not nil) and reads its
// answer within the per-attempt timeout.
func (c *Client) send(ctx context.Context, method, target string, body []byte) ([]byte, error) {
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(actx, method, target, rd)
	if err != nil { // cannot happen: the URL was parsed by New
		return nil, fmt.Errorf("build request: %s", c.redact(err.Error()))
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if c.apiKey != "" {
		c.proto.authorize(req.Header, c.apiKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(ctx, actx, req, err)
	}
	defer resp.Body.Close()
	c.noteQuota(resp.Header)

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		body, _ := readCapped(resp.Body, maxErrorBodyBytes) // a cut or failed read still leaves the status
		return nil, c.proto.errorResponse(resp.StatusCode, resp.Header, body, c.now(), c.redact)
	}
	if resp.ContentLength > c.maxBodyBytes {
		return nil, tooLarge(c.maxBodyBytes)
	}
	answer, err := readCapped(resp.Body, c.maxBodyBytes)
	if errors.Is(err, errOverCap) {
		return nil, tooLarge(c.maxBodyBytes)
	}
	if err != nil {
		return nil, c.transportError(ctx, actx, req, err)
	}
	if len(bytes.TrimSpace(answer)) == 0 {
		return nil, &requestError{kind: ErrEmptyResponse, msg: ErrEmptyResponse.Error()}
	}
	return answer, nil
}

var errOverCap = errors.New("body over the cap")

// readCapped reads at most limit bytes; a longer body gives errOverCap along
// with the first limit bytes. Reading limit+1 is how it tells "exactly at the
// cap" from "over it" without trusting Content-Length.
func readCapped(r io.Reader, limit int64) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if int64(len(body)) > limit {
		return body[:limit], errOverCap
	}
	return body, err
}

func tooLarge(limit int64) error {
	return &requestError{kind: ErrResponseTooLarge,
		msg: fmt.Sprintf("%s (over %s)", ErrResponseTooLarge.Error(), byteSize(limit))}
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
