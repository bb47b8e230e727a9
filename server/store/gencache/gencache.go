// Package gencache holds values a store computed at one generation of its
// catalogue: a write bumps the generation, so a cached answer is served
// only while nothing it depends on has changed. It is shared by the store
// backends and does no I/O of its own.
package gencache

import "sync"

// Cache maps keys to values computed at a generation, bounded: when full,
// entries of other generations go first, then everything (recomputing is
// correct, only slower).
type Cache[V any] struct {
	mu    sync.Mutex
	max   int
	items map[string]entry[V]
}

type entry[V any] struct {
	gen uint64
	v   V
}

// New returns a cache of at most max entries.
func New[V any](max int) *Cache[V] {
	return &Cache[V]{max: max, items: make(map[string]entry[V])}
}

// Get returns the value cached under key at generation gen.
func (c *Cache[V]) Get(key string, gen uint64) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok || e.gen != gen {
		var zero V
		return zero, false
	}
	return e.v, true
}

// Put caches v under key at generation gen.
func (c *Cache[V]) Put(key string, gen uint64, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) >= c.max {
		for k, e := range c.items {
			if e.gen != gen {
				delete(c.items, k)
			}
		}
		if len(c.items) >= c.max {
			clear(c.items)
		}
	}
	c.items[key] = entry[V]{gen: gen, v: v}
}

// Clear drops every entry.
func (c *Cache[V]) Clear() {
	c.mu.Lock()
	clear(c.items)
	c.mu.Unlock()
}
