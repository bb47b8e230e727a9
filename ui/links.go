package ui

import (
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/textsafe"
)

// browserDoneMsg reports how opening a link went.
type browserDoneMsg struct{ err error }

// openLink opens an http(s) link in the browser, inside a command. The
// opener gets the address textsafe.SafeURL makes of raw (percent-encoded
// pure ASCII: no space, quote or backtick) as its one argument, never via a
// shell: a.openURL is github.com/pkg/browser's OpenURL, which runs
// xdg-open/open with exec.Command(prog, url) (ShellExecute on Windows).
// Anything that is not an http(s) web address is refused with a note.
func (a *App) openLink(raw string) tea.Cmd {
	u, ok := textsafe.SafeURL(raw)
	if !ok {
		return a.refuse(raw)
	}
	open := a.openURL
	return tea.Batch(
		a.status.Show("Opening in your browser…", common.LevelInfo),
		func() tea.Msg { return browserDoneMsg{err: open(u)} },
	)
}

func (a *App) browserDone(msg browserDoneMsg) tea.Cmd {
	if msg.err != nil {
		return a.status.Show("Could not start a browser; press y to copy the link instead.", common.LevelError)
	}
	return a.status.Show("Opened in your browser.", common.LevelSuccess)
}

// copyLink puts an http(s) link on the clipboard with OSC 52, in the same
// encoded form openLink opens.
func (a *App) copyLink(raw string) tea.Cmd {
	u, ok := textsafe.SafeURL(raw)
	if !ok {
		return a.refuse(raw)
	}
	return tea.Batch(tea.SetClipboard(u), a.status.Show("Link copied to the clipboard.", common.LevelSuccess))
}

func (a *App) refuse(raw string) tea.Cmd {
	if raw == "" {
		return a.status.Show("This article has no link.", common.LevelWarning)
	}
	return a.status.Show("Refused: the link is not a web address (only http and https open).", common.LevelWarning)
}
