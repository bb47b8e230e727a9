package store

import "fmt"

// The feed checks: what makes a new feed or a poll invalid, and the error
// each answers. Both backends ask the same questions of their own tables
// (FeedLookups) and return these errors as they are, so a refused feed
// reads the same whichever store the service runs on.

// FeedLookups are the questions the feed checks ask of a backend, inside
// the transaction of the write they guard.
type FeedLookups struct {
	// FeedByURL answers the id of the feed at url, "" when there is none.
	FeedByURL func(url string) (string, error)
	// IDTaken says whether id is a stored source's, a feed's, or the
	// source id of any stored article.
	IDTaken func(id string) (bool, error)
	// FeedExists says whether a feed has the id.
	FeedExists func(id string) (bool, error)
}

// CheckFeedShape refuses a feed to add that lacks its source id or URL,
// before any lookup.
func CheckFeedShape(f Feed) error {
	if f.Source.ID == "" {
		return fmt.Errorf("add feed %s: its source has no id", f.URL)
	}
	if f.URL == "" {
		return fmt.Errorf("add feed %q: no feed URL", f.Source.ID)
	}
	return nil
}

// CheckAddFeed decides whether f may be added: its URL must be new
// (ErrFeedExists) and its source id unused (ErrIDTaken), since a feed's
// articles are its source's and would otherwise take in, and later prune
// or remove, articles of an import. refused is the feed's own error;
// err says a lookup failed, so the store could not tell.
func CheckAddFeed(f Feed, look FeedLookups) (refused, err error) {
	if refused := CheckFeedShape(f); refused != nil {
		return refused, nil
	}
	id := f.Source.ID
	other, err := look.FeedByURL(f.URL)
	if err != nil {
		return nil, err
	}
	if other != "" {
		return fmt.Errorf("add feed %q: %s is feed %q: %w", id, f.URL, other, ErrFeedExists), nil
	}
	taken, err := look.IDTaken(id)
	if err != nil {
		return nil, err
	}
	if taken {
		return fmt.Errorf("add feed %q: source id %q: %w", id, id, ErrIDTaken), nil
	}
	return nil, nil
}

// CheckPollURL refuses a poll without items whose feed URL is empty, before
// any lookup: such a poll always records the URL.
func CheckPollURL(id, url string) error {
	if url == "" {
		return fmt.Errorf("save poll of feed %q: empty feed URL", id)
	}
	return nil
}

// CheckPollTarget decides whether feed id may move to url: not when url is
// another feed's (ErrFeedExists). An empty url keeps the feed's URL.
// refused is the poll's own error; err says a lookup failed.
func CheckPollTarget(id, url string, look FeedLookups) (refused, err error) {
	if url == "" {
		return nil, nil
	}
	other, err := look.FeedByURL(url)
	if err != nil {
		return nil, err
	}
	if other != "" && other != id {
		return fmt.Errorf("save poll of feed %q: its new URL %s is feed %q's: %w", id, url, other, ErrFeedExists), nil
	}
	return nil, nil
}

// CheckPoll decides whether a poll's result may be saved: its feed must
// still exist (it may have been removed while polled) and its new URL be
// no other feed's. refused is the poll's own error; err says a lookup
// failed.
func CheckPoll(p FeedPollResult, look FeedLookups) (refused, err error) {
	exists, err := look.FeedExists(p.ID)
	if err != nil {
		return nil, err
	}
	if !exists {
		return PollOfMissingFeed(p.ID), nil
	}
	return CheckPollTarget(p.ID, p.URL, look)
}

// PollOfMissingFeed is the answer to a poll of feed id when no feed has
// that id (ErrFeedNotFound).
func PollOfMissingFeed(id string) error {
	return fmt.Errorf("save poll of feed %q: %w", id, ErrFeedNotFound)
}
