package sources

import (
	"bytes"
	"strings"
	"sync"

	"tidings/lazy"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// The catalogue is listed in the order a reader expects, not in byte
// order (which put "Bühne" after "Byte Foundry" and "Ciência" after
// "Circuit"): names are compared by the Unicode collation algorithm's
// language-neutral order, numbers by value ("Bote 2" before "Bote 10"). Each name's collation key is computed once, when
// its page arrives; the list then sorts by comparing keys as bytes.

// collator builds the collation keys. A collate.Collator is not safe for
// concurrent use, and pages are cleaned inside commands, so it is shared
// under a lock; it is built once, on first use.
var collator = lazy.Value[*lockedCollator]{Build: func() *lockedCollator {
	return &lockedCollator{c: collate.New(language.Und, collate.Numeric)}
}}

type lockedCollator struct {
	mu  sync.Mutex
	c   *collate.Collator
	buf collate.Buffer
}

// keys sets the sort key of every item, under one lock for the page.
func (l *lockedCollator) keys(items []item) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range items {
		// The buffer is reused: each key is copied out of it.
		items[i].sortKey = append([]byte(nil), l.c.KeyFromString(&l.buf, items[i].src.Name)...)
		l.buf.Reset()
	}
}

// compareItems orders sources by name as people read it, then by id, so
// two sources of one name keep a fixed order.
func compareItems(a, b item) int {
	if c := bytes.Compare(a.sortKey, b.sortKey); c != 0 {
		return c
	}
	return strings.Compare(a.key(), b.key())
}
