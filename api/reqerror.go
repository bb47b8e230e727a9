package api

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
)

// requestError is a failure that is not an answer from the service: the
// network, a timeout, or a body the client could not use. Its text is
// written here, short and free of the key; the cause stays reachable with
// errors.As only when its own text is free of the key too.
type requestError struct {
	kind  error // the sentinel: ErrNetwork, ErrTimeout, ErrBadResponse, …
	msg   string
	extra error // context.DeadlineExceeded when the caller's deadline hit; ErrRedirect
	cause error
	final bool // another attempt would fail the same way (a redirect loop)
}

// Error implements error.
func (e *requestError) Error() string { return e.msg }

// Unwrap exposes the sentinel, the context error and the cause to errors.Is
// and errors.As.
func (e *requestError) Unwrap() []error {
	out := []error{e.kind}
	if e.extra != nil {
		out = append(out, e.extra)
	}
	if e.cause != nil {
		out = append(out, e.cause)
	}
	return out
}

// transportError classifies a failed round trip or body read. ctx is the
// caller's context and actx the attempt's, whose deadline is c.timeout.
func (c *Client) transportError(ctx, actx context.Context, req *http.Request, err error) error {
	if ctx.Err() != nil {
		return c.contextError(ctx, ctx.Err())
	}
	cause := err
	if c.apiKey != "" && strings.Contains(err.Error(), c.apiKey) {
		cause = nil // a transport that prints headers must not leak through errors.As either
	}
	if actx.Err() != nil {
		return &requestError{kind: ErrTimeout, cause: cause,
			msg: fmt.Sprintf("%s (no answer from %s within %s)", ErrTimeout.Error(), req.URL.Host, c.timeout)}
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() { // a dial or header timeout of the transport
		return &requestError{kind: ErrTimeout, cause: cause,
			msg: fmt.Sprintf("%s (no answer from %s)", ErrTimeout.Error(), req.URL.Host)}
	}
	e := &requestError{kind: ErrNetwork, cause: cause,
		msg: fmt.Sprintf("%s at %s: %s", ErrNetwork.Error(), req.URL.Host, serviceText(networkReason(err), 120, c.redact))}
	if isRedirectRefusal(err) {
		e.final, e.extra = true, ErrRedirect
	}
	return e
}

// isRedirectRefusal reports whether the round trip stopped at a redirect:
// too many of them (ours, or net/http's default limit on a caller's own
// http.Client, whose error is not exported) or an https-to-http one.
func isRedirectRefusal(err error) bool {
	if errors.Is(err, errTooManyRedirects) || errors.Is(err, errInsecureRedirect) {
		return true
	}
	msg := innermost(err).Error()
	return strings.HasPrefix(msg, "stopped after ") && strings.HasSuffix(msg, " redirects")
}

// contextError reports the end of the caller's context: cancellation as
// context.Canceled (the UI ignores it: the user moved on), a deadline as a
// timeout that also matches context.DeadlineExceeded.
func (c *Client) contextError(ctx context.Context, err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
		return &requestError{kind: ErrTimeout, extra: context.DeadlineExceeded, msg: ErrTimeout.Error()}
	}
	return fmt.Errorf("request cancelled: %w", context.Canceled)
}

// networkReason names the cause of a connection failure in a few words,
// rather than Go's "Get \"http://…\": dial tcp 127.0.0.1:1: connect: …".
func networkReason(err error) string {
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownCA x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused (is the service running?)"
	case errors.As(err, &dnsErr):
		return "host name not found"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "the connection closed before the answer was complete"
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return "network unreachable"
	case errors.As(err, &certErr), errors.As(err, &unknownCA), errors.As(err, &hostErr):
		return "its TLS certificate is not trusted"
	}
	return innermost(err).Error()
}

// innermost unwraps single-cause chains down to the root, which for
// *url.Error drops the method and URL that Go puts in front.
func innermost(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}
