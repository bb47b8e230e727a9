package cli

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"tidings/extract"
	"tidings/model"
	"tidings/state"
	"tidings/ui/common"
)

// openState opens the state file for a command (saved export, watch
// check): $XDG_STATE_HOME/tidings/state.db, created when missing. The
// reader opens it lazily instead (openStateLazily).
func openState() (*state.Store, error) {
	path, err := state.DefaultPath()
	if err != nil {
		return nil, fmt.Errorf("state file: %w", err)
	}
	st, err := state.Open(path)
	if err != nil {
		return nil, fmt.Errorf("state file: %w", err)
	}
	return st, nil
}

// lazyState is the reader's memory (common.State) over a state file that
// opens on first use: opening it and checking it (PRAGMA quick_check)
// takes a few milliseconds of CPU, which the first headlines must not
// share the cores with. The UI makes its first call (the read history)
// once the start screen has its first page, inside a command, so the file
// opens then, off the start-up path and off the event loop.
type lazyState struct {
	path string
	once sync.Once
	st   *state.Store
	err  error // the file could not be opened at all; every call says so
}

// openStateLazily returns the state at state.DefaultPath, to be opened on
// first use. It returns nil when there is no place for one (no home
// directory): then the reader keeps nothing beyond the session.
func openStateLazily() *lazyState {
	path, err := state.DefaultPath()
	if err != nil {
		return nil
	}
	return &lazyState{path: path}
}

// state is l as the UI's Config takes it: nil, not a nil *lazyState, when
// there is no state file.
func (l *lazyState) state() common.State {
	if l == nil {
		return nil
	}
	return l
}

// Close closes the file if it was opened; after Close it never opens.
func (l *lazyState) Close() error {
	if l == nil {
		return nil
	}
	l.once.Do(func() { l.err = errors.New("state file: closed") })
	if l.st == nil {
		return nil
	}
	return l.st.Close()
}

// store opens the file the first time it is called, and returns it.
func (l *lazyState) store(ctx context.Context) (*state.Store, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l.once.Do(func() { l.st, l.err = state.Open(l.path) })
	if l.err != nil {
		return nil, l.err
	}
	return l.st, nil
}

var _ common.State = (*lazyState)(nil)

// Preference implements common.State.
func (l *lazyState) Preference(ctx context.Context, name string) (string, error) {
	st, err := l.store(ctx)
	if err != nil {
		return "", err
	}
	return st.Preference(ctx, name)
}

// SetPreference implements common.State.
func (l *lazyState) SetPreference(ctx context.Context, name, value string) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.SetPreference(ctx, name, value)
}

// MarkRead implements common.State.
func (l *lazyState) MarkRead(ctx context.Context, key string, at time.Time) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.MarkRead(ctx, key, at)
}

// MarkUnread implements common.Unreader: m on a read article.
func (l *lazyState) MarkUnread(ctx context.Context, key string) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.MarkUnread(ctx, key)
}

// ReadKeys implements common.State.
func (l *lazyState) ReadKeys(ctx context.Context) (state.ReadSet, error) {
	st, err := l.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.ReadKeys(ctx)
}

// Save implements common.State.
func (l *lazyState) Save(ctx context.Context, a model.Article, at time.Time) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.Save(ctx, a, at)
}

// Unsave implements common.State.
func (l *lazyState) Unsave(ctx context.Context, key string) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.Unsave(ctx, key)
}

// SavedKeys implements common.State.
func (l *lazyState) SavedKeys(ctx context.Context) (map[string]struct{}, error) {
	st, err := l.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.SavedKeys(ctx)
}

// Saved implements common.State.
func (l *lazyState) Saved(ctx context.Context) ([]state.SavedArticle, error) {
	st, err := l.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.Saved(ctx)
}

// SetFullText implements common.State.
func (l *lazyState) SetFullText(ctx context.Context, key string, text extract.Article) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.SetFullText(ctx, key, text)
}

// AddWatch implements common.State.
func (l *lazyState) AddWatch(ctx context.Context, name string, q model.ArticlesQuery, at time.Time) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.AddWatch(ctx, name, q, at)
}

// Watches implements common.State.
func (l *lazyState) Watches(ctx context.Context) ([]state.Watch, error) {
	st, err := l.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.Watches(ctx)
}

// MarkSeen implements common.State.
func (l *lazyState) MarkSeen(ctx context.Context, name string, at time.Time) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.MarkSeen(ctx, name, at)
}

// RemoveWatch implements common.State.
func (l *lazyState) RemoveWatch(ctx context.Context, name string) error {
	st, err := l.store(ctx)
	if err != nil {
		return err
	}
	return st.RemoveWatch(ctx, name)
}

// Notice implements common.State. It opens the file if it is not open
// yet (a few milliseconds, once), as the UI asks it in a command.
func (l *lazyState) Notice() error {
	st, err := l.store(context.Background())
	if err != nil {
		return err
	}
	return st.Notice()
}
