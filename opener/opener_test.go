package opener

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// hostile is an address full of what a shell would read as syntax.
const hostile = "https://news.example/a;touch%20pwned/$(id)`id`|x&y"

// fakeBrowser writes a script named name into a fresh directory on PATH
// (the only one) that records its arguments, one a line, in the file it
// returns, and exits with status code.
func fakeBrowser(t *testing.T, name string, code int) (dir, record string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake browser is a shell script")
	}
	dir = t.TempDir()
	record = filepath.Join(dir, name+".args")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >>'" + record + "'; done\nexit " +
		string(rune('0'+code)) + "\n"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	t.Chdir(dir) // where "touch pwned" would leave its mark
	return dir, record
}

func args(t *testing.T, record string) []string {
	t.Helper()
	b, err := os.ReadFile(record)
	if err != nil {
		t.Fatalf("the browser was not run: %v", err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func noFallback(t *testing.T) func(string) error {
	return func(string) error {
		t.Error("the platform opener ran although a configured browser worked")
		return nil
	}
}

func TestBrowserEnvComesFirstAndGetsTheAddressAsOneArgument(t *testing.T) {
	dir, record := fakeBrowser(t, "mybrowser", 0)
	o := &Opener{Browser: "w3m:mybrowser --new-tab", Command: "other", Fallback: noFallback(t)}
	if err := o.Open(hostile); err != nil {
		t.Fatalf("Open: %v", err)
	}
	if got := args(t, record); len(got) != 2 || got[0] != "--new-tab" || got[1] != hostile {
		t.Fatalf("the browser got %q, want [--new-tab %q]", got, hostile)
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Fatal("the address ran a command")
	}
}

func TestPercentSStandsForTheAddress(t *testing.T) {
	_, record := fakeBrowser(t, "mybrowser", 0)
	o := &Opener{Browser: "mybrowser 'open %s now' 100%%", Fallback: noFallback(t)}
	if err := o.Open("https://x.example/"); err != nil {
		t.Fatalf("Open: %v", err)
	}
	if got := args(t, record); len(got) != 2 || got[0] != "open https://x.example/ now" || got[1] != "100%" {
		t.Fatalf("the browser got %q", got)
	}
}

func TestOpenCommandWhenBrowserIsUnset(t *testing.T) {
	_, record := fakeBrowser(t, "opener-cmd", 0)
	o := &Opener{Command: `"opener-cmd" --flag`, Fallback: noFallback(t)}
	if err := o.Open("https://x.example/"); err != nil {
		t.Fatalf("Open: %v", err)
	}
	if got := args(t, record); len(got) != 2 || got[0] != "--flag" || got[1] != "https://x.example/" {
		t.Fatalf("open_command got %q", got)
	}
}

// When nothing works, the error names every attempt, the platform opener
// last.
func TestErrorNamesWhatWasTried(t *testing.T) {
	fakeBrowser(t, "broken", 3)
	o := &Opener{Browser: "w3m:broken", Command: "nosuch --x",
		Fallback: func(string) error {
			return &exec.Error{Name: "xdg-open,x-www-browser", Err: exec.ErrNotFound}
		}}
	err := o.Open("https://x.example/")
	want := "could not open the link: tried $BROWSER (w3m: not found), $BROWSER (broken: exit status 3), " +
		"open_command (nosuch: not found), the system opener (xdg-open, x-www-browser: not found)"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v\nwant   %s", err, want)
	}
}

// Next gives the first command that exists, for the caller to run with
// the terminal, and what it passed over.
func TestNextSkipsMissingPrograms(t *testing.T) {
	fakeBrowser(t, "lynx", 0)
	o := &Opener{Browser: "w3m:lynx -accept_all_cookies"}
	cmd, from, tried := o.Next(hostile)
	if cmd == nil || from != "$BROWSER" {
		t.Fatalf("Next = %v from %q, want lynx from $BROWSER", cmd, from)
	}
	if want := []string{"lynx", "-accept_all_cookies", hostile}; strings.Join(cmd.Args, "\n") != strings.Join(want, "\n") {
		t.Fatalf("args %q, want %q", cmd.Args, want)
	}
	err := Describe(cmd, from, errors.New("boom"), tried)
	if want := "could not open the link: tried $BROWSER (w3m: not found), $BROWSER (lynx: boom)"; err.Error() != want {
		t.Fatalf("error %q, want %q", err, want)
	}
	cmd, _, tried = (&Opener{Browser: "w3m", Command: "'unterminated"}).Next("https://x.example/")
	if cmd != nil || !strings.Contains(tried.Error(), "open_command (unterminated ' quote)") {
		t.Fatalf("Next = %v, %v", cmd, tried)
	}
}

func TestNoCommandsMeansThePlatformOpener(t *testing.T) {
	fakeBrowser(t, "unused", 0)
	var got string
	o := &Opener{Fallback: func(u string) error { got = u; return nil }}
	if err := o.Open("https://x.example/"); err != nil || got != "https://x.example/" {
		t.Fatalf("Open: %v, fallback got %q", err, got)
	}
}
