package store

import (
	"context"
	"errors"
	"time"

	"tidings/model"
)

// A feed is a subscription kept in the catalogue beside sources and
// articles: one RSS, Atom or JSON feed polled into one source. The feed's
// id is its source's id; its articles are that source's articles.

// Feed is a subscription and its polling state.
type Feed struct {
	// Source is the source the feed's articles belong to; Source.ID is
	// the feed's id and Source.URL the site (not the feed document).
	Source model.Source
	// URL is the feed document's address; unique among feeds.
	URL string
	// FullText asks ingestion to store each article's extracted page
	// text as its content (for feeds that carry only summaries).
	FullText bool
	// AddedAt is when the subscription was made.
	AddedAt time.Time
	Poll    FeedPoll
	// Articles is how many stored articles the feed's source has. Filled
	// in by Feeds and FindFeed; ignored by writes.
	Articles int
}

// FeedPoll is what the poller remembers between polls of one feed.
type FeedPoll struct {
	// ETag and LastModified are the validators of the last 200 answer,
	// sent back as If-None-Match and If-Modified-Since.
	ETag, LastModified string
	LastAttempt        time.Time // zero: never polled
	LastSuccess        time.Time // zero: never fetched successfully
	// LastError says why the last poll failed; empty after a success.
	LastError string
	// Failures counts consecutive failed polls (the backoff's exponent).
	Failures int
	// NextPoll is when the feed is next due; zero means now.
	NextPoll time.Time
	// Disabled, when not empty, says why the feed is no longer polled
	// (410 Gone, say). Such a feed is never due.
	Disabled string
	// MinInterval is the feed's own lower bound on polling (RSS ttl,
	// sy:updatePeriod); zero when the feed states none.
	MinInterval time.Duration
}

// FeedItem is one feed entry, normalised, ready to store.
type FeedItem struct {
	// Article is the entry in the spec's shape. Its URL is the canonical
	// article URL, the article's identity across the catalogue.
	// PublishedAt is zero when the feed gave no usable date: the store
	// keeps the time it first saw the item instead.
	Article model.Article
	// GUID is the entry's id within its feed (RSS guid, Atom id, JSON
	// Feed id; the URL when the feed gives none): the second key by
	// which an edited entry whose URL changed is updated in place.
	GUID string
}

// FeedPollResult is one feed's poll, to store with SaveFeedPolls.
type FeedPollResult struct {
	ID string
	// URL, when set, is the feed's address from now on (a permanent
	// redirect); it must not be another feed's.
	URL   string
	Items []FeedItem // none for a poll that stored nothing (304, failure)
	Poll  FeedPoll
	// Seen is the time given to items without a publication date the
	// first time they are stored.
	Seen time.Time
}

// FeedWriteStats is what storing one poll's items did.
type FeedWriteStats struct {
	New       int // articles stored for the first time
	Updated   int // stored articles whose fields changed
	Unchanged int // items already stored as they are
}

// Errors of the feed store. Backends wrap them, so test with errors.Is.
var (
	// ErrFeedNotFound: no feed has that id or URL.
	ErrFeedNotFound = errors.New("no such feed")
	// ErrFeedExists: a feed with that URL is already subscribed.
	ErrFeedExists = errors.New("already subscribed")
	// ErrIDTaken: a source (of a feed or imported) already has the new
	// feed's id.
	ErrIDTaken = errors.New("source id already taken")
)

// FeedStore keeps subscriptions and writes what polling finds. Writes that
// change articles bump the Reader's Generation; writes of polling state
// alone do not (they change no answer of the service).
type FeedStore interface {
	// AddFeed stores a new subscription and its source. The source's id
	// must be set and be no stored source's (ErrIDTaken); the URL must not
	// be subscribed already (ErrFeedExists).
	AddFeed(ctx context.Context, f Feed) error
	// Feeds lists every subscription, by id, with its article count.
	Feeds(ctx context.Context) ([]Feed, error)
	// FindFeed returns the feed whose id or feed URL is idOrURL
	// (ErrFeedNotFound when none is).
	FindFeed(ctx context.Context, idOrURL string) (Feed, error)
	// RemoveFeed deletes the subscription, its source and its articles;
	// with keepArticles the source and its articles stay and only the
	// subscription goes. It returns how many articles were deleted.
	RemoveFeed(ctx context.Context, id string, keepArticles bool) (int, error)
	// SaveFeedPoll records a poll that stored no items (a 304, a
	// failure): the polling state, and the feed URL, which a permanent
	// redirect changes.
	SaveFeedPoll(ctx context.Context, id, url string, p FeedPoll) error
	// SaveFeedItems stores a fetched feed's items and its new polling
	// state. Items are matched to stored articles by GUID within the feed,
	// then by URL: a match whose fields differ is updated in place, never
	// duplicated. An item whose URL another source's article already has
	// is left to that source. seen is the time given to items without a
	// publication date the first time they are stored. Readers see all of
	// a transaction's items or none; a large feed may take several.
	SaveFeedItems(ctx context.Context, id string, items []FeedItem, p FeedPoll, seen time.Time) (FeedWriteStats, error)
	// SaveFeedPolls stores several polls as SaveFeedItems (and, for a
	// poll without items, SaveFeedPoll) would one by one, but together:
	// the polls' items share transactions of the backend's batch size, so
	// a pass over many feeds commits once per batch rather than once per
	// feed. Each poll succeeds or fails on its own: stats[i] and errs[i]
	// are poll i's.
	SaveFeedPolls(ctx context.Context, polls []FeedPollResult) (stats []FeedWriteStats, errs []error)
	// PruneArticles deletes articles of feeds published before cutoff,
	// and returns how many.
	PruneArticles(ctx context.Context, cutoff time.Time) (int, error)
}

// Leader elects one poller among the processes sharing a catalogue
// (replicas over one PostgreSQL database, readers of one SQLite file), so
// each feed is fetched once (package feeds polls only while it leads).
type Leader interface {
	// TryLead tries once, without waiting, to become the poller. ok is
	// false when another process leads. A Lease held is lost when the
	// process dies or loses its connection to the catalogue, so another
	// can take over.
	TryLead(ctx context.Context) (lease Lease, ok bool, err error)
}

// Lease is a held lead.
type Lease interface {
	// Lost is closed when the lead is no longer held.
	Lost() <-chan struct{}
	// Release gives the lead up.
	Release()
}
