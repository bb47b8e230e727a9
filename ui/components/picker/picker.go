// Package picker is a small modal list of named choices (countries,
// categories, languages) that narrows as the user types, highlights the
// current choice, and reports the pick with a [PickedMsg]. It includes an
// "All …" choice, whose ID is empty.
//
// Letters go to the filter, so the picker is moved with arrows, PgUp/PgDn,
// Home/End and the mouse; enter chooses and esc cancels.
package picker

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/ui/common"
	"tidings/ui/theme"
)

// PickedMsg reports the choice made in the picker named Picker.
type PickedMsg struct {
	Picker string
	ID     string
	Label  string
}

// CanceledMsg reports that the picker named Picker was closed without a
// choice.
type CanceledMsg struct{ Picker string }

// maxBoxWidth and maxRows keep the picker a compact box on big terminals.
const (
	maxBoxWidth = 46
	maxRows     = 16
)

// Model is one picker. Create it with [New].
type Model struct {
	view    *common.View // styles and keys; the picker calls no service
	name    string
	title   string
	options []Option
	current string

	input   textinput.Model
	matches []int // indices into options, best first
	cursor  int   // index into matches
	offset  int
	open    bool
	// pick is the choice the last key made, until TakePick takes it.
	pick *PickedMsg

	width, height int
}

// New makes a closed picker. name identifies it in messages; title heads
// the box ("Country").
func New(view *common.View, name, title string, options []Option) *Model {
	in := textinput.New()
	in.Prompt = "› "
	in.Placeholder = "type to narrow"
	in.CharLimit = 40
	m := &Model{view: view, name: name, title: title, options: options, input: in}
	m.matches = narrow(options, "")
	return m
}

// Open shows the picker with the cursor on the current choice.
func (m *Model) Open(current string) tea.Cmd {
	m.open, m.current = true, current
	m.input.SetStyles(m.view.Styles.TextInput)
	m.input.Reset()
	m.matches = narrow(m.options, "")
	m.cursor, m.offset = 0, 0
	for i, idx := range m.matches {
		if m.options[idx].ID == current {
			m.cursor = i
		}
	}
	m.scroll()
	return m.input.Focus()
}

// Close hides the picker without a choice.
func (m *Model) Close() {
	m.open = false
	m.input.Blur()
}

// IsOpen reports whether the picker is showing.
func (m *Model) IsOpen() bool { return m.open }

// Label is the label of the option with this ID, or the ID itself.
func (m *Model) Label(id string) string {
	for _, o := range m.options {
		if o.ID == id {
			return o.Label
		}
	}
	return id
}

// SetSize sets the area the picker may use.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.input.SetWidth(max(m.innerWidth()-3, 1))
	m.scroll()
}

func (m *Model) innerWidth() int { return max(min(m.width, maxBoxWidth)-4, 8) }

// rows is how many options fit in the box.
func (m *Model) rows() int {
	return max(min(m.height-4, len(m.options), maxRows), 1)
}

// Update handles keys and mouse while the picker is open.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	if !m.open {
		return nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		return m.typeInto(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			m.move(-1)
		case tea.MouseWheelDown:
			m.move(1)
		}
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return nil
		}
		inside := msg.X >= 0 && msg.X < m.innerWidth()+4 && msg.Y >= 0 && msg.Y < m.rows()+4
		if !inside { // a click beside the box dismisses it
			m.Close()
			return common.Cmd(CanceledMsg{Picker: m.name})
		}
		row := msg.Y - 3 // border, title, filter line
		if row >= 0 && row < m.rows() && m.offset+row < len(m.matches) {
			m.cursor = m.offset + row
			return m.choose()
		}
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.view.Keys.Picker
	switch {
	case key.Matches(msg, k.Cancel):
		m.Close()
		return common.Cmd(CanceledMsg{Picker: m.name})
	case key.Matches(msg, k.Select):
		return m.choose()
	case key.Matches(msg, k.Up):
		m.move(-1)
	case key.Matches(msg, k.Down):
		m.move(1)
	case key.Matches(msg, k.PageUp):
		m.move(-m.rows())
	case key.Matches(msg, k.PageDown):
		m.move(m.rows())
	case key.Matches(msg, k.Top):
		m.move(-len(m.matches))
	case key.Matches(msg, k.Bottom):
		m.move(len(m.matches))
	default:
		return m.typeInto(msg)
	}
	return nil
}

// typeInto passes a key or a paste to the filter and narrows the options
// when the text changed.
func (m *Model) typeInto(msg tea.Msg) tea.Cmd {
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m.matches = narrow(m.options, m.input.Value())
		m.cursor, m.offset = 0, 0
	}
	return cmd
}

func (m *Model) choose() tea.Cmd {
	if m.cursor >= len(m.matches) {
		return nil // nothing matches: stay open
	}
	o := m.options[m.matches[m.cursor]]
	m.current = o.ID
	m.Close()
	pick := PickedMsg{Picker: m.name, ID: o.ID, Label: o.Label}
	m.pick = &pick
	return common.Cmd(pick)
}

// TakePick returns, once, the choice the last Update made. A screen that
// applies it at once, in the same Update, need not wait for the
// PickedMsg: keys typed right after enter then meet the new list, never
// the old one the message would still find (it drops that message).
func (m *Model) TakePick() (PickedMsg, bool) {
	if m.pick == nil {
		return PickedMsg{}, false
	}
	pick := *m.pick
	m.pick = nil
	return pick, true
}

func (m *Model) move(delta int) {
	if len(m.matches) == 0 {
		return
	}
	m.cursor = min(max(m.cursor+delta, 0), len(m.matches)-1)
	m.scroll()
}

func (m *Model) scroll() {
	rows := m.rows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	m.offset = max(min(m.offset, len(m.matches)-rows), 0)
}

// View renders the box: title and position, the filter line and the
// visible options, the current one ticked.
func (m *Model) View() string {
	s := m.view.Styles.Picker
	w := m.innerWidth()
	count := m.position()
	title := ansi.Truncate(m.title, max(w-len(count)-1, 1), "…")
	gap := max(w-ansi.StringWidth(title)-len(count), 1)
	lines := []string{s.Title.Render(title) + strings.Repeat(" ", gap) + s.Count.Render(count), m.input.View()}
	if len(m.matches) == 0 {
		lines = append(lines, s.Empty.Render("no match — esc to cancel"))
	}
	for i := m.offset; i < min(m.offset+m.rows(), len(m.matches)); i++ {
		lines = append(lines, m.optionLine(m.options[m.matches[i]], i == m.cursor, w))
	}
	for len(lines) < m.rows()+2 {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return s.Box.Width(w + 4).Render(strings.Join(lines, "\n"))
}

func (m *Model) optionLine(o Option, selected bool, w int) string {
	s := m.view.Styles.Picker
	label := o.Label
	if o.ID == m.current {
		label += " ✓"
	}
	label = ansi.Truncate(label, w-2, "…")
	if selected {
		return m.view.Styles.List.Marker.Render(theme.Marker) + " " + s.Selected.Render(label)
	}
	if o.ID == m.current {
		return "  " + s.Current.Render(label)
	}
	return "  " + s.Option.Render(label)
}

// position is the counter beside the title: the cursor's place among the
// options shown, "3/55", or "1/1" when typing left one ("0/0": none).
// It counts what the list shows, never the options typing hid.
func (m *Model) position() string {
	if len(m.matches) == 0 {
		return "0/0"
	}
	return fmt.Sprintf("%d/%d", m.cursor+1, len(m.matches))
}
