package stories

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"tidings/model"
)

// Window is how far apart in time two articles of one story may be
// published. Within it the similarity an article needs to join a story
// rises from a quarter to identity (see match.go): coverage of one event
// bunches within hours, and the demo's labelled events are told apart
// best with a bar that steep (docs/stories.md).
const Window = 12 * time.Hour

// Retention is how far before the two-day epoch of the article it
// groups (four Window-long time buckets, see epochOf) a Grouper keeps
// articles indexed, and so what every grouping counts a word's rarity,
// the common words and the templates' slots over: an article published
// at t is grouped against the articles of its language published from
// the start of t's epoch less Retention up to t (and candidates only
// within Window of t). Every path groups over that same
// stretch (a bulk load's pass over the whole catalogue, feeds' and Add's
// writes, a Grouper that starts after a restart and reads it back from
// the store), so one catalogue stored in time order gets the same
// stories whichever way it was written (issue 29;
// server/store/storywindow.go).
//
// Ten days, not one: the statistics need articles, and a language that
// gets thirty a day (the demo's) has too few in a day to tell its common
// words and its templates' slots: measured on the demo catalogue, one day
// gave precision 0.90, three days 0.91-0.95, seven 0.95-0.97, ten
// 0.96-0.97, before anchors (docs/stories.md). A catalogue that takes more than
// DefaultMaxDocs articles in ten days is cut to that many (evict).
const Retention = 10 * 24 * time.Hour

// Doc is what grouping reads of an article.
type Doc struct {
	// ID is the store's id of the article, unique in the catalogue. The
	// first article of a story gives the story its id.
	ID       int64
	Source   string // source id
	Language model.Language
	// Published is when the article was published; an article without a
	// time is never grouped: it is a story of its own.
	Published   time.Time
	Title       string
	Description string
	Content     string // the text as stored; only its opening is read
}

// Member is an article that already belongs to a story, as a Loader hands
// it back from the store.
type Member struct {
	Doc
	Story int64
}

// Loader reads back from the store the articles already grouped.
type Loader interface {
	// Grouped returns the articles published in [from, to) with their
	// stories; a zero to is no upper bound.
	Grouped(ctx context.Context, from, to time.Time) ([]Member, error)
}

// FormatID is a story id as the service shows it (storyId, story=).
func FormatID(story int64) string { return strconv.FormatInt(story, 36) }

// ParseID reads a story id FormatID wrote.
func ParseID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 36, 64)
	if err != nil {
		return 0, fmt.Errorf("story id %q: %w", s, err)
	}
	return id, nil
}
