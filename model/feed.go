package model

import "time"

// FeedStatus is one feed of a catalogue (personal mode, tidings serve
// --db) and how its polling stands, as GET /v2/feeds lists it (an
// extension of the spec) and the reader's Feeds screen shows it.
type FeedStatus struct {
	// ID is the feed's id, which is its source's id: the feed's articles
	// are that source's.
	ID   string `json:"id"`
	Name string `json:"name"`
	// URL is the feed document's address.
	URL string `json:"url"`
	// Status is one of the FeedState values, as State says.
	Status FeedState `json:"status"`
	// Articles is how many articles the catalogue holds from the feed.
	Articles    int       `json:"articles"`
	LastAttempt time.Time `json:"lastAttempt,omitzero"`
	LastSuccess time.Time `json:"lastSuccess,omitzero"`
	// LastError says why the last poll failed; "" after a success.
	LastError string `json:"lastError,omitempty"`
	// Failures counts consecutive failed polls.
	Failures int `json:"failures,omitempty"`
	// NextPoll is when the feed is next due; zero: now (or never, when
	// Disabled is set).
	NextPoll time.Time `json:"nextPoll,omitzero"`
	// Disabled says why the feed is no longer polled (its server said
	// 410 Gone, or the user switched it off); "" while it is polled.
	Disabled string `json:"disabled,omitempty"`
}

// FeedState is a feed's polling state in one word.
type FeedState string

// The feed states.
const (
	FeedOK       FeedState = "ok"       // the last poll succeeded
	FeedFailing  FeedState = "failing"  // the last poll failed
	FeedDisabled FeedState = "disabled" // not polled (Disabled says why)
	FeedNew      FeedState = "new"      // never polled yet
)

// State is the feed's polling state, from its fields.
func (f FeedStatus) State() FeedState {
	switch {
	case f.Disabled != "":
		return FeedDisabled
	case f.LastError != "":
		return FeedFailing
	case f.LastSuccess.IsZero() && f.LastAttempt.IsZero():
		return FeedNew
	}
	return FeedOK
}
