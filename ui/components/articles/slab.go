package articles

import (
	"sync"
	"unsafe"
)

// The long-lived text of pages (each page's packed strings and its
// deflated cold block) is carved out of shared 256 KiB slabs.
//
// Why: a page's text (~25 KB) and cold block (~11 KB) are allocated
// between the page's JSON buffers and decoding garbage, in spans of the
// same size classes; when that garbage dies the spans stay, each kept by
// one page's text, and the heap holds free space it cannot give back. In
// slabs the text of many pages shares large objects of their own. A
// list's pages live and die together (a new search drops them all), so a
// slab outliving some of its text keeps at most one slab of dead text.
const (
	slabSize = 256 << 10
	// slabMax is the largest piece carved from a slab; bigger ones are
	// allocated on their own, as they are large objects anyway.
	slabMax = slabSize / 4
)

var slab struct {
	sync.Mutex
	free []byte // what is left of the current slab
}

// keep returns n bytes for text that outlives its page's decoding.
func keep(n int) []byte {
	if n > slabMax {
		return make([]byte, n)
	}
	slab.Lock()
	defer slab.Unlock()
	if len(slab.free) < n {
		slab.free = make([]byte, slabSize)
	}
	b := slab.free[:n:n]
	slab.free = slab.free[n:]
	return b
}

// keepString copies the strings into one piece of a slab and returns
// it as a string, which is never written again.
func keepString(parts []string, size int) string {
	if size == 0 {
		return ""
	}
	b := keep(size)
	at := 0
	for _, s := range parts {
		at += copy(b[at:], s)
	}
	return unsafe.String(&b[0], size)
}
