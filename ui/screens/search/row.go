package search

import (
	"tidings/ui/common"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// descMinWidth is the width from which result rows show a description line.
const descMinWidth = 100

// renderRow draws one result like a headlines row: the title, then source
// and relative time, then (on wide terminals) the description. The strings
// were sanitised when the page arrived; this only lays them out.
func (m *Model) renderRow(it item, width int, selected bool, s *theme.Styles) string {
	marker, title, meta := " ", s.List.Title, s.List.Meta
	if selected {
		marker, title, meta = s.List.Marker.Render(theme.Marker), s.List.TitleSelected, s.List.MetaSelected
	}
	inner := max(1, width-2)
	line1 := marker + " " + title.Render(textsafe.Truncate(it.title, inner))
	metaText := it.source
	if when := common.RelativeTime(m.ctx.Clock(), it.article.PublishedAt); when != "" {
		if metaText != "" {
			metaText += " · "
		}
		metaText += when
	}
	out := line1 + "\n" + marker + " " + meta.Render(textsafe.Truncate(metaText, inner))
	if width >= descMinWidth {
		out += "\n" + marker + " " + s.List.Desc.Render(textsafe.Truncate(it.desc, inner))
	}
	return out
}

// rowHeight is how many lines renderRow draws at width.
func rowHeight(width int) int {
	if width >= descMinWidth {
		return 3
	}
	return 2
}

// applyStyles gives the text inputs the theme's look. The cursor does not
// blink: a blinking cursor would tick forever while the screen is idle.
func (m *Model) applyStyles() {
	st := m.ctx.Styles.TextInput
	st.Cursor.Blink = false
	for i := range m.form.inputs {
		m.form.inputs[i].SetStyles(st)
	}
}
