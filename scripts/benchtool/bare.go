package main

import tea "charm.land/bubbletea/v2"

// bareModel is the smallest Bubble Tea program that draws a screen: the
// idle-CPU baseline the reader is compared with.
type bareModel struct{}

func (bareModel) Init() tea.Cmd { return nil }

func (m bareModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "q" {
		return m, tea.Quit
	}
	return m, nil
}

func (bareModel) View() tea.View {
	v := tea.NewView("bare Bubble Tea program: press q to quit")
	v.AltScreen = true
	return v
}

func bareCmd() error {
	_, err := tea.NewProgram(bareModel{}).Run()
	return err
}
