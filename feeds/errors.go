package feeds

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"tidings/netguard"
)

// Kind classifies why a fetch failed; the poller's schedule depends on it.
type Kind int

// The kinds of fetch failure.
const (
	KindNetwork   Kind = iota // no connection: DNS, refused, unreachable, TLS
	KindTimeout               // the server did not answer in time
	KindStatus                // an HTTP status other than 200 and 304
	KindGone                  // 410 Gone: the feed is no more; stop polling it
	KindThrottled             // 429 or 503: come back later (RetryAfter)
	KindRedirects             // too many redirects, or to a non-http address
	KindTooLarge              // the body passed the cap
	KindURL                   // not an http(s) address
	KindNotFeed               // the answer is not a feed (see normalise.Parse)
)

// FetchError is a failed fetch, with a message fit to show a user (in
// `tidings feeds list`, the reader's status line) as it is.
type FetchError struct {
	Kind   Kind
	Status int // the HTTP status, for KindStatus, KindGone, KindThrottled
	// RetryAfter is how long the server asked us to wait (0: it did not).
	RetryAfter time.Duration
	Msg        string
}

func (e *FetchError) Error() string { return e.Msg }

// statusError turns a non-200, non-304 answer into a FetchError.
func statusError(resp *http.Response, now time.Time) *FetchError {
	code := resp.StatusCode
	e := &FetchError{Kind: KindStatus, Status: code}
	switch {
	case code == http.StatusGone:
		e.Kind = KindGone
		e.Msg = "the feed is gone (410): the site removed it"
	case code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable:
		e.Kind = KindThrottled
		e.RetryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), now)
		what := "the site asks us to slow down (429)"
		if code == http.StatusServiceUnavailable {
			what = "the site is unavailable (503)"
		}
		if e.RetryAfter > 0 {
			what += fmt.Sprintf("; it asked for a wait of %s", e.RetryAfter.Round(time.Second))
		}
		e.Msg = what
	case code == http.StatusNotFound:
		e.Msg = "the feed was not found (404)"
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		e.Msg = fmt.Sprintf("the site refused the request (%d)", code)
	case code >= 500:
		e.Msg = fmt.Sprintf("the site had an error (%d %s)", code, http.StatusText(code))
	default:
		e.Msg = fmt.Sprintf("the site answered %d %s", code, http.StatusText(code))
	}
	return e
}

// maxRetryAfter bounds what a server may ask for: a typo'd header must not
// stop a feed for a year.
const maxRetryAfter = 24 * time.Hour

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP
// date. It returns 0 when there is none or it cannot be read.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		d = time.Duration(min(secs, int64(maxRetryAfter/time.Second))) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return max(0, min(d, maxRetryAfter))
}

// transportError explains a failed round trip in plain words.
func transportError(ctx context.Context, err error, timeout time.Duration) *FetchError {
	var fe *FetchError
	if errors.As(err, &fe) {
		return fe // from checkRedirect
	}
	if re, ok := netguard.Refused(err); ok {
		// The feed's own host is always fetched: a refusal is a redirect
		// away from it.
		return &FetchError{Kind: KindRedirects, Msg: "redirected away from the feed's host: " + re.Error()}
	}
	if errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
		return &FetchError{Kind: KindTimeout, Msg: fmt.Sprintf("the site did not answer within %s", timeout)}
	}
	if errors.Is(err, context.Canceled) || ctx.Err() != nil {
		return &FetchError{Kind: KindTimeout, Msg: "the fetch was cancelled"}
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		if dnsErr.IsNotFound {
			return &FetchError{Kind: KindNetwork, Msg: fmt.Sprintf("no such host %s", dnsErr.Name)}
		}
		return &FetchError{Kind: KindNetwork, Msg: fmt.Sprintf("could not look up %s (no network?)", dnsErr.Name)}
	}
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return &FetchError{Kind: KindNetwork, Msg: "the site refused the connection"}
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return &FetchError{Kind: KindNetwork, Msg: "no network: the site cannot be reached"}
	case errors.Is(err, syscall.ECONNRESET):
		return &FetchError{Kind: KindNetwork, Msg: "the connection was reset"}
	}
	var certErr *x509.CertificateInvalidError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	if errors.As(err, &certErr) || errors.As(err, &unknownAuth) || errors.As(err, &hostErr) {
		return &FetchError{Kind: KindNetwork, Msg: "the site's TLS certificate is not valid"}
	}
	return &FetchError{Kind: KindNetwork, Msg: "the fetch failed: " + describe(err)}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// describe drops the method and URL that url.Error repeats: the feed is
// already named wherever the message is shown.
func describe(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}
