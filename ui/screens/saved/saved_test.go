package saved

import (
	"context"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/model"
	"tidings/state"
	"tidings/ui/common"
	"tidings/ui/internal/uitest"
	"tidings/ui/theme"
)

var now = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

// countingClient answers every count with total and records how many
// requests were in flight at once.
type countingClient struct {
	mu          sync.Mutex
	total       int
	inFlight    int
	maxInFlight int
	release     chan struct{}
}

func (c *countingClient) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	c.mu.Lock()
	c.inFlight++
	c.maxInFlight = max(c.maxInFlight, c.inFlight)
	total := c.total
	c.mu.Unlock()
	if c.release != nil {
		<-c.release
	}
	c.mu.Lock()
	c.inFlight--
	c.mu.Unlock()
	return model.Page[model.Article]{TotalResults: total}, ctx.Err()
}

func (c *countingClient) LatestHeadlines(context.Context, model.HeadlinesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, nil
}

func (c *countingClient) Sources(context.Context, model.SourcesQuery) (model.Page[model.Source], error) {
	return model.Page[model.Source]{}, nil
}

func newScreen(c common.Client, watches int) *Model {
	ctx := &common.Context{
		View: common.View{
			Styles: theme.New(true, false),
			Keys:   keymap.Default(),
			Now:    func() time.Time { return now },
		},
		Services: common.Services{
			Client: c,
			State:  (*state.Store)(nil),
		},
	}
	m := New(ctx)
	m.SetSize(100, 30)
	var ws []state.Watch
	for i := range watches {
		ws = append(ws, state.Watch{Name: string(rune('a' + i)), Query: model.ArticlesQuery{Q: "x"}, Created: now.Add(-time.Hour)})
	}
	m.watchesArrived(watchesMsg{gen: m.wLoadGen, watches: ws})
	m.loaded = true
	return m
}

// A count from a round that a newer one replaced is dropped, so an old
// answer cannot overwrite a newer one.
func TestLateCountsAreDropped(t *testing.T) {
	c := &countingClient{total: 7}
	m := newScreen(c, 1)
	first := m.countAll()
	second := m.countAll()
	c.total = 2
	for _, msg := range uitest.RunAll([]tea.Cmd{first}) {
		m.Update(msg)
	}
	if r := m.watches[0]; r.counted || !r.checking {
		t.Fatalf("the first round's answer was taken: %+v", r)
	}
	for _, msg := range uitest.RunAll([]tea.Cmd{second}) {
		m.Update(msg)
	}
	if r := m.watches[0]; !r.counted || r.n != 2 || r.checking {
		t.Fatalf("the current round's answer was not taken: %+v", r)
	}
}

// Counting many watches keeps at most countWorkers requests in flight.
func TestCountsAreBounded(t *testing.T) {
	c := &countingClient{total: 1, release: make(chan struct{})}
	close(c.release)
	m := newScreen(c, 10)
	pending := []tea.Cmd{m.countAll()}
	for len(pending) > 0 {
		msgs := uitest.RunAll(pending)
		pending = nil
		for _, msg := range msgs {
			pending = append(pending, m.Update(msg))
		}
		if m.inFlight > countWorkers {
			t.Fatalf("%d counts in flight", m.inFlight)
		}
	}
	for _, r := range m.watches {
		if !r.counted || r.n != 1 {
			t.Fatalf("watch %s: %+v", r.w.Name, r)
		}
	}
	if c.maxInFlight > countWorkers {
		t.Fatalf("%d requests at once", c.maxInFlight)
	}
}
