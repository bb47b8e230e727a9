// Package redislimit is the per-key rate limit shared by every replica of
// the service: a server.Limiter whose state lives in Redis, so that a key
// gets exactly N requests per minute whether one replica or twenty answer
// it. It decides and reports; it must not write HTTP responses (the
// server's admit does, 429 or 503) and must never see, store or log an API
// key: it is given the server's digest of the key.
//
// # Algorithm
//
// GCRA (the generic cell rate algorithm) from github.com/go-redis/redis_rate,
// one Lua script per decision, so the check and the update are atomic in
// Redis and concurrent replicas cannot both take the last request. With
// rate N per minute and burst N it admits what the in-process token bucket
// (golang.org/x/time/rate, burst N) admits: N at once from a fresh key,
// then one every 60/N s, and the whole quota back a minute after the last
// request. The script reads Redis's clock (TIME), not the replicas': one
// clock for all, so clock skew between replicas cannot hand out extra
// requests. The now passed to Allow is therefore ignored.
//
// # Keys in Redis
//
// "rate:" (redis_rate's own prefix) + Options.Prefix (default
// "tidings:ratelimit:") + the key's digest, which the server makes from the
// key with SHA-256 and which reveals nothing of it. Each entry expires when
// its quota is full again, so idle keys cost no memory.
//
// # When Redis is slow or down: fail closed
//
// Every call has a deadline (Options.Timeout, 100 ms by default) covering
// the wait for a pooled connection, dialling, one retry on a fresh
// connection and the reply. A healthy Redis answers in well under a
// millisecond (BenchmarkAllow), so 100 ms is two orders of magnitude of
// slack for a GC pause or a congested network, yet bounds what a stalled
// Redis adds to a request to a tenth of a second instead of go-redis's
// default of seconds; the retry lets the first request after a Redis
// restart succeed on a new connection instead of failing on the dead
// pooled one.
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
// Open takes go-redis's URLs: redis://[user:password@]host[:port][/db],
// rediss://… (TLS) and unix:///path/to/redis.sock[?db=N], with go-redis's
// query options (dial_timeout, pool_size, …). Errors name the URL with its
// password and query removed; a password never appears in an error, a log
// line or a metric.
package redislimit
