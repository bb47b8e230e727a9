package extract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/adrg/xdg"
)

const (
	defaultCacheBytes = 64 << 20
	cacheExt          = ".json"
	tempPrefix        = ".tmp-"
	staleTemp         = time.Hour
)

// Cache keeps extracted articles on disk, one JSON file per page named
// after the SHA-256 of its address, within a total size: the least
// recently used (by modification time, which Get refreshes) go first.
// Writes are atomic (a temporary file renamed), so several processes
// may share a directory; a corrupt file is a miss, and removed. A nil
// *Cache is an empty cache that keeps nothing.
type Cache struct {
	dir      string
	maxBytes int64
}

// cacheEntry is the content of a cache file.
type cacheEntry struct {
	Key     string  `json:"key"`
	Article Article `json:"article"`
}

// OpenCache opens (creating it, mode 0700) the cache in dir, bounded to
// maxBytes (0: 64 MiB).
func OpenCache(dir string, maxBytes int64) (*Cache, error) {
	if maxBytes <= 0 {
		maxBytes = defaultCacheBytes
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("opening the article cache: %w", err)
	}
	return &Cache{dir: dir, maxBytes: maxBytes}, nil
}

// DefaultCacheDir is where the reader keeps extracted articles:
// $XDG_CACHE_HOME/tidings/articles.
func DefaultCacheDir() (string, error) {
	if xdg.CacheHome == "" {
		return "", errors.New("no cache directory: XDG_CACHE_HOME and HOME are unset")
	}
	return filepath.Join(xdg.CacheHome, "tidings", "articles"), nil
}

// path is the file of a page address.
func (c *Cache) path(pageURL string) string {
	sum := sha256.Sum256([]byte(pageURL))
	return filepath.Join(c.dir, hex.EncodeToString(sum[:])+cacheExt)
}

// Get returns the cached article of pageURL, and marks it recently used.
func (c *Cache) Get(pageURL string) (Article, bool) {
	if c == nil {
		return Article{}, false
	}
	p := c.path(pageURL)
	data, err := os.ReadFile(p)
	if err != nil {
		return Article{}, false
	}
	var e cacheEntry
	if err := json.Unmarshal(data, &e); err != nil || e.Key == "" {
		_ = os.Remove(p) // corrupt: a miss, and gone
		return Article{}, false
	}
	if e.Key != pageURL {
		return Article{}, false // a hash collision: never in practice
	}
	now := time.Now()
	_ = os.Chtimes(p, now, now) // a read-only cache still serves
	return e.Article, true
}

// Put stores the article of pageURL, then evicts the least recently used
// articles past the size bound.
func (c *Cache) Put(pageURL string, a Article) error {
	if c == nil {
		return nil
	}
	data, err := json.Marshal(cacheEntry{Key: pageURL, Article: a})
	if err != nil {
		return fmt.Errorf("caching %s: %w", pageURL, err)
	}
	p := c.path(pageURL)
	if err := writeAtomic(c.dir, p, data); err != nil {
		return fmt.Errorf("caching %s: %w", pageURL, err)
	}
	return c.evict(p)
}

// writeAtomic writes data to path through a temporary file in dir.
func writeAtomic(dir, path string, data []byte) error {
	f, err := os.CreateTemp(dir, tempPrefix+"*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}

// cacheFile is one file of the cache directory.
type cacheFile struct {
	path string
	size int64
	mod  time.Time
}

// evict removes the least recently used files until the cache fits its
// bound, keeping keep unless it alone is too large; it also removes
// temporary files that a crashed writer left behind.
func (c *Cache) evict(keep string) error {
	files, total, err := c.list()
	if err != nil {
		return fmt.Errorf("evicting from the article cache: %w", err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod.Before(files[j].mod) })
	var kept *cacheFile
	for i, f := range files {
		if total <= c.maxBytes {
			break
		}
		if f.path == keep {
			kept = &files[i]
			continue
		}
		if err := os.Remove(f.path); err == nil || errors.Is(err, fs.ErrNotExist) {
			total -= f.size
		}
	}
	if kept != nil && kept.size > c.maxBytes {
		_ = os.Remove(kept.path)
	}
	return nil
}

// list returns the cache's article files and their total size.
func (c *Cache) list() ([]cacheFile, int64, error) {
	entries, err := os.ReadDir(c.dir)
	if err != nil {
		return nil, 0, err
	}
	var files []cacheFile
	var total int64
	for _, de := range entries {
		info, err := de.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue // removed meanwhile by another process
		}
		p := filepath.Join(c.dir, de.Name())
		if strings.HasPrefix(de.Name(), tempPrefix) {
			if time.Since(info.ModTime()) > staleTemp {
				_ = os.Remove(p)
			}
			continue
		}
		if !strings.HasSuffix(de.Name(), cacheExt) {
			continue
		}
		files = append(files, cacheFile{path: p, size: info.Size(), mod: info.ModTime()})
		total += info.Size()
	}
	return files, total, nil
}
