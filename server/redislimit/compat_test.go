package redislimit

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/gomodule/redigo/redis"

	"tidings/internal/redistest"
)

// seedLikeRedisRate writes key as github.com/go-redis/redis_rate v10
// (this package's engine until 2026-12) left it after taking used
// requests of a fresh allowance of n per minute: the TAT, now plus used
// intervals in seconds since 2017-01-01T00:00:00Z, SET from a Lua number
// (so Redis formats it, e.g. "312967875.60338062"), expiring when the
// allowance is whole again.
func seedLikeRedisRate(t *testing.T, rdb redis.Conn, key string, n, used int) {
	t.Helper()
	ahead := float64(used) * 60 / float64(n)
	_, err := rdb.Do("EVAL", `
local clock = redis.call('TIME')
local now = (clock[1] - 1483228800) + clock[2] / 1000000
redis.call('SET', KEYS[1], now + ARGV[1], 'EX', math.ceil(ARGV[1]))`,
		1, key, strconv.FormatFloat(ahead, 'f', -1, 64))
	if err != nil {
		t.Fatal(err)
	}
}

func TestReadsTheEntriesRedisRateWrote(t *testing.T) {
	// A rolling upgrade: replicas still on redis_rate have spent 5 of a
	// key's 6 requests; a new replica must see only one left.
	const n, id = 6, "9f86d081884c7d659a2feaa0c55ad015"
	srv := redistest.Start(t)
	rdb := inspect(t, srv)
	seedLikeRedisRate(t, rdb, "rate:tidings:ratelimit:"+id, n, 5)
	l := openT(t, srv.URL(), Options{PerMinute: n, Timeout: testTimeout})
	ctx := context.Background()
	d, err := l.Allow(ctx, id, time.Time{})
	if err != nil || !d.Allowed || d.Remaining != 0 || d.ResetAfter <= 50*time.Second || d.ResetAfter > time.Minute {
		t.Fatalf("the 6th request: %+v %v; want admitted, none left, the allowance whole in (50 s, 60 s]", d, err)
	}
	d, err = l.Allow(ctx, id, time.Time{})
	if err != nil || d.Allowed || d.RetryAfter <= 9*time.Second || d.RetryAfter > 10*time.Second {
		t.Fatalf("the 7th request: %+v %v; want refused, retry within the 10 s interval", d, err)
	}
}

func TestWritesEntriesRedisRateReads(t *testing.T) {
	// The other way round: what this limiter stores is the TAT as Redis
	// writes a Lua number, which redis_rate reads with tonumber.
	const n, id = 6, "9f86d081884c7d659a2feaa0c55ad015"
	srv := redistest.Start(t)
	rdb := inspect(t, srv)
	l := openT(t, srv.URL(), Options{PerMinute: n, Timeout: testTimeout})
	if _, err := l.Allow(context.Background(), id, time.Time{}); err != nil {
		t.Fatal(err)
	}
	key := "rate:tidings:ratelimit:" + id
	stored, err := redis.String(rdb.Do("GET", key))
	if err != nil {
		t.Fatal(err)
	}
	tat, err := strconv.ParseFloat(stored, 64)
	if err != nil {
		t.Fatalf("the entry %q is not a number: %v", stored, err)
	}
	clock, err := redis.Int64s(rdb.Do("TIME"))
	if err != nil {
		t.Fatal(err)
	}
	now := float64(clock[0]-1483228800) + float64(clock[1])/1e6
	if ahead := tat - now; ahead <= 9 || ahead > 10 {
		t.Fatalf("the entry %q is %v s ahead of Redis's clock in redis_rate's epoch; want one 10 s interval", stored, ahead)
	}
	asLua, err := redis.String(rdb.Do("EVAL", "redis.call('SET', KEYS[1], tonumber(ARGV[1])) return redis.call('GET', KEYS[1])", 1, "probe", stored))
	if err != nil || asLua != stored {
		t.Fatalf("the entry %q is not written as Redis writes a Lua number (%q, %v)", stored, asLua, err)
	}
	if ttl, err := redis.Int(rdb.Do("TTL", key)); err != nil || ttl != 10 {
		t.Fatalf("TTL %d %v, want the interval rounded up, 10 s", ttl, err)
	}
}

func TestFirstCallsAfterARedisRestartSucceed(t *testing.T) {
	// Redis restarts between two requests: every pooled connection is
	// dead, and nothing has told the limiter yet. Each call must retry
	// on a fresh connection rather than fail on a dead one.
	const n, pooled = 60, 4
	srv := redistest.Start(t)
	l := openT(t, srv.URL(), Options{PerMinute: n, Timeout: testTimeout})
	ctx := context.Background()
	conns := make([]redis.Conn, pooled) // hold several at once so that the pool keeps several
	for i := range conns {
		c, err := l.get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := redis.DoContext(c, ctx, "PING"); err != nil {
			t.Fatal(err)
		}
		conns[i] = c
	}
	for _, c := range conns {
		c.Close()
	}
	if idle := l.pool.IdleCount(); idle != pooled {
		t.Fatalf("%d idle connections, want %d", idle, pooled)
	}

	srv.Stop()
	srv.Start()
	for i := range pooled + 1 {
		d, err := l.Allow(ctx, "k", time.Time{})
		if err != nil || !d.Allowed || d.Remaining != n-1-i {
			t.Fatalf("call %d after the restart: %+v %v", i, d, err)
		}
	}
	if err := l.Ping(ctx); err != nil {
		t.Fatal(err)
	}
}
