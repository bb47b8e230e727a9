package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"tidings/model"
	"tidings/ui/common"
)

// TestSavedGolden snapshots the Saved screen at 120×40: two watches (one
// with new articles, one whose own end date has passed) above two saved
// articles, the second of them read. Regenerate with: go test ./ui -update
func TestSavedGolden(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(st.AddWatch(ctx, "climate", model.ArticlesQuery{Q: "climate", Language: "en", SortBy: "publishedAt"}, testNow.Add(-3*time.Hour)))
	must(st.AddWatch(ctx, "election night", model.ArticlesQuery{Q: "election", Sources: []string{"harbor-ledger"},
		From: "2026-11-01T00:00:00Z", To: "2026-11-04T23:59:59Z"}, testNow.Add(-2*time.Hour)))
	for i, a := range []model.Article{
		{Source: model.SourceRef{ID: "src", Name: "Harbor Ledger"}, Author: "Desk", Title: "Tides rise earlier than forecast along the coast",
			Description: "Forecasters revise their models.", URL: "https://news.example/tides", PublishedAt: testNow.Add(-5 * time.Hour),
			Content: "The tide came in. [+900 chars]"},
		{Source: model.SourceRef{ID: "src", Name: "Circuit & Signal"}, Title: "Rates hold steady for a third month",
			Description: "The bank keeps its course.", URL: "https://news.example/rates", PublishedAt: testNow.Add(-30 * time.Hour)},
	} {
		must(st.Save(ctx, a, testNow.Add(-time.Duration(10-i)*time.Minute)))
	}
	must(st.MarkRead(ctx, "https://news.example/tides", testNow.Add(-time.Minute)))

	var out string
	inBubble(t, func(t *testing.T) {
		wc := &watchClient{fakeClient: fakeClient{total: 30}}
		wc.gain(testNow.Add(-4*time.Hour), testNow.Add(-time.Hour), testNow.Add(-30*time.Minute), testNow.Add(-time.Minute))
		h := newHarness(&wc.fakeClient, 120, 40, withState(st), func(c *Config) { c.Client = wc; c.Demo = true })
		h.keys("4")
		out = ansi.Strip(h.app.View().Content)
	})
	for _, want := range []string{"3 new", "expired", "Rates hold steady", "Tides rise"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the Saved screen lacks %q:\n%s", want, out)
		}
	}
	golden.RequireEqual(t, out)
}

// TestFlowSaveThenRestart runs the real program loop twice over one state
// file: b on a headline, q; then 4 in a new program shows it.
func TestFlowSaveThenRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	run := func(keys []tea.KeyPressMsg, wait, want string) *App {
		st := openStore(t, path)
		app := New(Config{Client: &fakeClient{total: 30}, State: st, Now: func() time.Time { return testNow }, Location: time.UTC})
		tm := teatest.NewTestModel(t, app, teatest.WithInitialTermSize(100, 30),
			teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), wait) },
			teatest.WithDuration(5*time.Second))
		for _, k := range keys {
			tm.Send(k)
		}
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), want) },
			teatest.WithDuration(5*time.Second))
		tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
		final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*App)
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		return final
	}
	run([]tea.KeyPressMsg{{Code: 'j', Text: "j"}, {Code: 'b', Text: "b"}}, "headline number 01", "Saved.")
	final := run([]tea.KeyPressMsg{{Code: '4', Text: "4"}}, "headline number 01", "Saved articles · 1")
	if final.Active() != common.Saved || !strings.Contains(ansi.Strip(final.View().Content), "Top headline number 02") {
		t.Fatalf("after a restart Saved shows:\n%s", ansi.Strip(final.View().Content))
	}
}
