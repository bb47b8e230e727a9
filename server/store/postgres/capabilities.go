package postgres

import "tidings/server/store"

// The capabilities package store names that the PostgreSQL store has.
// It lacks two (see the package doc): store.Watcher, which it does not
// need, and store.ArticleLookup, which only the demo uses.
var (
	_ store.Catalogue      = (*Store)(nil)
	_ store.Leader         = (*Store)(nil)
	_ store.FeedContents   = (*Store)(nil)
	_ store.FullTextSetter = (*Store)(nil)
	_ store.StoryLoader    = (*Store)(nil)
)
