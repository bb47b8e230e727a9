package headlines

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/components/picker"
)

const (
	filterBarHeight = 2 // the filter line and a blank line
	pickerX         = 0 // the picker box's left edge
)

// View implements common.Screen.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	body := m.body()
	if m.country.IsOpen() {
		body = picker.Overlay(body, m.country.View(), pickerX, 0)
	} else if m.category.IsOpen() {
		body = picker.Overlay(body, m.category.View(), pickerX, 0)
	}
	return m.cachedFilterBar() + "\n\n" + body
}

func (m *Model) body() string { return m.al.View() }

// cachedFilterBar redraws the filter line only when the filters, width
// or theme changed.
func (m *Model) cachedFilterBar() string {
	k := filterKey{country: m.query.Country, category: m.query.Category, source: m.sourceName(),
		width: m.width, themeGen: m.ctx.ThemeGen, collapsed: m.collapsed}
	if k != m.bar.key || m.bar.text == "" {
		m.bar = filterBarCache{key: k, text: m.filterBar()}
	}
	return m.bar.text
}

type filterKey struct {
	country   model.Country
	category  model.Category
	source    string
	width     int
	themeGen  int
	collapsed bool
}

type filterBarCache struct {
	key  filterKey
	text string
}

// filterBar is the line naming the current filters and the keys that
// change them.
func (m *Model) filterBar() string {
	if m.source != nil {
		return m.sourceBar()
	}
	s := m.ctx.Styles.Filters
	left := " " + s.Label.Render("Country ") + s.Value.Render(m.country.Label(string(m.query.Country))) +
		s.Label.Render("   Category ") + s.Value.Render(m.category.Label(string(m.query.Category)))
	if m.collapsed {
		left += s.Label.Render("   Stories ") + s.Value.Render("one row each")
	}
	// The key hints, most needed first; as many as fit are shown.
	k := m.ctx.Keys.Headlines
	hints := []string{
		s.Key.Render(k.Country.Help().Key) + s.Label.Render(" country"),
		s.Key.Render(k.Category.Help().Key) + s.Label.Render(" category"),
		s.Key.Render(k.Collapse.Help().Key) + s.Label.Render(" stories"),
	}
	for n := len(hints); n > 0; n-- {
		right := strings.Join(hints[:n], s.Label.Render(" · ")) + " "
		if gap := m.width - ansi.StringWidth(left) - ansi.StringWidth(right); gap >= 2 {
			return left + strings.Repeat(" ", gap) + right
		}
	}
	return ansi.Truncate(left, m.width, "…")
}
