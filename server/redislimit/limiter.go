package redislimit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gomodule/redigo/redis"

	"tidings/server"
)

// DefaultTimeout bounds one call to Redis when Options.Timeout is 0 (the
// package doc says why 100 ms).
const DefaultTimeout = 100 * time.Millisecond

// DefaultPrefix starts every key this package writes, after "rate:"
// (redis_rate's prefix, kept; see gcra), when Options.Prefix is "".
const DefaultPrefix = "tidings:ratelimit:"

// Options configure a Limiter.
type Options struct {
	// PerMinute is the number of requests a key may make per minute,
	// with a burst of as many. Required, at least 1.
	PerMinute int
	// Prefix names this service's keys in a Redis shared with others;
	// "" means DefaultPrefix. Replicas must agree on it.
	Prefix string
	// Timeout bounds every call to Redis; 0 means DefaultTimeout.
	Timeout time.Duration
}

// Limiter is a server.Limiter over Redis. It is safe for concurrent use;
// Close it when done.
type Limiter struct {
	cfg       *config
	pool      *redis.Pool
	closed    atomic.Bool
	perMinute int
	period    string // gcra's arguments, formatted once
	rate      string
	prefix    string
	timeout   time.Duration
	where     string // the Redis address, without password or query
}

var _ server.Limiter = (*Limiter)(nil)

// Open connects lazily to the Redis at rawURL (redis://, rediss:// or
// unix://; see the package doc). It does not contact Redis: a replica
// may start while Redis is down, answering 503 on the limited paths and
// failing Ping until Redis is back. Errors never contain the password.
func Open(rawURL string, o Options) (*Limiter, error) {
	if o.PerMinute < 1 {
		return nil, fmt.Errorf("redislimit: the rate limit must be at least 1 request per minute, not %d", o.PerMinute)
	}
	if o.Timeout < 0 {
		return nil, fmt.Errorf("redislimit: the Redis timeout cannot be negative (%v)", o.Timeout)
	}
	cfg, where, err := parseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("redislimit: %w", err)
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Prefix == "" {
		o.Prefix = DefaultPrefix
	}
	cfg.bound(o.Timeout)
	return &Limiter{cfg: cfg, pool: newPool(cfg, where), perMinute: o.PerMinute,
		period: strconv.Itoa(periodSeconds), rate: strconv.Itoa(o.PerMinute),
		prefix: o.Prefix, timeout: o.Timeout, where: where}, nil
}

// PerMinute implements server.Limiter.
func (l *Limiter) PerMinute() int { return l.perMinute }

// Allow implements server.Limiter: it takes one request of keyID (the
// server's digest of the key) in Redis. now is ignored: Redis's clock
// decides, the same for every replica. An error means Redis did not
// answer within the timeout; the caller refuses the request (503).
func (l *Limiter) Allow(ctx context.Context, keyID string, _ time.Time) (server.Decision, error) {
	if keyID == "" {
		return server.Decision{}, errors.New("redislimit: an empty key id") // a bug in the caller, never a client's doing
	}
	ctx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	key := keyPrefix + l.prefix + keyID
	reply, err := l.run(ctx, func(c redis.Conn) (any, error) {
		return gcra.Get().DoContext(ctx, c, key, l.period, l.rate) // EVALSHA, EVAL when Redis lacks the script
	})
	d, err := decision(reply, err, l.perMinute)
	if err != nil {
		return server.Decision{}, l.wrap("rate limit", err)
	}
	return d, nil
}

// Ping reports whether Redis answers within the timeout, for the
// service's readiness check.
func (l *Limiter) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	_, err := l.run(ctx, func(c redis.Conn) (any, error) {
		pong, err := redis.String(redis.DoContext(c, ctx, "PING"))
		if err == nil && pong != "PONG" {
			err = fmt.Errorf("PING answered %q", pong)
		}
		return nil, err
	})
	if err != nil {
		return l.wrap("ping", err)
	}
	return nil
}

// Close closes the connections to Redis.
func (l *Limiter) Close() error {
	l.closed.Store(true)
	if err := l.pool.Close(); err != nil {
		return fmt.Errorf("redislimit: close %s: %w", l.where, err)
	}
	return nil
}

// wrap names Redis's address (never its password) and says a deadline
// in words.
func (l *Limiter) wrap(op string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("redislimit: %s: Redis at %s did not answer within %v: %w", op, l.where, l.timeout, err)
	}
	return fmt.Errorf("redislimit: %s: Redis at %s: %w", op, l.where, err)
}
