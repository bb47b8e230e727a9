package postgres

import (
	"fmt"
	"slices"
	"sync"
)

// genCache holds values computed at one store generation; a value is
// served only while the generation is unchanged. Bounded: when full,
// entries of older generations go first, then everything. (The SQLite
// store keeps the same kind of cache; each backend keeps its own.)
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

// maxCachedPages bounds the cached result pages.
const maxCachedPages = 256

// cached returns the value cached under key at the current generation, or
// loads, caches and returns it. A slice is cloned both ways, so callers
// may keep what they get.
func cached[V any](s *Store, c *genCache[[]V], key string, load func() ([]V, error)) ([]V, error) {
	gen := s.gen.Load()
	if v, ok := c.get(key, gen); ok {
		return slices.Clone(v), nil
	}
	v, err := load()
	if err != nil {
		return nil, err
	}
	c.put(key, gen, slices.Clone(v))
	return v, nil
}

// cacheKey identifies a query and its arguments.
func cacheKey(parts ...any) string {
	return fmt.Sprintf("%#v", parts) // %#v: %q would print large int64s as one invalid rune
}
