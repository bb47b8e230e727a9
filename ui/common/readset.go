package common

import "tidings/state"

// ReadSet is the articles the user has read, so lists can tell read rows
// from unread ones: the history (with a State, merged once at start-up)
// and what the user did this session (opening, m, A). Articles are
// identified by their list key, articles.Key, which is state.Key: the
// article's URL, or a digest of its title, source and time when it has
// none. The persisted history (State.ReadKeys) merges in as it is, since
// both hold state.ReadSet digests. Its zero value is empty and ready. Only
// the root marks articles.
type ReadSet struct {
	set state.ReadSet
	// chosen is what the user chose this session, by key (true: read).
	// It wins over the history and over what a service that keeps marks
	// said when the page came (docs/marks.md), which may be older.
	chosen map[string]bool
	// gen changes with every article marked and every merge, so caches of
	// rendered rows know to drop theirs (as they do for ThemeGen).
	gen int
}

// Mark records key as read.
func (r *ReadSet) Mark(key string) { r.choose(key, true) }

// Unmark records key as unread (m on a read article).
func (r *ReadSet) Unmark(key string) { r.choose(key, false) }

func (r *ReadSet) choose(key string, read bool) {
	if was, ok := r.chosen[key]; ok && was == read {
		return
	}
	if r.chosen == nil {
		r.chosen = map[string]bool{}
	}
	r.chosen[key] = read
	if r.set == nil {
		r.set = state.ReadSet{}
	}
	if read {
		r.set.Add(key)
	} else {
		r.set.Remove(key)
	}
	r.gen++
}

// Has reports whether key was read, as far as the reader knows by itself
// (this session's choice, else the history).
func (r *ReadSet) Has(key string) bool {
	if read, ok := r.chosen[key]; ok {
		return read
	}
	return r.set.Has(key)
}

// IsRead reports whether an article is read: this session's choice, else
// what the service said (served) when it keeps marks for the article
// (known), else the history.
func (r *ReadSet) IsRead(key string, served, known bool) bool {
	if read, ok := r.chosen[key]; ok {
		return read
	}
	if known {
		return served
	}
	return r.set.Has(key)
}

// Merge adds the read history loaded from the state file. The set takes
// history (which is usually far larger than what was marked since start):
// this session's choices are applied to it.
func (r *ReadSet) Merge(history state.ReadSet) {
	if len(history) == 0 {
		return
	}
	for key, read := range r.chosen {
		if read {
			history.Add(key)
		} else {
			history.Remove(key)
		}
	}
	r.set = history
	r.gen++
}

// Gen changes with every change of the set.
func (r *ReadSet) Gen() int { return r.gen }
