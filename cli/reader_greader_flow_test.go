package cli

import (
	"strings"
	"sync/atomic"
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

// viewProbe runs the reader's UI and keeps its latest frame, so a test
// waits on what the screen shows: the renderer writes only the cells that
// changed, so a text on screen need not appear whole in the output.
type viewProbe struct {
	tea.Model
	last *atomic.Pointer[string]
}

func (p viewProbe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := p.Model.Update(msg)
	p.Model = m
	return p, cmd
}

func (p viewProbe) View() tea.View {
	v := p.Model.View()
	s := v.Content
	p.last.Store(&s)
	return v
}

// greaderRun is the running UI and its latest frame.
type greaderRun struct {
	tm   *teatest.TestModel
	last *atomic.Pointer[string]
}

// greaderApp runs the reader's UI, as runReader wires it, on a fake of
// the flavour holding 3 feeds of 30 items.
func greaderApp(t *testing.T, f greaderfake.Flavor, edit func(*ui.Config)) greaderRun {
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
	last := &atomic.Pointer[string]{}
	tm := teatest.NewTestModel(t, viewProbe{Model: ui.New(cfg), last: last}, teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	return greaderRun{tm: tm, last: last}
}

// waitFor waits until the latest frame shows every one of what.
func waitFor(t *testing.T, r greaderRun, what ...string) {
	t.Helper()
	shows := func() bool {
		v := r.last.Load()
		if v == nil {
			return false
		}
		for _, w := range what {
			if !strings.Contains(*v, w) {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(10 * time.Second); !shows(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			v := r.last.Load()
			if v == nil {
				t.Fatalf("no frame within 10s; want %q", what)
			}
			t.Fatalf("after 10s the screen never showed %q:\n%s", what, *v)
		}
	}
}

// quit ends the UI and returns its last state.
func quit(t *testing.T, r greaderRun) *ui.App {
	t.Helper()
	r.tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	return r.tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(viewProbe).Model.(*ui.App)
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
			r := greaderApp(t, f, nil)
			waitFor(t, r, "Feed 1 item 1") // the newest of the reading list
			press(r.tm, "2")
			waitFor(t, r, "Labels: Technology")
			press(r.tm, "j", "enter")             // Feed 2's articles
			waitFor(t, r, "newest first", "1/30") // its 30 articles, not the reading list's 90
			final := quit(t, r)
			view := final.View().Content
			if final.Active() != common.Source || !strings.Contains(view, "Feed 2 item 1") || strings.Contains(view, "Feed 1 item") {
				t.Errorf("ended on %v showing\n%s\nwant the Source screen with Feed 2's articles alone", final.Active(), view)
			}
		})
	}
}

// A search says that the service has none, and names it.
func TestReaderSearchOnAGoogleReaderServiceSaysItHasNone(t *testing.T) {
	r := greaderApp(t, greaderfake.FreshRSS, func(c *ui.Config) {
		c.Screen = common.Search
		c.Search = model.ArticlesQuery{Q: "kernel"}
	})
	waitFor(t, r, "This service has no search")
	final := quit(t, r)
	if view := final.View().Content; !strings.Contains(view, "FreshRSS at http://127.0.0.1") {
		t.Errorf("the note does not name the service:\n%s", view)
	}
}
