package cli

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// The reader's heap after a burst of loading. A G that loads 10,000
// articles decodes 100 pages in half a second; the collector keeps up,
// but the pages the burst's garbage used stay with the process: the Go
// runtime gives free heap back to the system only slowly, keeping about
// a tenth over its goal. Measured with 10,000 articles loaded (issue 31):
// 15.5 MB of heap resident for 10.2 MB live, and 13.4 MB once given back,
// 2 MiB of the reader's 43 MiB. A reader stays open all day and spends
// most of it idle, so once a burst is over it returns what the burst left.
const (
	// trimQuiet is how long no collection must have run: the burst is
	// over (a G's pages arrive every few milliseconds).
	trimQuiet = 300 * time.Millisecond
	// trimAfterAllocated is what must have been allocated since the last
	// trim for another to be worth it. A burst's garbage is not yet
	// swept, so how much free heap it left cannot be read: what it
	// allocated can. One forced collection of a 10 MB heap costs a few
	// milliseconds, against the three collections the steady target
	// (GOGC 25) runs anyway for every 8 MiB allocated; a page or two
	// loaded while scrolling allocate less.
	trimAfterAllocated = 8 << 20
)

// heapTrimmer returns free heap to the system once allocation has been
// quiet for a while after a collection. It wakes on collections only (a
// cleanup re-armed each cycle), so an idle reader that allocates
// nothing never wakes it.
type heapTrimmer struct {
	quiet     time.Duration
	minAlloc  uint64        // bytes allocated since the last trim that call for one
	allocated func() uint64 // bytes allocated since the program started
	release   func()        // returns free heap to the system (releaseHeap)
	lastTrim  uint64        // allocated() at the last trim (or the start)

	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
}

// trimMarker is allocated each cycle so that its cleanup says a
// collection ran. Its size keeps it out of the tiny allocator, whose
// blocks hold several objects and free together.
type trimMarker struct{ _ [32]byte }

// startHeapTrimmer starts trimming the reader's heap and returns what
// stops it. With GOGC set the user tunes the collector, and nothing is
// trimmed.
func startHeapTrimmer(getenv func(string) string) (stop func()) {
	if getenv("GOGC") != "" {
		return func() {}
	}
	t := &heapTrimmer{quiet: trimQuiet, minAlloc: trimAfterAllocated, allocated: allocatedBytes,
		release: releaseHeap}
	t.start()
	return t.stop
}

func (t *heapTrimmer) start() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lastTrim = t.allocated()
	t.timer = time.AfterFunc(time.Hour, t.check)
	t.timer.Stop()
	t.arm()
}

// arm asks to hear of the next collection.
func (t *heapTrimmer) arm() {
	runtime.AddCleanup(new(trimMarker), (*heapTrimmer).collected, t)
}

// collected runs after each collection (on the runtime's cleanup
// goroutine): it re-arms and waits for quiet again.
func (t *heapTrimmer) collected() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return
	}
	t.arm()
	t.timer.Reset(t.quiet)
}

// check runs once allocation has been quiet for t.quiet.
func (t *heapTrimmer) check() {
	t.mu.Lock()
	due := false
	if !t.stopped {
		now := t.allocated()
		if due = now-t.lastTrim >= t.minAlloc; due {
			t.lastTrim = now
		}
	}
	t.mu.Unlock()
	if due {
		// The collection this forces wakes collected, and the check
		// after it finds too little allocated since to trim again.
		t.release()
	}
}

func (t *heapTrimmer) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	t.timer.Stop()
}

// releaseHeap returns the free heap to the system. The collection before
// it empties the sync.Pools, which keep what they hold for two cycles: the
// deflate writer that packed the burst's pages (1.1 MB, articles.packCold)
// and the decoders' buffers are for bursts too.
func releaseHeap() {
	runtime.GC()
	debug.FreeOSMemory()
}

// allocatedBytes is what the program has allocated on the heap so far.
func allocatedBytes() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
