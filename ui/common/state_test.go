package common

import (
	"testing"

	"tidings/state"
)

// The UI's view of the memory is a subset of the store's methods, so the
// store itself is what main passes.
var _ State = (*state.Store)(nil)

func TestReadSetMergesTheHistory(t *testing.T) {
	var r ReadSet
	r.Mark("https://a.example/1")
	gen := r.Gen()
	history := state.ReadSet{}
	history.Add("https://a.example/2")
	r.Merge(history)
	if !r.Has("https://a.example/1") || !r.Has("https://a.example/2") || r.Has("https://a.example/3") {
		t.Fatal("the merged set lost an article or gained one")
	}
	if r.Gen() == gen {
		t.Fatal("a merge left the generation: rows would stay drawn unread")
	}
	var s KeySet
	s.Add("k")
	s.Remove("k")
	if s.Has("k") || s.Gen() != 2 {
		t.Fatalf("KeySet: has %v, gen %d", s.Has("k"), s.Gen())
	}
}
