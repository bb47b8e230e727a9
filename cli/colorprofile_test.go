package cli

import (
	"os"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// The reader's colour profile is the one a full detection gives for
// stdout and the environment (which lipgloss ran at start-up): the same
// answer, without a second `tmux info`.
func TestReaderColorProfileIsTheFullDetection(t *testing.T) {
	if got, want := readerColorProfile(), colorprofile.Detect(os.Stdout, os.Environ()); got != want {
		t.Fatalf("readerColorProfile() = %v, a full detection gives %v", got, want)
	}
}
