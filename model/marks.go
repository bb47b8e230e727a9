package model

import "time"

// View is a list of articles as a whole, for marking it all read and
// counting its unread articles (docs/marks.md): the latest headlines of a
// query, the results of a search, or one feed's articles. Exactly one of
// Headlines, Articles and Feed is set; paging fields are ignored.
type View struct {
	Headlines *HeadlinesQuery
	Articles  *ArticlesQuery
	Feed      string // a feed's id (personal mode and serve --db catalogues)
}

// MarkAllRead asks that every article of View published at or before
// Before be marked read; articles that arrive later stay unread.
type MarkAllRead struct {
	View   View
	Before time.Time
}

// UnreadGrouping is what per-group unread counts are counted by.
type UnreadGrouping string

// The groupings of unread counts.
const (
	UnreadBySource UnreadGrouping = "source"
	UnreadByFeed   UnreadGrouping = "feed"
)
