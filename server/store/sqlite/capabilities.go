package sqlite

import "tidings/server/store"

// The SQLite store has every capability package store names.
var (
	_ store.Catalogue      = (*Store)(nil)
	_ store.Leader         = (*Store)(nil)
	_ store.FeedContents   = (*Store)(nil)
	_ store.FullTextSetter = (*Store)(nil)
	_ store.Watcher        = (*Store)(nil)
	_ store.ArticleLookup  = (*Store)(nil)
	_ store.StoryLoader    = (*Store)(nil)
)
