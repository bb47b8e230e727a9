// Package statusbar draws the one-line bar above the help: a transient
// note on the left (it disappears by itself, or at the user's next action
// unless it was shown with ShowFor; a newer note replaces an older one,
// whose expiry is then ignored) and, on the right, what the
// root puts there: the active screen's progress and, in personal mode,
// how the feeds stand.
package statusbar

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/ui/common"
	"tidings/ui/textsafe"
)

// expireMsg ends the note of generation gen.
type expireMsg struct{ gen int }

// Model is the status bar's transient note.
type Model struct {
	view  *common.View // styles only; the bar calls no service
	text  string
	level common.Level
	gen   int
	// kept: the note was shown with ShowFor and stays its time through
	// the user's actions (Dismiss leaves it).
	kept bool
}

// New makes an empty status bar.
func New(view *common.View) *Model { return &Model{view: view} }

// ttl is how long a note of a level stays: errors longer, to be read.
func ttl(level common.Level) time.Duration {
	switch level {
	case common.LevelError:
		return 8 * time.Second
	case common.LevelWarning:
		return 6 * time.Second
	}
	return 4 * time.Second
}

// Show displays a note until the user's next action (Dismiss) or for its
// level's time, whichever comes first, and returns the command that will
// clear it. A note about what just happened ("Could not start a
// browser…") is stale once the user has done something else.
func (m *Model) Show(text string, level common.Level) tea.Cmd {
	cmd := m.show(text, level, ttl(level))
	m.kept = false
	return cmd
}

// ShowFor displays a note for d, for a note the user has to read to the
// end or act on (a hint naming a command), and returns the command that
// will clear it. A newer note still replaces it at once.
func (m *Model) ShowFor(text string, level common.Level, d time.Duration) tea.Cmd {
	cmd := m.show(text, level, d)
	m.kept = true
	return cmd
}

// show replaces the note and arms its expiry. The expiry carries the
// note's generation, so an older note's timer cannot clear a newer one.
func (m *Model) show(text string, level common.Level, d time.Duration) tea.Cmd {
	m.gen++
	m.text, m.level = textsafe.Line(text), level
	gen := m.gen
	return tea.Tick(d, func(time.Time) tea.Msg { return expireMsg{gen: gen} })
}

// Dismiss clears a note shown with Show: the root calls it when the user
// acts (a key, a click), before the action, which may show a note of its
// own. A note shown with ShowFor stays.
func (m *Model) Dismiss() {
	if !m.kept {
		m.text = ""
	}
}

// Gen identifies the note last shown: it changes with every Show and
// ShowFor, so a caller can tell whether the note it showed is the one
// showing (with Text not empty).
func (m *Model) Gen() int { return m.gen }

// Text is the note showing, if any.
func (m *Model) Text() string { return m.text }

// Update clears the note when its time is up.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	if e, ok := msg.(expireMsg); ok && e.gen == m.gen {
		m.text = ""
	}
	return nil
}

// View renders the bar at width cells: the note left, right on the right.
// When both do not fit, the note wins and the right side is cut.
func (m *Model) View(width int, right string) string {
	s := m.view.Styles.Status
	left := ""
	if m.text != "" {
		left = " " + m.style().Render(m.text)
	}
	right = textsafe.Line(right)
	lw := ansi.StringWidth(left)
	if lw >= width {
		return ansi.Truncate(left, width, "…")
	}
	room := width - lw - 1
	if rw := ansi.StringWidth(right); rw+1 > room {
		right = ansi.Truncate(right, max(room-1, 0), "…")
	}
	r := s.Right.Render(right) + " "
	gap := max(width-lw-ansi.StringWidth(r), 0)
	return left + strings.Repeat(" ", gap) + r
}

func (m *Model) style() lipgloss.Style {
	s := m.view.Styles.Status
	switch m.level {
	case common.LevelSuccess:
		return s.Success
	case common.LevelWarning:
		return s.Warning
	case common.LevelError:
		return s.Error
	}
	return s.Info
}
