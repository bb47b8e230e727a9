package picker

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Overlay draws box over body with its top-left corner at (x, y), as a
// modal: the rows the box covers are blanked across the body's whole width,
// so no list text shows beside the box, and the result keeps the body's
// size (a box taller than the body is cut off).
func Overlay(body, box string, x, y int) string {
	width, height := lipgloss.Width(body), lipgloss.Height(body)
	boxHeight := min(lipgloss.Height(box), max(height-y, 0))
	band := strings.TrimSuffix(strings.Repeat(strings.Repeat(" ", width)+"\n", boxHeight), "\n")
	out := lipgloss.NewCompositor(
		lipgloss.NewLayer(body),
		lipgloss.NewLayer(band).X(0).Y(y).Z(1),
		lipgloss.NewLayer(box).X(x).Y(y).Z(2),
	).Render()
	if lines := strings.Split(out, "\n"); len(lines) > height {
		out = strings.Join(lines[:max(height, 1)], "\n")
	}
	return out
}
