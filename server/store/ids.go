package store

import (
	"context"
	"fmt"
)

// Article ids. An article's id is its publication second shifted left by
// IDShift, plus a slot below 1<<IDShift: ids sort as publication times do,
// so a time filter is an id range (SecondIDs) and the row id is the time
// index. Both backends store ids so and every id ever handed out keeps
// its value: the rule below chooses new ids only.
//
// The rule, decided here once for every backend (which only run the
// lookups it asks for):
//
//   - An article takes its preferred id first: its second and a slot
//     hashed from its URL (PreferredID). Articles of distinct seconds, and
//     most of one second, never need more, and an article replaced in
//     place (same URL, same second) keeps its id.
//   - When that id is taken, an IDAllocator gives the next free one of the
//     second: it looks the second up once (its lowest and highest ids, two
//     index seeks) and then hands out the slots above the highest, then
//     those below the lowest, in memory. Every later article of that
//     second in the same write goes to the allocator directly. No probing:
//     an article costs at most one insert more, and a second one lookup
//     per write.
//   - When a second has no slot left above its highest id or below its
//     lowest, the article spills over to the next second that has one
//     (each such second also looked up once per write).
//
// The guarantee: an article's id second is its publication second, or,
// only when that second is crowded (its hashed slot taken and no slot free
// above its highest or below its lowest id), a later one: the first second
// after it with a free slot at either end. A burst of n articles in one
// second spreads over about n/65,536 seconds, so a time filter (an id
// range) may place an article of a crowded second up to that many seconds
// late; there is no ceiling on the articles of one second.
//
// Undated imported articles are of second 0; feed items without a date
// are of the second they were first seen.

// IDShift is how far an id's second is shifted.
const IDShift = 16

// slotMask masks an id's slot.
const slotMask = 1<<IDShift - 1

// MaxIDSecond keeps seconds<<IDShift inside an int64 (about ±2 million
// years); seconds beyond are clamped (ClampSeconds).
const MaxIDSecond = 1 << 46

// ClampSeconds clamps a Unix second into the range ids can hold.
func ClampSeconds(s int64) int64 { return max(-MaxIDSecond, min(s, MaxIDSecond)) }

// IDSecond is the second an id's range belongs to.
func IDSecond(id int64) int64 { return id >> IDShift }

// SecondIDs is the range of ids of second sec, both ends included.
func SecondIDs(sec int64) (lo, hi int64) { return sec << IDShift, sec<<IDShift | slotMask }

// PreferredID is the id an article of second sec at url tries first.
func PreferredID(sec int64, url string) int64 {
	return sec<<IDShift | int64(URLHash(url)&slotMask)
}

// SecondUse is what a backend reports of one second: its lowest and
// highest stored ids; Used is false when it holds none.
type SecondUse struct {
	Lo, Hi int64
	Used   bool
}

// SecondLookup reports the use of each of secs, as one write transaction
// sees it (rows it inserted included). A backend runs one index seek per
// end and second; it may answer several seconds in one query.
type SecondLookup func(ctx context.Context, secs []int64) (map[int64]SecondUse, error)

// IDAllocator hands out the ids of one write transaction for articles
// whose preferred id is taken (see the rule above). It is not safe for
// concurrent use.
type IDAllocator struct {
	lookup SecondLookup
	free   map[int64]*freeSlots
}

// freeSlots is what remains of one second: ids up..top upward, then
// down..base downward.
type freeSlots struct {
	up, top, down, base int64
}

// NewIDAllocator returns an allocator over a transaction's lookups.
func NewIDAllocator(lookup SecondLookup) *IDAllocator {
	return &IDAllocator{lookup: lookup, free: map[int64]*freeSlots{}}
}

// Crowded reports whether second sec's articles go to the allocator
// directly: a preferred id of it was taken already in this write.
func (a *IDAllocator) Crowded(sec int64) bool { return a.free[sec] != nil }

// Load looks up the seconds not known yet, in one call: a write that
// knows which seconds it will need asks for them together.
func (a *IDAllocator) Load(ctx context.Context, secs []int64) error {
	var need []int64
	seen := map[int64]bool{}
	for _, s := range secs {
		if a.free[s] == nil && !seen[s] {
			need = append(need, s)
			seen[s] = true
		}
	}
	if len(need) == 0 {
		return nil
	}
	uses, err := a.lookup(ctx, need)
	if err != nil {
		return fmt.Errorf("look up the ids of %d seconds: %w", len(need), err)
	}
	for _, s := range need {
		lo, hi := SecondIDs(s)
		f := &freeSlots{up: lo, top: hi, down: lo - 1, base: lo}
		if u := uses[s]; u.Used {
			f.up, f.down = u.Hi+1, u.Lo-1
		}
		a.free[s] = f
	}
	return nil
}

// Next returns a free id for an article of second sec: of sec if it has
// one left at either end, else of the first later second that has.
func (a *IDAllocator) Next(ctx context.Context, sec int64) (int64, error) {
	for s := sec; s <= MaxIDSecond; s++ {
		if err := a.Load(ctx, []int64{s}); err != nil {
			return 0, err
		}
		f := a.free[s]
		if f.up <= f.top {
			f.up++
			return f.up - 1, nil
		}
		if f.down >= f.base {
			f.down--
			return f.down + 1, nil
		}
	}
	return 0, fmt.Errorf("no article id is free after second %d", sec)
}

// Forget drops what the allocator knows of sec, so that the next Next
// looks it up again: after an id it gave turned out taken (another
// writer's row, on a backend with concurrent writers).
func (a *IDAllocator) Forget(sec int64) { delete(a.free, sec) }

// Taken tells the allocator that id was stored outside it in this write
// (a preferred id of a second it had loaded already), so it is not handed
// out again.
func (a *IDAllocator) Taken(id int64) {
	f := a.free[IDSecond(id)]
	if f == nil {
		return
	}
	if id >= f.up {
		f.up = id + 1
	}
	if id <= f.down {
		f.down = id - 1
	}
}

// MaxIDRetries bounds the inserts of one article whose allocated id was
// taken by a concurrent writer: each retry looks its second up again.
const MaxIDRetries = 8
