package store

import (
	"context"
	"fmt"

	"tidings/stories"
)

// The bookkeeping of stories in a write, stated once for every backend.
// Every write of articles (Add, an import, feed items, pruning, removing
// a feed) notes in a StoryWrite the rows it inserted, each a story of its
// own as written, and the rows it deleted with their stories. Before it
// commits, the backend groups the inserted rows with its Grouper
// (GroupWrite), moves those that joined another story, and recounts the
// stories touched: those of deleted rows and those of every grouped row,
// joined or its own. Its own too: a row may take the id of one deleted by
// an earlier write (the same URL and second, say after a feed was removed
// and added again), whose story, named after it, still has members.

// StoryWrite is what one write transaction did to stories.
type StoryWrite struct {
	added   []int64
	at      map[int64]int // index in added of each inserted row still there
	removed []int64
	touched map[int64]bool
}

// Insert notes a row the write inserted.
func (w *StoryWrite) Insert(id int64) {
	if w.at == nil {
		w.at = map[int64]int{}
	}
	w.at[id] = len(w.added)
	w.added = append(w.added, id)
}

// Remove notes a row the write deleted and the story it was in. A row the
// write inserted and deleted again (a URL twice in one batch) is not
// grouped.
func (w *StoryWrite) Remove(id, story int64) {
	delete(w.at, id)
	w.removed = append(w.removed, id)
	w.Touch(story)
}

// Touch notes a story whose size is to be recounted.
func (w *StoryWrite) Touch(story int64) {
	if w.touched == nil {
		w.touched = map[int64]bool{}
	}
	w.touched[story] = true
}

// Added are the inserted rows still there, in the order inserted.
func (w *StoryWrite) Added() []int64 {
	out := make([]int64, 0, len(w.at))
	for i, id := range w.added {
		if j, ok := w.at[id]; ok && j == i {
			out = append(out, id)
		}
	}
	return out
}

// Removed are the deleted rows.
func (w *StoryWrite) Removed() []int64 { return w.removed }

// Touched are the stories whose sizes are to be recounted.
func (w *StoryWrite) Touched() map[int64]bool { return w.touched }

// GroupWrite groups added, the docs of the rows w inserted, with g
// (reading the stored stories it needs through loader, which must not
// offer the added rows themselves), after g forgets the rows w deleted.
// It returns the rows that joined another story and the stories they
// joined, and notes the story of every grouped row touched. A nil g is
// not allowed: the backend keeps (or makes) the Grouper.
func GroupWrite(ctx context.Context, g *stories.Grouper, loader stories.Loader, w *StoryWrite, added []stories.Doc) (moved, to []int64, err error) {
	g.Remove(w.removed)
	if len(added) == 0 {
		return nil, nil, nil
	}
	ids, err := g.Group(ctx, loader, added)
	if err != nil {
		return nil, nil, fmt.Errorf("group articles: %w", err)
	}
	for i := range added {
		w.Touch(ids[i])
		if ids[i] != added[i].ID {
			moved, to = append(moved, added[i].ID), append(to, ids[i])
		}
	}
	return moved, to, nil
}

// LegacyPopularityGiven tells, of an article stored by a catalogue from
// before stories (SQLite schema 3 or 4, PostgreSQL before migration
// 0003), whether its popularity was given by its import: not when it is
// the one derived from its URL (LegacyDerivedPopularity), nor for a
// feed's article (feeds give none).
func LegacyPopularityGiven(source, url string, popularity float64, feeds map[string]bool) bool {
	return !feeds[source] && popularity != LegacyDerivedPopularity(url)
}
