package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/opener"
	"tidings/ui/common"
)

// hostileLink is a link a browser would accept, full of what a shell or a
// terminal would read as syntax.
const hostileLink = "https://news.example/a b/\"q\"/'s'/`id`/$(touch pwned);ls|wc>x&\x1b]8;;evil\x07?q=ü #frag"

// hostileLinkSafe is what SafeURL makes of it: one printable word.
const hostileLinkSafe = "https://news.example/a%20b/%22q%22/%27s%27/%60id%60/$(touch%20pwned);ls%7Cwc%3Ex&%1B]8;;evil%07?q=%C3%BC%20#frag"

func TestLinksAreEncodedNotRefused(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 80, 24)
		h.send(common.OpenURLMsg{URL: hostileLink})
		if len(h.opened) != 1 || h.opened[0] != hostileLinkSafe {
			t.Fatalf("opened %q, want [%q]", h.opened, hostileLinkSafe)
		}
		if strings.Contains(h.view(), "Refused") {
			t.Fatalf("a link a browser accepts was refused:\n%s", h.view())
		}
		_, cmd := h.app.Update(common.CopyURLMsg{URL: hostileLink})
		var copied []string
		for _, msg := range h.exec(cmd) {
			// tea.SetClipboard's message is an unexported string type.
			if v := reflect.ValueOf(msg); fmt.Sprintf("%T", msg) == "tea.setClipboardMsg" && v.Kind() == reflect.String {
				copied = append(copied, v.String())
			}
		}
		if len(copied) != 1 || copied[0] != hostileLinkSafe {
			t.Fatalf("copied %q, want [%q]", copied, hostileLinkSafe)
		}
	})
}

// TestOpenerGetsOneArgument runs the App's real opener against a stand-in
// xdg-open that records its arguments: the link arrives as one argument,
// encoded, and nothing in it was run.
func TestOpenerGetsOneArgument(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the stand-in opener is xdg-open, which cli/browser uses on Linux")
	}
	dir := t.TempDir()
	record := filepath.Join(dir, "args")
	script := "#!/bin/sh\nprintf '%s\\n' \"$#\" >\"$TIDINGS_TEST_ARGS\"\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >>\"$TIDINGS_TEST_ARGS\"; done\n"
	if err := os.WriteFile(filepath.Join(dir, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	t.Setenv("TIDINGS_TEST_ARGS", record)
	t.Chdir(dir) // where "touch pwned" would have left its mark

	// The App's own opener (cli/browser), reached the way o reaches it.
	a := New(Config{Client: &fakeClient{}})
	batch, ok := a.openLink(hostileLink)().(tea.BatchMsg)
	if !ok {
		t.Fatal("openLink did not start the opener")
	}
	done := make(chan browserDoneMsg, len(batch))
	for _, c := range batch {
		go func() {
			if m, ok := c().(browserDoneMsg); ok {
				done <- m
			}
		}()
	}
	select {
	case m := <-done:
		if m.err != nil {
			t.Fatalf("opener: %v", m.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the opener never finished")
	}
	got, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1\n" + hostileLinkSafe + "\n"; string(got) != want {
		t.Fatalf("the opener got %q, want %q", got, want)
	}
	for _, f := range []string{"pwned", "x"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Fatalf("the link ran a command: %s exists", f)
		}
	}
}

// When no browser can be started, the status line names every one tried,
// $BROWSER's first, and offers y.
func TestBrowserFailureNamesWhatWasTried(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		notFound := func(string) (string, error) { return "", exec.ErrNotFound }
		o := &opener.Opener{Browser: "w3m", Command: "mybrowser --tab", LookPath: notFound}
		h := newHarness(&fakeClient{total: 3}, 200, 24, func(c *Config) { c.Opener = o })
		h.app.openURL = func(string) error { return &exec.Error{Name: "xdg-open", Err: exec.ErrNotFound} }
		h.send(common.OpenURLMsg{URL: "https://news.example/x"})
		want := "Could not open the link: tried $BROWSER (w3m: not found), open_command (mybrowser: not found), " +
			"the system opener (xdg-open: not found); press y to copy the link instead."
		if v := h.view(); !strings.Contains(v, want) {
			t.Fatalf("the status line does not say what was tried:\n%s", v)
		}
	})
}
