package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"tidings/api"
	"tidings/internal/fakes/greaderfake"
	"tidings/model"
	"tidings/ui"
	"tidings/ui/common"
)

// greaderApp runs the reader's UI, as runReader wires it, on a fake of
// the flavour holding 3 feeds of 30 items.
func greaderApp(t *testing.T, f greaderfake.Flavor, edit func(*ui.Config)) *teatest.TestModel {
	t.Helper()
	srv := greaderfake.New(f, "alice", "pw")
	srv.Populate(3, 30, "Technology")
	base := srv.Start(t)
	client, marks, err := newServiceClient(readerService{baseURL: base, apiKey: "pw", user: "alice", dialect: api.DialectGReader})
	if err != nil {
		t.Fatal(err)
	}
	cfg := ui.Config{Client: client, Marks: marks, Dialect: api.DialectGReader, BaseURL: base, Location: time.UTC}
	if edit != nil {
		edit(&cfg)
	}
	return teatest.NewTestModel(t, ui.New(cfg), teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
}

func waitFor(t *testing.T, tm *teatest.TestModel, what string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
		teatest.WithDuration(5*time.Second))
}

func press(tm *teatest.TestModel, keys ...string) {
	for _, k := range keys {
		switch k {
		case "enter":
			tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
		default:
			tm.Send(tea.KeyPressMsg{Code: rune(k[0]), Text: k})
		}
	}
}

// The reader on each flavour: the reading list newest first, the
// subscriptions on Sources, one subscription's articles from there.
func TestReaderOnGoogleReaderServices(t *testing.T) {
	for _, f := range []greaderfake.Flavor{greaderfake.FreshRSS, greaderfake.Miniflux} {
		t.Run(f.String(), func(t *testing.T) {
			tm := greaderApp(t, f, nil)
			waitFor(t, tm, "Feed 1 item 1") // the newest of the reading list
			press(tm, "2")
			waitFor(t, tm, "Labels: Technology")
			press(tm, "j", "enter") // Feed 2's articles
			waitFor(t, tm, "newest first")
			waitFor(t, tm, "1/30") // its 30 articles, not the reading list's 90
			tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
			final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*ui.App)
			view := final.View().Content
			if final.Active() != common.Source || !strings.Contains(view, "Feed 2 item 1") || strings.Contains(view, "Feed 1 item") {
				t.Errorf("ended on %v showing\n%s\nwant the Source screen with Feed 2's articles alone", final.Active(), view)
			}
		})
	}
}

// A search says that the service has none, and names it.
func TestReaderSearchOnAGoogleReaderServiceSaysItHasNone(t *testing.T) {
	tm := greaderApp(t, greaderfake.FreshRSS, func(c *ui.Config) {
		c.Screen = common.Search
		c.Search = model.ArticlesQuery{Q: "kernel"}
	})
	waitFor(t, tm, "This service has no search")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*ui.App)
	if view := final.View().Content; !strings.Contains(view, "FreshRSS at http://127.0.0.1") {
		t.Errorf("the note does not name the service:\n%s", view)
	}
}
