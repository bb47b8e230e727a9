package store

import (
	"context"
	"testing"
)

// fakeIDs is a catalogue's ids as a map, looked up as a backend would.
type fakeIDs struct {
	ids     map[int64]bool
	lookups int
}

func (f *fakeIDs) lookup(_ context.Context, secs []int64) (map[int64]SecondUse, error) {
	f.lookups++
	uses := map[int64]SecondUse{}
	for _, s := range secs {
		lo, hi := SecondIDs(s)
		for id := range f.ids {
			if id < lo || id > hi {
				continue
			}
			u := uses[s]
			if !u.Used || id < u.Lo {
				u.Lo = id
			}
			if !u.Used || id > u.Hi {
				u.Hi = id
			}
			u.Used = true
			uses[s] = u
		}
	}
	return uses, nil
}

// More articles of one second than it has slots all get ids, distinct,
// in that second and then the next, with one lookup per second.
func TestAllocatorHasNoCeilingPerSecond(t *testing.T) {
	const sec = 1_700_000_000
	f := &fakeIDs{ids: map[int64]bool{}}
	lo, hi := SecondIDs(sec)
	f.ids[lo+100], f.ids[lo+200] = true, true // stored before: they keep their ids
	a := NewIDAllocator(f.lookup)
	const n = 1<<IDShift + 5000
	got := map[int64]bool{}
	for range n {
		id, err := a.Next(context.Background(), sec)
		if err != nil {
			t.Fatal(err)
		}
		if got[id] || f.ids[id] {
			t.Fatalf("id %d handed out twice", id)
		}
		got[id] = true
		if s := IDSecond(id); s != sec && s != sec+1 {
			t.Fatalf("id %d is of second %d, want %d or the next", id, s, sec)
		}
	}
	inSec := 0
	for id := range got {
		if id >= lo && id <= hi {
			inSec++
		}
	}
	// Above the highest stored id, and below the lowest.
	if want := (1 << IDShift) - 201 + 100; inSec != want {
		t.Fatalf("%d ids in the second itself, want %d (the slots above 200 and below 100)", inSec, want)
	}
	if f.lookups != 2 {
		t.Fatalf("%d lookups for two seconds", f.lookups)
	}
}

// An id taken behind the allocator's back is found again after Forget.
func TestAllocatorForgets(t *testing.T) {
	f := &fakeIDs{ids: map[int64]bool{}}
	a := NewIDAllocator(f.lookup)
	id, _ := a.Next(context.Background(), 5)
	f.ids[id], f.ids[id+1] = true, true // and another writer took the next
	a.Forget(5)
	next, _ := a.Next(context.Background(), 5)
	if next != id+2 {
		t.Fatalf("after Forget: %d, want %d", next, id+2)
	}
}

// Negative seconds (before 1970) have their range too.
func TestSecondIDsBeforeTheEpoch(t *testing.T) {
	lo, hi := SecondIDs(-1)
	if lo != -65536 || hi != -1 || IDSecond(lo) != -1 || IDSecond(hi) != -1 {
		t.Fatalf("second -1: %d..%d", lo, hi)
	}
}
