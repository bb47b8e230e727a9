package greader

import (
	"context"
	"net/url"
	"sync"
)

// Limits of one call, as FreshRSS and Miniflux serve them: Miniflux
// answers at most 10,000 ids a call (MaxEntryIDsLimit), and clients keep
// stream/items/contents to 1,000 ids (the size of a form FreshRSS and PHP
// take by default stays well within it).
const (
	maxIDsPerCall      = 10_000
	maxContentsPerCall = 1_000
	// idsBatch is the fewest ids asked for at once: as many as a call
	// brings (about 250 KB of JSON), so that paging costs one contents
	// call a page and, for a stream of up to 10,000 items, the first page
	// knows exactly how many there are (the API has no total).
	idsBatch = maxIDsPerCall
)

// cursorKey names a paged view: the same stream read the same way.
type cursorKey struct {
	sel  selection
	size int
}

// cursor is a view's item ids as far as they have been read, newest
// first, and its continuation. Pages are cut from these ids, so items
// that arrive while the user pages do not shift later pages; page 1
// starts the view afresh.
type cursor struct {
	mu           sync.Mutex
	sel          selection
	ids          []string // decimal item ids
	seen         map[string]bool
	continuation string
	done         bool // the stream has no more ids
	unread       int  // the stream's unread count, when unreadKnown
	unreadKnown  bool
}

// cursorFor returns the view's cursor, a new one when fresh.
func (c *Client) cursorFor(sel selection, size int, fresh bool) *cursor {
	key := cursorKey{sel, size}
	c.mu.Lock()
	defer c.mu.Unlock()
	cur, ok := c.cursors[key]
	if !ok || fresh {
		cur = &cursor{sel: sel, seen: map[string]bool{}}
		c.cursors[key] = cur
	}
	return cur
}

// idsFor returns count ids from offset, reading more of the stream as
// needed, and whether any follow.
func (c *Client) idsFor(ctx context.Context, cur *cursor, offset, count int) ([]string, bool, error) {
	cur.mu.Lock()
	defer cur.mu.Unlock()
	need := offset + count + 1 // one more tells whether a next page exists
	for len(cur.ids) < need && !cur.done {
		n := min(maxIDsPerCall, max(need-len(cur.ids), idsBatch))
		if err := c.readIDs(ctx, cur, n); err != nil {
			return nil, false, err
		}
	}
	from, to := min(offset, len(cur.ids)), min(offset+count, len(cur.ids))
	return append([]string(nil), cur.ids[from:to]...), len(cur.ids) > to || !cur.done, nil
}

// readIDs reads up to n more ids of the cursor's stream.
func (c *Client) readIDs(ctx context.Context, cur *cursor, n int) error {
	const op = "list item ids"
	body, err := c.get(ctx, op, "/reader/api/0/stream/items/ids", idsQuery(cur.sel, n, cur.continuation))
	if err != nil {
		return err
	}
	var list itemIDList
	if err := decodeJSON(body, &list); err != nil {
		return c.badAnswer(op, err)
	}
	added := 0
	for _, ref := range list.ItemRefs {
		id, ok := decimalItemID(string(ref.ID))
		if !ok || cur.seen[id] {
			continue
		}
		cur.seen[id] = true
		cur.ids = append(cur.ids, id)
		added++
	}
	next := string(list.Continuation)
	// No continuation ends the stream; so does one that brings nothing
	// new (a service that repeats itself must not make us loop).
	cur.done = next == "" || next == "0" || next == cur.continuation || added == 0
	cur.continuation = next
	return nil
}

// idsForm is the form naming ids (decimal) in the long form, which
// FreshRSS, Miniflux and tidings serve all read the same way (Miniflux
// takes a bare 16-digit id for hex, FreshRSS for decimal).
func idsForm(ids []string) url.Values {
	form := url.Values{}
	for _, id := range ids {
		form.Add("i", longItemID(id))
	}
	return form
}

// total is the TotalResults of a page: every id of the stream once they
// are all read; else one more than those read, so that a next page is
// offered (a reader shows the count as "1,204+"). A page that came back
// short of its ids (items gone since) counts what it has.
func (cur *cursor) total(page, size, got int, more bool) int {
	cur.mu.Lock()
	defer cur.mu.Unlock()
	switch {
	case !more:
		return (page-1)*size + got
	case cur.done:
		return len(cur.ids)
	}
	return len(cur.ids) + 1
}
