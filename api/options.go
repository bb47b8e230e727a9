package api

import (
	"net/http"
	"time"
)

// Defaults of the options below.
const (
	DefaultMaxBodyBytes = 8 << 20 // 8 MiB: a full 100-article page is ~0.5 MiB
	DefaultRetries      = 2       // so at most 3 attempts per call
	DefaultBackoff      = 250 * time.Millisecond
	DefaultTimeout      = 15 * time.Second
	defaultVersion      = "dev"

	// maxRetries bounds WithRetries: more attempts only make a broken
	// service slower to report.
	maxRetries = 10
	// maxBackoff caps one wait between attempts, whatever the base.
	maxBackoff = 10 * time.Second
)

// Option changes how a [Client] talks to the service. Options are checked
// by [New], which reports values that make no sense.
type Option func(*settings)

// settings is what the options set; New copies it into the Client.
type settings struct {
	httpClient   *http.Client
	userAgent    string
	maxBodyBytes int64
	retries      int
	backoff      time.Duration
	timeout      time.Duration
	now          func() time.Time // for Retry-After dates; tests fix it
	dialect      Dialect
	marks        *bool // WithMarks; nil: learnt (marks.go)
	uncompressed bool  // WithoutCompression
}

func defaultSettings() settings {
	return settings{
		userAgent:    userAgentFor(defaultVersion),
		maxBodyBytes: DefaultMaxBodyBytes,
		retries:      DefaultRetries,
		backoff:      DefaultBackoff,
		timeout:      DefaultTimeout,
		now:          time.Now,
	}
}

func userAgentFor(version string) string { return "tidings/" + version }

// WithHTTPClient makes the client send its requests through hc, for example
// one with a proxy or a test transport. Its Timeout, if any, applies on top
// of [WithTimeout]. Without this option (or with nil) the client uses its own transport,
// which refuses redirects from https to http so the key is never sent in
// clear text.
func WithHTTPClient(hc *http.Client) Option {
	return func(s *settings) { s.httpClient = hc }
}

// WithoutCompression asks for answers as they are, not gzipped. For a
// service in the same process (the demo, personal mode) compression only
// costs: the service gzips each answer and the client inflates it again,
// with no network between them (2 ms of the demo's start-up, issue 31). It
// applies to the client's own transport, not to one given by
// [WithHTTPClient].
func WithoutCompression() Option {
	return func(s *settings) { s.uncompressed = true }
}

// WithVersion names the program's version in the User-Agent header, which
// becomes "tidings/<version>". The default version is "dev".
func WithVersion(version string) Option {
	return func(s *settings) { s.userAgent = userAgentFor(version) }
}

// WithUserAgent replaces the whole User-Agent header. Prefer [WithVersion];
// this exists for embedding the client in another program.
func WithUserAgent(ua string) Option {
	return func(s *settings) { s.userAgent = ua }
}

// WithMaxBodyBytes caps the size of a response body; a larger one fails with
// [ErrResponseTooLarge] instead of filling memory. The default is 8 MiB.
func WithMaxBodyBytes(n int64) Option {
	return func(s *settings) { s.maxBodyBytes = n }
}

// WithRetries sets how many times a call is retried after a network error
// or a 5xx answer (0 to 10; default 2). 4xx answers, 429 included, and
// timeouts are never retried: the first would fail the same way again, the
// second would make the user wait several timeouts for one error.
func WithRetries(n int) Option {
	return func(s *settings) { s.retries = n }
}

// WithBackoff sets the base wait before the first retry; each later retry
// waits about twice as long, with random jitter so that many clients do not
// retry in step. The default is 250ms.
func WithBackoff(base time.Duration) Option {
	return func(s *settings) { s.backoff = base }
}

// WithTimeout bounds each HTTP attempt, from sending the request to reading
// the last byte of the body (default 15s). A sooner deadline on the caller's
// context wins.
func WithTimeout(d time.Duration) Option {
	return func(s *settings) { s.timeout = d }
}

// withClock sets the clock used to read Retry-After dates (tests only).
func withClock(now func() time.Time) Option {
	return func(s *settings) { s.now = now }
}
