package story

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
)

// BackMsg asks the root to leave the story for Origin.
type BackMsg struct{ Origin common.ScreenID }

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseMsg:
		return m.list.Update(common.ShiftMouse(msg, 0, headerHeight))
	case pagedlist.ActivatedMsg:
		if msg.List == m.list.ID() {
			return m.open()
		}
		return nil
	case common.StepArticleMsg:
		return m.stepper.Step(m.list, msg.Delta)
	case common.ReaderClosedMsg:
		m.stepper.Cancel()
		return nil
	}
	cmd := m.list.Update(msg)
	return tea.Batch(cmd, m.stepper.Resume(m.list))
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys
	switch {
	case key.Matches(msg, k.Story.Back):
		return common.Cmd(BackMsg{Origin: m.origin})
	case key.Matches(msg, k.List.Open):
		return m.open()
	case key.Matches(msg, k.List.OpenBrowser):
		if it, ok := m.list.Selected(); ok {
			return common.Cmd(common.OpenURLMsg{URL: it.Link})
		}
		return nil
	case key.Matches(msg, k.List.CopyLink):
		if it, ok := m.list.Selected(); ok {
			return common.Cmd(common.CopyURLMsg{URL: it.Link})
		}
		return nil
	case key.Matches(msg, k.List.Save):
		if it, ok := m.list.Selected(); ok {
			return articles.ToggleSave(m.ctx, it)
		}
		return nil
	case key.Matches(msg, k.List.Story):
		return common.Status("This is the whole story: every outlet's version, newest first.", common.LevelInfo)
	}
	return m.list.Update(msg)
}

// open shows the selected version in the reader.
func (m *Model) open() tea.Cmd {
	it, ok := m.list.Selected()
	if !ok {
		return nil
	}
	return common.Cmd(articles.OpenMsg{Item: it, Origin: common.Story})
}
