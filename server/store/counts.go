package store

import "sync"

// countCache remembers the total of a query for the store generation it
// was counted at. A write bumps the generation, so a cached total is never
// stale; the size bound keeps memory flat under many distinct queries.
type countCache struct {
	mu    sync.Mutex
	max   int
	items map[string]countEntry
}

type countEntry struct {
	gen uint64
	n   int
}

func newCountCache(max int) *countCache {
	return &countCache{max: max, items: make(map[string]countEntry)}
}

func (c *countCache) get(key string, gen uint64) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok || e.gen != gen {
		return 0, false
	}
	return e.n, true
}

func (c *countCache) put(key string, gen uint64, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) >= c.max {
		// Drop entries of old generations first; if all are current, drop
		// everything: recounting is correct, only slower.
		for k, e := range c.items {
			if e.gen != gen {
				delete(c.items, k)
			}
		}
		if len(c.items) >= c.max {
			clear(c.items)
		}
	}
	c.items[key] = countEntry{gen: gen, n: n}
}
