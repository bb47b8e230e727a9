// Package store is the seam between the news service and where its
// catalogue lives. The server, the importer and feed ingestion depend on
// the interfaces here, never on a backend; each backend is a package of
// its own below this one (sqlite, the embedded default and the demo's;
// postgres, for several replicas over one database).
//
// This package holds the interfaces, the types they share, and the rules
// every backend follows, once: which feed item becomes which article
// (FeedItems, StoredContents), article ids (PreferredID, IDAllocator),
// URL hashing and hosts (URLHash, ReversedHost), time clamping
// (ClampSeconds) and the windows of story grouping (storywindow.go). It
// does no I/O and imports no backend; backends hold SQL only.
//
// # Adding a backend
//
// A new backend is a package of its own below this one
// (server/store/<name>), beside sqlite and postgres. It must implement
// Catalogue (Reader, Writer, FeedStore, Ping, Close) and should implement
// the capabilities of capabilities.go (FeedContents, FullTextSetter,
// StoryLoader, Watcher or ArticleLookup where they apply), Leader when
// several processes can share it, and Marks; it asserts each at compile
// time (var _ store.X = (*Store)(nil)) and says in its package doc which
// it lacks. It carries out the rules here through their small lookups
// (ItemLookup, ContentLookup, SecondLookup) rather than restating them,
// and passes the conformance suite: a test in its package calling
// storetest.Run with a function that opens an empty store. cli/catalogue.go
// is where a --db value is mapped to a backend.
package store

import (
	"context"
	"errors"
	"fmt"
	"io"

	"tidings/model"
)

// ErrUnavailable is what a backend's errors wrap when its database cannot
// be reached (a server stopped, a connection refused): the service answers
// 503, saying the catalogue is unavailable, rather than 500. Its message
// names no host, user or password.
var ErrUnavailable = errors.New("the catalogue database is unavailable")

// NotAStory is the error for a story id (ArticlesQuery.Story, our story
// extension) that this service cannot have given: a 400 naming story.
func NotAStory(id string) error {
	return &model.ValidationError{Param: "story", Kind: model.KindParameter,
		Message: fmt.Sprintf("story %q is not a story id of this service", id)}
}

// Reader answers the spec's three list queries.
type Reader interface {
	Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error)
	Headlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error)
	Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error)
	// Generation is the change signal for response caching: it changes
	// with every write, so anything computed while it returned g stays
	// true for as long as it returns g.
	Generation() uint64
}

// Writer adds to the catalogue. Sources are upserted by id and articles by
// URL (the later one wins).
type Writer interface {
	Add(ctx context.Context, sources []model.Source, articles []model.Article) error
	// ImportJSONL streams sources and articles in the spec's JSON shapes,
	// one per line (or list envelopes), skipping invalid lines.
	ImportJSONL(ctx context.Context, r io.Reader) (ImportStats, error)
}

// Catalogue is an open catalogue: what `tidings serve` reads, the
// importer writes and feed polling keeps current.
type Catalogue interface {
	Reader
	Writer
	FeedStore
	// Ping reports whether the backend answers (readiness).
	Ping(ctx context.Context) error
	Close() error
}

// ImportStats is what an import did.
type ImportStats struct {
	Lines    int // lines read, blank ones included
	Sources  int // sources stored
	Articles int // articles stored
	Skipped  int // lines (or list items) that were not valid and were left out
	// Errors describes the first skipped lines (at most MaxReportedErrors).
	Errors []LineError
}

// MaxReportedErrors bounds ImportStats.Errors so a garbage file cannot
// exhaust memory; Skipped still counts them all.
const MaxReportedErrors = 20

// LineError is an input line that could not be imported.
type LineError struct {
	Line int
	Err  error
}

// Error implements error.
func (e LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns the cause.
func (e LineError) Unwrap() error { return e.Err }
