package reader

import (
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/internal/uitest"
)

// runAll runs a command (batches included) and returns its messages but
// the spinner's ticks, which would tick forever. The wait is long: a
// fetch's render under -race takes a while, and timers return sooner.
func runAll(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	for _, msg := range uitest.Run(cmd, 10*time.Second) {
		if _, tick := msg.(spinner.TickMsg); !tick {
			out = append(out, msg)
		}
	}
	return out
}
