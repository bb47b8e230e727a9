package loadtest

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Bounds that keep a run from running away, whatever the flags say.
const (
	MaxDuration    = 2 * time.Minute
	MaxConcurrency = 1024
	// DefaultMaxRequests bounds a run by count as well as by time.
	DefaultMaxRequests = 5_000_000
	// RequestTimeout is the client's bound on one request: the server's own
	// query bound (10 s) plus room to answer, so a hang is an error, not a
	// stuck worker.
	RequestTimeout = 15 * time.Second
)

// Config describes one load run.
type Config struct {
	// BaseURL is the service's base, like "http://127.0.0.1:8080/v2". It
	// must be a loopback address.
	BaseURL string
	// Keys are the API keys the service accepts. The first PoliteKeys of
	// them are "polite": each sends one request at a time, paced at its
	// limit, and must never be refused. The rest are "hot": the workers
	// share them and drive each far above its limit.
	Keys       []string
	PoliteKeys int
	// RateLimit is the per-key limit, in requests per minute, the service
	// was configured with; 0 means unlimited (the limiter checks are then
	// not applicable).
	RateLimit int
	// Concurrency is the number of workers sending with the hot keys.
	Concurrency int
	// Duration bounds the run in time (at most MaxDuration).
	Duration time.Duration
	// MaxRequests bounds the run in count (0: DefaultMaxRequests).
	MaxRequests int64
	// Seed fixes the sequence of requests each worker sends.
	Seed uint64
	// Client sends the requests; nil means a client made for the run.
	Client *http.Client
}

func (c *Config) check() error {
	if err := CheckLoopback(c.BaseURL); err != nil {
		return err
	}
	if c.Duration <= 0 || c.Duration > MaxDuration {
		return fmt.Errorf("duration %v: must be above 0 and at most %v", c.Duration, MaxDuration)
	}
	if c.Concurrency < 1 || c.Concurrency > MaxConcurrency {
		return fmt.Errorf("concurrency %d: must be 1..%d", c.Concurrency, MaxConcurrency)
	}
	if c.RateLimit < 0 {
		return errors.New("the rate limit cannot be negative")
	}
	if c.PoliteKeys < 0 || c.PoliteKeys >= len(c.Keys) {
		return fmt.Errorf("%d polite keys of %d: at least one key must be left hot", c.PoliteKeys, len(c.Keys))
	}
	if c.MaxRequests <= 0 {
		c.MaxRequests = DefaultMaxRequests
	}
	return nil
}

// CheckLoopback refuses a base URL whose host is not a loopback address:
// the tool floods what it targets, so it must never leave the machine.
func CheckLoopback(base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return fmt.Errorf("base URL: %w", err)
	}
	if u.Scheme != "http" {
		return fmt.Errorf("base URL %q: only http:// on loopback is supported", base)
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("base URL host %q is not a loopback address (127.0.0.0/8, ::1, localhost): refusing to send load there", host)
}

// newClient returns a client whose pool keeps one connection per sender,
// so connections are reused rather than churned.
func newClient(conns int) *http.Client {
	tr := &http.Transport{
		Proxy:               nil, // loopback only: never through a proxy
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		IdleConnTimeout:     30 * time.Second,
		DisableCompression:  true,
	}
	return &http.Client{Transport: tr, Timeout: RequestTimeout}
}
