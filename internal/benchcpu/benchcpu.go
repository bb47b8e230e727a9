// Package benchcpu adds a process-CPU-time metric to benchmarks. On the
// shared 2-core machines the budgets are checked on, other work inflates
// wall time (ns/op) by 2-3×; CPU time per operation (cpu-ns/op) is
// inflated far less, so it is the figure to compare against a budget when
// the machine is busy.
package benchcpu

import (
	"testing"
	"time"
)

// Start returns the process's CPU time so far; pass it to Report after
// the benchmark loop.
func Start() time.Duration { return processCPU() }

// Report records the process CPU time used since start, per iteration, as
// cpu-ns/op. It includes the garbage collector's work on other threads,
// which is part of an operation's cost. It reports nothing where the
// platform cannot tell.
func Report(b *testing.B, start time.Duration) {
	b.Helper()
	now := processCPU()
	if start < 0 || now < 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(now-start)/float64(b.N), "cpu-ns/op")
}
