package redislimit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"

	"tidings/server"
)

// DefaultTimeout bounds one call to Redis when Options.Timeout is 0 (the
// package doc says why 100 ms).
const DefaultTimeout = 100 * time.Millisecond

// DefaultPrefix starts every key this package writes, after redis_rate's
// own "rate:", when Options.Prefix is "".
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
	rdb     *redis.Client
	gcra    *redis_rate.Limiter
	limit   redis_rate.Limit
	prefix  string
	timeout time.Duration
	where   string // the Redis address, without password or query
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
	opt, where, err := parseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("redislimit: %w", err)
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Prefix == "" {
		o.Prefix = DefaultPrefix
	}
	bound(opt, o.Timeout)
	rdb := redis.NewClient(opt)
	return &Limiter{rdb: rdb, gcra: redis_rate.NewLimiter(rdb), limit: redis_rate.PerMinute(o.PerMinute),
		prefix: o.Prefix, timeout: o.Timeout, where: where}, nil
}

// bound makes go-redis honour the per-call deadline everywhere a request
// could wait, unless the URL set a value of its own.
func bound(opt *redis.Options, timeout time.Duration) {
	opt.ContextTimeoutEnabled = true // else go-redis ignores the context's deadline on reads and writes
	if opt.DialTimeout == 0 {
		opt.DialTimeout = timeout
	}
	if opt.ReadTimeout == 0 {
		opt.ReadTimeout = timeout
	}
	if opt.WriteTimeout == 0 {
		opt.WriteTimeout = timeout
	}
	if opt.PoolTimeout == 0 {
		opt.PoolTimeout = timeout
	}
	if opt.DialerRetries == 0 {
		opt.DialerRetries = 1 // go-redis's 5, 100 ms apart, outlast the deadline
	}
	if opt.MaxRetries == 0 {
		// One retry on a fresh connection: after a Redis restart the
		// pooled connections are dead, and the first request on each
		// would fail without it. (go-redis's default is 3.)
		opt.MaxRetries = 1
	}
}

// PerMinute implements server.Limiter.
func (l *Limiter) PerMinute() int { return l.limit.Rate }

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
	res, err := l.gcra.Allow(ctx, l.prefix+keyID, l.limit)
	if err != nil {
		return server.Decision{}, l.wrap("rate limit", err)
	}
	d := server.Decision{
		Allowed:    res.Allowed > 0,
		Limit:      l.limit.Rate,
		Remaining:  max(0, res.Remaining),
		ResetAfter: max(0, res.ResetAfter),
	}
	if !d.Allowed {
		d.RetryAfter = max(0, res.RetryAfter)
	}
	return d, nil
}

// Ping reports whether Redis answers within the timeout, for the
// service's readiness check.
func (l *Limiter) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	if err := l.rdb.Ping(ctx).Err(); err != nil {
		return l.wrap("ping", err)
	}
	return nil
}

// Close closes the connections to Redis.
func (l *Limiter) Close() error {
	if err := l.rdb.Close(); err != nil {
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
