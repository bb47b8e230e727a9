package pagedlist

import (
	"iter"
	"slices"
)

// chunkLen is how many items one block of a list holds. An article Item
// is about 256 bytes, so a block is 64 KiB: small enough that the last,
// partly filled block wastes little, large enough that a 10,000-article
// list is 40 blocks.
const chunkLen = 256

// chunks holds a list's items in fixed-size blocks rather than one slice.
// A slice grown by append doubles: a list of 10,000 articles held a
// 16,384-item array (4.2 MB for 2.6 MB of items), and each doubling
// briefly kept the old array beside the new one. Blocks are never copied
// as the list grows, and at most one is partly empty (issue 31: the
// reader's memory with 10,000 articles).
type chunks[T any] struct {
	blocks []*[chunkLen]T
	n      int
}

// Len is the number of items held.
func (c *chunks[T]) Len() int { return c.n }

// At is item i; it panics outside [0, Len()), as a slice would.
func (c *chunks[T]) At(i int) T {
	if i < 0 || i >= c.n {
		panic("pagedlist: item index out of range")
	}
	return c.blocks[i/chunkLen][i%chunkLen]
}

// Append adds v at the end.
func (c *chunks[T]) Append(v T) {
	if c.n == len(c.blocks)*chunkLen {
		c.blocks = append(c.blocks, new([chunkLen]T))
	}
	c.blocks[c.n/chunkLen][c.n%chunkLen] = v
	c.n++
}

// Reset forgets every item.
func (c *chunks[T]) Reset() { c.blocks, c.n = nil, 0 }

// All yields every item with its index, in order.
func (c *chunks[T]) All() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i := range c.n {
			if !yield(i, c.blocks[i/chunkLen][i%chunkLen]) {
				return
			}
		}
	}
}

// Values yields every item, in order.
func (c *chunks[T]) Values() iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, v := range c.All() {
			if !yield(v) {
				return
			}
		}
	}
}

// IsSorted reports whether the items are in cmp's order.
func (c *chunks[T]) IsSorted(cmp func(a, b T) int) bool {
	for i := 1; i < c.n; i++ {
		if cmp(c.At(i-1), c.At(i)) > 0 {
			return false
		}
	}
	return true
}

// SortStable puts the items in cmp's order, equal items keeping theirs.
// It sorts a copy and writes it back: lists are sorted when a page
// arrives (KeepSorted), never per frame.
func (c *chunks[T]) SortStable(cmp func(a, b T) int) {
	all := slices.Collect(c.Values())
	slices.SortStableFunc(all, cmp)
	for i, v := range all {
		c.blocks[i/chunkLen][i%chunkLen] = v
	}
}

// Truncate keeps the first n items, clearing the rest so that what they
// referenced can be collected, and drops the blocks no longer needed.
func (c *chunks[T]) Truncate(n int) {
	var zero T
	for i := n; i < c.n; i++ {
		c.blocks[i/chunkLen][i%chunkLen] = zero
	}
	c.n = min(n, c.n)
	c.blocks = c.blocks[:(c.n+chunkLen-1)/chunkLen]
}
