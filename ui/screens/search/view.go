package search

import (
	"strings"

	"charm.land/lipgloss/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// fullHeight is the content height from which the form stays on screen
// while the results have focus; below it the form collapses to a summary
// line so that an 80×24 terminal still shows a useful list.
const fullHeight = 30

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(1, width), max(1, height)
	m.form.setWidth(inputWidth(m.width))
	m.layout()
}

// formShown reports whether the full form is drawn (rather than the
// summary line).
func (m *Model) formShown() bool {
	return m.focus == focusForm || m.height >= fullHeight
}

// messageHeight is how many lines are kept under the form for its error
// or hint, reserved even when empty so the list does not jump.
func (m *Model) messageHeight() int {
	if m.height >= fullHeight {
		return 2
	}
	return 1
}

// resultsTop is the first row of the results list in the screen.
func (m *Model) resultsTop() int {
	if !m.formShown() {
		return 2 // summary and rule
	}
	return int(fieldCount) + m.messageHeight() + 1 // form, message, rule
}

// resultsHeight is the rows the form leaves to the results.
func (m *Model) resultsHeight() int { return max(1, m.height-m.resultsTop()) }

// columns splits the width between the results and the preview pane of
// the selected article; the preview is 0 wide below common.PreviewMinWidth.
func (m *Model) columns() (list, preview int) {
	if m.width < common.PreviewMinWidth {
		return m.width, 0
	}
	list = m.width * 11 / 20
	return list, m.width - list
}

// layout gives the results list the rows the form leaves.
func (m *Model) layout() {
	lw, _ := m.columns()
	m.results.SetSize(lw, m.resultsHeight())
}

// View implements common.Screen: exactly Width×Height.
func (m *Model) View() string {
	s := m.ctx.Styles
	lines := make([]string, 0, m.height+watchPromptHeight)
	if m.watch.open {
		// Above everything, pushing the screen down while it is open
		// (the mouse is off meanwhile).
		lines = append(lines, m.watchLines(s)...)
	}
	if m.formShown() {
		lines = append(lines, m.form.rows(m.width, s, m.focus == focusForm)...)
		hint := m.hint
		switch {
		case hint != "":
		case m.focus != focusForm:
			hint = "Press / or i to edit the search."
		case m.edited():
			hint = "enter runs the search as edited · esc drops the edits"
		}
		msg := m.form.messageLines(hint, m.width, m.messageHeight(), s)
		for len(msg) < m.messageHeight() {
			msg = append(msg, "")
		}
		lines = append(lines, msg...)
	} else {
		lines = append(lines, m.summaryLine(s))
	}
	lines = append(lines, s.Reader.Rule.Render(strings.Repeat("─", m.width)))
	lines = append(lines, m.resultsView(s)...)
	return frame(lines, m.width, m.height)
}

func (m *Model) summaryLine(s *theme.Styles) string {
	if !m.ran {
		return fit(s.Filters.Label.Render("No search yet — / to edit the form"), m.width)
	}
	return summary(m.active, m.width, s)
}

// resultsView is the list, or a note saying how to start before the
// first search.
func (m *Model) resultsView(s *theme.Styles) []string {
	if !m.ran {
		note := "Fill in the form and press enter to search."
		if m.focus != focusForm {
			note = "Press / to fill in the search form."
		}
		return []string{"", s.List.Empty.Render(textsafe.Truncate("  "+note, m.width))}
	}
	lw, pw := m.columns()
	if pw == 0 {
		return strings.Split(m.results.View(), "\n")
	}
	body := lipgloss.JoinHorizontal(lipgloss.Top, padBlock(m.results.View(), lw), m.previewView(pw))
	return strings.Split(body, "\n")
}

// previewView is the bordered preview pane of the selected result, cached
// until the selection, size, theme or minute (relative times) changes.
func (m *Model) previewView(width int) string {
	it, ok := m.results.Selected()
	height := m.resultsHeight()
	k := previewKey{
		item: articles.Key(it), ok: ok, width: width, height: height,
		themeGen: m.ctx.ThemeGen, minute: m.ctx.Clock().Unix() / 60,
	}
	if m.preview.text == "" || m.preview.key != k {
		border := m.ctx.Styles.Preview.Border
		inner := max(1, width-border.GetHorizontalFrameSize())
		m.preview = previewCache{key: k, text: border.Height(height).Render(articles.Preview(it, ok, inner, height, m.ctx))}
	}
	return m.preview.text
}

// previewKey is what the preview pane's rendering depends on.
type previewKey struct {
	item          string
	ok            bool
	width, height int
	themeGen      int
	minute        int64
}

type previewCache struct {
	key  previewKey
	text string
}

// padBlock pads every line of block to width cells, so a pane joined to
// its right lines up.
func padBlock(block string, width int) string {
	lines := strings.Split(block, "\n")
	for i, l := range lines {
		if n := width - lipgloss.Width(l); n > 0 {
			lines[i] = l + strings.Repeat(" ", n)
		}
	}
	return strings.Join(lines, "\n")
}

// frame pads or cuts lines to exactly height lines of at most width cells.
func frame(lines []string, width, height int) string {
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = fit(l, width)
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// joinIDs lists source ids for a hint: "a, b and c".
func joinIDs(ids []string) string {
	clean := make([]string, len(ids))
	for i, id := range ids {
		clean[i] = textsafe.Line(id)
	}
	if len(clean) == 1 {
		return clean[0]
	}
	return strings.Join(clean[:len(clean)-1], ", ") + " and " + clean[len(clean)-1]
}
