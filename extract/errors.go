package extract

import (
	"errors"
	"fmt"
	"strconv"
)

// Kind says what went wrong with an extraction, in terms a reader can act
// on.
type Kind int

// The kinds of failure. The zero Kind is KindOther.
const (
	// KindOther is a failure that fits no other kind.
	KindOther Kind = iota
	// KindBadURL: the address is not an http or https address.
	KindBadURL
	// KindNetwork: no such host, connection refused, offline, TLS failure.
	KindNetwork
	// KindTimeout: the page took longer than Options.Timeout.
	KindTimeout
	// KindRefused: the site refused to serve the page (401, 403, 429, 451…).
	KindRefused
	// KindNotFound: the page does not exist (404) or is gone (410).
	KindNotFound
	// KindServer: the site failed (5xx).
	KindServer
	// KindHTTP: the site answered with another error status.
	KindHTTP
	// KindTooManyRedirects: more than five redirects.
	KindTooManyRedirects
	// KindTooLarge: the body is larger than Options.MaxBytes, or the
	// page has more elements than any article page has.
	KindTooLarge
	// KindNotHTML: the address serves something other than a web page.
	KindNotHTML
	// KindNoArticle: the page has no readable article (paywall stub,
	// script-only page, empty page, unparseable page).
	KindNoArticle
	// KindCanceled: the caller's context was canceled.
	KindCanceled
	// KindNotAllowed: the page, or a redirect on the way, is at an
	// address the fetch policy refuses (loopback, private, link-local…;
	// see tidings/netguard). Err is the *netguard.RefusedError.
	KindNotAllowed
)

// Error is the error of Extract and FromHTML. Its message is in plain
// words, for the reader to show as is; Err holds the cause.
type Error struct {
	// Kind classifies the failure.
	Kind Kind
	// Status is the HTTP status for KindRefused, KindNotFound,
	// KindServer and KindHTTP, else 0.
	Status int
	// URL is the page's address.
	URL string
	// Err is the underlying cause (may be nil).
	Err error
}

// Error returns the failure in plain words, such as "the site refused the
// request (403)" or "the page has no readable article".
func (e *Error) Error() string {
	switch e.Kind {
	case KindBadURL:
		return "this link is not a web address (only http and https pages can be read)"
	case KindNetwork:
		return e.networkMessage()
	case KindTimeout:
		return "the page took too long to load"
	case KindRefused:
		return fmt.Sprintf("the site refused the request (%d)", e.Status)
	case KindNotFound:
		if e.Status == 410 {
			return "the page is gone (410)"
		}
		return fmt.Sprintf("the page was not found (%d)", e.Status)
	case KindServer:
		return fmt.Sprintf("the site had a problem (%d)", e.Status)
	case KindHTTP:
		return fmt.Sprintf("the site answered with an error (%d)", e.Status)
	case KindTooManyRedirects:
		return fmt.Sprintf("the page redirected more than %d times", maxRedirects)
	case KindTooLarge:
		return e.tooLargeMessage()
	case KindNotHTML:
		return e.notHTMLMessage()
	case KindNoArticle:
		return "the page has no readable article"
	case KindCanceled:
		return "the fetch was canceled"
	case KindNotAllowed:
		if e.Err != nil {
			return e.Err.Error()
		}
		return "not fetched: the address is not public"
	}
	if e.Err != nil {
		return "could not read the page: " + e.Err.Error()
	}
	return "could not read the page"
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) networkMessage() string {
	var ne *netError
	if errors.As(e.Err, &ne) {
		if ne.tls {
			return "could not connect securely to " + ne.host
		}
		return "no network: could not reach " + ne.host
	}
	return "no network: could not reach the site"
}

func (e *Error) tooLargeMessage() string {
	var tl *tooLargeError
	if errors.As(e.Err, &tl) {
		return "the page is larger than " + sizeWords(tl.limit)
	}
	var tc *tooComplexError
	if errors.As(e.Err, &tc) {
		return fmt.Sprintf("the page is too complex to read here (over %s elements)", thousandsSep(maxElements))
	}
	return "the page is too large"
}

func (e *Error) notHTMLMessage() string {
	var nh *notHTMLError
	if errors.As(e.Err, &nh) && nh.mediaType != "" {
		return "this link is not a web page (" + nh.mediaType + ")"
	}
	return "this link is not a web page"
}

// netError is the cause of a KindNetwork error: the host that could not
// be reached and why.
type netError struct {
	host string
	tls  bool
	err  error
}

func (e *netError) Error() string { return "reaching " + e.host + ": " + e.err.Error() }
func (e *netError) Unwrap() error { return e.err }

// tooLargeError is the cause of a KindTooLarge error.
type tooLargeError struct{ limit int64 }

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("body exceeds %d bytes", e.limit)
}

// notHTMLError is the cause of a KindNotHTML error.
type notHTMLError struct{ mediaType string }

func (e *notHTMLError) Error() string { return "content type " + e.mediaType + " is not HTML" }

// sizeWords writes a byte count the way people say it: "5 MiB", "300 KiB".
func sizeWords(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// newError builds an *Error.
func newError(kind Kind, pageURL string, err error) *Error {
	return &Error{Kind: kind, URL: pageURL, Err: err}
}

// thousandsSep writes n with commas between thousands ("50,000").
func thousandsSep(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
