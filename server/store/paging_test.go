package store

import (
	"testing"

	"tidings/model"
)

func TestLimitOffset(t *testing.T) {
	for _, c := range []struct {
		page, size    int
		limit, offset int64
	}{
		{1, 20, 20, 0},
		{3, 20, 20, 40},
		{0, 0, model.DefaultPageSize, 0},
		{-2, 5, 5, 0},
	} {
		if l, o := LimitOffset(c.page, c.size); l != c.limit || o != c.offset {
			t.Errorf("LimitOffset(%d, %d) = %d, %d; want %d, %d", c.page, c.size, l, o, c.limit, c.offset)
		}
	}
	// A page no store can hold reads past every row, not an overflowed
	// offset.
	if _, o := LimitOffset(1<<62, 100); o < 0 {
		t.Errorf("a huge page gives offset %d", o)
	}
}
