package saved

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
	"tidings/wording"
)

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.layout()
}

// layout gives the list the rows under the watches.
func (m *Model) layout() {
	m.al.SetSize(m.width, max(m.height-m.listTop(), 1))
	m.scrollWatches()
}

// watchRows is the lines the watches take: one per watch up to a third of
// the screen (they scroll beyond), or one for the note when there is none.
func (m *Model) watchRows() int {
	if len(m.watches) == 0 {
		return 1
	}
	return min(len(m.watches), max((m.height-4)/3, 1))
}

// listTop is the first line of the articles' list: the watches' section
// line, rows and a blank line, then the articles' section line.
func (m *Model) listTop() int { return m.watchRows() + 3 }

func (m *Model) scrollWatches() {
	rows := m.watchRows()
	if m.wcursor < m.woffset {
		m.woffset = m.wcursor
	}
	if m.wcursor >= m.woffset+rows {
		m.woffset = m.wcursor - rows + 1
	}
	m.woffset = max(min(m.woffset, len(m.watches)-rows), 0)
}

// View implements common.Screen: exactly Width×Height.
func (m *Model) View() string {
	s := m.ctx.Styles.List
	lines := make([]string, 0, m.height)
	add := func(l string) { lines = append(lines, fit(l, m.width)) }
	switch {
	case m.ctx.State == nil:
		add("")
		add("  " + s.Empty.Render(common.NoStateText))
		add("  " + s.Empty.Render("Saved articles and watched searches last only as long as tidings runs."))
	case !m.loaded:
		add("")
		add("  " + s.Footer.Render("Loading saved articles…"))
	default:
		lines = append(lines, m.watchLines()...)
		lines = append(lines, "")
		head := "Saved articles · " + wording.Thousands(m.list.Loaded())
		if m.loadErr != "" {
			head += " · could not read them: " + m.loadErr
		}
		add(" " + m.section(head, m.focus == focusArticles))
		lines = append(lines, strings.Split(m.list.View(), "\n")...)
	}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	return strings.Join(lines[:m.height], "\n")
}

// fit cuts a styled line to width cells.
func fit(line string, width int) string { return ansi.Truncate(line, max(width, 0), "…") }

// section draws a section line, marked when it has the focus.
func (m *Model) section(text string, focused bool) string {
	s := m.ctx.Styles.List
	if focused {
		return s.Section.Render(text)
	}
	return s.Meta.Render(text)
}

// watchLines is the watches' section line and rows.
func (m *Model) watchLines() []string {
	s := m.ctx.Styles.List
	out := make([]string, 0, m.watchRows()+1)
	head := "Watches · " + wording.Thousands(len(m.watches))
	if n := m.totalNew(); n > 0 {
		head += " · " + wording.Thousands(n) + " new"
	}
	out = append(out, fit(" "+m.section(head, m.focus == focusWatches), m.width))
	if len(m.watches) == 0 {
		note := "None yet: on Search, " + m.ctx.Keys.Search.Watch.Help().Key + " watches the search in the form."
		return append(out, "  "+s.Empty.Render(textsafe.Truncate(note, max(m.width-2, 1))))
	}
	nameW := 0
	for _, r := range m.watches {
		nameW = max(nameW, textsafe.Width(textsafe.Line(r.w.Name)))
	}
	nameW = min(nameW, max(m.width/4, 8))
	end := min(m.woffset+m.watchRows(), len(m.watches))
	for i := m.woffset; i < end; i++ {
		out = append(out, m.watchLine(m.watches[i], i == m.wcursor && m.focus == focusWatches, nameW))
	}
	return out
}

func (m *Model) totalNew() int {
	n := 0
	for _, r := range m.watches {
		if r.counted && !r.w.Expired(m.ctx.Clock()) {
			n += r.n
		}
	}
	return n
}

// watchLine is one watch: name, query, and on the right how many
// articles are new.
func (m *Model) watchLine(r watchRow, selected bool, nameW int) string {
	s := m.ctx.Styles.List
	prefix, nameStyle, metaStyle := "  ", s.Title, s.Meta
	if selected {
		prefix = s.Marker.Render(theme.Marker) + " "
		nameStyle, metaStyle = s.TitleSelected, s.MetaSelected
	}
	state, stateStyle := m.countText(r)
	if m.confirm == r.w.Name {
		state, stateStyle = "delete? "+m.ctx.Keys.Saved.Confirm.Help().Key+"/n", s.ErrorTitle.Render
	}
	if stateStyle == nil {
		stateStyle = metaStyle.Render
	}
	inner := max(m.width-3, 1)
	stateW := textsafe.Width(state)
	name := textsafe.Line(r.w.Name)
	name = textsafe.Truncate(name, nameW) + strings.Repeat(" ", max(nameW-textsafe.Width(textsafe.Truncate(name, nameW)), 0))
	queryW := inner - nameW - 2 - stateW - 2
	line := prefix + nameStyle.Render(name)
	if queryW >= 8 {
		q := textsafe.Truncate(describe(r.w.Query), queryW)
		line += "  " + metaStyle.Render(q) + strings.Repeat(" ", queryW-textsafe.Width(q)) + "  "
	} else {
		line += " "
	}
	return fit(line+stateStyle(state), m.width)
}

// countText says how a watch's count stands.
func (m *Model) countText(r watchRow) (string, func(...string) string) {
	s := m.ctx.Styles.List
	switch {
	case r.w.Expired(m.ctx.Clock()) && r.w.RollingTo():
		return "no new", nil // its To moves on: new articles may come later
	case r.w.Expired(m.ctx.Clock()):
		return "expired", s.Empty.Render
	case r.checking:
		return "checking…", nil
	case r.err != "":
		return "✗ " + r.err, s.ErrorTitle.Render
	case !r.counted:
		return "", nil
	case r.n == 0:
		return "no new", nil
	}
	return wording.Thousands(r.n) + " new", s.New.Render
}

// describe is a watch's query in a line: "q: climate · sources: a,b ·
// lang: en · from 2 Jan".
func describe(q model.ArticlesQuery) string {
	var parts []string
	add := func(label, value string) {
		if value != "" {
			parts = append(parts, label+value)
		}
	}
	add("q: ", textsafe.Line(q.Q))
	add("sources: ", textsafe.Line(strings.Join(q.Sources, ",")))
	add("domains: ", textsafe.Line(strings.Join(q.Domains, ",")))
	add("not: ", textsafe.Line(strings.Join(q.ExcludeDomains, ",")))
	add("lang: ", textsafe.Line(string(q.Language)))
	add("from ", textsafe.Line(shortDate(q.From)))
	add("to ", textsafe.Line(shortDate(q.To)))
	if q.SortBy != "" {
		add("sort: ", textsafe.Line(strings.ToLower(q.SortBy.Name())))
	}
	return strings.Join(parts, " · ")
}

// shortDate drops a bound's time when it is midnight or the end of the
// day, as the form's dates are.
func shortDate(b string) string {
	for _, suffix := range []string{"T00:00:00Z", "T23:59:59Z"} {
		b = strings.TrimSuffix(b, suffix)
	}
	return b
}
