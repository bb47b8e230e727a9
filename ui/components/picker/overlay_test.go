package picker

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestOverlayBlanksTheRowsItCovers(t *testing.T) {
	body := strings.Join([]string{
		"first row of the list, long enough",
		"second row of the list, long enough",
		"third row of the list, long enough",
		"fourth row of the list, long enough",
	}, "\n")
	box := "╭──╮\n│ab│\n╰──╯"
	got := strings.Split(ansi.Strip(Overlay(body, box, 2, 1)), "\n")
	want := []string{
		"first row of the list, long enough",
		"  ╭──╮",
		"  │ab│",
		"  ╰──╯",
	}
	if len(got) != len(want) {
		t.Fatalf("overlay has %d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if strings.TrimRight(got[i], " ") != want[i] {
			t.Errorf("line %d = %q, want %q (no list text beside the box)", i, got[i], want[i])
		}
	}
}

func TestOverlayKeepsTheBodySize(t *testing.T) {
	body := "one\ntwo"
	box := "1\n2\n3\n4"
	if got := Overlay(body, box, 0, 1); strings.Count(got, "\n") != 1 {
		t.Fatalf("a box taller than the body must be cut to the body: %q", got)
	}
}
