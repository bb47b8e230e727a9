package sources

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/ui/components/columns"
	"tidings/ui/components/picker"
	"tidings/ui/textsafe"
)

// Where an open picker's box sits, relative to the list's top-left corner.
const (
	pickerX = 2
	pickerY = 0
	// pickerMaxHeight keeps the box compact on tall terminals; it scrolls.
	pickerMaxHeight = 16
)

// detailsHint is shown under a source's details.
const detailsHint = "o open site · s search this source · y copy link · esc back"

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(1, width), max(1, height)
	m.layout()
}

// wide reports whether details sit in a pane beside the list.
func (m *Model) wide() bool {
	_, pane := columns.Split(m.width)
	return pane > 0
}

// listTop is the first row of the list: under the filter header and the
// line below it, which holds the local filter when there is one (and is
// blank otherwise, as on the headlines screen, so lists start on the same
// row on every tab).
func (m *Model) listTop() int { return 2 }

// listWidth is the list's share of the width; the rest is the details pane.
func (m *Model) listWidth() int {
	list, _ := columns.Split(m.width)
	return list
}

func (m *Model) layout() {
	h := max(1, m.height-m.listTop())
	m.list.SetSize(m.listWidth(), h)
	for _, p := range []interface{ SetSize(int, int) }{m.category, m.language, m.country} {
		p.SetSize(max(1, m.width-pickerX), max(1, min(h-pickerY, pickerMaxHeight)))
	}
	m.filter.SetWidth(max(1, m.width-5))
}

// View implements common.Screen: exactly Width×Height. The body is built
// to fit by construction (the list and pane keep to their widths), so only
// the header lines are measured here.
func (m *Model) View() string {
	lines := []string{ansi.Truncate(m.header(), m.width, "…"), ""}
	if m.filtering || m.filterText != "" {
		lines[1] = ansi.Truncate(m.filterLine(), m.width, "…")
	}
	bodyHeight := max(1, m.height-m.listTop())
	body := m.body(bodyHeight)
	if m.picker != nil {
		body = picker.Overlay(body, m.picker.View(), pickerX, pickerY)
	}
	lines = append(lines, strings.Split(body, "\n")...)
	if len(lines) > m.height {
		lines = lines[:m.height]
	}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// header names the service-side filters and the keys that change them.
func (m *Model) header() string {
	s := m.ctx.Styles.Filters
	text := " " + s.Value.Render(filterLine(m.query))
	long := s.Key.Render("c") + s.Label.Render(" category · ") + s.Key.Render("l") +
		s.Label.Render(" language · ") + s.Key.Render("t") + s.Label.Render(" country · ") +
		s.Key.Render("/") + s.Label.Render(" filter")
	short := s.Key.Render("c l t") + s.Label.Render(" filters · ") + s.Key.Render("/") + s.Label.Render(" find")
	for _, keys := range []string{long, short} {
		if gap := m.width - lipgloss.Width(text) - lipgloss.Width(keys); gap >= 2 {
			return text + strings.Repeat(" ", gap) + keys
		}
	}
	return text
}

// filterLine is the local filter: the input while typing, else the kept
// text with how to clear it.
func (m *Model) filterLine() string {
	if m.filtering {
		return " " + m.filter.View()
	}
	s := m.ctx.Styles.Filters
	return s.Label.Render(" / ") + s.Value.Render(textsafe.Line(m.filterText)) + s.Label.Render("  (esc clears)")
}

// body is the list, the details instead of it (narrow), or both side by
// side (wide).
func (m *Model) body(height int) string {
	it, selected := m.list.Selected()
	if !m.wide() {
		if m.details && selected {
			lines := detailsLines(it, m.width-2, m.ctx.Styles, detailsHint)
			for i, l := range lines {
				lines[i] = "  " + l
			}
			return frame(lines, m.width, height)
		}
		return m.list.View()
	}
	lw := m.listWidth()
	list := strings.Split(m.list.View(), "\n")
	pane := m.pane(it, selected, m.width-lw, height)
	var b strings.Builder
	for i := range height {
		if i > 0 {
			b.WriteByte('\n')
		}
		l := ""
		if i < len(list) {
			l = list[i]
		}
		b.WriteString(l)
		b.WriteString(strings.Repeat(" ", max(0, lw-ansi.StringWidth(l))))
		if i < len(pane) {
			b.WriteString(pane[i])
		}
	}
	return b.String()
}

// pane is the bordered details pane of the wide layout, one string per
// line, cached until the selection, size, theme or details state changes
// (measuring and wrapping every frame would dominate the frame's cost).
func (m *Model) pane(it item, selected bool, width, height int) []string {
	k := paneKey{item: it.key(), selected: selected, details: m.details,
		width: width, height: height, themeGen: m.ctx.ThemeGen}
	if m.paneCache.lines != nil && m.paneCache.key == k {
		return m.paneCache.lines
	}
	border := m.ctx.Styles.Preview.Border
	inner := max(1, width-border.GetHorizontalFrameSize())
	var lines []string
	if selected {
		hint := "enter for actions"
		if m.details {
			hint = detailsHint
		}
		lines = detailsLines(it, inner, m.ctx.Styles, hint)
	}
	text := border.Height(height).Render(frame(lines, inner, height))
	m.paneCache = paneCache{key: k, lines: strings.Split(text, "\n")}
	return m.paneCache.lines
}

// paneKey is everything the details pane's rendering depends on.
type paneKey struct {
	item                    string
	selected, details       bool
	width, height, themeGen int
}

type paneCache struct {
	key   paneKey
	lines []string
}

// frame pads or cuts lines to exactly height lines of at most width cells.
func frame(lines []string, width, height int) string {
	out := make([]string, height)
	for i := range out {
		if i < len(lines) {
			out[i] = ansi.Truncate(lines[i], width, "…")
		}
	}
	return strings.Join(out, "\n")
}
