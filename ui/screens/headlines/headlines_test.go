package headlines

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"tidings/ui/internal/uitest"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/theme"
)

var now = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

// fakeClient serves total headlines per query, titled by country.
type fakeClient struct {
	mu      sync.Mutex
	total   int
	queries []model.HeadlinesQuery
}

func (f *fakeClient) LatestHeadlines(_ context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	f.mu.Lock()
	f.queries = append(f.queries, q)
	f.mu.Unlock()
	size := max(q.PageSize, 1)
	var items []model.Article
	for i := (q.Page - 1) * size; i < min(q.Page*size, f.total); i++ {
		items = append(items, model.Article{
			Title: fmt.Sprintf("%s story %02d", q.Country.Name(), i+1), Source: model.SourceRef{Name: "Wire"},
			URL: fmt.Sprintf("https://x.example/%s/%d", q.Country, i), PublishedAt: now.Add(-time.Hour),
		})
	}
	return model.Page[model.Article]{Items: items, TotalResults: f.total, Page: q.Page, PageSize: size}, nil
}

func (f *fakeClient) Articles(context.Context, model.ArticlesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, nil
}

func (f *fakeClient) Sources(context.Context, model.SourcesQuery) (model.Page[model.Source], error) {
	return model.Page[model.Source]{}, nil
}

func (f *fakeClient) last() model.HeadlinesQuery {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.queries[len(f.queries)-1]
}

func newScreen(t *testing.T, c *fakeClient, w, h int, preset model.HeadlinesQuery) *Model {
	t.Helper()
	ctx := &common.Context{
		View: common.View{
			Styles: theme.New(true, false),
			Keys:   keymap.Default(),
			Now:    func() time.Time { return now },
		},
		Services: common.Services{
			Client:   c,
			PageSize: 5,
		},
	}
	m := New(ctx, preset)
	m.SetSize(w, h)
	settle(m, m.Init())
	return m
}

// settle runs a command and feeds the page answers back; timers are not
// waited for. It returns the other messages the screen emitted.
func settle(m *Model, cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	for _, msg := range run(cmd) {
		switch msg.(type) {
		case spinner.TickMsg:
		case articles.OpenMsg, common.StatusMsg, common.OpenURLMsg, common.CopyURLMsg, common.RefreshFeedsMsg:
			out = append(out, msg)
		default:
			out = append(out, settle(m, m.Update(msg))...)
		}
	}
	return out
}

// run executes a command, skipping timers (see uitest.Run).
func run(cmd tea.Cmd) []tea.Msg { return uitest.Run(cmd, 60*time.Millisecond) }

func press(m *Model, keys ...string) []tea.Msg {
	var out []tea.Msg
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEsc}
		default:
			msg = tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
		}
		out = append(out, settle(m, m.Update(msg))...)
	}
	return out
}

func TestPresetFiltersAreQueried(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		c := &fakeClient{total: 3}
		m := newScreen(t, c, 80, 20, model.HeadlinesQuery{Country: "de", Category: "sports"})
		if q := c.last(); q.Country != "de" || q.Category != "sports" || q.Page != 1 || q.PageSize != 5 {
			t.Fatalf("first query %+v", q)
		}
		if out := ansi.Strip(m.View()); !strings.Contains(out, "Germany (de)") || !strings.Contains(out, "Sports") {
			t.Fatalf("filter bar does not name the filters:\n%s", out)
		}
	})
}

func TestCountryPickerReloads(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		c := &fakeClient{total: 3}
		m := newScreen(t, c, 80, 20, model.HeadlinesQuery{})
		press(m, "t")
		if !m.CapturesInput() {
			t.Fatal("an open picker does not capture input")
		}
		press(m, "f", "r", "a", "n", "c", "e", "enter")
		if q := c.last(); q.Country != "fr" || m.Query().Country != "fr" {
			t.Fatalf("picked France, queried %+v", q)
		}
		if out := ansi.Strip(m.View()); !strings.Contains(out, "France story 01") {
			t.Fatalf("list not reloaded:\n%s", out)
		}
		calls := len(c.queries)
		press(m, "c", "esc")
		if len(c.queries) != calls || m.CapturesInput() {
			t.Fatal("cancelling the category picker refetched or stayed open")
		}
		press(m, "c", "enter") // choosing the current value again
		if len(c.queries) != calls {
			t.Fatal("re-choosing the same category refetched")
		}
	})
}

func TestEnterOpensSelected(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		m := newScreen(t, &fakeClient{total: 3}, 80, 20, model.HeadlinesQuery{Country: "us"})
		msgs := press(m, "j", "enter")
		if len(msgs) != 1 {
			t.Fatalf("enter gave %v", msgs)
		}
		open := msgs[0].(articles.OpenMsg)
		if open.Origin != common.Headlines || open.Item.Title != "United States story 02" {
			t.Fatalf("opened %+v", open)
		}
		if msgs := press(m, "o"); len(msgs) != 1 || msgs[0] != (common.OpenURLMsg{URL: "https://x.example/us/1"}) {
			t.Fatalf("o gave %v", msgs)
		}
	})
}

