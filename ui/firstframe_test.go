package ui

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/model"
)

// screenLog is the program's output, safe to read while it is written.
type screenLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *screenLog) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *screenLog) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(s.buf.String())
}

// frameCheckClient notes what the terminal had been sent when the first
// headlines request arrived.
type frameCheckClient struct {
	fakeClient
	out     *screenLog
	once    sync.Once
	atFirst chan string
}

func (c *frameCheckClient) LatestHeadlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	c.once.Do(func() { c.atFirst <- c.out.text() })
	return c.fakeClient.LatestHeadlines(ctx, q)
}

// In the real program loop, the chrome and the loading spinner are written
// to the terminal before the first request is sent.
func TestFirstFrameIsOutBeforeTheFirstRequest(t *testing.T) {
	out := &screenLog{}
	client := &frameCheckClient{fakeClient: fakeClient{total: 30}, out: out, atFirst: make(chan string, 1)}
	app := New(Config{Client: client, Version: "v1.0.0", Now: func() time.Time { return testNow }, Location: time.UTC})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := tea.NewProgram(app, tea.WithContext(ctx), tea.WithInput(strings.NewReader("")), tea.WithOutput(out),
		tea.WithWindowSize(100, 30), tea.WithFPS(FrameRate), tea.WithEnvironment([]string{"TERM=xterm-256color"}))
	done := make(chan struct{})
	go func() { defer close(done); p.Run() }()
	defer func() { cancel(); <-done }()
	select {
	case screen := <-client.atFirst:
		for _, want := range []string{"tidings", "Headlines", "Sources", "Search", "Loading headlines"} {
			if !strings.Contains(screen, want) {
				t.Errorf("when the first request went out the terminal had not been sent %q; it had:\n%s", want, screen)
			}
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no headlines request within 10s")
	}
}

// With the terminal in view, the first requests go just after the frame
// is written (a write of frame size, not a short query), not a tick
// period later; with nothing written, at the limit.
func TestFirstRequestsGoJustAfterTheFrameIsWritten(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	go io.Copy(io.Discard, r)
	term := NewTerminal(w)

	released := make(chan time.Time, 1)
	cmd := afterWrite(term.nextWrite(6), time.Hour)
	go func() { cmd(); released <- time.Now() }()
	time.Sleep(20 * time.Millisecond)
	select {
	case <-released:
		t.Fatal("released before anything was written")
	default:
	}
	if _, err := term.Write([]byte("query")); err != nil { // shorter than a frame
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	select {
	case <-released:
		t.Fatal("released after a write too short to be the frame")
	default:
	}
	wrote := time.Now()
	if _, err := term.Write([]byte("frame!")); err != nil {
		t.Fatal(err)
	}
	select {
	case at := <-released:
		if at.Before(wrote) {
			t.Fatal("released before the write")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("not released after the write")
	}

	start := time.Now()
	afterWrite(term.nextWrite(6), 30*time.Millisecond)()
	if waited := time.Since(start); waited < 30*time.Millisecond {
		t.Fatalf("released after %v with nothing written, before the limit", waited)
	}
}
