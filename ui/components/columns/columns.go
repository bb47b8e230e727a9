// Package columns splits a list screen's width between the list and the
// pane beside it (an article's preview, a source's details), the same way
// on every screen, and joins the two blocks line by line.
package columns

import (
	"strings"

	"tidings/ui/common"
)

// Split divides width between a list and the pane beside it; the pane is 0
// wide below common.PreviewMinWidth, where the list takes it all.
func Split(width int) (list, pane int) {
	if width < common.PreviewMinWidth {
		return width, 0
	}
	list = width * 11 / 20
	return list, width - list
}

// Join puts two blocks side by side line by line. The left block's lines
// must already be padded to its width (pagedlist.WithFullWidthRows), so
// nothing is measured per frame.
func Join(left, right string) string {
	l, r := strings.Split(left, "\n"), strings.Split(right, "\n")
	for i := range l {
		if i < len(r) {
			l[i] += r[i]
		}
	}
	return strings.Join(l, "\n")
}
