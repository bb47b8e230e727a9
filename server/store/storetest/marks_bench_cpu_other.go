//go:build !unix

package storetest

import (
	"testing"
	"time"
)

func processCPU() time.Duration { return 0 }

func reportCPU(*testing.B, time.Duration) {}
