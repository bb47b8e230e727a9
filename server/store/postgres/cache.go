package postgres

import (
	"fmt"
	"slices"

	"tidings/server/store/gencache"
)

// maxCachedPages bounds the cached result pages.
const maxCachedPages = 256

// cached returns the value cached under key at the current generation, or
// loads, caches and returns it. A slice is cloned both ways, so callers
// may keep what they get.
func cached[V any](s *Store, c *gencache.Cache[[]V], key string, load func() ([]V, error)) ([]V, error) {
	gen := s.changes.Generation()
	if v, ok := c.Get(key, gen); ok {
		return slices.Clone(v), nil
	}
	v, err := load()
	if err != nil {
		return nil, err
	}
	c.Put(key, gen, slices.Clone(v))
	return v, nil
}

// cacheKey identifies a query and its arguments.
func cacheKey(parts ...any) string {
	return fmt.Sprintf("%#v", parts) // %#v: %q would print large int64s as one invalid rune
}
