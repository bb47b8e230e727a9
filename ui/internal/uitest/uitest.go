// Package uitest holds what the UI packages' tests share: building key
// presses as a terminal sends them, and running commands the way the Bubble
// Tea runtime does, and checking a view's frame. It is imported by tests
// only.
package uitest

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

var namedKeys = map[string]tea.KeyPressMsg{
	"enter":     {Code: tea.KeyEnter},
	"esc":       {Code: tea.KeyEscape},
	"tab":       {Code: tea.KeyTab},
	"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
	"ctrl+c":    {Code: 'c', Mod: tea.ModCtrl},
	"up":        {Code: tea.KeyUp},
	"down":      {Code: tea.KeyDown},
	"left":      {Code: tea.KeyLeft},
	"right":     {Code: tea.KeyRight},
	"home":      {Code: tea.KeyHome},
	"end":       {Code: tea.KeyEnd},
	"pgup":      {Code: tea.KeyPgUp},
	"pgdown":    {Code: tea.KeyPgDown},
	"backspace": {Code: tea.KeyBackspace},
	"space":     {Code: tea.KeySpace, Text: " "},
}

// Key is the key press named k: a name as key bindings spell it ("enter",
// "shift+tab", "pgdown") or a printable key, which carries its Text as a
// real terminal's does ("q", "G", "/").
func Key(k string) tea.KeyPressMsg {
	if msg, ok := namedKeys[k]; ok {
		return msg
	}
	r := []rune(k)
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

// RunAll runs commands concurrently, as the runtime does (so one spinner
// tick's sleep does not hold up the others), flattens batches, and returns
// every message they produced.
func RunAll(cmds []tea.Cmd) []tea.Msg {
	var (
		mu  sync.Mutex
		out []tea.Msg
		wg  sync.WaitGroup
	)
	var run func(c tea.Cmd)
	run = func(c tea.Cmd) {
		defer wg.Done()
		msg := c()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, inner := range b {
				if inner != nil {
					wg.Add(1)
					go run(inner)
				}
			}
			return
		}
		mu.Lock()
		out = append(out, msg)
		mu.Unlock()
	}
	for _, c := range cmds {
		if c != nil {
			wg.Add(1)
			go run(c)
		}
	}
	wg.Wait()
	return out
}

// AssertFrame checks the screen contract: a view is exactly h lines, none
// wider than w terminal cells.
func AssertFrame(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("view has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got > w {
			t.Fatalf("line %d is %d cells wide (max %d): %q", i, got, w, ansi.Strip(l))
		}
	}
}

// Run runs cmd and the commands of any batches it returns, one at a time,
// and returns their messages. A command still running after wait is taken
// for a timer (a spinner tick, a countdown) and skipped, so tests see what
// a command does at once without waiting for timers to fire.
func Run(cmd tea.Cmd, wait time.Duration) []tea.Msg {
	if cmd == nil {
		return nil
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		if batch, ok := msg.(tea.BatchMsg); ok {
			var out []tea.Msg
			for _, c := range batch {
				out = append(out, Run(c, wait)...)
			}
			return out
		}
		if msg == nil {
			return nil
		}
		return []tea.Msg{msg}
	case <-time.After(wait):
		return nil
	}
}
