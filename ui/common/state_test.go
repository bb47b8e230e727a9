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

var _ Unreader = (*state.Store)(nil)

// m and the service's word: this session's choice wins over both the
// history and what the service said when the page came.
func TestReadSetSessionChoiceWins(t *testing.T) {
	var r ReadSet
	history := state.ReadSet{}
	history.Add("a")
	r.Merge(history)
	if !r.IsRead("a", false, false) || r.IsRead("b", false, false) {
		t.Fatal("without the service's word, the history decides")
	}
	if r.IsRead("a", false, true) || !r.IsRead("b", true, true) {
		t.Fatal("with the service's word, it decides over the history")
	}
	r.Unmark("a")
	r.Mark("b")
	if r.IsRead("a", true, true) || r.Has("a") || !r.IsRead("b", false, true) {
		t.Fatal("this session's m lost to the history or the service")
	}
	gen := r.Gen()
	r.Unmark("a")
	if r.Gen() != gen {
		t.Fatal("unmarking again changed the generation")
	}
	later := state.ReadSet{}
	later.Add("a")
	r.Merge(later)
	if r.Has("a") || !r.Has("b") {
		t.Fatal("a history loaded after m undid it")
	}
}
