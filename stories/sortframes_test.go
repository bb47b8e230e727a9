package stories

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortFramesOrdersByKeyThenFiller checks sortFrames against a plain
// sort on lengths around its cut-offs, on keys all different, on few
// keys (runs of equal keys, whose fillers order them) and on input
// already sorted either way.
func TestSortFramesOrdersByKeyThenFiller(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, keys := range []uint64{0, 3, 1 << 62} {
		for n := range 300 {
			s := make([]frame, n)
			for i := range s {
				k := r.Uint64()
				if keys > 0 {
					k %= keys
				}
				s[i] = frame{key: k, filler: uint32(r.IntN(4)), flags: uint8(i)}
			}
			for _, order := range []string{"random", "sorted", "reversed"} {
				in := slices.Clone(s)
				switch order {
				case "sorted":
					sortFrames(in)
				case "reversed":
					sortFrames(in)
					slices.Reverse(in)
				}
				got := slices.Clone(in)
				sortFrames(got)
				if !slices.IsSortedFunc(got, byKeyThenFiller) {
					t.Fatalf("keys %% %d, %d frames, %s: not sorted", keys, n, order)
				}
				if !sameFrames(got, in) {
					t.Fatalf("keys %% %d, %d frames, %s: frames lost or added", keys, n, order)
				}
			}
		}
	}
}

// byKeyThenFiller is the order conflict needs, written apart from
// frameLess so that the test checks it.
func byKeyThenFiller(a, b frame) int {
	if a.key != b.key {
		return cmp.Compare(a.key, b.key)
	}
	return cmp.Compare(a.filler, b.filler)
}

// sameFrames says a and b hold the same frames, as multisets.
func sameFrames(a, b []frame) bool {
	count := map[frame]int{}
	for _, f := range a {
		count[f]++
	}
	for _, f := range b {
		count[f]--
	}
	for _, c := range count {
		if c != 0 {
			return false
		}
	}
	return len(a) == len(b)
}
