package cli

import (
	"runtime"
	"testing"
	"time"
)

// newTestTrimmer is a trimmer that sees burst bytes allocated after its
// start and reports its checks and releases on the channels.
func newTestTrimmer(burst uint64) (t *heapTrimmer, checked, released chan struct{}) {
	checked, released = make(chan struct{}, 16), make(chan struct{}, 16)
	var total uint64
	t = &heapTrimmer{quiet: 10 * time.Millisecond, minAlloc: 8 << 20,
		allocated: func() uint64 {
			if total == 0 {
				total = 100 << 20 // the start
				return total
			}
			checked <- struct{}{}
			return total + burst
		},
		release: func() { released <- struct{}{} }}
	return t, checked, released
}

func waitSignal(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s never happened after a collection", what)
	}
}

// After a burst (a collection, then quiet) the free heap it left goes
// back to the system.
func TestHeapTrimmerReturnsWhatABurstLeft(t *testing.T) {
	tr, checked, released := newTestTrimmer(64 << 20)
	tr.start()
	defer tr.stop()
	runtime.GC()
	waitSignal(t, checked, "a check of what was allocated")
	waitSignal(t, released, "a release after 64 MiB were allocated")
}

// Little allocated (a page loaded while scrolling) is not worth a forced
// collection.
func TestHeapTrimmerLeavesSmallFreeHeapAlone(t *testing.T) {
	tr, checked, released := newTestTrimmer(1 << 20)
	tr.start()
	defer tr.stop()
	runtime.GC()
	waitSignal(t, checked, "a check of what was allocated")
	select {
	case <-released:
		t.Fatal("a trim after 1 MiB allocated: a forced collection for nothing")
	default:
	}
}

// A stopped trimmer (the reader has quit) does nothing more, even if a
// wait it started runs out after the stop.
func TestHeapTrimmerStops(t *testing.T) {
	tr, checked, released := newTestTrimmer(64 << 20)
	tr.start()
	tr.stop()
	tr.collected()
	tr.check()
	if len(checked) != 0 || len(released) != 0 {
		t.Fatalf("a stopped trimmer checked %d and released %d times", len(checked), len(released))
	}
}
