package uitest

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestKeyMatchesWhatBindingsExpect(t *testing.T) {
	for _, name := range []string{"enter", "esc", "shift+tab", "ctrl+c", "pgdown", "space", "q", "G", "/"} {
		if got := Key(name).String(); got != name {
			t.Errorf("Key(%q).String() = %q", name, got)
		}
	}
}

func TestRunAllFlattensBatches(t *testing.T) {
	one := func() tea.Msg { return 1 }
	two := func() tea.Msg { return 2 }
	msgs := RunAll([]tea.Cmd{tea.Batch(one, tea.Batch(two, nil)), nil})
	if len(msgs) != 2 {
		t.Fatalf("got %v, want the two inner messages", msgs)
	}
}
