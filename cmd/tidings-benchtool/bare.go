package main

import (
	"flag"

	tea "charm.land/bubbletea/v2"
)

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

// bareCmd runs it at Bubble Tea's default frame rate (60), or at -fps.
func bareCmd(args []string) error {
	fs := flag.NewFlagSet("bare", flag.ContinueOnError)
	fps := fs.Int("fps", 0, "frame rate (0: Bubble Tea's default)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var opts []tea.ProgramOption
	if *fps > 0 {
		opts = append(opts, tea.WithFPS(*fps))
	}
	_, err := tea.NewProgram(bareModel{}, opts...).Run()
	return err
}
