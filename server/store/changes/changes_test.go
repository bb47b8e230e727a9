package changes

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// A cache keyed by Generation goes stale exactly when the catalogue
// changed: another process's write (the counter read moves) or this
// Store's own; not when the read only finds this Store's own write.
func TestGenerationMovesWithOthersWritesOnly(t *testing.T) {
	var c Counter
	c.Observe(5)
	for _, step := range []struct {
		what  string
		do    func()
		moves bool
	}{
		{"the counter read again unchanged", func() { c.Observe(5) }, false},
		{"this Store's own write", func() { c.Wrote(6) }, true},
		{"this Store's own write read back", func() { c.Observe(6) }, false},
		{"another process's write read", func() { c.Observe(7) }, true},
		{"a failed write (the counter unknown)", func() { c.Wrote(0) }, true},
		{"a write whose counter was seen", func() { c.Saw(8) }, false},
		{"that counter read back", func() { c.Observe(8) }, false},
		// A read that began before this Store's write committed returns
		// the counter from before it: nothing changed since that write.
		{"this Store's write", func() { c.Wrote(9) }, true},
		{"a read begun before it, answering late", func() { c.Observe(8) }, false},
		{"the counter read again after it", func() { c.Observe(9) }, false},
	} {
		g := c.Generation()
		step.do()
		if moved := c.Generation() != g; moved != step.moves {
			t.Errorf("%s: Generation moved %v, want %v", step.what, moved, step.moves)
		}
	}
}

// Watch reads the counter every interval, rides out failed reads, and
// stops reading on Stop.
func TestWatchObservesUntilStopped(t *testing.T) {
	var c Counter
	var n, reads atomic.Int64
	fail := atomic.Bool{}
	c.Watch(time.Millisecond, func(context.Context) (int64, error) {
		reads.Add(1)
		if fail.Load() {
			return 0, errors.New("the database is down")
		}
		return n.Load(), nil
	})
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal(what)
			}
		}
	}
	g := c.Generation()
	n.Store(3)
	waitFor("a moved counter never changed Generation", func() bool { return c.Generation() != g })
	fail.Store(true)
	g = c.Generation()
	r := reads.Load()
	waitFor("no reads while failing", func() bool { return reads.Load() > r+3 })
	if c.Generation() != g {
		t.Fatal("a failed read changed Generation")
	}
	c.Stop()
	r = reads.Load()
	time.Sleep(20 * time.Millisecond)
	if reads.Load() != r {
		t.Fatal("reads went on after Stop")
	}
	var never Counter
	never.Stop() // no Watch: nothing to stop
}

// A read of the counter that began before this Store's own write and
// answers after it brings an old value: it is not another process's
// write, and cached answers stay valid (a cached answer lost this way
// was what the PostgreSQL outage test saw as a 503 on a slow machine).
func TestAReadOverlappingOwnWriteMovesNothing(t *testing.T) {
	var c Counter
	c.Observe(5)
	started, answer := make(chan struct{}), make(chan int64)
	c.Watch(time.Millisecond, func(context.Context) (int64, error) {
		select {
		case started <- struct{}{}:
		default:
		}
		return <-answer, nil
	})
	defer c.Stop()
	<-started // a read is under way, seeing the counter at 5
	c.Wrote(6)
	g := c.Generation()
	answer <- 5 // the read answers what it saw before the write
	answer <- 6 // the next read sees the write: still this Store's own
	answer <- 6
	if c.Generation() != g {
		t.Fatalf("Generation moved from %d to %d on reads of this Store's own write", g, c.Generation())
	}
	close(answer)
}
