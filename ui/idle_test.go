package ui

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
)

// loop runs an App the way tea.Program does: every command in its own
// goroutine, every message it returns fed back to Update, until no
// command is left. Inside a synctest bubble timers fire in virtual time,
// so a tick chain that never ends shows up as a loop that never ends.
type loop struct {
	app     *App
	msgs    chan tea.Msg
	pending int // commands started whose message has not arrived
	seen    map[string]int
}

func newLoop(app *App) *loop {
	return &loop{app: app, msgs: make(chan tea.Msg, 64), seen: map[string]int{}}
}

func (l *loop) start(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	l.pending++
	go func() { l.msgs <- cmd() }()
}

func (l *loop) send(msg tea.Msg) {
	_, cmd := l.app.Update(msg)
	l.start(cmd)
}

// settle delivers messages until no command is pending; it fails after
// limit messages (something keeps re-arming).
func (l *loop) settle(t *testing.T, limit int) {
	t.Helper()
	for n := 0; l.pending > 0; n++ {
		if n > limit {
			t.Fatalf("still busy after %d messages; delivered %v", limit, l.seen)
		}
		msg := <-l.msgs
		l.pending--
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				l.start(c)
			}
		default:
			l.seen[fmt.Sprintf("%T", msg)]++
			l.send(msg)
		}
	}
}

// TestIdleAfterLoadingSchedulesNothing proves "idle is idle": once the
// pages have arrived nothing is pending (no spinner tick, countdown or
// note expiry re-arms itself), an hour can pass without a single message,
// and a stray spinner tick is answered with no command.
func TestIdleAfterLoadingSchedulesNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		app := New(Config{Client: perfClient{total: 250}, Now: func() time.Time { return testNow },
			Location: time.UTC, PageSize: 100})
		l := newLoop(app)
		l.send(tea.WindowSizeMsg{Width: 120, Height: 40})
		l.start(app.Init())
		l.settle(t, 1000)
		l.send(keyMsg("G")) // load the remaining pages, spinner running
		l.settle(t, 1000)

		if st := app.current().Status(); !strings.HasSuffix(st, "/250 · End of results") {
			t.Fatalf("status %q: the pages did not all load", st)
		}
		if l.seen["spinner.TickMsg"] == 0 {
			t.Fatal("the spinner never ticked while loading: the test would not catch a tick that never stops")
		}
		if l.pending != 0 {
			t.Fatalf("%d commands still pending when idle", l.pending)
		}
		before := fmt.Sprint(l.seen)
		time.Sleep(time.Hour) // virtual: any timer left would fire now
		synctest.Wait()
		select {
		case msg := <-l.msgs:
			t.Fatalf("idle program received %T", msg)
		default:
		}
		if _, cmd := app.Update(spinner.TickMsg{}); cmd != nil {
			t.Fatal("a spinner tick while idle re-armed the spinner")
		}
		for _, k := range []string{"j", "k", "j"} { // moving around schedules nothing either
			if _, cmd := app.Update(keyMsg(k)); cmd != nil {
				t.Fatalf("%s in a fully loaded list returned a command", k)
			}
		}
		if after := fmt.Sprint(l.seen); after != before {
			t.Fatalf("messages delivered while idle: %s -> %s", before, after)
		}
	})
}
