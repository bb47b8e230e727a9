package search

import (
	"strings"

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

// layout gives the results list the rows the form leaves.
func (m *Model) layout() {
	m.al.SetSize(m.width, m.resultsHeight())
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
	return strings.Split(m.al.View(), "\n")
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
