package redislimit

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/gomodule/redigo/redis"
)

// newPool is the connection pool over c: at most c.poolSize connections,
// a call past that waits for one (bounded by its context).
func newPool(c *config, where string) *redis.Pool {
	return &redis.Pool{
		DialContext:     func(ctx context.Context) (redis.Conn, error) { return dial(ctx, c, where) },
		MaxIdle:         c.maxIdle,
		MaxActive:       c.poolSize,
		Wait:            true,
		IdleTimeout:     c.idleTimeout,
		MaxConnLifetime: c.maxLifetime,
	}
}

// callCtxKey carries a call's own context into the pool's dial, which
// otherwise gets the context of the wait for a free connection (bounded
// by pool_timeout, not the dial's own timeout).
type callCtxKey struct{}

// dial opens one connection, TLS and AUTH and SELECT included, within
// ctx and c.dialTimeout. A failure is logged at Debug (see LogTo).
func dial(ctx context.Context, c *config, where string) (redis.Conn, error) {
	if call, ok := ctx.Value(callCtxKey{}).(context.Context); ok {
		ctx = call
	}
	if c.dialTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.dialTimeout)
		defer cancel()
	}
	conn, err := redis.DialContext(ctx, c.network, c.addr,
		redis.DialContextFunc(func(ctx context.Context, network, addr string) (net.Conn, error) {
			return netDial(ctx, c, network, addr)
		}),
		redis.DialReadTimeout(max(0, c.readTimeout)),
		redis.DialWriteTimeout(max(0, c.writeTimeout)),
		redis.DialUsername(c.username),
		redis.DialPassword(c.password),
		redis.DialClientName(c.clientName),
		redis.DialDatabase(c.db))
	if err != nil {
		err = inTime(ctx, err)
		logDial(ctx, where, err)
		return nil, err
	}
	return conn, nil
}

// netDial is the socket, with the TLS handshake for rediss:// done within
// ctx (redigo's own handshake has a timer of its own instead).
func netDial(ctx context.Context, c *config, network, addr string) (net.Conn, error) {
	nc, err := (&net.Dialer{KeepAlive: 5 * time.Minute}).DialContext(ctx, network, addr)
	if err != nil || c.tls == nil {
		return nc, err
	}
	tc := tls.Client(nc, c.tls)
	if err := tc.HandshakeContext(ctx); err != nil {
		nc.Close()
		return nil, err
	}
	return tc, nil
}

// run gets a pooled connection and calls f on it. When the connection
// turns out to be dead (Redis restarted, or closed it), f runs again on a
// freshly dialled one, up to c.retries times, within ctx.
func (l *Limiter) run(ctx context.Context, f func(redis.Conn) (any, error)) (any, error) {
	if l.closed.Load() {
		return nil, errors.New("the limiter is closed") // else the retry below would dial
	}
	conn, err := l.get(ctx)
	var reply any
	if err == nil {
		reply, err = f(conn)
		conn.Close() // back to the pool, or dropped when it failed
	}
	for range l.cfg.retries {
		if !lostConnection(err) || ctx.Err() != nil {
			break
		}
		// Not from the pool: after a restart its idle connections are
		// as dead as the one that just failed.
		if conn, err = dial(ctx, l.cfg, l.where); err == nil {
			reply, err = f(conn)
			conn.Close()
		}
	}
	return reply, inTime(ctx, err)
}

// get waits for a pooled connection, within ctx and c.poolTimeout.
func (l *Limiter) get(ctx context.Context) (redis.Conn, error) {
	wait := ctx
	if pt := l.cfg.poolTimeout; pt > 0 {
		if dl, ok := ctx.Deadline(); !ok || time.Until(dl) > pt { // else ctx ends the wait first
			var cancel context.CancelFunc
			wait, cancel = context.WithTimeout(context.WithValue(ctx, callCtxKey{}, ctx), pt)
			defer cancel()
		}
	}
	conn, err := l.pool.GetContext(wait)
	if err != nil && ctx.Err() == nil && wait.Err() != nil {
		return nil, fmt.Errorf("no free connection within the pool timeout (%v, %d connections open): %v",
			l.cfg.poolTimeout, l.pool.ActiveCount(), err)
	}
	return conn, err
}

// lostConnection is whether err says the connection broke (so that the
// call may succeed on another), as opposed to Redis answering with an
// error, a timeout, or a cancelled call. Redis's LOADING (just restarted
// from a snapshot), READONLY and MASTERDOWN (mid-failover) and a full
// client table are passing states worth one more try too.
func lostConnection(err error) bool {
	if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false
	}
	var rerr redis.Error
	if errors.As(err, &rerr) {
		for _, passing := range []string{"LOADING ", "READONLY ", "MASTERDOWN ", "TRYAGAIN ", "ERR max number of clients"} {
			if strings.HasPrefix(string(rerr), passing) {
				return true
			}
		}
		return false
	}
	var nerr net.Error
	return !errors.As(err, &nerr) || !nerr.Timeout()
}

// inTime makes a call that ran out of time say so with
// context.DeadlineExceeded (or Canceled), which the caller checks and
// wrap words, whichever of the context and a socket deadline set from it
// noticed first.
func inTime(ctx context.Context, err error) error {
	if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return err
	}
	if cerr := ctx.Err(); cerr != nil {
		return fmt.Errorf("%w (%v)", cerr, err)
	}
	var nerr net.Error
	if dl, ok := ctx.Deadline(); ok && errors.As(err, &nerr) && nerr.Timeout() && !time.Now().Before(dl) {
		return fmt.Errorf("%w (%v)", context.DeadlineExceeded, err)
	}
	return err
}
