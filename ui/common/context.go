package common

import (
	"context"
	"time"

	"tidings/api"
	"tidings/keymap"
	"tidings/model"
	"tidings/ui/theme"
)

// Client is the news service as the UI sees it. api.Client satisfies it,
// and so do test fakes.
type Client interface {
	Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error)
	LatestHeadlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error)
	Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error)
}

// Layout limits shared by the root and the screens.
const (
	// PreviewMinWidth is the terminal width from which lists show a
	// preview pane of the selected item beside them.
	PreviewMinWidth = 140
	// MinWidth and MinHeight are the smallest terminal the layout
	// supports; below it the root shows a note instead.
	MinWidth  = 40
	MinHeight = 10
)

// Context is shared, through one pointer, by the root and every screen.
// It holds two parts: View, what a screen needs to draw, and Services,
// what it calls. Both are embedded so ctx.Width and ctx.Client read as
// fields of Context; a helper that needs only one part takes that part.
type Context struct {
	View
	Services
}

// View is what a screen or component needs to draw itself: the size, the
// styles and their generation, the keys, the clock and location, and the
// read and saved marks lists show. Only the root writes it (size on
// resize, Styles and ThemeGen on a background change, Read and Saved as
// the reader opens or saves articles); screens and components read it.
type View struct {
	Width, Height int // size of the content area between header and footer
	Styles        *theme.Styles
	// ThemeGen changes whenever Styles is replaced, so caches of rendered
	// rows know to drop their entries.
	ThemeGen int
	// Read is the articles opened (this session, and before with a
	// State); lists draw them dimmed.
	Read ReadSet
	// Saved is the keys of the saved articles; lists mark them. Only the
	// root changes it, as the State confirms (or before, for a toggle).
	Saved    KeySet
	Keys     *keymap.KeyMap
	Now      func() time.Time
	Location *time.Location // for absolute times; nil: time.Local
}

// Services is what a screen calls to fetch or keep things: the service's
// client and dialect, the reader's state and marks, the feed poller, the
// full-text fetcher, the quota, the lifetime of requests, and the settings
// that shape requests (page size, base URL, demo). The root fills it once
// at start-up (Quota too, when the client reports it) and never changes it
// afterwards; screens only read it, and call State, Marks, Feeds and
// FullText only inside commands.
type Services struct {
	// State is the reader's memory; nil: nothing outlives the session.
	// Call it only inside commands (see State).
	State  State
	Client Client
	// Dialect is how the service speaks; screens ask it what the service
	// can do (its languages, its search rules) and offer only that.
	Dialect  api.Dialect
	PageSize int // 0: the service's default
	Demo     bool
	// Feeds is the feed poller in personal mode (the user's own
	// catalogue); nil otherwise. The root listens to it; screens only ask
	// it for a refresh through RefreshFeedsMsg and word their help for it.
	Feeds   Feeds
	BaseURL string // for error hints; never holds the key
	// FullText fetches an article's page for the reader's full-text view
	// (f); nil: the feature is off and f says so.
	FullText FullText
	// FullTextAuto makes the reader fetch the full text on open when the
	// service's text is truncated, short or missing.
	FullTextAuto bool
	// Quota is the rate limit the service last stated, when the client
	// hears of it (*api.Client); nil: never known. See QuotaState.
	Quota QuotaReporter
	// Marks is the read and starred state the service keeps per key; nil
	// where it keeps none (see Marks).
	Marks Marks
	// Lifetime is the parent of every request's context; the root
	// cancels it when the reader quits, so no request outlives the UI.
	// nil: context.Background().
	Lifetime context.Context
}

// MarksGen changes whenever a row's marks (read, saved) may have, so row
// caches know to drop their entries.
func (c *View) MarksGen() int { return c.Read.Gen() + c.Saved.Gen() }

// Parent is the context requests derive from: Lifetime, or Background.
func (c *Services) Parent() context.Context {
	if c.Lifetime == nil {
		return context.Background()
	}
	return c.Lifetime
}

// Clock returns the current time through Now, so tests can pin it.
func (c *View) Clock() time.Time {
	if c.Now == nil {
		return time.Now()
	}
	return c.Now()
}

// Loc is the location absolute times are shown in.
func (c *View) Loc() *time.Location {
	if c.Location == nil {
		return time.Local
	}
	return c.Location
}
