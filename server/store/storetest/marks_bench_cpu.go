//go:build unix

package storetest

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the process has used (user and system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds "cpu-ms/op", the process's CPU time per iteration since
// start: on a shared machine the wall time per op also counts the time
// other processes held the cores, the CPU time does not.
func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N)/1e6, "cpu-ms/op")
	}
}
