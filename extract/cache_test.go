package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func testArticle(i int, size int) Article {
	return Article{
		URL:      fmt.Sprintf("https://a.example/%d", i),
		Title:    fmt.Sprintf("Story %d", i),
		Markdown: strings.Repeat("word ", size/5),
		Links:    []Link{{Text: "x", URL: "https://b.example/"}},
		Words:    size / 5,
		Fetched:  time.Date(2026, 3, 10, 7, 30, 0, 0, time.UTC),
	}
}

func openTestCache(t *testing.T, dir string, max int64) *Cache {
	t.Helper()
	c, err := OpenCache(dir, max)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCacheRoundTrip(t *testing.T) {
	c := openTestCache(t, filepath.Join(t.TempDir(), "a", "b"), 0)
	a := testArticle(1, 100)
	if _, ok := c.Get(a.URL); ok {
		t.Fatal("hit in an empty cache")
	}
	if err := c.Put(a.URL, a); err != nil {
		t.Fatal(err)
	}
	got, ok := c.Get(a.URL)
	if !ok || fmt.Sprint(got) != fmt.Sprint(a) {
		t.Fatalf("Get = %v, %v", got, ok)
	}
	info, err := os.Stat(c.dir)
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("cache dir mode %v, %v", info.Mode(), err)
	}
	var nilCache *Cache
	if _, ok := nilCache.Get(a.URL); ok || nilCache.Put(a.URL, a) != nil {
		t.Error("a nil cache is not empty")
	}
}

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	dir := t.TempDir()
	c := openTestCache(t, dir, 10_000)
	old := time.Now().Add(-time.Hour)
	for i := range 4 {
		a := testArticle(i, 2000)
		if err := c.Put(a.URL, a); err != nil {
			t.Fatal(err)
		}
		// Spread modification times: 0 oldest, 3 newest.
		tm := old.Add(time.Duration(i) * time.Minute)
		_ = os.Chtimes(c.path(a.URL), tm, tm)
	}
	if _, ok := c.Get(testArticle(0, 0).URL); !ok { // 0 is now the most recently used
		t.Fatal("article 0 missing before eviction")
	}
	for i := 4; i < 6; i++ {
		a := testArticle(i, 2000)
		if err := c.Put(a.URL, a); err != nil {
			t.Fatal(err)
		}
	}
	files, total, _ := c.list()
	if total > 10_000 {
		t.Errorf("cache holds %d bytes in %d files, over its 10,000", total, len(files))
	}
	for i, want := range []bool{true, false, false, true, true, true} {
		if _, ok := c.Get(testArticle(i, 0).URL); ok != want {
			t.Errorf("article %d cached = %v, want %v", i, ok, want)
		}
	}
}

func TestCacheTooLargeArticle(t *testing.T) {
	c := openTestCache(t, t.TempDir(), 1000)
	a := testArticle(1, 5000)
	_ = c.Put(a.URL, a)
	if _, ok := c.Get(a.URL); ok {
		t.Error("an article over the whole bound was kept")
	}
}

func TestCacheCorruptFileIsAMiss(t *testing.T) {
	c := openTestCache(t, t.TempDir(), 0)
	a := testArticle(1, 100)
	for _, junk := range []string{"{not json", "", `{"key":""}`, "\x00\x01"} {
		if err := os.WriteFile(c.path(a.URL), []byte(junk), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, ok := c.Get(a.URL); ok {
			t.Errorf("corrupt %q is a hit", junk)
		}
		if _, err := os.Stat(c.path(a.URL)); !os.IsNotExist(err) {
			t.Errorf("corrupt %q not removed", junk)
		}
	}
	// Another page's file under this page's name is a miss, not removed.
	other := testArticle(2, 100)
	_ = c.Put(other.URL, other)
	_ = os.Rename(c.path(other.URL), c.path(a.URL))
	if _, ok := c.Get(a.URL); ok {
		t.Error("another page's article served")
	}
}

func TestCacheReadOnlyDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes anywhere")
	}
	dir := t.TempDir()
	c := openTestCache(t, dir, 0)
	a := testArticle(1, 100)
	if err := c.Put(a.URL, a); err != nil {
		t.Fatal(err)
	}
	_ = os.Chmod(dir, 0o500)
	t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
	if _, ok := c.Get(a.URL); !ok {
		t.Error("a read-only cache does not serve")
	}
	b := testArticle(2, 100)
	if err := c.Put(b.URL, b); err == nil {
		t.Error("Put into a read-only dir did not fail")
	}
}

// Two Cache values on one directory stand for two processes.
func TestCacheTwoProcesses(t *testing.T) {
	dir := t.TempDir()
	caches := []*Cache{openTestCache(t, dir, 40_000), openTestCache(t, dir, 40_000)}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := caches[w%2]
			for i := range 50 {
				a := testArticle(i%10, 1000+100*(i%7))
				if err := c.Put(a.URL, a); err != nil {
					t.Error(err)
					return
				}
				if got, ok := c.Get(testArticle((i+3)%10, 0).URL); ok && got.Title != fmt.Sprintf("Story %d", (i+3)%10) {
					t.Errorf("wrong article %q", got.Title)
				}
			}
		}()
	}
	wg.Wait()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tempPrefix) {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	for i := range 10 {
		p := caches[0].path(testArticle(i, 0).URL)
		if _, err := os.Stat(p); err == nil {
			if _, ok := caches[1].Get(testArticle(i, 0).URL); !ok {
				t.Errorf("article %d's file is corrupt", i)
			}
		}
	}
}

func TestDefaultCacheDir(t *testing.T) {
	dir, err := DefaultCacheDir()
	if err != nil {
		t.Skip(err)
	}
	if !strings.HasSuffix(dir, filepath.Join("tidings", "articles")) {
		t.Errorf("DefaultCacheDir = %q", dir)
	}
}
