package greader

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tidings/server/store"
)

// Limits of one call.
const (
	// defaultCount is n when a call gives none: Google Reader's 20.
	defaultCount = 20
	// maxCount caps n (Miniflux caps at 10,000 too); a longer stream
	// continues.
	maxCount = 10_000
	// maxContentsIDs is how many items one contents call may ask for.
	maxContentsIDs = 1_000
	// maxEditIDs is how many items one edit-tag call may mark.
	maxEditIDs = 10_000
	// maxContentsCount caps n of stream/contents, whose items carry
	// their text.
	maxContentsCount = 1_000
)

// streamQuery reads a stream call's parameters into the store's Stream:
// the stream (s, or the path's), it and xt (read, unread, starred), n, c,
// ot and nt (Unix seconds), r (o: oldest first).
func (c *call) streamQuery(id string, maxN int) (store.Stream, streamRef, error) {
	ref, err := parseStream(id)
	if err != nil {
		return store.Stream{}, ref, err
	}
	s := store.Stream{Scope: ref.scope()}
	switch ref.kind {
	case streamRead:
		s.OnlyRead = true
	case streamStarred:
		s.OnlyStarred = true
	case streamKeptUnread:
		s.ExcludeRead = true
	case streamIgnored:
		return store.Stream{}, ref, badRequest("stream %q lists nothing: tidings keeps read and starred states only", truncate(id, 100))
	}
	for _, it := range c.form["it"] {
		if err := applyFilter(&s, it, true); err != nil {
			return store.Stream{}, ref, err
		}
	}
	for _, xt := range c.form["xt"] {
		if err := applyFilter(&s, xt, false); err != nil {
			return store.Stream{}, ref, err
		}
	}
	if s.OnlyRead && s.ExcludeRead {
		return store.Stream{}, ref, badRequest("the stream asks for read items and excludes them: it lists nothing")
	}
	if s.Limit, err = countParam(c.form.Get("n"), maxN); err != nil {
		return store.Stream{}, ref, err
	}
	if s.After, err = timeParam(c.form, "ot"); err != nil {
		return store.Stream{}, ref, err
	}
	if s.Before, err = timeParam(c.form, "nt"); err != nil {
		return store.Stream{}, ref, err
	}
	switch r := c.form.Get("r"); r {
	case "o":
		s.OldestFirst = true
	case "", "d", "n":
	default:
		return store.Stream{}, ref, badRequest("r=%s is not an order: r=o lists oldest first, r=d (the default) newest first", truncate(r, 20))
	}
	s.Continuation = strings.TrimSpace(c.form.Get("c"))
	return s, ref, nil
}

// applyFilter applies an it (include) or xt (exclude) target.
func applyFilter(s *store.Stream, target string, include bool) error {
	ref, err := parseStream(target)
	if err != nil {
		return err
	}
	switch {
	case ref.kind == streamRead && include, ref.kind == streamKeptUnread && !include:
		s.OnlyRead = true
	case ref.kind == streamRead && !include, ref.kind == streamKeptUnread && include:
		s.ExcludeRead = true
	case ref.kind == streamStarred && include:
		s.OnlyStarred = true
	case ref.kind == streamReadingList && include, ref.kind == streamIgnored:
		// the reading list is every item; like, broadcast: none kept
	default:
		name := "it"
		if !include {
			name = "xt"
		}
		return badRequest("%s=%s is not supported: tidings filters by %s (it or xt) and %s (it)", name, truncate(target, 100), stateRead, stateStarred)
	}
	return nil
}

// countParam reads n: default 20, at most maxN (more is capped, as
// Miniflux does; the stream continues).
func countParam(raw string, maxN int) (int, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return defaultCount, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil {
		return 0, badRequest("n=%s is not a number of items", truncate(raw, 20))
	}
	if n <= 0 {
		return defaultCount, nil
	}
	return min(n, maxN), nil
}

