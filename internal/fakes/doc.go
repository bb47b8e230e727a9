// Package fakes gathers the test doubles: loopback servers that stand in
// for what tidings reaches over the network, each in a package of its own
// (faultserver, feedserver, pageserver). They are for tests and
// benchmarks only and never reach beyond 127.0.0.1; see internal's doc
// for what else lives under internal/.
package fakes
