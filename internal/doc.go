// Package internal holds libraries for tests and benchmarks only; no
// product code (the reader, the service, their subsystems) imports
// anything under it, and no program lives here (programs are under cmd/).
//
// What goes where:
//
//   - internal/fakes/…: test doubles — loopback servers that stand in for
//     what tidings talks to on the network: faultserver (a news service
//     that misbehaves on command), feedserver (fixture feeds with real
//     servers' HTTP behaviour), pageserver (news-site pages for the
//     article extractor). A new fake server goes here.
//   - internal/pgtest, internal/redistest: throwaway real servers
//     (PostgreSQL, Redis) a test starts and stops itself, in a temp dir.
//   - internal/benchcpu: the cpu-ns/op metric benchmarks report.
//   - internal/loadtest: the load generator behind cmd/tidings-load (and
//     the per-query latency runs of scripts/bench.sh).
//
// This file exists only to carry that note; the package has no code.
package internal
