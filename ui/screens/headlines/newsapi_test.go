package headlines

import (
	"time"

	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/api"
	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/theme"
)

func newNewsAPIScreen(t *testing.T, c *fakeClient, preset model.HeadlinesQuery) *Model {
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
			Dialect:  api.DialectNewsAPI,
		},
	}
	m := New(ctx, preset)
	m.SetSize(100, 20)
	settle(m, m.Init())
	return m
}

// NewsAPI's top headlines need a country or a category: with neither
// preset, the screen starts on the United States.
func TestNewsAPIHeadlinesStartOnTheUnitedStates(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		c := &fakeClient{total: 3}
		newNewsAPIScreen(t, c, model.HeadlinesQuery{})
		if q := c.last(); q.Country != "us" {
			t.Fatalf("first query %+v; want country us", q)
		}
		c = &fakeClient{total: 3}
		newNewsAPIScreen(t, c, model.HeadlinesQuery{Category: "science"})
		if q := c.last(); q.Country != "" || q.Category != "science" {
			t.Fatalf("a preset category was overridden: %+v", q)
		}
	})
}

// Picking "All countries" with all categories is explained, not sent.
func TestNewsAPIRefusedFilterIsExplainedNotSent(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		c := &fakeClient{total: 3}
		m := newNewsAPIScreen(t, c, model.HeadlinesQuery{})
		calls := len(c.queries)
		out := press(m, "t", "A", "l", "l", "enter")
		if len(c.queries) != calls || m.Query().Country != "us" {
			t.Fatalf("sent %d queries, country now %q", len(c.queries)-calls, m.Query().Country)
		}
		var note string
		for _, msg := range out {
			if s, ok := msg.(common.StatusMsg); ok {
				note = s.Text
			}
		}
		if !strings.Contains(note, "need a country or a category") {
			t.Fatalf("status notes %v; want the reason", out)
		}
	})
}

// An empty list for another country says what NewsAPI documents.
func TestNewsAPIEmptyCountrySaysWhatNewsAPIDocuments(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		m := newNewsAPIScreen(t, &fakeClient{total: 0}, model.HeadlinesQuery{Country: "de"})
		if v := ansi.Strip(m.View()); !strings.Contains(v, "NewsAPI sent no headlines for Germany: it lists them only for the United States") {
			t.Fatalf("view:\n%s", v)
		}
	})
}
