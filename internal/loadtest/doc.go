// Package loadtest drives the news service with many API keys at once and
// checks the properties a user of `tidings serve` relies on under load:
// no 5xx and no dropped connections, a per-key rate limit that is exact in
// both directions (a key over its limit is never admitted more than the
// token bucket allows; a key under it is never refused), memory and
// goroutines that return to their baseline, and a graceful shutdown that
// answers every request it accepted.
//
// [Run] sends the load and returns a [Result]; [Result.Checks] turns it
// into PASS/FAIL verdicts. [StartService] runs the real service in this
// process on a loopback port, so [Snapshot] can measure its heap and
// goroutines, and [ShutdownUnderLoad] can stop it mid-load. Everything is
// loopback only and bounded in both time and number of requests.
//
// [RunLatency] is the other load: the service's budgets, each query class
// timed one request at a time over a large catalogue, then a mixed load's
// throughput and CPU per request (scripts/bench.sh, docs/performance.md).
//
// cmd/tidings-load is the command-line front end of both (`tidings-load`
// and `tidings-load latency`): the one load generator of the project.
package loadtest
