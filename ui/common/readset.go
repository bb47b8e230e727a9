package common

import "tidings/state"

// ReadSet is the articles the user has opened in the reader, this session
// and (with a State) before, so lists can show them dimmed. Articles are
// identified by their list key, articles.Key, which is state.Key: the
// article's URL, or a digest of its title, source and time when it has
// none. The persisted history (State.ReadKeys) merges in as it is, since
// both hold state.ReadSet digests. Its zero value is empty and ready. Only
// the root marks articles.
type ReadSet struct {
	set state.ReadSet
	// gen changes with every article marked and every merge, so caches of
	// rendered rows know to drop theirs (as they do for ThemeGen).
	gen int
}

// Mark records key as read.
func (r *ReadSet) Mark(key string) {
	if r.set.Has(key) {
		return
	}
	if r.set == nil {
		r.set = state.ReadSet{}
	}
	r.set.Add(key)
	r.gen++
}

// Has reports whether key was opened.
func (r *ReadSet) Has(key string) bool { return r.set.Has(key) }

// Merge adds the read history loaded from the state file. The set takes
// history (which is usually far larger than what was marked since start):
// the few articles marked meanwhile are added to it.
func (r *ReadSet) Merge(history state.ReadSet) {
	if len(history) == 0 {
		return
	}
	for d := range r.set {
		history[d] = struct{}{}
	}
	r.set = history
	r.gen++
}

// Gen changes with every change of the set.
func (r *ReadSet) Gen() int { return r.gen }
