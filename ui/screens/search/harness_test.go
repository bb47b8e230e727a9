package search

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"tidings/ui/internal/uitest"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/theme"
)

// now is the pinned clock of every test.
var now = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

// fakeClient records every /articles query and answers from a fixed
// catalogue of articles, pageSize at a time.
type fakeClient struct {
	mu      sync.Mutex
	queries []model.ArticlesQuery
	total   int
	err     error
}

func (f *fakeClient) Sources(context.Context, model.SourcesQuery) (model.Page[model.Source], error) {
	return model.Page[model.Source]{}, fmt.Errorf("not used by search")
}

func (f *fakeClient) LatestHeadlines(context.Context, model.HeadlinesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, fmt.Errorf("not used by search")
}

func (f *fakeClient) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.queries = append(f.queries, q)
	if err := ctx.Err(); err != nil { // a real client fails fast on a cancelled request
		return model.Page[model.Article]{}, err
	}
	if f.err != nil {
		return model.Page[model.Article]{}, f.err
	}
	size := q.PageSize
	if size == 0 {
		size = 20
	}
	page := max(q.Page, 1)
	p := model.Page[model.Article]{TotalResults: f.total, Page: page, PageSize: size}
	for i := (page - 1) * size; i < min(page*size, f.total); i++ {
		p.Items = append(p.Items, article(i, q.Q))
	}
	return p, nil
}

func (f *fakeClient) calls() []model.ArticlesQuery {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]model.ArticlesQuery(nil), f.queries...)
}

// article is deterministic fake result i for keywords q.
func article(i int, q string) model.Article {
	return model.Article{
		Source:      model.SourceRef{ID: "harbor-ledger", Name: "Harbor Ledger"},
		Title:       fmt.Sprintf("Result %d about %s: ports adapt to a changing coastline", i+1, q),
		Description: fmt.Sprintf("Story %d: engineers and harbour masters weigh the cost of higher quays.", i+1),
		URL:         fmt.Sprintf("https://harbor.example/%s/story-%d", url.PathEscape(q), i+1),
		PublishedAt: now.Add(-time.Duration(i+1) * 47 * time.Minute),
	}
}

func newCtx(client common.Client, w, h int) *common.Context {
	return &common.Context{
		View: common.View{
			Width:    w,
			Height:   h,
			Styles:   theme.New(true, false),
			Keys:     keymap.Default(),
			Now:      func() time.Time { return now },
			Location: time.UTC,
		},
		Services: common.Services{
			Client:   client,
			PageSize: 10,
			BaseURL:  "http://127.0.0.1:9/v2",
		},
	}
}

// drive runs cmd and every command its messages lead to, feeding the
// screen's own messages back into Update as the root would. Messages for
// the root (open an article, open a link…) are returned. Spinner ticks are
// dropped so the loop ends.
func drive(t *testing.T, m *Model, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 200 {
			t.Fatal("commands did not settle")
		}
		msgs := runAll(queue)
		queue = nil
		for _, msg := range msgs {
			switch msg := msg.(type) {
			case nil, spinner.TickMsg:
			case articles.OpenMsg, common.OpenURLMsg, common.CopyURLMsg, common.StatusMsg, common.SearchMsg:
				out = append(out, msg)
			default:
				queue = append(queue, m.Update(msg))
			}
		}
	}
	return out
}

// typeText sends one key press per rune and drives what they return.
func typeText(t *testing.T, m *Model, s string) {
	t.Helper()
	for _, r := range s {
		drive(t, m, m.Update(press(string(r))))
	}
}

// key sends named keys in order, returning the root messages they led to.
func keys(t *testing.T, m *Model, names ...string) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	for _, k := range names {
		out = append(out, drive(t, m, m.Update(press(k)))...)
	}
	return out
}

// Shared with the other UI packages' tests.
var press = uitest.Key
var runAll = uitest.RunAll
