package cli

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"sync"

	"tidings/extract"
	"tidings/netguard"
)

// readerFullText is the reader's full-text extractor (f in the article
// view): pages are fetched as tidings and kept in the user's cache
// directory, so an article read once reads again instantly and offline.
// The cache is opened on first use, not at start-up: most sessions never
// press f, and the first headlines must not wait on the disk for it.
//
// The fetch policy (tidings/netguard) applies to every page and redirect:
// pages on the host of the service read (serviceURL; the demo's runs on
// loopback) are fetched wherever it is, others only from public
// addresses, unless allowPrivate (the config's reader.allow_private_fetch).
type readerFullText struct {
	rewrite      func(pageURL string) string // the demo's own pages; nil otherwise
	log          *slog.Logger
	serviceURL   string // the service the reader reads; its host is exempt
	allowPrivate bool

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
		Guard:     r.guard(),
	})
}

// readerAllowHint says how a reader's user lifts the fetch policy.
const readerAllowHint = "allow_private_fetch = true under [reader] in the config allows it"

// guard is the reader's fetch policy.
func (r *readerFullText) guard() *netguard.Guard {
	g := fetchGuard(r.allowPrivate, readerAllowHint)
	if u, err := url.Parse(r.serviceURL); err == nil && u.Hostname() != "" {
		g.Hosts = []string{u.Hostname()}
	}
	return g
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
