package common

// ReadSet is the articles opened in the reader this session, by their list
// key (articles.Key), so lists can show which ones the user has read. Its
// zero value is empty and ready. Only the root marks articles.
type ReadSet struct {
	keys map[string]struct{}
	// gen changes with every article marked, so caches of rendered rows
	// know to drop theirs (as they do for ThemeGen).
	gen int
}

// Mark records key as read.
func (r *ReadSet) Mark(key string) {
	if _, ok := r.keys[key]; ok {
		return
	}
	if r.keys == nil {
		r.keys = map[string]struct{}{}
	}
	r.keys[key] = struct{}{}
	r.gen++
}

// Has reports whether key was opened.
func (r *ReadSet) Has(key string) bool {
	_, ok := r.keys[key]
	return ok
}

// Gen is the number of articles marked so far.
func (r *ReadSet) Gen() int { return r.gen }
