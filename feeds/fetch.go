package feeds

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"tidings/netguard"
)

// Fetch limits. A feed is a small document fetched often: the limits keep
// one broken or hostile server from holding a worker or memory for long.
const (
	DefaultMaxBody      = 10 << 20 // bytes of a feed, after decompression
	DefaultFetchTimeout = 60 * time.Second
	connectTimeout      = 15 * time.Second
	maxRedirects        = 5
)

// accept lists the feed types first; a server that negotiates sends a feed
// rather than its HTML page.
const accept = "application/rss+xml, application/atom+xml, application/feed+json, " +
	"application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.5, */*;q=0.3"

// Fetcher gets feed documents over HTTP. It is safe for concurrent use.
type Fetcher struct {
	client    *http.Client
	userAgent string
	maxBody   int64
	timeout   time.Duration
}

// FetcherOptions configures NewFetcher; zero values take the defaults.
type FetcherOptions struct {
	// UserAgent is sent with every request; it should name the program
	// and its version ("tidings/1.2 (+https://…)").
	UserAgent string
	MaxBody   int64
	// Timeout bounds one fetch from connecting to the last byte.
	Timeout time.Duration
	// DialContext replaces the dialer (tests connect every host name to
	// one loopback server with it). The Guard still applies on top.
	DialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// Guard is the fetch policy for redirects away from a feed's host
	// (tidings/netguard): the address subscribed to is the operator's
	// choice and is always fetched, but a redirect elsewhere must reach a
	// public address. nil means the strict policy.
	Guard *netguard.Guard
}

// NewFetcher returns a Fetcher. It keeps no cookies, honours the
// environment's proxy settings and asks for gzip (which Go's transport
// then decompresses; the body cap applies to the decompressed bytes).
func NewFetcher(o FetcherOptions) *Fetcher {
	if o.UserAgent == "" {
		o.UserAgent = "tidings"
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultFetchTimeout
	}
	dial := o.DialContext
	if dial == nil {
		dial = (&net.Dialer{Timeout: connectTimeout, KeepAlive: 30 * time.Second}).DialContext
	}
	if o.Guard == nil {
		o.Guard = &netguard.Guard{}
	}
	tr := o.Guard.Transport(dial, func(dial netguard.DialFunc) *http.Transport {
		return &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           dial,
			ForceAttemptHTTP2:     true,
			TLSHandshakeTimeout:   connectTimeout,
			ResponseHeaderTimeout: o.Timeout,
			MaxIdleConns:          64,
			MaxIdleConnsPerHost:   1, // one request at a time per host anyway
			IdleConnTimeout:       90 * time.Second,
		}
	})
	g := o.Guard
	return &Fetcher{
		client: &http.Client{Transport: tr, CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if err := checkRedirect(req, via); err != nil {
				return err
			}
			return g.CheckRedirect(req)
		}},
		userAgent: o.UserAgent,
		maxBody:   o.MaxBody,
		timeout:   o.Timeout,
	}
}

// Validators are what a previous 200 answer said about its body.
type Validators struct {
	ETag, LastModified string
}

// Response is a fetched feed document, or word that it has not changed.
type Response struct {
	// NotModified: the server answered 304 to the validators sent; Body is
	// empty and nothing needs writing.
	NotModified bool
	Body        []byte
	ContentType string
	// Validators of this answer, to send next time.
	Validators Validators
	// FinalURL is where the document was found after redirects.
	FinalURL string
	// MovedTo is set when every redirect on the way was permanent (301,
	// 308): the feed's address to store from now on.
	MovedTo string
	// FreshFor is how long the answer (200 or 304) says it stays fresh
	// (Cache-Control max-age, Expires); 0 when it says nothing.
	FreshFor time.Duration
}

// redirectState travels in the request's context so that checkRedirect
// can tell whether every hop was permanent.
type redirectState struct{ temporary bool }

type redirectKey struct{}

func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > maxRedirects {
		return &FetchError{Kind: KindRedirects, Msg: fmt.Sprintf("more than %d redirects", maxRedirects)}
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return &FetchError{Kind: KindRedirects, Msg: fmt.Sprintf("redirected to a %s: address, which is not allowed", req.URL.Scheme)}
	}
	if st, ok := req.Context().Value(redirectKey{}).(*redirectState); ok && req.Response != nil {
		switch req.Response.StatusCode {
		case http.StatusMovedPermanently, http.StatusPermanentRedirect:
		default:
			st.temporary = true
		}
	}
	return nil
}

// Fetch gets rawURL, sending v as conditional-request validators. Every
// failure is a *FetchError saying what happened in plain words.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string, v Validators) (*Response, error) {
	if err := CheckURL(rawURL); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	// The feed's own host is the operator's choice; only redirects away
	// from it are held to the fetch policy.
	ctx = netguard.WithHost(ctx, hostOf(rawURL))
	rs := &redirectState{}
	req, err := http.NewRequestWithContext(context.WithValue(ctx, redirectKey{}, rs), http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, &FetchError{Kind: KindURL, Msg: err.Error()}
	}
	req.Header.Set("User-Agent", f.userAgent)
	req.Header.Set("Accept", accept)
	if v.ETag != "" {
		req.Header.Set("If-None-Match", v.ETag)
	}
	if v.LastModified != "" {
		req.Header.Set("If-Modified-Since", v.LastModified)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, transportError(ctx, err, f.timeout)
	}
	defer resp.Body.Close()
	out := &Response{FinalURL: resp.Request.URL.String(), FreshFor: freshFor(resp.Header, time.Now())}
	if !rs.temporary && out.FinalURL != rawURL {
		out.MovedTo = out.FinalURL
	}
	switch {
	case resp.StatusCode == http.StatusNotModified:
		out.NotModified = true
		out.Validators = v
		return out, nil
	case resp.StatusCode != http.StatusOK:
		return nil, statusError(resp, time.Now())
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, f.maxBody+1))
	if err != nil {
		return nil, transportError(ctx, err, f.timeout)
	}
	if int64(len(body)) > f.maxBody {
		return nil, &FetchError{Kind: KindTooLarge, Msg: fmt.Sprintf("the feed is larger than %s", byteSize(f.maxBody))}
	}
	out.Body = body
	out.ContentType = resp.Header.Get("Content-Type")
	out.Validators = Validators{ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified")}
	return out, nil
}

// CheckURL accepts absolute http and https addresses only.
func CheckURL(raw string) error {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return &FetchError{Kind: KindURL, Msg: fmt.Sprintf("%q is not a valid address: %v", raw, unwrapURLError(err))}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return &FetchError{Kind: KindURL, Msg: fmt.Sprintf("%q is not an http or https address", raw)}
	}
	if u.Host == "" {
		return &FetchError{Kind: KindURL, Msg: fmt.Sprintf("%q has no host", raw)}
	}
	return nil
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func byteSize(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
