package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// The screens' first requests wait for the first frame: on start-up the
// chrome and the loading spinner reach the terminal before anything is
// sent, so a slow service shows a working reader at once rather than a
// blank screen, and a request's cost never delays the first frame.
//
// Bubble Tea draws on a ticker: a view is written at the tick after the
// update that made it. The first view with content is the one after the
// first WindowSizeMsg, so the requests are released one tick period (plus
// a margin for a busy scheduler) after that message: by then a tick has
// written the frame. Should no size ever come, they go after
// firstFrameFallback all the same.

const (
	firstFrameWait     = time.Second/FrameRate + 4*time.Millisecond
	firstFrameFallback = 250 * time.Millisecond
)

// firstFrameMsg releases the held first requests.
type firstFrameMsg struct{}

func afterFirstFrame(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return firstFrameMsg{} })
}

// holdFirstRequests keeps the screens' first commands until the first
// frame is out, and returns the command that will release them.
func (a *App) holdFirstRequests(cmds []tea.Cmd) tea.Cmd {
	a.held = append(a.held, cmds...)
	if a.width > 0 && a.height > 0 {
		a.frameArmed = true
		return afterFirstFrame(firstFrameWait)
	}
	return afterFirstFrame(firstFrameFallback)
}

// sized is told of every WindowSizeMsg: the first one, while requests are
// held, starts the wait for its frame.
func (a *App) sized() tea.Cmd {
	if a.held == nil || a.frameArmed {
		return nil
	}
	a.frameArmed = true
	return afterFirstFrame(firstFrameWait)
}

// releaseFirstRequests sends the held requests; later calls do nothing.
func (a *App) releaseFirstRequests() tea.Cmd {
	cmds := a.held
	a.held = nil
	return tea.Batch(cmds...)
}
