package ui

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/api"
	"tidings/internal/fakes/faultserver"
	"tidings/model"
	"tidings/server"
	"tidings/server/store/sqlite"
	"tidings/ui/textsafe"
)

// Helpers for tests of the reader against the real service over loopback
// (faults_test.go). Time is real here, not a synctest bubble: the fault
// server is a real TCP server.

// liveKey is the service's only key; no view may ever show it.
const liveKey = "live-key-9c4e1f7a2b"

// Catalogue sizes: more sources than one sources page (100), and headline
// and search results over several pages of liveSize.
const (
	liveSources  = 130
	liveArticles = 45
	liveSize     = 10
)

// liveService starts a fault server in front of the real handler. The
// handler and its store are built once and shared: they are safe for
// concurrent use, and building them costs more than most fault tests.
func liveService(t *testing.T) *faultserver.Server {
	t.Helper()
	h, err := liveHandler()
	if err != nil {
		t.Fatal(err)
	}
	fs := faultserver.New(h)
	t.Cleanup(fs.Close)
	return fs
}

// liveHandler is the real service over a small catalogue. Its in-memory
// store lives as long as the test binary.
var liveHandler = sync.OnceValues(func() (http.Handler, error) {
	st, err := sqlite.Open("")
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	now := time.Now().UTC()
	var sources []model.Source
	for i := range liveSources {
		sources = append(sources, model.Source{
			ID: fmt.Sprintf("outlet-%03d", i), Name: fmt.Sprintf("Outlet %03d", i), Description: "A news outlet.",
			URL: fmt.Sprintf("https://outlet%03d.example", i), Category: "general", Language: "en", Country: "us",
		})
	}
	var articles []model.Article
	for i := range liveArticles {
		src := sources[i%7]
		articles = append(articles, model.Article{
			Source: model.SourceRef{ID: src.ID, Name: src.Name}, Author: "Desk",
			Title:       fmt.Sprintf("Storm story %02d", i),
			Description: "Weather news.", URL: fmt.Sprintf("https://outlet.example/storm-%02d", i),
			PublishedAt: now.Add(-time.Duration(i+1) * time.Minute), Content: "The storm goes on.",
		})
	}
	if err := st.Add(context.Background(), sources, articles); err != nil {
		return nil, fmt.Errorf("add: %w", err)
	}
	return server.New(st, server.Config{APIKeys: []string{liveKey}})
})

// liveHarness drives an App the way the Bubble Tea runtime does: every
// command runs in its own goroutine and its message comes back through a
// channel, in whatever order the commands finish. Spinner ticks are
// dropped (they only animate).
type liveHarness struct {
	t       *testing.T
	app     *App
	client  *swapClient
	msgs    chan tea.Msg
	pending atomic.Int64
	quit    bool
	w, h    int
}

// newLiveHarness starts the reader on a screen (0 headlines, 1 sources,
// 2 search for "storm") in a w×h window. The client's per-attempt timeout
// is liveTimeout unless timeout gives another; setTimeout changes it.
func newLiveHarness(t *testing.T, fs *faultserver.Server, screen int, w, h int, timeout ...time.Duration) *liveHarness {
	t.Helper()
	client := &swapClient{url: fs.URL()}
	limit := liveTimeout
	if len(timeout) > 0 {
		limit = timeout[0]
	}
	if err := client.setTimeout(limit); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Client: client, BaseURL: fs.URL(), PageSize: liveSize, Location: time.UTC, NoColor: false}
	switch screen {
	case 1:
		cfg.Screen = 1
	case 2:
		cfg.Screen = 2
		cfg.Search = model.ArticlesQuery{Q: "storm"}
	}
	return startLive(t, cfg, client, w, h)
}

// startLive starts the reader of cfg on client in a w×h window, its first
// requests on their way.
func startLive(t *testing.T, cfg Config, client *swapClient, w, h int) *liveHarness {
	hs := &liveHarness{t: t, app: New(cfg), client: client, msgs: make(chan tea.Msg, 4096), w: w, h: h}
	hs.app.openURL = func(string) error { return nil }
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.launch(hs.app.Init())
	// The first requests wait for the first frame (firstframe.go): let
	// the message that releases them in, as the runtime would.
	for deadline := time.Now().Add(5 * time.Second); hs.app.boot.held != nil && time.Now().Before(deadline); {
		hs.deliver(100 * time.Millisecond)
	}
	return hs
}

// Client timeouts: long enough for any real answer on a loaded CI
// machine under -race, and short enough to see a timeout quickly.
const (
	liveTimeout  = 5 * time.Second
	shortTimeout = 300 * time.Millisecond
)

// swapClient is the real api.Client behind a pointer the test can swap,
// so a test can use a short timeout while a fault holds requests and a
// long one once the service is healthy again.
type swapClient struct {
	url string
	cur atomic.Pointer[api.Client]
}

func (c *swapClient) setTimeout(d time.Duration) error {
	client, err := api.New(c.url, liveKey, api.WithTimeout(d), api.WithBackoff(time.Millisecond))
	if err != nil {
		return err
	}
	c.cur.Store(client)
	return nil
}

func (c *swapClient) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	return c.cur.Load().Sources(ctx, q)
}

func (c *swapClient) LatestHeadlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	return c.cur.Load().LatestHeadlines(ctx, q)
}

func (c *swapClient) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	return c.cur.Load().Articles(ctx, q)
}

