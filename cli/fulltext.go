package cli

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

	"tidings/extract"
)

// readerFullText is the reader's full-text extractor (f in the article
// view): pages are fetched as tidings and kept in the user's cache
// directory, so an article read once reads again instantly and offline.
// The cache is opened on first use, not at start-up: most sessions never
// press f, and the first headlines must not wait on the disk for it.
type readerFullText struct {
	rewrite func(pageURL string) string // the demo's own pages; nil otherwise
	log     *slog.Logger

	once sync.Once
	x    *extract.Extractor
}

// Extract implements common.FullText.
func (r *readerFullText) Extract(ctx context.Context, pageURL string) (extract.Article, error) {
	r.once.Do(r.open)
	return r.x.Extract(ctx, pageURL)
}

func (r *readerFullText) open() {
	cache, err := openArticleCache()
	if err != nil {
		// Reading works without the cache; only rereading offline does not.
		r.log.Warn("full-text cache unavailable", "err", err)
	}
	r.x = extract.New(extract.Options{
		UserAgent: fmt.Sprintf("tidings/%s (terminal news reader)", appVersion()),
		Cache:     cache,
		Rewrite:   r.rewrite,
	})
}

// openArticleCache opens the cache of extracted articles in
// $XDG_CACHE_HOME/tidings/articles, bounded to extract's default size.
func openArticleCache() (*extract.Cache, error) {
	dir, err := extract.DefaultCacheDir()
	if err != nil {
		return nil, fmt.Errorf("find the cache directory: %w", err)
	}
	return extract.OpenCache(dir, 0)
}
