package ui

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"tidings/ui/common"
)

// TestFlowOpenSecondHeadline runs the real program loop: start, wait for
// the first headline, j, enter, wait for the reader, q.
func TestFlowOpenSecondHeadline(t *testing.T) {
	app := New(Config{Client: &fakeClient{total: 30}, Now: func() time.Time { return testNow }, Location: time.UTC})
	tm := teatest.NewTestModel(t, app,
		teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)),
	)
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("headline number 01"))
	}, teatest.WithDuration(5*time.Second))

	tm.Send(tea.KeyPressMsg{Code: 'j', Text: "j"})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("more characters at the source"))
	}, teatest.WithDuration(5*time.Second))
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}) // ctrl+c quits from the reader (q goes back)

	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*App)
	if final.Active() != common.Reader {
		t.Fatalf("ended on %v, want the reader", final.Active())
	}
	if a, ok := final.reader.Article(); !ok || a.Title != "Top headline number 02 about the day's events" {
		t.Fatalf("reader shows %q", a.Title)
	}
}