// setTimeout gives the requests sent from now on timeout d.
func (h *liveHarness) setTimeout(d time.Duration) {
	if err := h.client.setTimeout(d); err != nil {
		h.t.Fatal(err)
	}
}

// launch runs cmd the way the runtime does; batches fan out.
func (h *liveHarness) launch(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	h.pending.Add(1)
	go func() {
		defer h.pending.Add(-1)
		switch msg := cmd().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				h.launch(c)
			}
		default:
			h.msgs <- msg
		}
	}()
}

// send updates the app with msg and launches the command it returns.
func (h *liveHarness) send(msg tea.Msg) {
	_, cmd := h.app.Update(msg)
	h.launch(cmd)
}

func (h *liveHarness) key(keys ...string) {
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

// deliver feeds one arrived message to the app; false when none came
// within wait.
func (h *liveHarness) deliver(wait time.Duration) bool {
	select {
	case msg := <-h.msgs:
		switch msg.(type) {
		case spinner.TickMsg:
		case tea.QuitMsg:
			h.quit = true
		default:
			h.send(msg)
		}
		return true
	case <-time.After(wait):
		return false
	}
}

// until delivers messages until the view satisfies ok or d passes, and
// fails the test in the second case, showing the view. Every frame it
// looks at must pass checkFrame.
func (h *liveHarness) until(d time.Duration, what string, ok func(view string) bool) {
	h.t.Helper()
	deadline := time.Now().Add(d)
	for {
		if ok(h.checkView()) {
			return
		}
		left := time.Until(deadline)
		if left <= 0 {
			h.t.Fatalf("after %v the view never showed %s:\n%s", d, what, h.view())
		}
		h.deliver(left) // the view changes only when a message arrives
	}
}

// untilShows waits until the view holds every one of wants.
func (h *liveHarness) untilShows(d time.Duration, wants ...string) {
	h.t.Helper()
	h.until(d, fmt.Sprintf("%q", wants), func(v string) bool {
		for _, w := range wants {
			if !strings.Contains(v, w) {
				return false
			}
		}
		return true
	})
}

// view is the frame without SGR styling, on one line per row.
func (h *liveHarness) view() string { return ansi.Strip(h.app.View().Content) }

// checkView fails the test if the frame breaks the terminal contract (see
// frameProblem) or shows the API key, and returns it without styling.
func (h *liveHarness) checkView() string {
	h.t.Helper()
	content := h.app.View().Content
	plain := ansi.Strip(content)
	if msg := frameProblem(content, h.w, h.h); msg != "" {
		h.t.Fatalf("%s\n%s", msg, plain)
	}
	if strings.Contains(plain, liveKey) {
		h.t.Fatalf("the view shows the API key")
	}
	return plain
}

// frameProblem describes what is wrong with a rendered frame for a
// w×h window, or returns "" for a good one. Styling (SGR) is allowed and
// removed first; after that no ESC, C0 control (other than newline) or
// C1 control, and no bidi override or isolate, may remain.
func frameProblem(content string, w, h int) string {
	lines := strings.Split(content, "\n")
	if len(lines) > h {
		return fmt.Sprintf("the frame has %d lines for a window %d high", len(lines), h)
	}
	for i, l := range lines {
		if sw := ansi.StringWidth(l); sw > w {
			return fmt.Sprintf("line %d is %d cells wide for a window %d wide: %q", i, sw, w, ansi.Strip(l))
		}
	}
	// Only SGR and the reader's own hyperlink may be in the raw frame: an
	// OSC, DCS or cursor move would be removed by ansi.Strip, so they are
	// looked for before stripping.
	plain, bad := withoutStyling(content)
	if bad >= 0 {
		return fmt.Sprintf("an escape sequence other than SGR at byte %d: %q", bad, content[bad:min(bad+12, len(content))])
	}
	if !utf8.ValidString(plain) {
		return "the frame is not valid UTF-8"
	}
	for i, r := range plain {
		switch {
		case r == '\n':
		case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			return fmt.Sprintf("control character %U at byte %d of the frame", r, i)
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			return fmt.Sprintf("bidi control %U at byte %d of the frame", r, i)
		}
	}
	return ""
}

// withoutSGR removes the SGR sequences (ESC [ params m) lipgloss writes
// and returns the index of the first ESC that starts anything else, or -1.
// (A scanner, not a regexp: it runs on every frame of every test.)
func withoutStyling(s string) (string, int) {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			i++
			continue
		}
		n := styleSeqLen(s[i:])
		if n == 0 {
			return "", i
		}
		i += n
	}
	return b.String(), -1
}

// The reader's link is an OSC 8 hyperlink with this id.
const (
	linkOpen  = "\x1b]8;id=tidings-article;"
	linkClose = "\x1b]8;;\x07"
)

// styleSeqLen is the length of the escape sequence at the start of s if
// it is one the UI may write: SGR, or the reader's hyperlink to a URL that
// passes textsafe.SafeURL. 0 for anything else.
func styleSeqLen(s string) int {
	switch {
	case strings.HasPrefix(s, "\x1b["):
		j := 2
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
			j++
		}
		if j < len(s) && s[j] == 'm' {
			return j + 1
		}
	case strings.HasPrefix(s, linkClose):
		return len(linkClose)
	case strings.HasPrefix(s, linkOpen):
		end := strings.IndexByte(s, 0x07)
		if end < 0 {
			return 0
		}
		if u := s[len(linkOpen):end]; u != "" {
			if safe, ok := textsafe.SafeURL(u); ok && safe == u {
				return end + 1
			}
		}
	}
	return 0
}
