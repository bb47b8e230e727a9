package reader

import (
	"fmt"
	"slices"
	"unicode"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/ui/common"
	"tidings/ui/textsafe"
)

// findState is / in the reader: the prompt, and the active find's query
// and matches in the lines the viewport shows.
type findState struct {
	input   textinput.Model
	prompt  bool // the prompt is open and has the keys
	query   string
	matches []match
	cur     int
}

// match is one occurrence: a line of the view and its cells [start, end).
type match struct{ line, start, end int }

func newFindInput(view *common.View) textinput.Model {
	in := textinput.New()
	in.Prompt = "/"
	in.Placeholder = "find in the article"
	in.CharLimit = 200
	in.SetStyles(view.Styles.TextInput)
	return in
}

// active reports whether a find is active: n and N then move between its
// matches.
func (f *findState) active() bool { return f.query != "" && len(f.matches) > 0 }

// openFind is /: the prompt opens at the bottom, holding the last query.
func (m *Model) openFind() tea.Cmd {
	m.find.prompt = true
	m.find.input.SetStyles(m.ctx.Styles.TextInput)
	m.find.input.SetWidth(max(m.width-2*margin-2, 1))
	m.find.input.SetValue(m.find.query)
	m.find.input.CursorEnd()
	return m.find.input.Focus()
}

// handleFindKey is a key while the prompt is open.
func (m *Model) handleFindKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys.Find
	switch {
	case key.Matches(msg, k.Cancel):
		m.find.prompt = false
		m.find.input.Blur()
		return nil
	case key.Matches(msg, k.Submit):
		m.find.prompt = false
		m.find.input.Blur()
		return m.runFind(textsafe.Line(m.find.input.Value()))
	}
	var cmd tea.Cmd
	m.find.input, cmd = m.find.input.Update(msg)
	return cmd
}

// runFind searches the view's lines for q and goes to the first match at
// or after the top of the view (wrapping round to the first).
func (m *Model) runFind(q string) tea.Cmd {
	m.clearFind()
	if q == "" {
		return nil
	}
	m.find.query = q
	m.find.matches = findMatches(m.base, q)
	if len(m.find.matches) == 0 {
		m.find.query = ""
		return common.Status(fmt.Sprintf("No match for “%s” in the article.", q), common.LevelWarning)
	}
	m.find.cur = 0
	top := m.vp.YOffset()
	for i, mt := range m.find.matches {
		if mt.line >= top {
			m.find.cur = i
			break
		}
	}
	m.showMatches()
	return nil
}

// stepMatch is n (+1) and N (-1), wrapping round.
func (m *Model) stepMatch(delta int) {
	n := len(m.find.matches)
	m.find.cur = ((m.find.cur+delta)%n + n) % n
	m.showMatches()
}

// clearFind ends the find and removes its highlights.
func (m *Model) clearFind() {
	had := m.find.query != ""
	m.find.query, m.find.matches, m.find.cur = "", nil, 0
	if had {
		m.setContent(m.base)
	}
}

// refind runs the active find again on freshly built lines (a resize
// reflowed them; oldTotal is how many there were), keeping to the match
// nearest the one it was on. It reports whether it set the viewport's
// content.
func (m *Model) refind(oldTotal int) bool {
	if m.find.query == "" {
		return false
	}
	was := 0
	if len(m.find.matches) > 0 {
		was = m.find.matches[m.find.cur].line * 1000 / max(oldTotal, 1)
	}
	m.find.matches = findMatches(m.base, m.find.query)
	if len(m.find.matches) == 0 {
		m.find.query = ""
		return false
	}
	m.find.cur = 0
	for i, mt := range m.find.matches {
		if mt.line*1000/max(len(m.base), 1) >= was {
			m.find.cur = i
			break
		}
	}
	m.showMatches()
	return true
}

// showMatches highlights the matches on a copy of the lines (the current
// one apart) and scrolls the current one into view. Only the lines with a
// match are restyled; scrolling later costs nothing more.
func (m *Model) showMatches() {
	s := m.ctx.Styles.Reader
	shown := slices.Clone(m.base)
	byLine := map[int][]lipgloss.Range{}
	for i, mt := range m.find.matches {
		st := s.Match
		if i == m.find.cur {
			st = s.Current
		}
		byLine[mt.line] = append(byLine[mt.line], lipgloss.NewRange(mt.start, mt.end, st))
	}
	for line, ranges := range byLine {
		shown[line] = lipgloss.StyleRanges(shown[line], ranges...)
	}
	y := m.vp.YOffset()
	m.vp.SetContentLines(shown)
	m.vp.SetYOffset(y)
	cur := m.find.matches[m.find.cur].line
	if cur < m.vp.YOffset() || cur >= m.vp.YOffset()+m.vp.Height() {
		m.vp.SetYOffset(cur - m.vp.Height()/3)
	}
}

// findStatus is the status bar's "match 3 of 12".
func (m *Model) findStatus() string {
	return fmt.Sprintf("“%s”: match %d of %d", textsafe.Truncate(m.find.query, 20), m.find.cur+1, len(m.find.matches))
}

// findMatches finds q in lines, ignoring case and styling. Positions are
// cells of the stripped line, as lipgloss.StyleRanges counts them. A match
// cannot span two lines.
func findMatches(lines []string, q string) []match {
	needle := fold([]rune(q))
	var out []match
	for i, l := range lines {
		plain := []rune(ansi.Strip(l))
		if len(plain) < len(needle) {
			continue
		}
		hay := fold(plain)
		for j := 0; j+len(needle) <= len(hay); {
			if !slices.Equal(hay[j:j+len(needle)], needle) {
				j++
				continue
			}
			start := ansi.StringWidth(string(plain[:j]))
			end := start + ansi.StringWidth(string(plain[j:j+len(needle)]))
			out = append(out, match{line: i, start: start, end: end})
			j += len(needle)
		}
	}
	return out
}

// fold lower-cases rune by rune, so positions stay those of the original.
func fold(rs []rune) []rune {
	out := make([]rune, len(rs))
	for i, r := range rs {
		out[i] = unicode.ToLower(r)
	}
	return out
}
