// Package changes tells a catalogue Store's caches when the catalogue
// changed: at once for the Store's own writes, and within a watch
// interval for another process's (a replica over the same PostgreSQL
// database, an import into the SQLite file a service reads). Every write
// bumps a change counter kept in the database, in the write's own
// transaction; a Counter reads it every interval and moves Generation
// when it moved.
//
// It does no I/O of its own: the Store hands Watch the read of its
// counter. Anything computed while Generation returned g may be cached
// until it returns something else.
package changes

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Counter is one Store's view of its database's change counter. The zero
// value is ready; Stop ends a Watch.
type Counter struct {
	gen  atomic.Uint64
	seen atomic.Int64 // the database's counter as last read or written here
	stop context.CancelFunc
	done sync.WaitGroup
}

// Generation changes with every write this Store makes (at once) or
// another process makes (once Watch reads the counter).
func (c *Counter) Generation() uint64 { return c.gen.Load() }

// Bump changes Generation: this Store wrote, or may have (a write that
// failed may have raced a cached count).
func (c *Counter) Bump() { c.gen.Add(1) }

// Observe takes a read of the database's counter: Generation changes
// when it moved past where it was last seen. Every write adds to the
// counter, so a lower read is one begun before a write this Store has
// seen already (its own, committed while the read was on its way), not
// a change: taking it for one would move Generation twice for nothing,
// emptying every cache keyed by it.
func (c *Counter) Observe(n int64) {
	for {
		old := c.seen.Load()
		if n <= old {
			return
		}
		if c.seen.CompareAndSwap(old, n) {
			c.gen.Add(1)
			return
		}
	}
}

// Saw records the counter as this Store's own committed write left it,
// so the next read does not take that write for another process's.
func (c *Counter) Saw(n int64) {
	for {
		old := c.seen.Load()
		if n <= old || c.seen.CompareAndSwap(old, n) {
			return
		}
	}
}

// Wrote is Bump and, when n is not 0, Saw(n): a committed write of this
// Store, with the counter it left (0: unknown, as after a failed write).
func (c *Counter) Wrote(n int64) {
	c.Bump()
	if n != 0 {
		c.Saw(n)
	}
}

// Watch observes read every interval until Stop. A read that fails (the
// database down, busy or slower than four intervals) changes nothing:
// the next tries again.
func (c *Counter) Watch(every time.Duration, read func(context.Context) (int64, error)) {
	ctx, cancel := context.WithCancel(context.Background())
	c.stop = cancel
	c.done.Add(1)
	go func() {
		defer c.done.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				rctx, cancel := context.WithTimeout(ctx, 4*every)
				if n, err := read(rctx); err == nil {
					c.Observe(n)
				}
				cancel()
			}
		}
	}()
}

// Stop ends Watch and waits for its last read; it does nothing when Watch
// was never called.
func (c *Counter) Stop() {
	if c.stop != nil {
		c.stop()
		c.done.Wait()
	}
}
