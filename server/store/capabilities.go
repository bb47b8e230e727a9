package store

import (
	"context"
	"time"

	"tidings/model"
	"tidings/stories"
)

// Capabilities beyond Catalogue. Callers find them with a type assertion
// on a Catalogue (st.(store.Watcher)), so a backend without one keeps
// working with the feature off; each backend asserts at compile time the
// ones it has (var _ store.X = (*Store)(nil)) and says in its package
// doc which it lacks. Leader (feeds.go) and Marks (marks.go) are two
// more.

// FeedContents tells full-text ingestion which of a poll's items are
// stored already, matched as SaveFeedItems matches them (the feed's
// entry GUID, then the URL), and the content stored for each: the map
// has an entry for item i exactly when storing the poll would not make
// item i a new article. It writes nothing. The rule is StoredContents's.
// Without it, full-text feeds keep the feed's own text.
type FeedContents interface {
	StoredFeedContents(ctx context.Context, feedID string, items []FeedItem) (map[int]string, error)
}

// FullTextSetter marks a feed full-text (on) or not: whether ingestion
// stores each new article's extracted page text as its content. It
// changes no stored article, nor Generation; an unknown id is
// ErrFeedNotFound. `tidings feeds set --full-text` needs it.
type FullTextSetter interface {
	SetFeedFullText(ctx context.Context, id string, on bool) error
}

// Watcher makes Generation follow other processes' writes as well as the
// store's own, from the call until Close: for a store served while other
// processes may write it (a SQLite file beside `tidings import`). A
// backend whose Generation follows every writer by itself (PostgreSQL)
// does not need it.
type Watcher interface {
	Watch() error
}

// ArticleLookup finds a stored article by its exact URL (articles are
// unique by URL). A URL not stored gives an error matching
// fs.ErrNotExist. The demo serves its article pages through it.
type ArticleLookup interface {
	ArticleByURL(ctx context.Context, url string) (model.Article, error)
}

// StoryLoader reads back the articles already grouped into stories, with
// their stories, over the committed catalogue: the same reading the
// backend's own writes give their stories.Grouper.
type StoryLoader interface {
	// Grouped returns the dated articles published in [from, to) with
	// their stories; a zero to is no upper bound.
	Grouped(ctx context.Context, from, to time.Time) ([]stories.Member, error)
}

// StoryLoader is exactly what a stories.Grouper reads through.
var _ stories.Loader = StoryLoader(nil)
