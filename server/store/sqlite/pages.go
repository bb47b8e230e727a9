package sqlite

import (
	"context"
	"fmt"
	"slices"

	"tidings/model"
)

// The service only changes on an import, so the same page of the same
// query is the same until the next write. A busy service answers the same
// few pages over and over (every reader opens on the first page of the
// headlines), and reading a page's rows is most of what a warm request
// costs. Pages are cached like totals: per write generation, bounded.

// maxCachedPages bounds the page cache. A page holds up to 100 articles
// of a few KB each, so the cache stays within a few tens of MB.
const maxCachedPages = 256

// cachedPage returns the page under key, computing it with load when it
// is not cached for the current generation. Callers get their own slice.
func (s *Store) cachedPage(ctx context.Context, key string, load func() ([]model.Article, error)) ([]model.Article, error) {
	gen := s.changes.Generation()
	if items, ok := s.pages.Get(key, gen); ok {
		return slices.Clone(items), nil
	}
	items, err := load()
	if err != nil {
		return nil, err
	}
	if ctx.Err() == nil {
		s.pages.Put(key, gen, slices.Clone(items))
	}
	return items, nil
}

// pageKey identifies a page: its kind, the query's SQL shape and
// arguments, and its position.
func pageKey(kind, shape string, args []any, limit, offset int64) string {
	return fmt.Sprintf("%s\x00%s\x00%#v\x00%d\x00%d", kind, shape, args, limit, offset)
}
