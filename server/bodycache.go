package server

import "sync"

// maxCachedBodyBytes bounds the response cache: a page of 100 articles
// is a few hundred KB, a page of 20 a few tens.
const maxCachedBodyBytes = 32 << 20

// bodyCache holds encoded success bodies (as representations: JSON, ETag
// and, once asked for, gzip) by request (path and parameters) and the
// store generation they were computed at; a write to the store changes
// the generation, so an entry is never served stale.
//
// The bound counts each body's JSON and, once made, its gzip encoding
// (about a fifth more: JSON lists compress four to ten times); the gzip
// is counted when it is made, and the next store makes room.
type bodyCache struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[string]cachedBody
}

type cachedBody struct {
	gen  uint64
	rep  *representation
	size int // what size counted for it
}

func newBodyCache(maxBytes int) *bodyCache {
	return &bodyCache{max: maxBytes, items: map[string]cachedBody{}}
}

// get is the body cached for key at gen.
func (c *bodyCache) get(key string, gen uint64) ([]byte, bool) {
	p, ok := c.lookup(key, gen)
	if !ok {
		return nil, false
	}
	return p.body, true
}

// lookup is the representation cached for key at gen.
func (c *bodyCache) lookup(key string, gen uint64) (*representation, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok || e.gen != gen {
		return nil, false
	}
	return e.rep, true
}

// put stores body for key at gen.
func (c *bodyCache) put(key string, gen uint64, body []byte) {
	c.store(key, gen, newRepresentation(body))
}

// store keeps p; when the cache is full it first drops entries of older
// generations, then everything (recomputing is only slower).
func (c *bodyCache) store(key string, gen uint64, p *representation) {
	if len(p.body) > c.max/8 {
		return // one huge body must not flush the rest
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.items[key]; ok {
		c.size -= old.size
		delete(c.items, key)
	}
	n := len(p.body)
	if c.size+n > c.max {
		for k, e := range c.items {
			if e.gen != gen {
				c.size -= e.size
				delete(c.items, k)
			}
		}
		if c.size+n > c.max {
			clear(c.items)
			c.size = 0
		}
	}
	c.items[key] = cachedBody{gen: gen, rep: p, size: n}
	c.size += n
	p.onGzip = func(gz int) { c.grew(key, p, gz) }
}

// grew counts the gzip encoding just made for p, if p is still cached.
func (c *bodyCache) grew(key string, p *representation, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok && e.rep == p {
		e.size += n
		c.items[key] = e
		c.size += n
	}
}
