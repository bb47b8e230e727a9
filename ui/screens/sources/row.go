package sources

import (
	"strings"

	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// Column widths of a source row.
const (
	nameWidth     = 26
	categoryWidth = 13
	placeWidth    = 7  // "de · de"
	descMinWidth  = 90 // from this list width on, rows show the description
)

// renderRow draws one source on one line: name, category, language and
// country codes, its unread count where the service keeps marks, and on
// wide lists the start of the description. Strings were sanitised when
// the page arrived.
func (m *Model) renderRow(it item, width int, selected bool, s *theme.Styles) string {
	marker, name, meta := " ", s.List.Title, s.List.Meta
	if selected {
		marker, name, meta = s.List.Marker.Render(theme.Marker), s.List.TitleSelected, s.List.MetaSelected
	}
	counts := 0
	if m.showsCounts() {
		counts = countWidth + 1
	}
	nw := min(nameWidth, max(width-2-categoryWidth-placeWidth-2-counts, 8))
	line := marker + " " + name.Render(cell(it.src.Name, nw)) + " " +
		meta.Render(cell(categoryName(it.src.Category), categoryWidth)) + " " +
		meta.Render(cell(place(it), placeWidth))
	if counts > 0 {
		line += " " + s.List.New.Render(cellRight(m.unreadText(it.src.ID), countWidth))
	}
	if width >= descMinWidth {
		used := 2 + nw + 1 + categoryWidth + 1 + placeWidth + 2 + counts
		line += "  " + s.List.Desc.Render(textsafe.Truncate(it.src.Description, max(width-used, 0)))
	}
	return line
}

// place is "de · de": language and country codes.
func place(it item) string {
	l, c := string(it.src.Language), string(it.src.Country)
	if l == "" {
		l = "—"
	}
	if c == "" {
		c = "—"
	}
	return l + " · " + c
}

// cellRight truncates s to w cells and pads it on the left to exactly w.
func cellRight(s string, w int) string {
	s = textsafe.Truncate(s, w)
	if n := w - textsafe.Width(s); n > 0 {
		s = strings.Repeat(" ", n) + s
	}
	return s
}

// cell truncates s to w cells and pads it to exactly w.
func cell(s string, w int) string {
	s = textsafe.Truncate(s, w)
	if n := w - textsafe.Width(s); n > 0 {
		s += strings.Repeat(" ", n)
	}
	return s
}
