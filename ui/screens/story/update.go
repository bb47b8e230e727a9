package story

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
)

// BackMsg asks the root to leave the story for Origin.
type BackMsg struct{ Origin common.ScreenID }

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseMsg:
		return m.al.Update(common.ShiftMouse(msg, 0, headerHeight))
	}
	return m.al.Update(msg)
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.al.Confirming() {
		cmd, _ := m.al.HandleKey(msg)
		return cmd
	}
	if key.Matches(msg, m.ctx.Keys.Story.Back) {
		return common.Cmd(BackMsg{Origin: m.origin})
	}
	if cmd, ok := m.al.HandleKey(msg); ok {
		return cmd
	}
	return m.list.Update(msg)
}
