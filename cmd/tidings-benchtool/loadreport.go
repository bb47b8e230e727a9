package main

import "tidings/internal/loadtest"

// The report reads what `tidings-load latency` writes (load-*.json): the
// load generator is cmd/tidings-load, its types internal/loadtest's.
type (
	loadReport  = loadtest.LatencyReport
	ClassResult = loadtest.ClassResult
	MixResult   = loadtest.MixResult
)