// timeParam reads ot or nt: Unix seconds; 0 or absent: no bound.
func timeParam(form map[string][]string, name string) (time.Time, error) {
	raw := ""
	if v := form[name]; len(v) > 0 {
		raw = strings.TrimSpace(v[0])
	}
	if raw == "" {
		return time.Time{}, nil
	}
	secs, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || secs < 0 {
		return time.Time{}, badRequest("%s=%s is not a time: send Unix seconds", name, truncate(raw, 30))
	}
	if secs == 0 {
		return time.Time{}, nil
	}
	return time.Unix(secs, 0), nil
}

// checkFeed refuses a feed stream that names no subscription.
func (h *Handler) checkFeed(c *call, ref streamRef) error {
	if ref.kind != streamFeed {
		return nil
	}
	subs, err := h.subscriptions(c.ctx)
	if err != nil {
		return err
	}
	if _, ok := subs.find(ref.feed); !ok {
		return badRequest("no subscription feed/%s: subscription/list names them", truncate(ref.feed, 100))
	}
	return nil
}

// streamItemIDs answers stream/items/ids: the ids in decimal, and the
// continuation when there are more.
func (h *Handler) streamItemIDs(w http.ResponseWriter, c *call) error {
	q, ref, err := c.streamQuery(c.form.Get("s"), maxCount)
	if err != nil {
		return err
	}
	if err := h.checkFeed(c, ref); err != nil {
		return err
	}
	ids, next, err := h.st.StreamIDs(c.ctx, c.session.Owner, q)
	if err != nil {
		return fmt.Errorf("list the stream's ids: %w", err)
	}
	refs := make([]itemRefJSON, len(ids))
	for i, id := range ids {
		refs[i] = itemRefJSON{ID: strconv.FormatInt(id, 10)}
	}
	return writeJSON(w, itemRefsJSON{ItemRefs: refs, Continuation: next})
}

// streamItemContents answers stream/items/contents: the items asked for
// with i= (repeated, in the query or a form body), newest first unless
// r=o; ids not stored are left out.
func (h *Handler) streamItemContents(w http.ResponseWriter, c *call) error {
	ids, err := parseItemIDs(c.form["i"], maxContentsIDs)
	if err != nil {
		return err
	}
	oldestFirst := c.form.Get("r") == "o"
	items, err := h.items(c, ids, true, oldestFirst)
	if err != nil {
		return err
	}
	return writeJSON(w, h.streamJSON(stateReadingList, "Reading List", items, ""))
}

// streamContents answers stream/contents/<stream> (or s=, as BazQux
// takes it; the reading list when neither is given).
func (h *Handler) streamContents(w http.ResponseWriter, c *call) error {
	p, err := h.streamPage(c)
	if err != nil {
		return err
	}
	return writeJSON(w, h.streamJSON(p.id, "", p.items, p.continuation))
}

// page is one page of a stream's items, as stream/contents and
// reader/atom/ answer it.
type page struct {
	id           string // the stream id, as the client gave it
	ref          streamRef
	items        []itemJSON
	continuation string // "" on the last page
}

// streamPage reads the page a stream/contents or reader/atom/ call asks
// for: the stream in the path, or s=, or the reading list; its items
// selected by the call's parameters (streamQuery).
func (h *Handler) streamPage(c *call) (page, error) {
	id := c.stream
	if id == "" {
		id = c.form.Get("s")
	}
	if id == "" {
		id = stateReadingList
	}
	q, ref, err := c.streamQuery(id, maxContentsCount)
	if err != nil {
		return page{}, err
	}
	if err := h.checkFeed(c, ref); err != nil {
		return page{}, err
	}
	ids, next, err := h.st.StreamIDs(c.ctx, c.session.Owner, q)
	if err != nil {
		return page{}, fmt.Errorf("list the stream's ids: %w", err)
	}
	items, err := h.items(c, ids, false, false)
	if err != nil {
		return page{}, err
	}
	return page{id: id, ref: ref, items: items, continuation: next}, nil
}

type itemRefJSON struct {
	ID string `json:"id"`
}

type itemRefsJSON struct {
	ItemRefs     []itemRefJSON `json:"itemRefs"`
	Continuation string        `json:"continuation,omitempty"`
}
