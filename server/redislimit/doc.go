// Package redislimit is the per-key rate limit shared by every replica of
// the service: a server.Limiter whose state lives in Redis, so that a key
// gets exactly N requests per minute whether one replica or twenty answer
// it. It decides and reports; it must not write HTTP responses (the
// server's admit does, 429 or 503) and must never see, store or log an API
// key: it is given the server's digest of the key.
//
// # Algorithm
//
// GCRA (the generic cell rate algorithm), one Lua script per decision
// (gcra.go), so the check and the update are atomic in Redis and
// concurrent replicas cannot both take the last request; one round trip
// (EVALSHA, and EVAL once after Redis lost its script cache). With rate N
// per minute and burst N it admits what the in-process token bucket
// (golang.org/x/time/rate, burst N) admits: N at once from a fresh key,
// then one every 60/N s, and the whole quota back a minute after the last
// request. The script reads Redis's clock (TIME), not the replicas': one
// clock for all, so clock skew between replicas cannot hand out extra
// requests. The now passed to Allow is therefore ignored.
//
// # Keys in Redis
//
// "rate:" + Options.Prefix (default "tidings:ratelimit:") + the key's
// digest, which the server makes from the key with SHA-256 and which
// reveals nothing of it. The entry holds the key's theoretical arrival
// time, in seconds since 2017-01-01 as Redis writes a Lua number, and
// expires when the quota is full again, so idle keys cost no memory.
//
// Key names, entry and arithmetic are those of
// github.com/go-redis/redis_rate v10, which this package used until
// 2026-12: during a rolling upgrade old and new replicas share one limit
// (TestReadsTheEntriesRedisRateWrote, TestWritesEntriesRedisRateReads).
// One difference is deliberate: redis_rate rounded floating-point noise
// down, so a fresh key at 7, 9, 100 or 117 per minute (any rate whose
// interval is no exact double) reported one request fewer remaining than
// it had; the script adds half a microsecond first.
//
// # The Redis client: redigo, and why
//
// github.com/gomodule/redigo with a pool of its own configuration
// (conn.go). Until 2026-12 this package used github.com/redis/go-redis/v9
// and redis_rate. Every tidings process links this package, the reader
// included, because one binary is both; go-redis added 11 MB to the
// 63.6 MB binary and 7 package initialisers that every process runs,
// about 1.2 MB of resident memory for `tidings --version` (18.0–18.4 MB
// peak before, 16.9–17.1 MB after; 203 initialisers before, 197 after;
// binary 63.6 → 52.4 MB, CGO_ENABLED=0). redigo is one package with one
// small initialiser, and this package needs nothing it lacks: EVALSHA,
// PING, a bounded pool. Allow costs the same (BenchmarkAllow, p50 about
// 0.03 ms over a unix socket either way) with 20 allocations instead of
// 27.
//
// # When Redis is slow or down: fail closed
//
// Every call has a deadline (Options.Timeout, 100 ms by default) covering
// the wait for a pooled connection, dialling (TLS and AUTH included), one
// retry on a fresh connection and the reply. A healthy Redis answers in
// well under a millisecond (BenchmarkAllow), so 100 ms is two orders of
// magnitude of slack for a GC pause or a congested network, yet bounds
// what a stalled Redis adds to a request to a tenth of a second; the
// retry lets the first request after a Redis restart succeed on a new
// connection instead of failing on a dead pooled one
// (TestFirstCallsAfterARedisRestartSucceed). It is dialled afresh, not
// taken from the pool, whose other idle connections died with the first.
//
// When Redis cannot answer in time, Allow returns an error and the service
// answers 503 with Retry-After: 1 (the server's admit path) rather than
// letting the request through. That is deliberate. The limit is a promise
// to the operator ("exactly N per minute per key whatever the number of
// replicas"), and failing open would break it at the worst moment: Redis
// is most often unreachable during an incident or under load, when an
// unlimited key across every replica is what hurts most. A 503 with
// Retry-After is an answer every client, the tidings reader included,
// already retries; and Ping, which the readiness check calls, reports the
// same outage so that load balancers and the operator see it, rather than
// finding out from a bill or a melted catalogue. The cost is that a Redis
// outage is a service outage on the limited paths; run Redis with a
// replica (or Sentinel) where that matters.
//
// There is no circuit breaker: each request tries Redis again, which is
// what makes the service recover the moment Redis is back, without a
// restart. A refused unix socket or TCP port fails in microseconds; only a
// black-holed address costs the full deadline per request.
//
// # URLs
//
// Open takes the URLs go-redis took, so that existing configurations keep
// working: redis://[user:password@]host[:port][/db], rediss://… (TLS, at
// least 1.2) and unix:///path/to/redis.sock[?db=N], with go-redis's query
// options and forms (a duration is Go's or a number of seconds; 0 or less
// turns that timeout off, leaving the per-call deadline). These act:
// db, client_name, max_retries (-1: none), dial_timeout, read_timeout,
// write_timeout, pool_timeout, pool_size (default 10 per CPU),
// max_active_conns, max_idle_conns, conn_max_idle_time or idle_timeout
// (default 30 min), conn_max_lifetime or max_conn_age, and skip_verify
// for rediss. go-redis's tuning options with no counterpart here are
// checked and otherwise ignored: protocol (the limiter speaks RESP2),
// min_retry_backoff and max_retry_backoff (the one retry dials at once),
// pool_fifo, min_idle_conns, max_concurrent_dials, pipeline_pool_size,
// pipeline_read_buffer_size, pipeline_write_buffer_size and
// conn_max_lifetime_jitter. Any other name is refused.
//
// Errors name the URL with its password and query removed; a password
// never appears in an error, a log line or a metric. Failed dials are
// logged at Debug (LogTo); the service warns of the failed request itself.
package redislimit
