package ui

import (
	"os"
	"sync"
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
//
// When main hands the App the terminal it writes to (Config.Terminal),
// the wait is shorter: the requests go 1 ms after the first write that
// follows the first size, which is the tick that writes the frame
// (half a tick period later on average, instead of a period and a margin).

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
	if a.term != nil {
		return afterWrite(a.term.nextWrite(), firstFrameWait)
	}
	return afterFirstFrame(firstFrameWait)
}

// afterWrite releases the first requests just after written is closed, or
// after limit at the latest.
func afterWrite(written <-chan struct{}, limit time.Duration) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(limit)
		defer t.Stop()
		select {
		case <-written:
			// The frame may follow the program's queued sequences in the
			// same tick: give that write its moment.
			time.Sleep(time.Millisecond)
		case <-t.C:
		}
		return firstFrameMsg{}
	}
}

// Terminal is the terminal a program writes to (an *os.File, so Bubble Tea
// still sees a terminal), telling the App when something has been written.
type Terminal struct {
	*os.File
	mu      sync.Mutex
	waiting chan struct{} // closed by the next Write; nil when none asked
}

// NewTerminal wraps f (os.Stdout) for tea.WithOutput and Config.Terminal.
func NewTerminal(f *os.File) *Terminal { return &Terminal{File: f} }

// Write implements io.Writer.
func (t *Terminal) Write(p []byte) (int, error) {
	n, err := t.File.Write(p)
	t.mu.Lock()
	if t.waiting != nil {
		close(t.waiting)
		t.waiting = nil
	}
	t.mu.Unlock()
	return n, err
}

// nextWrite returns a channel closed when the next Write has returned.
func (t *Terminal) nextWrite() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.waiting == nil {
		t.waiting = make(chan struct{})
	}
	return t.waiting
}

// releaseFirstRequests sends the held requests; later calls do nothing.
func (a *App) releaseFirstRequests() tea.Cmd {
	cmds := a.held
	a.held = nil
	return tea.Batch(cmds...)
}
