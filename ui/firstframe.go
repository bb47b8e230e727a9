package ui

import (
	"os"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
)

// The start screen's first request waits for the first frame: on start-up
// the chrome and the loading spinner reach the terminal before anything is
// sent, so a slow service shows a working reader at once rather than a
// blank screen, and a request's cost never delays the first frame. (Not
// for a service in this process, Config.LocalService: it answers faster
// than a frame is drawn, and its first page can be on the first frame.)
//
// Bubble Tea draws on a ticker: a view is written at the tick after the
// update that made it. The first view with content is the one after the
// first WindowSizeMsg, so the requests are released one tick period (plus
// a margin for a busy scheduler) after that message: by then a tick has
// written the frame. Should no size ever come, they go after
// firstFrameFallback all the same.
//
// When main hands the App the terminal it writes to (Config.Terminal),
// the wait is shorter: the requests go 1 ms after the frame is written
// (half a tick period after the size on average, instead of a period and
// a margin). The frame is told from the escape sequences the program
// also writes (terminal queries, a few dozen bytes, written just before
// it in the same tick) by its size: the chrome alone is far larger.

const (
	firstFrameWait     = time.Second/FrameRate + 4*time.Millisecond
	firstFrameFallback = 250 * time.Millisecond
	minFrameBytes      = 256 // a write this large is a frame (see above)
	// watchedFrameLimit bounds the wait for a frame seen written: on a
	// busy machine the first render alone can take longer than a tick.
	watchedFrameLimit = 100 * time.Millisecond
)

// firstFrameMsg releases the held first requests.
type firstFrameMsg struct{}

func afterFirstFrame(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return firstFrameMsg{} })
}

// holdFirstRequests keeps the screens' first commands until the first
// frame is out, and returns the command that will release them.
func (a *App) holdFirstRequests(cmds []tea.Cmd) tea.Cmd {
	a.boot.held = append(a.boot.held, cmds...)
	if a.width > 0 && a.height > 0 {
		a.boot.frameArmed = true
		return afterFirstFrame(firstFrameWait)
	}
	return afterFirstFrame(firstFrameFallback)
}

// sized is told of every WindowSizeMsg: the first one, while requests are
// held, starts the wait for its frame.
func (a *App) sized() tea.Cmd {
	if a.boot.held == nil || a.boot.frameArmed {
		return nil
	}
	a.boot.frameArmed = true
	if a.boot.term != nil {
		return afterWrite(a.boot.term.nextWrite(minFrameBytes), watchedFrameLimit)
	}
	return afterFirstFrame(firstFrameWait)
}

// backgroundDueMsg releases the hidden screens' first requests once the
// frame showing the start screen's first page is out (startUp).
type backgroundDueMsg struct{}

// backgroundFrameLimit bounds that wait: two frame periods, for a page
// that changes nothing drawn (no frame is written) or a busy machine.
const backgroundFrameLimit = 2 * time.Second / FrameRate

// afterWrite releases the first requests just after written is closed, or
// after limit at the latest.
func afterWrite(written <-chan struct{}, limit time.Duration) tea.Cmd {
	return afterWriteSend(written, limit, firstFrameMsg{})
}

// afterWriteSend answers msg just after written is closed, or after limit
// at the latest.
func afterWriteSend(written <-chan struct{}, limit time.Duration, msg tea.Msg) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(limit)
		defer t.Stop()
		select {
		case <-written:
			// The bytes are with the terminal; let it draw them.
			time.Sleep(time.Millisecond)
		case <-t.C:
		}
		return msg
	}
}

// Terminal is the terminal a program writes to (an *os.File, so Bubble Tea
// still sees a terminal), telling the App when something has been written.
type Terminal struct {
	*os.File
	mu      sync.Mutex
	waiting chan struct{} // closed by the next Write of minSize or more; nil when none asked
	minSize int
}

// NewTerminal wraps f (os.Stdout) for tea.WithOutput and Config.Terminal.
func NewTerminal(f *os.File) *Terminal { return &Terminal{File: f} }

// Write implements io.Writer.
func (t *Terminal) Write(p []byte) (int, error) {
	n, err := t.File.Write(p)
	t.mu.Lock()
	if t.waiting != nil && len(p) >= t.minSize {
		close(t.waiting)
		t.waiting = nil
	}
	t.mu.Unlock()
	return n, err
}

// nextWrite returns a channel closed when the next Write of at least
// minBytes has returned.
func (t *Terminal) nextWrite(minBytes int) <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.waiting == nil {
		t.waiting = make(chan struct{})
	}
	t.minSize = minBytes
	return t.waiting
}

// releaseFirstRequests sends the held requests; later calls do nothing.
// marksProbedMsg is Config.ProbeMarks's answer.
type marksProbedMsg struct{ marks common.Marks }

// firstFrameOut is told the first frame is out: the held requests go,
// unless the service must first be asked whether it keeps marks
// (Config.ProbeMarks), which then goes alone; they follow its answer.
func (a *App) firstFrameOut() tea.Cmd {
	b := &a.boot
	switch {
	case b.probing:
		return nil // a second timer; the requests wait for the answer
	case b.probe != nil && b.held != nil:
		probe, ctx := b.probe, a.ctx.Parent()
		b.probe, b.probing = nil, true
		return func() tea.Msg { return marksProbedMsg{probe(ctx)} }
	}
	return a.releaseFirstRequests()
}

// marksProbed takes the service's answer about marks and sends the held
// requests, which now read the list the service keeps marks for.
func (a *App) marksProbed(m common.Marks) tea.Cmd {
	a.boot.probing = false
	a.ctx.Marks = m
	return a.releaseFirstRequests()
}

func (a *App) releaseFirstRequests() tea.Cmd {
	cmds := a.boot.held
	a.boot.held = nil
	return tea.Batch(cmds...)
}
