package feeds

import (
	"slices"
	"time"

	"tidings/server/store"
	"tidings/wording"
)

// DefaultMaxItems is how many items of one feed a poll stores at most
// (Options.MaxItems): far more than any real feed carries (a few dozen to
// a few hundred), few enough that one feed of 100,000 entries (a broken
// or hostile one) costs a poll a second or so rather than the pass.
const DefaultMaxItems = 1000

// DefaultFeedTimeout bounds one feed's fetch, parse and page reads
// (Options.FeedTimeout): the fetch alone may take DefaultFetchTimeout, and
// a full-text feed's pages some more.
const DefaultFeedTimeout = 2 * time.Minute

// newestItems keeps the newest max of items, in their document order, and
// returns how many it dropped. Items are ranked by publication time, an
// undated one counting as seen (the time the store gives it); items of the
// same time keep document order, so of an undated feed the first max
// entries stay (feeds list their newest first).
func newestItems(items []store.FeedItem, max int, seen time.Time) (kept []store.FeedItem, dropped int) {
	if max <= 0 || len(items) <= max {
		return items, 0
	}
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	when := func(i int) time.Time {
		if t := items[i].Article.PublishedAt; !t.IsZero() {
			return t
		}
		return seen
	}
	slices.SortStableFunc(order, func(a, b int) int { return when(b).Compare(when(a)) })
	order = order[:max]
	slices.Sort(order) // back to document order
	kept = make([]store.FeedItem, len(order))
	for k, i := range order {
		kept[k] = items[i]
	}
	return kept, len(items) - max
}

// droppedNote says what bounding a feed's items left out, "kept the
// newest 1,000 of 100,000 items"; "" when nothing was.
func droppedNote(dropped, kept int) string {
	if dropped == 0 {
		return ""
	}
	return "kept the newest " + wording.Thousands(kept) + " of " + wording.Count(kept+dropped, "item", "items")
}
