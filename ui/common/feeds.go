package common

import (
	"context"
	"time"

	"tidings/model"
)

// Feeds is the feed poller of personal mode, as the UI sees it: the
// reader reads the user's own catalogue through the in-process service,
// and this polls its feeds in the background. It is nil on a remote
// service and in the demo.
type Feeds interface {
	// Refresh asks for a polling pass over every feed now; its progress
	// and end arrive on Updates.
	Refresh()
	// Updates delivers the polling status: once soon after start, when a
	// pass the user asked for starts, and after every pass. A reader that
	// falls behind gets the latest status, never a backlog. The reader
	// asks for the channel once and stops listening if it is closed.
	Updates() <-chan FeedsStatus
	// List returns every feed and how its polling stands, by id.
	List(ctx context.Context) ([]model.FeedStatus, error)
	// RefreshFeed polls one feed now (disabled or not) and returns when
	// the poll is over: how many articles it added or changed, or why it
	// failed.
	RefreshFeed(ctx context.Context, id string) (changed int, err error)
	// SetEnabled switches polling of one feed off, or on again.
	SetEnabled(ctx context.Context, id string, enabled bool) error
}

// FeedLister is a remote service that lists its catalogue's feeds
// (api.Client, through tidings serve's GET /v2/feeds): the Feeds screen
// reads it where the feeds are polled by the service, not by this
// process, and cannot change them.
type FeedLister interface {
	Feeds(ctx context.Context) ([]model.FeedStatus, error)
}

// FeedsStatus is how feed polling stands.
type FeedsStatus struct {
	Feeds   int // subscriptions
	Failing int // feeds whose last poll failed
	// FailingNames names the failing feeds (their sources' names), so a
	// message can say which; it may hold fewer than Failing.
	FailingNames []string
	Updated      time.Time // the last successful poll of any feed; zero: never
	// Refreshing: a pass the user asked for is running.
	Refreshing bool
	// Changed counts the articles the pass that just ended added or
	// changed; when it is not zero, lists loaded before it are stale.
	Changed int
	// Requested: the pass that just ended was one the user asked for.
	Requested bool
	// Note, when not empty, is a sentence for the status bar about how
	// polling changed (the settings file's refresh_interval was edited).
	Note string
}
