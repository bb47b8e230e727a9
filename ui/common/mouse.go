package common

import tea "charm.land/bubbletea/v2"

// ShiftMouse moves a mouse message's coordinates dx cells left and dy rows
// up, so that a component can read them relative to its own top-left
// corner. Other messages pass through unchanged.
func ShiftMouse(msg tea.Msg, dx, dy int) tea.Msg {
	switch m := msg.(type) {
	case tea.MouseClickMsg:
		m.X, m.Y = m.X-dx, m.Y-dy
		return m
	case tea.MouseReleaseMsg:
		m.X, m.Y = m.X-dx, m.Y-dy
		return m
	case tea.MouseWheelMsg:
		m.X, m.Y = m.X-dx, m.Y-dy
		return m
	case tea.MouseMotionMsg:
		m.X, m.Y = m.X-dx, m.Y-dy
		return m
	}
	return msg
}
