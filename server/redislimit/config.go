package redislimit

import (
	"crypto/tls"
	"fmt"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// config is how to reach Redis: what the URL says, completed by bound.
type config struct {
	network, addr      string // "tcp" and host:port, or "unix" and the socket's path
	username, password string
	db                 int
	clientName         string
	tls                *tls.Config // for rediss://, else nil

	// The timeouts of each step of a call. 0 means the per-call timeout
	// (Options.Timeout), a negative value none of its own; the per-call
	// deadline bounds every step either way.
	dialTimeout, readTimeout, writeTimeout, poolTimeout time.Duration

	retries     int // how many times a call that lost its connection is run again on a fresh one
	poolSize    int // connections open at most; a call past it waits (poolTimeout)
	maxIdle     int // idle connections kept
	idleTimeout time.Duration
	maxLifetime time.Duration
}

// query reads the URL's query options: go-redis's names and forms (a
// duration may be a number of seconds; 0 or less turns a timeout off; the
// last of repeated values wins), so that URLs written for go-redis keep
// working. Unknown names are refused.
func (c *config) query(u *url.URL) error {
	q := options{q: u.Query()}
	if s := q.string("db"); s != "" {
		db, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("invalid database number: %w", err)
		}
		c.db = db
	}
	c.clientName = q.string("client_name")
	c.retries = q.int("max_retries")
	c.dialTimeout = q.duration("dial_timeout")
	c.readTimeout = q.duration("read_timeout")
	c.writeTimeout = q.duration("write_timeout")
	c.poolTimeout = q.duration("pool_timeout")
	c.poolSize = q.int("pool_size")
	c.maxIdle = q.int("max_idle_conns")
	if most := q.int("max_active_conns"); most > 0 && (c.poolSize <= 0 || most < c.poolSize) {
		c.poolSize = most
	}
	c.idleTimeout = q.duration(q.either("conn_max_idle_time", "idle_timeout"))
	c.maxLifetime = q.duration(q.either("conn_max_lifetime", "max_conn_age"))
	if c.tls != nil && q.has("skip_verify") {
		c.tls.InsecureSkipVerify = q.bool("skip_verify")
	}
	// go-redis's tuning knobs with no counterpart here: read, so that a
	// URL that sets them still opens, and still checked for their type.
	q.int("protocol") // the limiter speaks RESP2, which every Redis speaks
	q.duration("min_retry_backoff")
	q.duration("max_retry_backoff") // the one retry goes straight to a fresh connection
	q.bool("pool_fifo")
	q.int("min_idle_conns")
	q.int("max_concurrent_dials")
	q.int("pipeline_pool_size")
	q.int("pipeline_read_buffer_size")
	q.int("pipeline_write_buffer_size")
	q.duration("conn_max_lifetime_jitter")
	if q.err != nil {
		return q.err
	}
	if left := q.left(); len(left) > 0 {
		return fmt.Errorf("unexpected option: %s", strings.Join(left, ", "))
	}
	return nil
}

// bound fills in what the URL left unset: every step of a call is bounded
// by the per-call timeout, and a call that finds its pooled connection
// dead is run once more on a fresh one (after a Redis restart every pooled
// connection is dead, and the first call on each would fail without it).
func (c *config) bound(timeout time.Duration) {
	for _, d := range []*time.Duration{&c.dialTimeout, &c.readTimeout, &c.writeTimeout, &c.poolTimeout} {
		if *d == 0 {
			*d = timeout
		}
	}
	switch {
	case c.retries == 0:
		c.retries = 1
	case c.retries < 0: // max_retries=-1: none
		c.retries = 0
	}
	if c.poolSize <= 0 {
		c.poolSize = 10 * runtime.GOMAXPROCS(0) // go-redis's default
	}
	if c.maxIdle <= 0 || c.maxIdle > c.poolSize {
		c.maxIdle = c.poolSize
	}
	switch {
	case c.idleTimeout == 0:
		c.idleTimeout = 30 * time.Minute // go-redis's default
	case c.idleTimeout < 0:
		c.idleTimeout = 0 // redigo's "never"
	}
	c.maxLifetime = max(0, c.maxLifetime)
}

// options reads a URL's query the way go-redis did; the first error is
// kept in err.
type options struct {
	q   url.Values
	err error
}

func (o *options) has(name string) bool { return len(o.q[name]) > 0 }

// either is first when the query has it, else second (an older name).
func (o *options) either(first, second string) string {
	if o.has(first) {
		delete(o.q, second) // read, so not "unexpected"; first wins
		return first
	}
	return second
}

// string takes name's last value out of the query ("" when absent).
func (o *options) string(name string) string {
	vs := o.q[name]
	delete(o.q, name)
	if len(vs) == 0 {
		return ""
	}
	return vs[len(vs)-1]
}

func (o *options) int(name string) int {
	s := o.string(name)
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		o.fail(fmt.Errorf("invalid %s number: %w", name, err))
	}
	return n
}

// duration is a time.Duration or a number of seconds; 0 or less means
// "off", returned as -1.
func (o *options) duration(name string) time.Duration {
	s := o.string(name)
	if s == "" {
		return 0
	}
	if n, err := strconv.Atoi(s); err == nil {
		if n <= 0 {
			return -1
		}
		return time.Duration(n) * time.Second
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		o.fail(fmt.Errorf("invalid %s duration: %w", name, err))
		return 0
	}
	if d <= 0 {
		return -1
	}
	return d
}

func (o *options) bool(name string) bool {
	switch s := o.string(name); s {
	case "true", "1":
		return true
	case "false", "0", "":
		return false
	default:
		o.fail(fmt.Errorf("invalid %s boolean: expected true/false/1/0 or an empty string, got %q", name, s))
		return false
	}
}

func (o *options) fail(err error) {
	if o.err == nil {
		o.err = err
	}
}

// left is the names nobody read, sorted.
func (o *options) left() []string {
	var names []string
	for name := range o.q {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
