package server

import "sync"

// maxCachedBodyBytes bounds the response cache: a page of 100 articles
// is a few hundred KB, a page of 20 a few tens.
const maxCachedBodyBytes = 32 << 20

// bodyCache holds encoded success bodies by request (path and parameters)
// and the store generation they were computed at; a write to the store
// changes the generation, so an entry is never served stale.
type bodyCache struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[string]cachedBody
}

type cachedBody struct {
	gen  uint64
	body []byte
}

func newBodyCache(maxBytes int) *bodyCache {
	return &bodyCache{max: maxBytes, items: map[string]cachedBody{}}
}

func (c *bodyCache) get(key string, gen uint64) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	return e.body, ok && e.gen == gen
}

// put stores body; when the cache is full it first drops entries of older
// generations, then everything (recomputing is only slower).
func (c *bodyCache) put(key string, gen uint64, body []byte) {
	if len(body) > c.max/8 {
		return // one huge body must not flush the rest
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.items[key]; ok {
		c.size -= len(old.body)
		delete(c.items, key)
	}
	if c.size+len(body) > c.max {
		for k, e := range c.items {
			if e.gen != gen {
				c.size -= len(e.body)
				delete(c.items, k)
			}
		}
		if c.size+len(body) > c.max {
			clear(c.items)
			c.size = 0
		}
	}
	c.items[key] = cachedBody{gen: gen, body: body}
	c.size += len(body)
}
