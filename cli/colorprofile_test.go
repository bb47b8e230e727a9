package cli

import (
	"slices"
	"testing"
)

// The quick profile must not see TMUX (which makes colorprofile run
// `tmux info`), and must see everything else that decides colours.
func TestQuickColorProfileIgnoresOnlyTmux(t *testing.T) {
	env := []string{"TERM=tmux-256color", "TMUX=/tmp/tmux-0/default,1,0", "COLORTERM=truecolor", "TMUX_PANE=%1", "NO_COLOR="}
	got := withoutTmux(env)
	want := []string{"TERM=tmux-256color", "COLORTERM=truecolor", "TMUX_PANE=%1", "NO_COLOR="}
	if !slices.Equal(got, want) {
		t.Fatalf("withoutTmux(%q) = %q, want %q", env, got, want)
	}
}
