package store

import (
	"context"
	"time"

	"tidings/model"
)

// Owner is whose marks (read, starred) a call reads or writes: the stable
// digest of the API key a request authenticated with, never the key, or
// [LocalOwner]. See docs/marks.md.
type Owner string

// LocalOwner owns the marks of the in-process service (personal mode,
// the demo), whose key changes with every launch.
const LocalOwner Owner = "local"

// ArticleMarks is one article's marks for one owner. Every article is
// unread and not starred until marked.
type ArticleMarks struct {
	Read    bool
	Starred bool
}

// Scope is a set of articles marks are set or counted over: the articles
// a headlines query or a search lists (paging ignored), one source's, one
// feed's, one category's (a Google Reader label), or, with nothing set,
// every article. At most one field is set.
type Scope struct {
	Headlines *model.HeadlinesQuery
	Articles  *model.ArticlesQuery
	Source    string
	Feed      string
	Category  model.Category
}

// Stream asks for the ids of a scope's articles, as Google Reader's
// stream/items/ids does.
type Stream struct {
	Scope       Scope
	ExcludeRead bool      // xt=user/-/state/com.google/read
	OnlyRead    bool      // the read stream
	OnlyStarred bool      // the starred stream
	After       time.Time // ot: published after; zero: no bound
	Before      time.Time // nt: published before; zero: no bound
	OldestFirst bool      // r=o
	Limit       int       // n; the backend caps it
	// Continuation is the opaque token of the previous page ("" for the
	// first).
	Continuation string
}

// Marks keeps read and starred state per owner (docs/marks.md). Unknown
// article ids are ignored. Both backends implement it; the rules (what a
// scope covers, how "all read before" combines with single marks) live
// in this package, not in the backends.
type Marks interface {
	// SetRead and SetStarred mark (or unmark) the articles ids and return
	// how many changed.
	SetRead(ctx context.Context, owner Owner, ids []int64, read bool) (int, error)
	SetStarred(ctx context.Context, owner Owner, ids []int64, starred bool) (int, error)
	// MarkAllRead marks every article of scope published at or before
	// before read and returns how many changed; later articles stay
	// unread.
	MarkAllRead(ctx context.Context, owner Owner, scope Scope, before time.Time) (int, error)
	// MarksOf returns the marks of ids (absent ids: unread, not starred).
	MarksOf(ctx context.Context, owner Owner, ids []int64) (map[int64]ArticleMarks, error)
	// UnreadCount counts scope's unread articles.
	UnreadCount(ctx context.Context, owner Owner, scope Scope) (int, error)
	// UnreadBy counts unread articles per source (or feed) id; groups
	// without unread articles may be absent.
	UnreadBy(ctx context.Context, owner Owner, by model.UnreadGrouping) (map[string]int, error)
	// StreamIDs lists a stream's article ids, newest first unless
	// OldestFirst, and the continuation of the next page ("" at the end).
	StreamIDs(ctx context.Context, owner Owner, s Stream) (ids []int64, next string, err error)
}

// ArticlesByID is the lookup of stored articles by id (Google Reader's
// stream/items/contents); ids not stored are left out.
type ArticlesByID interface {
	ArticlesByID(ctx context.Context, ids []int64) ([]model.Article, error)
}
