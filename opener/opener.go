// Package opener opens a web address in the user's browser, the way git
// and gh choose one: the commands of $BROWSER first (a colon-separated
// list; "%s" in an entry stands for the address, else it is appended),
// then the reader's open_command setting, then the platform's opener
// (github.com/cli/browser: xdg-open, x-www-browser, www-browser and, in
// WSL, wslview on Linux; open on macOS; the URL handler on Windows).
//
// No shell is involved: each command is split into words here (spaces
// separate them, '…' and "…" quote) and run with the address as one
// argument of its own, so nothing in an address is ever read as syntax.
//
// The package knows nothing of the terminal: [Opener.Next] gives the
// command to run, and the caller decides how (the reader hands it the
// terminal, so w3m or lynx work over SSH); [Opener.Open] runs the whole
// chain without a terminal.
package opener

import (
	"errors"
	"io"
	"os/exec"
	"strings"
	"sync"

	"tidings/cmdline"

	"github.com/cli/browser"
)

// Opener chooses and starts the browser for an address.
type Opener struct {
	// Browser is $BROWSER as the environment had it.
	Browser string
	// Command is the open_command setting; "" for none.
	Command string
	// LookPath finds a program (exec.LookPath by default).
	LookPath func(string) (string, error)
	// Fallback opens an address with the platform's opener
	// (github.com/cli/browser by default).
	Fallback func(url string) error
}

// New is the Opener of $BROWSER (browserEnv) and open_command.
func New(browserEnv, openCommand string) *Opener {
	return &Opener{Browser: browserEnv, Command: openCommand}
}

// candidate is one command that may open an address, and where it came
// from, for errors.
type candidate struct {
	from string // "$BROWSER", "open_command"
	argv []string
	bad  error // the entry cannot be read as a command
}

// candidates are the commands to try for url, in order.
func (o *Opener) candidates(url string) []candidate {
	var out []candidate
	for _, entry := range strings.Split(o.Browser, ":") {
		if strings.TrimSpace(entry) != "" {
			out = append(out, command("$BROWSER", entry, url))
		}
	}
	if strings.TrimSpace(o.Command) != "" {
		out = append(out, command("open_command", o.Command, url))
	}
	return out
}

// command reads one entry: its words, "%s" replaced by url ("%%" is a
// percent sign), or url appended when no word holds "%s".
func command(from, entry, url string) candidate {
	words, err := cmdline.Split(entry)
	if err != nil {
		return candidate{from: from, bad: err}
	}
	substituted := false
	for i, w := range words {
		if strings.Contains(w, "%s") {
			substituted = true
		}
		words[i] = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(w, "%%", "\x00"), "%s", url), "\x00", "%")
	}
	if !substituted {
		words = append(words, url)
	}
	return candidate{from: from, argv: words}
}

func (o *Opener) lookPath(name string) (string, error) {
	if o.LookPath != nil {
		return o.LookPath(name)
	}
	return exec.LookPath(name)
}

func (o *Opener) fallback(url string) error {
	if o.Fallback != nil {
		return o.Fallback(url)
	}
	quietBrowser.Do(func() {
		// cli/browser writes the opener's chatter to our stdout by default,
		// which would scribble over a full-screen UI.
		browser.Stdout, browser.Stderr = io.Discard, io.Discard
	})
	return browser.OpenURL(url)
}

// quietBrowser silences cli/browser once, on the first fallback, rather
// than in an init function that every tidings process would run (issue 31).
var quietBrowser sync.Once

// Tried records what was tried and why each failed; its Error reads
// "could not open the link: tried $BROWSER (w3m: not found), …".
type Tried struct {
	Attempts []string
}

func (t *Tried) add(from, why string) { t.Attempts = append(t.Attempts, from+" ("+why+")") }

func (t *Tried) Error() string {
	return "could not open the link: tried " + strings.Join(t.Attempts, ", ")
}

// Next is the first configured command ($BROWSER's entries, then
// open_command) whose program exists, ready to run with url, and where it
// came from ("$BROWSER", "open_command"); nil when none does, and then
// the platform's opener is next (OpenFallback). tried says what was
// passed over and why, for the error if all fail.
func (o *Opener) Next(url string) (cmd *exec.Cmd, from string, tried *Tried) {
	tried = &Tried{}
	for _, c := range o.candidates(url) {
		if cmd := o.ready(c, tried); cmd != nil {
			return cmd, c.from, tried
		}
	}
	return nil, "", tried
}

// ready is c's command, found on the PATH and ready to run; nil, with the
// reason added to tried, when c is malformed or its program is not found.
func (o *Opener) ready(c candidate, tried *Tried) *exec.Cmd {
	if c.bad != nil {
		tried.add(c.from, c.bad.Error())
		return nil
	}
	path, err := o.lookPath(c.argv[0])
	if err != nil {
		tried.add(c.from, c.argv[0]+": not found")
		return nil
	}
	cmd := exec.Command(path, c.argv[1:]...)
	cmd.Args[0] = c.argv[0]
	return cmd
}

// Describe names the command that failed with err in the error the user
// reads; tried is what Next passed over before it.
func Describe(cmd *exec.Cmd, from string, err error, tried *Tried) *Tried {
	tried.add(from, cmd.Args[0]+": "+shortReason(err))
	return tried
}

// OpenFallback opens url with the platform's opener, after the commands
// tried passed over; its error names them all.
func (o *Opener) OpenFallback(url string, tried *Tried) error {
	err := o.fallback(url)
	if err == nil {
		return nil
	}
	tried.add("the system opener", fallbackReason(err))
	return tried
}

// Open opens url without a terminal: each command in turn until one
// succeeds (one that is found but fails is passed over too), then the
// platform's opener. The error names everything tried.
func (o *Opener) Open(url string) error {
	tried := &Tried{}
	for _, c := range o.candidates(url) {
		cmd := o.ready(c, tried)
		if cmd == nil {
			continue
		}
		if err := cmd.Run(); err != nil {
			tried.add(c.from, c.argv[0]+": "+shortReason(err))
			continue
		}
		return nil
	}
	return o.OpenFallback(url, tried)
}

// shortReason is err as a few words: "exit status 3", "not found".
func shortReason(err error) string {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.String()
	}
	if errors.Is(err, exec.ErrNotFound) {
		return "not found"
	}
	return err.Error()
}

// fallbackReason is cli/browser's error in the same words: it reports
// that none of its programs exists as one exec.Error naming them all.
func fallbackReason(err error) string {
	var ee *exec.Error
	if errors.As(err, &ee) && errors.Is(ee.Err, exec.ErrNotFound) {
		return strings.ReplaceAll(ee.Name, ",", ", ") + ": not found"
	}
	return shortReason(err)
}
