package sqlite

import "sync"

// genCache remembers values computed from the store at a given generation.
// A write bumps the generation, so a cached value is never stale; the size
// bound keeps memory flat under many distinct queries.
type genCache[V any] struct {
	mu    sync.Mutex
	max   int
	items map[string]genEntry[V]
}

type genEntry[V any] struct {
	gen uint64
	v   V
}

func newGenCache[V any](max int) *genCache[V] {
	return &genCache[V]{max: max, items: make(map[string]genEntry[V])}
}

func (c *genCache[V]) get(key string, gen uint64) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok || e.gen != gen {
		var zero V
		return zero, false
	}
	return e.v, true
}

func (c *genCache[V]) put(key string, gen uint64, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) >= c.max {
		// Drop entries of old generations first; if all are current, drop
		// everything: recomputing is correct, only slower.
		for k, e := range c.items {
			if e.gen != gen {
				delete(c.items, k)
			}
		}
		if len(c.items) >= c.max {
			clear(c.items)
		}
	}
	c.items[key] = genEntry[V]{gen: gen, v: v}
}

func (c *genCache[V]) clear() {
	c.mu.Lock()
	clear(c.items)
	c.mu.Unlock()
}
