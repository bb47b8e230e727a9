package ui

import (
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"tidings/opener"
	"tidings/ui/common"
	"tidings/ui/textsafe"
)

// browserDoneMsg reports how opening a link went.
type browserDoneMsg struct{ err error }

// openLink opens an http(s) link in the user's browser (package opener:
// $BROWSER, then open_command, then the platform's opener). The browser
// gets the address textsafe.SafeURL makes of raw (percent-encoded pure
// ASCII: no space, quote or backtick) as one argument of its own, never
// via a shell. A command of $BROWSER or open_command is handed the
// terminal while it runs (tea.ExecProcess), so a terminal browser such as
// w3m or lynx works, over SSH too; the platform's opener runs in the
// background (a.openURL, which tests replace). Anything that is not an
// http(s) web address is refused with a note.
func (a *App) openLink(raw string) tea.Cmd {
	u, ok := textsafe.SafeURL(raw)
	if !ok {
		return a.refuse(raw)
	}
	opening := a.status.Show("Opening in your browser…", common.LevelInfo)
	cmd, from, tried := a.opener.Next(u)
	if cmd != nil {
		return tea.Batch(opening, tea.ExecProcess(cmd, func(err error) tea.Msg {
			if err != nil {
				return browserDoneMsg{err: opener.Describe(cmd, from, err, tried)}
			}
			return browserDoneMsg{}
		}))
	}
	o := *a.opener
	if a.openURL != nil {
		o.Fallback = a.openURL
	}
	return tea.Batch(opening, func() tea.Msg {
		if err := o.OpenFallback(u, tried); err != nil {
			return browserDoneMsg{err: err}
		}
		return browserDoneMsg{}
	})
}

func (a *App) browserDone(msg browserDoneMsg) tea.Cmd {
	if msg.err != nil {
		return a.status.Show(sentence(msg.err.Error())+"; press y to copy the link instead.", common.LevelError)
	}
	return a.status.Show("Opened in your browser.", common.LevelSuccess)
}

// sentence starts s with a capital letter.
func sentence(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return strings.TrimSpace(s)
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
