package greader

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"tidings/api"
)

// Error is a failed call: which service, what the reader was doing, and
// why. Kind is the api sentinel it matches (errors.Is), so that the
// reader explains it like any service's failure.
type Error struct {
	Server string // "FreshRSS at https://rss.example.org/api/greader.php"
	Op     string // "log in", "list subscriptions", …
	Status int    // the HTTP status; 0 when there was no answer
	Detail string // what went wrong, in words
	Kind   error  // api.ErrUnauthorized, api.ErrNetwork, …; may be nil
}

// Error implements error.
func (e *Error) Error() string {
	return e.Server + ": " + e.Op + ": " + e.Detail
}

// Unwrap returns the sentinel the error matches.
func (e *Error) Unwrap() error { return e.Kind }

// ErrNoUnreadCounts: the service answers no unread counts (Miniflux's
// Google Reader API has no unread-count; it answers "[]"). It matches
// api.ErrBadResponse too, for callers that know only the api sentinels.
//
// It is a static value of its own type, not fmt.Errorf, so that no
// package initialiser builds it at start-up (issue 31).
var ErrNoUnreadCounts error = noUnreadCounts{}

// noUnreadCounts is the type of ErrNoUnreadCounts.
type noUnreadCounts struct{}

func (noUnreadCounts) Error() string {
	return "the service keeps no unread counts in its Google Reader API (" + api.ErrBadResponse.Error() + ")"
}

func (noUnreadCounts) Unwrap() error { return api.ErrBadResponse }

// statusError turns a non-2xx answer into an Error.
func (c *Client) statusError(op string, status int, body []byte) *Error {
	e := &Error{Server: c.server, Op: op, Status: status}
	text := c.redact(firstLine(body))
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		e.Kind = api.ErrUnauthorized
		e.Detail = fmt.Sprintf("the service refused user %s's login (HTTP %d)", c.user, status)
	case status == http.StatusNotFound:
		e.Kind = api.ErrNotFound
		e.Detail = "no such endpoint (HTTP 404); check --base-url: " + baseURLExamples
	case status == http.StatusTooManyRequests:
		e.Kind = api.ErrRateLimited
		e.Detail = "too many requests (HTTP 429)"
	case status >= 500:
		e.Kind = api.ErrServer
		e.Detail = fmt.Sprintf("the service failed (HTTP %d)", status)
	case status == http.StatusBadRequest:
		e.Kind = api.ErrInvalidParams
		e.Detail = "the service refused the request (HTTP 400)"
	default:
		e.Kind = api.ErrBadResponse
		e.Detail = fmt.Sprintf("unexpected answer (HTTP %d)", status)
	}
	if text != "" {
		e.Detail += ": " + text
	}
	return e
}

// baseURLExamples says what --base-url is for each kind of service.
const baseURLExamples = "the API root, such as https://rss.example.org/api/greader.php (FreshRSS), " +
	"https://miniflux.example.org (Miniflux) or https://news.example.org/api/greader (tidings serve)"

// transportError turns a failure to get any answer into an Error.
func (c *Client) transportError(ctx context.Context, op string, err error) error {
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return err // the caller gave up: no explanation needed
	}
	e := &Error{Server: c.server, Op: op, Kind: api.ErrNetwork}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()):
		e.Kind = api.ErrTimeout
		e.Detail = "no answer in time"
	case errors.Is(err, errInsecureRedirect) || errors.Is(err, errTooManyRedirects):
		e.Kind = api.ErrRedirect
		e.Detail = c.redact(err.Error())
	default:
		e.Detail = "could not reach the service: " + c.redact(err.Error())
	}
	return e
}

// badAnswer is a 2xx answer the client cannot read.
func (c *Client) badAnswer(op string, err error) *Error {
	return &Error{Server: c.server, Op: op, Status: http.StatusOK, Kind: api.ErrBadResponse,
		Detail: "the answer is not the Google Reader JSON expected: " + c.redact(err.Error())}
}

// redact removes the password and the tokens from text that may echo
// them (a service's error page, a transport error quoting a URL).
func (c *Client) redact(text string) string {
	c.mu.Lock()
	secrets := []string{c.password, c.auth, c.token}
	c.mu.Unlock()
	for _, s := range secrets {
		if len(s) >= 4 {
			text = strings.ReplaceAll(text, s, "[redacted]")
		}
	}
	return text
}

// firstLine is the start of an error body, for a message: one line, at
// most 160 bytes, nothing of an HTML page.
func firstLine(body []byte) string {
	s := strings.TrimSpace(string(body))
	if strings.HasPrefix(s, "<") {
		return ""
	}
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 160 {
		s = strings.ToValidUTF8(s[:160], "") + "…"
	}
	return s
}
