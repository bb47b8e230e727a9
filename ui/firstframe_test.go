package ui

import (
	"bytes"
	"context"
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
