package statusbar

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"tidings/keymap"
	"tidings/ui/common"
	"tidings/ui/theme"
)

func TestNoteExpiresUnlessReplaced(t *testing.T) {
	m := New(&common.View{Styles: theme.New(true, false), Keys: keymap.Default()})
	m.Show("Link copied", common.LevelSuccess)
	first := m.gen
	m.Show("Opened in browser", common.LevelInfo)
	m.Update(expireMsg{gen: first})
	if m.Text() != "Opened in browser" {
		t.Fatal("an old note's expiry cleared a newer note")
	}
	m.Update(expireMsg{gen: m.gen})
	if m.Text() != "" {
		t.Fatal("the note did not expire")
	}
}

func TestViewFitsWidthAndSanitises(t *testing.T) {
	m := New(&common.View{Styles: theme.New(true, false), Keys: keymap.Default()})
	m.Show("bad \x1b]0;title\x07 note", common.LevelError)
	for _, w := range []int{10, 40, 120} {
		out := m.View(w, "loaded 60 of 259")
		if got := ansi.StringWidth(out); got > w {
			t.Fatalf("width %d: bar is %d wide", w, got)
		}
		if strings.Contains(out, "\x07") || strings.Contains(out, "]0;") {
			t.Fatalf("escape sequence reached the bar: %q", out)
		}
	}
	if out := ansi.Strip(m.View(120, "loaded 60 of 259")); !strings.HasSuffix(out, "loaded 60 of 259 ") {
		t.Fatalf("right side missing: %q", out)
	}
}

func TestShowForKeepsTheNoteForItsTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m := New(&common.View{Styles: theme.New(true, false), Keys: keymap.Default()})
		expired := make(chan tea.Msg, 1)
		cmd := m.ShowFor("For real news: tidings feeds import --starter", common.LevelInfo, 15*time.Second)
		go func() { expired <- cmd() }()
		time.Sleep(14 * time.Second)
		synctest.Wait()
		if len(expired) != 0 {
			t.Fatal("the note's expiry came before its time")
		}
		time.Sleep(2 * time.Second)
		m.Update(<-expired)
		if m.Text() != "" {
			t.Fatal("the note did not expire after its time")
		}
	})
}

// A note about what just happened goes at the user's next action; one
// shown for its time (a hint naming a command) stays (issue 28, item 16).
func TestDismissClearsShowButNotShowFor(t *testing.T) {
	m := New(&common.View{Styles: theme.New(true, false), Keys: keymap.Default()})
	m.Show("Could not start a browser; press y to copy the link instead.", common.LevelError)
	m.Dismiss()
	if m.Text() != "" {
		t.Fatalf("note %q stayed after the next action", m.Text())
	}
	m.ShowFor("For real news: tidings feeds import --starter", common.LevelInfo, 15*time.Second)
	m.Dismiss()
	if m.Text() == "" {
		t.Fatal("a note shown for its time went at the next action")
	}
	m.Show("Link copied", common.LevelSuccess)
	m.Dismiss()
	if m.Text() != "" {
		t.Fatal("a Show after a ShowFor was kept")
	}
}
