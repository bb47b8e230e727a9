package redislimit

import (
	"fmt"
	"time"

	"github.com/gomodule/redigo/redis"

	"tidings/lazy"
	"tidings/server"
)

// keyPrefix starts every entry, before Options.Prefix. It is the prefix
// github.com/go-redis/redis_rate v10 used (this package's engine until
// 2026-12), kept so that replicas of both versions share one limit during
// a rolling upgrade.
const keyPrefix = "rate:"

// gcra takes one request of a key with the generic cell rate algorithm,
// atomically in Redis, on Redis's clock.
//
// The entry (KEYS[1]) holds the key's theoretical arrival time (TAT): when
// its allowance would be whole again, in seconds since
// 2017-01-01T00:00:00Z, stored from a Lua number (Redis writes "%.17g").
// That is redis_rate v10's format, read and written the same way here. The
// epoch keeps the seconds small enough for microseconds to survive in a
// double until 2048.
//
// ARGV[1] is the period in seconds and ARGV[2] the number of requests per
// period, which is also the burst. A request is admitted when, after it,
// the TAT is at most a burst's worth of intervals ahead of now; the entry
// then moves one interval on and expires when the allowance is whole.
//
// The reply is {admitted 1 or 0, remaining, retry after µs, reset after
// µs}. The durations are rounded to the microsecond (TIME's resolution)
// and remaining is given half of one before it is rounded down, so that
// floating-point noise cannot cost a request: 60/7 s is no exact double,
// and a fresh key at 7 per minute would report 5 left instead of 6 (as
// redis_rate does). The decision itself is the same arithmetic as
// redis_rate's, so that old and new replicas agree to the last bit.
// It is built on first use (lazy): NewScript hashes the text, and a
// package-level call would run in every tidings process at start-up.
var gcra = lazy.Value[*redis.Script]{Build: func() *redis.Script { return redis.NewScript(1, gcraSource) }}

// gcraSource is gcra's Lua text.
const gcraSource = `
redis.replicate_commands() -- TIME before a write: Redis 3.2 to 4 need this, later ones ignore it
local epoch = 1483228800 -- 2017-01-01T00:00:00Z
local clock = redis.call('TIME')
local now = (clock[1] - epoch) + clock[2] / 1000000
local interval = ARGV[1] / ARGV[2]
local burst = interval * ARGV[2]

local stored = redis.call('GET', KEYS[1])
local tat = stored and tonumber(stored) or now
if tat < now then
	tat = now
end
local next_tat = tat + interval
local slack = now - (next_tat - burst) -- how long before this request would be too early

local function us(seconds)
	return math.floor(seconds * 1000000 + 0.5)
end
if slack < 0 then
	return {0, 0, us(-slack), us(tat - now)}
end
local reset = next_tat - now
redis.call('SET', KEYS[1], next_tat, 'EX', math.ceil(reset))
return {1, math.floor((slack + 0.0000005) / interval), 0, us(reset)}
`

// periodSeconds is the limit's period: Options.PerMinute is per minute.
const periodSeconds = 60

// decision reads gcra's reply.
func decision(reply any, err error, perMinute int) (server.Decision, error) {
	v, err := redis.Int64s(reply, err)
	if err != nil {
		return server.Decision{}, err
	}
	if len(v) != 4 {
		return server.Decision{}, fmt.Errorf("the rate limit script answered %d values, not 4", len(v))
	}
	d := server.Decision{
		Allowed:    v[0] == 1,
		Limit:      perMinute,
		Remaining:  int(max(0, v[1])),
		ResetAfter: max(0, time.Duration(v[3])*time.Microsecond),
	}
	if !d.Allowed {
		d.RetryAfter = max(0, time.Duration(v[2])*time.Microsecond)
	}
	return d, nil
}
