package ui

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"tidings/ui/internal/uitest"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/api"
	"tidings/model"
)

// testNow is the pinned clock of every UI test.
var testNow = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

// fakeClient serves a deterministic catalogue: total headlines, sources
// and search results, and optionally fails calls with errs (in order)
// before serving normally.
type fakeClient struct {
	mu        sync.Mutex
	total     int
	errs      []error
	headlines []model.HeadlinesQuery
	sources   int  // Sources calls
	badURL    bool // the first article's link is not http(s)
	hostile   bool // the first article is full of terminal escapes
	// noSources: the service cannot list one source's headlines (a
	// third-party spec service, as the api client finds out).
	noSources bool
}

func (f *fakeClient) nextErr() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.errs) == 0 {
		return nil
	}
	err := f.errs[0]
	f.errs = f.errs[1:]
	return err
}

func (f *fakeClient) articles(page, size int, prefix string) model.Page[model.Article] {
	if size == 0 {
		size = model.DefaultPageSize
	}
	var items []model.Article
	for i := (page - 1) * size; i < min(page*size, f.total); i++ {
		a := model.Article{
			Source:      model.SourceRef{ID: "src", Name: fmt.Sprintf("Source %c", 'A'+i%3)},
			Author:      "Reporter",
			Title:       fmt.Sprintf("%s headline number %02d about the day's events", prefix, i+1),
			Description: fmt.Sprintf("Description of story %02d.", i+1),
			URL:         fmt.Sprintf("https://news.example/%s/%02d", prefix, i+1),
			PublishedAt: testNow.Add(-time.Duration(i*37+5) * time.Minute),
			Content:     fmt.Sprintf("<p>Body of story %02d &amp; more.</p> It goes on… [+%d chars]", i+1, 100+i),
		}
		if i == 0 && f.badURL {
			a.URL = "javascript:alert(1)"
		}
		if i == 0 && f.hostile {
			a.Title = "Evil\x1b]0;owned\x07 title\x1b[2J\x1b[H\u202eesrever"
			a.Source.Name = "Src\x1b]52;c;ZXZpbA==\x07"
			a.Author = "\x1b[31mRed\x1b[0m \x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\"
			a.Description = "Desc\x9b2J\u200b\u2066hidden"
			a.Content = "<script>alert(1)</script>Body\x1bP+q\x1b\\ [+10 chars]"
		}
		items = append(items, a)
	}
	return model.Page[model.Article]{Items: items, TotalResults: f.total, Page: page, PageSize: size}
}

func (f *fakeClient) LatestHeadlines(_ context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	f.mu.Lock()
	f.headlines = append(f.headlines, q)
	f.mu.Unlock()
	if err := f.nextErr(); err != nil {
		return model.Page[model.Article]{}, err
	}
	prefix := "Top"
	if q.Country != "" {
		prefix = string(q.Country)
	}
	if len(q.Sources) > 0 {
		if f.noSources {
			return model.Page[model.Article]{}, fmt.Errorf("%w: asked for %s", api.ErrSourcesUnsupported, q.Sources[0])
		}
		p := f.articles(max(q.Page, 1), q.PageSize, q.Sources[0])
		for i := range p.Items {
			p.Items[i].Source = model.SourceRef{ID: q.Sources[0], Name: "Only " + q.Sources[0]}
		}
		return p, nil
	}
	return f.articles(max(q.Page, 1), q.PageSize, prefix), nil
}

func (f *fakeClient) Articles(_ context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	return f.articles(max(q.Page, 1), q.PageSize, "Found"), nil
}

func (f *fakeClient) Sources(_ context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	f.mu.Lock()
	f.sources++
	f.mu.Unlock()
	var items []model.Source
	for i := 0; i < 5; i++ {
		items = append(items, model.Source{
			ID: fmt.Sprintf("source-%d", i), Name: fmt.Sprintf("Source %d", i), Description: "A source.",
			URL: "https://source.example", Category: "general", Language: "en", Country: "us",
		})
	}
	return model.Page[model.Source]{Items: items, TotalResults: 5, Page: 1, PageSize: 20}, nil
}

func (f *fakeClient) headlineQueries() []model.HeadlinesQuery {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]model.HeadlinesQuery(nil), f.headlines...)
}

// inBubble runs a test in a synctest bubble, where time is virtual: the
// harness's wait for a command only runs out once every goroutine is
// blocked, so a slow machine cannot make a fetch look like a timer. At the
// end, pending timers are let fire so that no goroutine is left behind.
func inBubble(t *testing.T, f func(t *testing.T)) {
	synctest.Test(t, func(t *testing.T) {
		f(t)
		time.Sleep(time.Hour)
	})
}

// harness drives an App synchronously: commands run at once and their
// messages are fed back; timers (spinner, countdown, note expiry) are
// skipped unless a test waits for them. Use it inside inBubble.
type harness struct {
	app    *App
	quit   bool
	opened []string
	wait   time.Duration
}

func newHarness(client *fakeClient, w, h int, cfg ...func(*Config)) *harness {
	c := Config{Client: client, Now: func() time.Time { return testNow }, Location: time.UTC,
		Version: "v1.0.0", BaseURL: "http://127.0.0.1:9/v2", PageSize: 10}
	for _, f := range cfg {
		f(&c)
	}
	hs := &harness{app: New(c), wait: 60 * time.Millisecond}
	hs.app.openURL = func(u string) error { hs.opened = append(hs.opened, u); return nil }
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.app.Init())
	return hs
}

func (h *harness) send(msg tea.Msg) {
	_, cmd := h.app.Update(msg)
	h.run(cmd)
}

func (h *harness) run(cmd tea.Cmd) {
	for _, msg := range h.exec(cmd) {
		if _, ok := msg.(tea.QuitMsg); ok {
			h.quit = true
			continue
		}
		h.send(msg)
	}
}

func (h *harness) exec(cmd tea.Cmd) []tea.Msg { return uitest.Run(cmd, h.wait) }

func (h *harness) keys(keys ...string) {
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

// Shared with the other UI packages' tests.
var keyMsg = uitest.Key
