package store

import (
	"slices"
	"testing"
)

// A row inserted and deleted again in one write is not grouped; its
// story, and a deleted row's, are recounted.
func TestStoryWriteKeepsTheRowsStillThere(t *testing.T) {
	var w StoryWrite
	w.Insert(10)
	w.Insert(11)
	w.Remove(10, 7)
	w.Insert(10) // stored again under the same id
	w.Insert(12)
	w.Remove(12, 12)
	if got := w.Added(); !slices.Equal(got, []int64{11, 10}) {
		t.Errorf("Added() = %v, want [11 10]", got)
	}
	if got := w.Removed(); !slices.Equal(got, []int64{10, 12}) {
		t.Errorf("Removed() = %v", got)
	}
	if tc := w.Touched(); len(tc) != 2 || !tc[7] || !tc[12] {
		t.Errorf("Touched() = %v, want 7 and 12", tc)
	}
}
