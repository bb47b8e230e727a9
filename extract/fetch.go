package extract

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"time"

	"tidings/netguard"
)

var (
	errTooManyRedirects = errors.New("too many redirects")
	errBadRedirect      = errors.New("redirect to a non-web address")
)

// page is a fetched body.
type page struct {
	body        []byte
	contentType string
	finalURL    string
}

// newTransport is the dedicated transport of an Extractor: the fetch
// policy of g on every connection, the environment's proxy, bounded
// connect and handshake times, gzip.
func newTransport(g *netguard.Guard) http.RoundTripper {
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	return g.Transport(dialer.DialContext, transportAround)
}

// transportAround is an Extractor's http.Transport dialing with dial.
func transportAround(dial netguard.DialFunc) *http.Transport {
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           dial,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 15 * time.Second,
		MaxIdleConns:          16,
		IdleConnTimeout:       60 * time.Second,
	}
}

// newClient is a client without cookies that follows at most
// maxRedirects redirects, each to an http or https address the fetch
// policy g allows.
func newClient(rt http.RoundTripper, g *netguard.Guard) *http.Client {
	return &http.Client{
		Transport: rt,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return errTooManyRedirects
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return errBadRedirect
			}
			return g.CheckRedirect(req)
		},
	}
}

// parseWebURL parses an absolute http or https address.
func parseWebURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("parsing %q: %w", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("scheme %q of %q is not http or https", u.Scheme, raw)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("%q has no host", raw)
	}
	return u, nil
}

// fetch gets the body of fetchURL within the Extractor's limits.
func (e *Extractor) fetch(parent context.Context, fetchURL string) (*page, *Error) {
	u, err := parseWebURL(fetchURL)
	if err != nil {
		return nil, newError(KindBadURL, fetchURL, err)
	}
	ctx, cancel := context.WithTimeout(parent, e.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, newError(KindBadURL, fetchURL, fmt.Errorf("building the request: %w", err))
	}
	req.Header.Set("User-Agent", e.opts.UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1")
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, classify(parent, ctx, u.Hostname(), err)
	}
	defer resp.Body.Close()
	if xerr := checkResponse(resp); xerr != nil {
		return nil, xerr
	}
	body, err := readCapped(resp.Body, e.opts.MaxBytes)
	if err != nil {
		var tl *tooLargeError
		if errors.As(err, &tl) {
			return nil, newError(KindTooLarge, fetchURL, err)
		}
		return nil, classify(parent, ctx, u.Hostname(), err)
	}
	ct := resp.Header.Get("Content-Type")
	if ct == "" {
		ct = http.DetectContentType(body)
		if !isHTML(ct) {
			return nil, newError(KindNotHTML, fetchURL, &notHTMLError{mediaType: mediaType(ct)})
		}
	}
	return &page{body: body, contentType: ct, finalURL: resp.Request.URL.String()}, nil
}

// checkResponse turns an error status or a content type other than HTML
// into an *Error.
func checkResponse(resp *http.Response) *Error {
	if xerr := statusError(resp.StatusCode); xerr != nil {
		xerr.Err = fmt.Errorf("GET %s: %s", resp.Request.URL.Redacted(), resp.Status)
		return xerr
	}
	ct := resp.Header.Get("Content-Type")
	if ct != "" && !isHTML(ct) {
		return &Error{Kind: KindNotHTML, Err: &notHTMLError{mediaType: mediaType(ct)}}
	}
	return nil
}

// statusError classifies an HTTP status; nil for success.
func statusError(code int) *Error {
	var kind Kind
	switch {
	case code >= 200 && code < 300:
		return nil
	case code == 401 || code == 402 || code == 403 || code == 407 || code == 429 || code == 451:
		kind = KindRefused
	case code == 404 || code == 410:
		kind = KindNotFound
	case code >= 500:
		kind = KindServer
	default:
		kind = KindHTTP
	}
	return &Error{Kind: kind, Status: code}
}

// isHTML says whether a Content-Type is a web page.
func isHTML(contentType string) bool {
	switch mediaType(contentType) {
	case "text/html", "application/xhtml+xml":
		return true
	}
	return false
}

// mediaType is the media type of a Content-Type, lower case, without
// parameters (the whole header, cut short, when it does not parse).
func mediaType(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		if len(contentType) > 60 {
			contentType = contentType[:60]
		}
		return contentType
	}
	return mt
}

// readCapped reads all of r, failing with *tooLargeError past limit bytes.
func readCapped(r io.Reader, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading the body: %w", err)
	}
	if n > limit {
		return nil, &tooLargeError{limit: limit}
	}
	return buf.Bytes(), nil
}

// classify turns a transport error into an *Error. parent is the
// caller's context, ctx the one bounded by the Extractor's timeout.
func classify(parent, ctx context.Context, host string, err error) *Error {
	switch {
	case errors.Is(parent.Err(), context.Canceled):
		return &Error{Kind: KindCanceled, Err: err}
	case parent.Err() != nil, errors.Is(ctx.Err(), context.DeadlineExceeded):
		return &Error{Kind: KindTimeout, Err: err}
	case errors.Is(err, errTooManyRedirects):
		return &Error{Kind: KindTooManyRedirects, Err: err}
	case errors.Is(err, errBadRedirect):
		return &Error{Kind: KindBadURL, Err: err}
	}
	if re, ok := netguard.Refused(err); ok {
		return &Error{Kind: KindNotAllowed, Err: re}
	}
	var nerr net.Error
	if errors.As(err, &nerr) && nerr.Timeout() {
		return &Error{Kind: KindTimeout, Err: err}
	}
	return &Error{Kind: KindNetwork, Err: &netError{host: host, tls: isTLSError(err), err: err}}
}

// isTLSError says whether err comes from the TLS handshake or the
// certificate check.
func isTLSError(err error) bool {
	var (
		recErr  tls.RecordHeaderError
		certErr *tls.CertificateVerificationError
		unkErr  x509.UnknownAuthorityError
		hostErr x509.HostnameError
		invErr  x509.CertificateInvalidError
	)
	return errors.As(err, &recErr) || errors.As(err, &certErr) || errors.As(err, &unkErr) ||
		errors.As(err, &hostErr) || errors.As(err, &invErr)
}
