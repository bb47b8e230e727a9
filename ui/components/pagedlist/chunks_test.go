package pagedlist

import (
	"slices"
	"strconv"
	"testing"
)

// TestChunksAcrossBlocks checks the block arithmetic where it can go
// wrong: at, just before and after each block's edge, after a sort that
// moves items between blocks, and after truncating into a block.
func TestChunksAcrossBlocks(t *testing.T) {
	var c chunks[int]
	const n = 3*chunkLen + 7
	for i := range n {
		c.Append(n - 1 - i) // descending
	}
	if c.Len() != n || len(c.blocks) != 4 {
		t.Fatalf("%d items in %d blocks, want %d in 4", c.Len(), len(c.blocks), n)
	}
	for _, i := range []int{0, chunkLen - 1, chunkLen, 2*chunkLen + 1, n - 1} {
		if got := c.At(i); got != n-1-i {
			t.Errorf("At(%d) = %d, want %d", i, got, n-1-i)
		}
	}
	c.SortStable(func(a, b int) int { return a - b })
	if !c.IsSorted(func(a, b int) int { return a - b }) {
		t.Fatal("not sorted after SortStable")
	}
	if got := slices.Collect(c.Values()); !slices.Equal(got, seq(n)) {
		t.Fatalf("sorted items %v…, want 0…%d", got[:5], n-1)
	}
	c.Truncate(chunkLen + 1)
	if c.Len() != chunkLen+1 || len(c.blocks) != 2 || c.At(chunkLen) != chunkLen {
		t.Fatalf("after Truncate: %d items in %d blocks, last %d", c.Len(), len(c.blocks), c.At(c.Len()-1))
	}
	c.Append(-1)
	if c.At(chunkLen+1) != -1 || c.Len() != chunkLen+2 {
		t.Fatalf("append after truncate: len %d, last %d", c.Len(), c.At(c.Len()-1))
	}
}

// TestChunksClearWhatTheyDrop makes sure a truncated item's text is no
// longer referenced (a list that forgets articles must let them go).
func TestChunksClearWhatTheyDrop(t *testing.T) {
	var c chunks[string]
	for i := range 10 {
		c.Append(strconv.Itoa(i))
	}
	c.Truncate(3)
	if got := c.blocks[0][3:10]; slices.ContainsFunc(got, func(s string) bool { return s != "" }) {
		t.Fatalf("truncated slots still hold %q", got)
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
