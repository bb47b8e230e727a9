package store

// Feed states, as operators count them (the tidings_feeds gauge) and
// scripts read them (tidings feeds list --json).
const (
	FeedOK       = "ok"       // polling works, or has not been tried yet
	FeedFailing  = "failing"  // the last poll failed; polling goes on, backing off
	FeedDisabled = "disabled" // no longer polled (410 Gone, say)
)

// FeedStates are the states in the order reports list them.
func FeedStates() []string { return []string{FeedOK, FeedFailing, FeedDisabled} }

// State is the feed's polling state: FeedDisabled, FeedFailing or FeedOK.
func (p FeedPoll) State() string {
	switch {
	case p.Disabled != "":
		return FeedDisabled
	case p.LastError != "" || p.Failures > 0:
		return FeedFailing
	}
	return FeedOK
}
