package cli

import (
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// The terminal's colour profile is detected once per process, by lipgloss:
// its package-level Writer runs colorprofile.Detect on stdout and the
// environment while the program initialises, and inside tmux that runs
// `tmux info` (a child process: 2-5 ms, up to 9 measured) to learn
// whether the outer terminal has true colour. Nothing of ours can run
// before it. The reader used to detect again (a quick pass without TMUX
// for the first frame, then the full one beside the program, a second
// `tmux info` and a repaint when they differed); the profile lipgloss
// holds is that full one, for the same output and environment, and is
// known before the first frame.

// readerColorProfile is the profile lipgloss detected for stdout.
func readerColorProfile() colorprofile.Profile { return lipgloss.Writer.Profile }
