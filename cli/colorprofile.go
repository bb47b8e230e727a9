package cli

import (
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// Bubble Tea detects the terminal's colour profile itself when it starts,
// before the first frame. Inside tmux that detection runs `tmux info` (a
// child process: 5–30 ms) to learn whether the outer terminal has true
// colour. So the program starts with what the environment and terminfo
// say, which needs no process, and the full detection runs beside it:
// when it finds more colours, the program switches and repaints.

// quickColorProfile is the colour profile the environment and terminfo
// give, without asking tmux.
func quickColorProfile(out io.Writer, environ []string) colorprofile.Profile {
	return colorprofile.Detect(out, withoutTmux(environ))
}

func withoutTmux(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		if !strings.HasPrefix(kv, "TMUX=") {
			out = append(out, kv)
		}
	}
	return out
}

// refineColorProfile runs the full detection and, if it differs from
// quick, hands the program the better profile and has it redraw what was
// drawn with the other.
func refineColorProfile(p *tea.Program, out io.Writer, environ []string, quick colorprofile.Profile) {
	if full := colorprofile.Detect(out, environ); full != quick {
		p.Send(tea.ColorProfileMsg{Profile: full})
		p.Send(tea.ClearScreen())
	}
}
