package common

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/model"
	"tidings/state"
)

// State is the reader's memory as the UI uses it: read history, saved
// articles and watched searches. *state.Store satisfies it; nil in
// Context.State means nothing is kept beyond the session.
//
// Every method may do disk I/O: call them only inside tea.Cmds, never in
// Update or View, and bring the result back as a message.
//
// Articles are identified by state.Key, and so are the UI's list keys
// (articles.Key): the read history, the saved marks and the lists agree.
type State interface {
	MarkRead(ctx context.Context, key string, at time.Time) error
	ReadKeys(ctx context.Context) (state.ReadSet, error)

	Save(ctx context.Context, a model.Article, at time.Time) error
	Unsave(ctx context.Context, key string) error
	SavedKeys(ctx context.Context) (map[string]struct{}, error)
	Saved(ctx context.Context) ([]state.SavedArticle, error)
	SetFullText(ctx context.Context, key string, text extract.Article) error

	AddWatch(ctx context.Context, name string, q model.ArticlesQuery, at time.Time) error
	Watches(ctx context.Context) ([]state.Watch, error)
	MarkSeen(ctx context.Context, name string, at time.Time) error
	RemoveWatch(ctx context.Context, name string) error

	// Preference and SetPreference keep the reader's small choices
	// (state.PrefCollapseStories); an unset one reads as "".
	Preference(ctx context.Context, name string) (string, error)
	SetPreference(ctx context.Context, name, value string) error

	// Notice is what to tell the reader once about the state file (not
	// kept, moved aside), or nil.
	Notice() error
}

// Unreader is a State that can also forget that an article was read (m
// on a read article); *state.Store is one. A State that is not keeps the
// choice for the session only.
type Unreader interface {
	MarkUnread(ctx context.Context, key string) error
}

// NoStateText is what the reader is told when a key needs the memory and
// this session has none.
const NoStateText = "Nothing is kept in this session: tidings has no state file to save to."

// StateTimeout bounds one State call: the file is local, but another
// tidings may hold its lock for a moment (the store's busy timeout is
// shorter).
const StateTimeout = 10 * time.Second

// StateFailedMsg says a State call failed. The root tells the reader the
// first time (one note per session, not one per article opened) and keeps
// working: the reader is never stopped by its memory.
type StateFailedMsg struct{ Err error }

// SavedChangedMsg says the saved articles changed (saved, removed, full
// text kept); the Saved screen reloads them.
type SavedChangedMsg struct{}

// WatchesChangedMsg says the watches changed (one added or deleted); the
// Saved screen reloads them.
type WatchesChangedMsg struct{}

// StateCmd runs call against s with a bounded context inside a command:
// done's message on success, StateFailedMsg on failure.
func StateCmd(parent context.Context, call func(ctx context.Context) error, done tea.Msg) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, StateTimeout)
		defer cancel()
		if err := call(ctx); err != nil {
			if errors.Is(err, context.Canceled) {
				return nil // the reader is quitting
			}
			return StateFailedMsg{Err: err}
		}
		return done
	}
}

// KeySet is a set of article keys (state.Key) with a generation that
// changes whenever it does, so row caches know to drop their entries.
// The zero value is empty and ready. Only the root changes it.
type KeySet struct {
	keys map[string]struct{}
	// removed is the keys taken out this session: an article the service
	// still calls starred on an older page is not saved any more.
	removed map[string]bool
	gen     int
}

// Has reports whether key is in the set.
func (s *KeySet) Has(key string) bool {
	_, ok := s.keys[key]
	return ok
}

// Add puts key in the set.
func (s *KeySet) Add(key string) {
	if s.Has(key) {
		return
	}
	if s.keys == nil {
		s.keys = map[string]struct{}{}
	}
	s.keys[key] = struct{}{}
	delete(s.removed, key)
	s.gen++
}

// Remove takes key out of the set.
func (s *KeySet) Remove(key string) {
	if s.removed == nil {
		s.removed = map[string]bool{}
	}
	if !s.Has(key) && s.removed[key] {
		return
	}
	s.removed[key] = true
	delete(s.keys, key)
	s.gen++
}

// Removed reports whether key was taken out of the set this session (and
// not put back).
func (s *KeySet) Removed(key string) bool { return s.removed[key] }

// Replace makes the set hold exactly keys (the set takes the map).
func (s *KeySet) Replace(keys map[string]struct{}) {
	s.keys = keys
	s.gen++
}

// Gen changes with every change of the set.
func (s *KeySet) Gen() int { return s.gen }
