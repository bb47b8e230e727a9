package ui

import (
	"strings"
	"testing"
)

// TestCursorMoveRedrawsOnlyTwoRows: a j changes the lines of the row it
// leaves and the row it enters, nothing else (no status, clock or chrome
// redrawn per frame), which is what keeps a key press to a few hundred
// bytes on the wire.
func TestCursorMoveRedrawsOnlyTwoRows(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{}, 120, 40, func(c *Config) { c.Client = perfClient{total: 300}; c.PageSize = 100 })
		h.keys("j", "j") // mid-screen, no scrolling on the next j
		before := strings.Split(h.app.View().Content, "\n")
		h.keys("j")
		after := strings.Split(h.app.View().Content, "\n")
		if len(before) != len(after) {
			t.Fatalf("frame height changed: %d -> %d lines", len(before), len(after))
		}
		var changed []int
		for i := range before {
			if before[i] != after[i] {
				changed = append(changed, i)
			}
		}
		// Rows are 4 lines at 120 columns (title, meta, description, gap);
		// the marker is drawn on the first three. The status line says
		// the new position ("4/300").
		status := len(after) - footerHeight
		if len(changed) == 0 || len(changed) > 7 || changed[len(changed)-1] != status {
			t.Fatalf("a j changed lines %v, want the 3+3 drawn lines of two rows and the status line", changed)
		}
		for _, i := range changed[:len(changed)-1] {
			if i < headerHeight+2 || i >= len(after)-footerHeight {
				t.Fatalf("a j changed line %d outside the list (header, filter bar, status, help): %q -> %q",
					i, before[i], after[i])
			}
		}
	})
}