func TestStepAtTheEnd(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		m := newScreen(t, &fakeClient{total: 2}, 80, 20, model.HeadlinesQuery{})
		msgs := settle(m, m.Update(common.StepArticleMsg{Delta: 1}))
		if len(msgs) != 1 || msgs[0].(articles.OpenMsg).Item.Title != "All countries story 02" {
			t.Fatalf("step gave %v", msgs)
		}
		msgs = settle(m, m.Update(common.StepArticleMsg{Delta: 1}))
		if len(msgs) != 1 || !strings.Contains(msgs[0].(common.StatusMsg).Text, "last article") {
			t.Fatalf("step past the end gave %v", msgs)
		}
	})
}

func TestViewIsExactlyTheArea(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		for _, size := range [][2]int{{40, 6}, {80, 20}, {139, 30}, {140, 30}, {220, 50}} {
			m := newScreen(t, &fakeClient{total: 40}, size[0], size[1], model.HeadlinesQuery{})
			for _, view := range []string{m.View(), func() string { press(m, "t"); return m.View() }()} {
				lines := strings.Split(view, "\n")
				if len(lines) != size[1] {
					t.Fatalf("%v: %d lines", size, len(lines))
				}
				for _, l := range lines {
					if w := ansi.StringWidth(l); w > size[0] {
						t.Fatalf("%v: line %q is %d wide", size, ansi.Strip(l), w)
					}
				}
			}
		}
	})
}

func TestPreviewPaneFromPreviewWidth(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		narrow := newScreen(t, &fakeClient{total: 3}, 139, 30, model.HeadlinesQuery{})
		wide := newScreen(t, &fakeClient{total: 3}, 140, 30, model.HeadlinesQuery{})
		if strings.Contains(ansi.Strip(narrow.View()), "enter to read") {
			t.Fatal("preview shown below 140 columns")
		}
		if !strings.Contains(ansi.Strip(wide.View()), "enter to read") {
			t.Fatal("no preview at 140 columns")
		}
	})
}

// stubFeeds is a feed poller that is never asked anything here: the root,
// not the screen, calls it (the embedded interface leaves the Feeds
// screen's methods unimplemented).
type stubFeeds struct{ common.Feeds }

func (stubFeeds) Refresh()                           {}
func (stubFeeds) Updates() <-chan common.FeedsStatus { return nil }

func refreshHelp(m *Model) string {
	for _, b := range m.ShortHelp() {
		if b.Help().Key == "r" {
			return b.Help().Desc
		}
	}
	return ""
}

func TestRefreshInPersonalModeAlsoAsksForTheFeeds(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		c := &fakeClient{total: 3}
		m := newScreen(t, c, 80, 20, model.HeadlinesQuery{})
		if msgs := press(m, "r"); len(msgs) != 0 || len(c.queries) != 2 {
			t.Fatalf("r without feeds: messages %v, %d queries", msgs, len(c.queries))
		}
		if d := refreshHelp(m); d != "refresh/retry" {
			t.Fatalf("r without feeds is described as %q", d)
		}
		m.ctx.Feeds = stubFeeds{}
		msgs := press(m, "r")
		if len(msgs) != 1 || msgs[0] != (common.RefreshFeedsMsg{}) {
			t.Fatalf("r in personal mode gave %v", msgs)
		}
		if len(c.queries) != 3 || c.last().Page != 1 {
			t.Fatalf("r in personal mode did not reload the list at once: %d queries", len(c.queries))
		}
		if d := refreshHelp(m); d != "refresh feeds" {
			t.Fatalf("r in personal mode is described as %q", d)
		}
		if d := m.ctx.Keys.List.Refresh.Help().Desc; d != "refresh/retry" {
			t.Fatalf("the shared key map was changed: %q", d)
		}
	})
}

func TestReloadMsgRunsTheQueryAgainFromTheTop(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		c := &fakeClient{total: 3}
		m := newScreen(t, c, 80, 20, model.HeadlinesQuery{Country: "us"})
		press(m, "j", "j")
		settle(m, m.Update(common.ReloadMsg{}))
		if len(c.queries) != 2 || c.last().Page != 1 || c.last().Country != "us" {
			t.Fatalf("reload queried %+v (%d queries)", c.last(), len(c.queries))
		}
		if it, _ := m.list.Selected(); it.Title != "United States story 01" {
			t.Fatalf("after a reload the cursor is on %q", it.Title)
		}
	})
}

// inBubble runs a test in a synctest bubble, where time is virtual: a wait
// for a command runs out only once every goroutine is blocked, so a slow
// machine cannot make a fetch look like a timer. Pending timers are let
// fire at the end so no goroutine is left behind.
func inBubble(t *testing.T, f func(t *testing.T)) {
	synctest.Test(t, func(t *testing.T) {
		f(t)
		time.Sleep(time.Hour)
	})
}
