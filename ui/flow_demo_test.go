package ui

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"tidings/api"
	"tidings/model"
	"tidings/server"
	"tidings/server/demo"
	"tidings/server/demodb"
	"tidings/ui/common"
)

// Flows of the real program loop against the real service serving the
// real demo catalogue over loopback: what `go run .` shows a newcomer.

const demoFlowKey = "demo-flow-key"

// flowQuery is searched in the flows; the demo catalogue has 283 articles
// matching it, so its results span many pages.
const flowQuery = "government"

// demoFlowHandler is the service over the built-in demo catalogue, opened
// once per test binary exactly as demo mode opens it.
var demoFlowHandler = sync.OnceValues(func() (http.Handler, error) {
	st, err := demodb.Open(time.Now())
	if err != nil {
		return nil, err
	}
	return server.New(st, server.Config{APIKeys: []string{demoFlowKey}})
})

// pageLog records the page parameter of every /articles request.
type pageLog struct {
	mu    sync.Mutex
	pages []int
}

func (l *pageLog) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v2/articles" {
			p, _ := strconv.Atoi(r.URL.Query().Get("page"))
			l.mu.Lock()
			l.pages = append(l.pages, p)
			l.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

func (l *pageLog) snapshot() []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]int(nil), l.pages...)
}

// startDemoFlow serves the demo catalogue on loopback and starts the
// reader on it in a real tea.Program.
func startDemoFlow(t *testing.T, cfg Config, log *pageLog) *teatest.TestModel {
	t.Helper()
	h, err := demoFlowHandler()
	if err != nil {
		t.Fatal(err)
	}
	if log != nil {
		h = log.wrap(h)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	base, stop, err := server.Start(ctx, "", h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop(context.Background()) })
	client, err := api.New(base, demoFlowKey)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Client, cfg.Demo = client, true
	return teatest.NewTestModel(t, New(cfg),
		teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)),
	)
}

// waitOutput waits until the program has written what ok looks for.
func waitOutput(t *testing.T, tm *teatest.TestModel, ok func([]byte) bool) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), ok, teatest.WithDuration(60*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

// outputWithin reports whether the program writes what ok looks for
// within d; unlike waitOutput it does not fail the test.
func outputWithin(tm *teatest.TestModel, d time.Duration, ok func([]byte) bool) bool {
	var seen []byte
	buf := make([]byte, 64<<10)
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		n, _ := tm.Output().Read(buf)
		seen = append(seen, buf[:n]...)
		if ok(seen) {
			return true
		}
	}
	return false
}

func shows(s string) func([]byte) bool {
	return func(b []byte) bool { return bytes.Contains(b, []byte(s)) }
}

var endOfResults = regexp.MustCompile(`End of results · ([\d,]+) articles`)

// firstPosition is the status line's position on a list's first row
// ("1/6,032"), drawn once a page has loaded.
var firstPosition = regexp.MustCompile(`[^\d]1/[\d,]+`)

// TestDemoFlowSearchScrollsToTheEnd: a search whose results span many
// pages, then G: every page is fetched exactly once, in order, and the
// list ends with the service's total.
func TestDemoFlowSearchScrollsToTheEnd(t *testing.T) {
	var log pageLog
	tm := startDemoFlow(t, Config{Screen: common.Search, Search: model.ArticlesQuery{Q: flowQuery}, PageSize: 25}, &log)
	waitOutput(t, tm, firstPosition.Match)
	tm.Send(tea.KeyPressMsg{Code: 'G', Text: "G"})

	var total int
	waitOutput(t, tm, func(b []byte) bool {
		m := endOfResults.FindSubmatch(b)
		if m != nil {
			total, _ = strconv.Atoi(strings.ReplaceAll(string(m[1]), ",", ""))
		}
		return m != nil
	})
	tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))

	if total < 250 {
		t.Fatalf("the flow needs a result over 250 articles; %q has %d", flowQuery, total)
	}
	pages := log.snapshot()
	want := (total + 24) / 25
	if len(pages) != want {
		t.Fatalf("fetched pages %v, want each of 1..%d once", pages, want)
	}
	for i, p := range pages {
		if p != i+1 && !(i == 0 && p == 0) { // page 1 may be sent as the default
			t.Fatalf("fetched pages %v: not each page once, in order", pages)
		}
	}
}

// TestDemoFlowPickCountryAndRead: the country picker narrows by typing,
// the headlines follow the choice, and an article opens in the reader.
func TestDemoFlowPickCountryAndRead(t *testing.T) {
	tm := startDemoFlow(t, Config{}, nil)
	waitOutput(t, tm, firstPosition.Match)
	tm.Send(tea.KeyPressMsg{Code: 't', Text: "t"})
	tm.Type("germ")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitOutput(t, tm, shows("Germany"))
	// enter does nothing while the German list loads; once it has loaded,
	// it opens the first German headline.
	opened := false
	for try := 0; try < 50 && !opened; try++ {
		tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
		opened = outputWithin(tm, 300*time.Millisecond, shows("Link"))
	}
	if !opened {
		t.Fatal("enter never opened a German headline")
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}) // ctrl+c quits from the reader (q goes back)

	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*App)
	a, ok := final.reader.Article()
	if !ok {
		t.Fatal("no article open in the reader")
	}
	sources, _ := demo.Catalogue(time.Now())
	for _, s := range sources {
		if s.Name == a.Source && s.Country != "de" {
			t.Fatalf("opened %q from %s (%s), want a German headline", a.Title, s.Name, s.Country)
		}
	}
	if final.Active() != common.Reader {
		t.Fatalf("ended on %v, want the reader", final.Active())
	}
}
