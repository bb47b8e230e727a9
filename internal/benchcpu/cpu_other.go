//go:build !unix

package benchcpu

import "time"

func processCPU() time.Duration { return -1 }
