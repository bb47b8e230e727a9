package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/internal/fakes/faultserver"
	"tidings/ui/common"
)

// Fault tests of the whole reader: the root App with the real api.Client
// against the real service behind internal/fakes/faultserver, one fault at a
// time on each list screen. The view must explain the failure in plain
// words with what to do, the list must stay usable, r must recover once the
// fault is gone, and no frame may break the terminal.

// wait bounds every wait for the view; passing runs take a fraction of it.
const wait = 10 * time.Second

// listScreen is one list screen as these tests drive it.
type listScreen struct {
	id    common.ScreenID
	name  string
	first string // text of the first item once page 1 is shown
	last  string // text of the last item, on the last page
	path  string // the endpoint it reads
	pages int    // pages of the catalogue it lists
}

var liveScreens = []listScreen{
	{common.Headlines, "headlines", "Storm story 00", "Storm story 44", "/v2/latest-headlines", 5},
	{common.Sources, "sources", "Outlet 000", "Outlet 129", "/v2/sources", 2},
	{common.Search, "search", "Storm story 00", "Storm story 44", "/v2/articles", 5},
}

// firstPageFaults fail every request; wants are what the body must say.
var firstPageFaults = []struct {
	fault faultserver.Fault
	wants []string
}{
	{faultserver.Fault{Kind: faultserver.ServerError}, []string{"internal error", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.BadGateway}, []string{"internal error", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.RateLimited, RetryAfter: "30"}, []string{"Too many requests", "Retrying in 30s", "r to retry now"}},
	{faultserver.Fault{Kind: faultserver.Unauthorized}, []string{"refused the API key", "NEWS_API_KEY"}},
	{faultserver.Fault{Kind: faultserver.MalformedJSON}, []string{"cannot read", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.TruncatedBody}, []string{"r to retry"}},
	{faultserver.Fault{Kind: faultserver.EmptyBody}, []string{"cannot read", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.OversizedBody, Size: 9 << 20, DeclareLength: true}, []string{"too large", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.ConnectionReset}, []string{"Could not reach", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.SlowDrip, Delay: 100 * time.Millisecond}, []string{"in time", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.Hang}, []string{"in time", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.ErrorInOK}, []string{"reported an error", "the service failed but answered 200", "r to retry"}},
	{faultserver.Fault{Kind: faultserver.RedirectLoop}, []string{"redirects in a loop", "--base-url"}},
	{faultserver.Fault{Kind: faultserver.Canned, Status: 404, ContentType: "text/html", Body: []byte("<h1>Not here</h1>")},
		[]string{"no such endpoint", "/v2"}},
}

// TestListScreensExplainFaultsAndRecover: every first-page fault on every
// list screen is explained, the keys keep working, and r after the fault is
// cleared shows the list.
func TestListScreensExplainFaultsAndRecover(t *testing.T) {
	for _, sc := range liveScreens {
		for _, fc := range firstPageFaults {
			t.Run(sc.name+"/"+fc.fault.String(), func(t *testing.T) {
				t.Parallel()
				fs := liveService(t)
				fs.Inject(fc.fault)
				timeout := liveTimeout
				if fc.fault.Kind == faultserver.Hang || fc.fault.Kind == faultserver.SlowDrip {
					timeout = shortTimeout
				}
				h := newLiveHarness(t, fs, int(sc.id), 100, 30, timeout)
				h.untilShows(wait, fc.wants...)
				if strings.Contains(h.view(), "<h1>") {
					t.Fatalf("the view shows the service's HTML:\n%s", h.view())
				}
				// The screen stays usable: keys do not panic or lose the
				// explanation.
				h.key("j", "k", "G", "g", "pgdown", "?", "?")
				h.checkView()
				if !strings.Contains(h.view(), fc.wants[0]) {
					t.Fatalf("keys lost the explanation:\n%s", h.view())
				}
				fs.Clear()
				h.setTimeout(liveTimeout)
				h.key("r")
				h.untilShows(wait, sc.first)
			})
		}
	}
}

// TestLaterPageFaultsKeepTheList: page 2 fails while page 1 is on screen;
// the list keeps its items and cursor, an inline row says r retries, and r
// (or, for a 429, the end of the countdown) loads page 2.
func TestLaterPageFaultsKeepTheList(t *testing.T) {
	faults := []struct {
		fault faultserver.Fault
		want  string
	}{
		{faultserver.Fault{Kind: faultserver.ServerError, Query: "page=2"}, "r to retry · The service had an internal error"},
		{faultserver.Fault{Kind: faultserver.MalformedJSON, Query: "page=2"}, "r to retry · The service sent an answer"},
		{faultserver.Fault{Kind: faultserver.Hang, Query: "page=2"}, "r to retry · No answer from"},
		{faultserver.Fault{Kind: faultserver.RateLimited, RetryAfter: "1", Query: "page=2"}, "Retrying in 1s (r: now)"},
	}
	for _, sc := range liveScreens {
		for _, fc := range faults {
			t.Run(sc.name+"/"+fc.fault.String(), func(t *testing.T) {
				t.Parallel()
				fs := liveService(t)
				fs.Inject(fc.fault)
				h := newLiveHarness(t, fs, int(sc.id), 100, 30)
				h.untilShows(wait, sc.first)
				if fc.fault.Kind == faultserver.Hang {
					h.setTimeout(shortTimeout)
				}
				h.key("G")
				h.untilShows(wait, fc.want)
				before := h.view()
				h.key("k", "k")
				if h.view() == before {
					t.Fatalf("k does not move the cursor after a failed page:\n%s", before)
				}
				fs.Clear()
				h.setTimeout(liveTimeout)
				if fc.fault.Kind == faultserver.RateLimited {
					// A 429 retries by itself when its countdown ends.
					h.until(wait, "the countdown's retry", func(v string) bool { return !strings.Contains(v, "Retrying") })
				} else {
					h.key("r")
				}
				h.key("G")
				h.untilShows(wait, sc.last, "End of results")
			})
		}
	}
}

// TestLyingServicesEndTheList: a total far above what is served, and pages
// that repeat page 1, both end in "End of results" with no duplicate rows
// and a bounded number of requests.
func TestLyingServicesEndTheList(t *testing.T) {
	cases := []struct {
		fault   faultserver.Fault
		maxReqs func(sc listScreen) int
	}{
		// Every page, then one empty page.
		{faultserver.Fault{Kind: faultserver.EndlessTotal}, func(sc listScreen) int { return sc.pages + 1 }},
		// Page 2 adds nothing new: that is the end.
		{faultserver.Fault{Kind: faultserver.DuplicatePages}, func(listScreen) int { return 2 }},
	}
	for _, sc := range liveScreens {
		for _, c := range cases {
			t.Run(sc.name+"/"+c.fault.String(), func(t *testing.T) {
				t.Parallel()
				fs := liveService(t)
				fs.Inject(c.fault)
				h := newLiveHarness(t, fs, int(sc.id), 100, 30)
				h.untilShows(wait, sc.first)
				h.key("G")
				h.untilShows(wait, "End of results")
				if got, most := requestsTo(fs, sc.path), c.maxReqs(sc); got > most {
					t.Errorf("%d requests; want at most %d", got, most)
				}
				// No row twice: every title appears at most once per frame.
				seen := map[string]bool{}
				prefix := sc.first[:len(sc.first)-3]
				for _, line := range strings.Split(h.view(), "\n") {
					if i := strings.Index(line, prefix); i >= 0 && len(line) >= i+len(sc.first) {
						title := line[i : i+len(sc.first)]
						if seen[title] {
							t.Fatalf("%s listed twice:\n%s", title, h.view())
						}
						seen[title] = true
					}
				}
			})
		}
	}
}

// TestSlowAndOddButValidAnswersShow: latency and a wrong Content-Type
// still show the list.
func TestSlowAndOddButValidAnswersShow(t *testing.T) {
	for _, sc := range liveScreens {
		for _, f := range []faultserver.Fault{
			{Kind: faultserver.Latency, Delay: 50 * time.Millisecond},
			{Kind: faultserver.WrongContentType},
		} {
			t.Run(sc.name+"/"+f.String(), func(t *testing.T) {
				t.Parallel()
				fs := liveService(t)
				fs.Inject(f)
				h := newLiveHarness(t, fs, int(sc.id), 100, 30)
				h.untilShows(wait, sc.first)
			})
		}
	}
}

// TestHostileTextStaysInert: a service whose every string is an attack
// on the terminal. At every size, on the list, in the preview pane, the
// article reader and the source details, no frame may carry an escape,
// C0/C1 control or bidi override (checkView), nor break the layout.
func TestHostileTextStaysInert(t *testing.T) {
	for _, sc := range liveScreens {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			fs := liveService(t)
			fs.Inject(faultserver.Fault{Kind: faultserver.HostileText})
			for _, size := range [][2]int{{160, 40}, {80, 24}, {40, 10}} {
				h := newLiveHarness(t, fs, int(sc.id), size[0], size[1])
				h.until(wait, "the hostile list", func(v string) bool {
					return !strings.Contains(v, "Loading") && !strings.Contains(v, "Searching")
				})
				for _, k := range []string{"j", "enter", "j", "k", "esc", "G", "enter", "esc", "g"} {
					h.key(k)
					h.checkView()
				}
				if strings.Contains(h.view(), "r to retry") {
					t.Fatalf("hostile but valid JSON was refused:\n%s", h.view())
				}
			}
		})
	}
}

// TestQuitWhileARequestHangs: q quits at once while the service holds a
// request, and the request is cancelled, not left to its timeout.
func TestQuitWhileARequestHangs(t *testing.T) {
	for _, sc := range liveScreens {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			fs := liveService(t)
			fs.Inject(faultserver.Fault{Kind: faultserver.Hang})
			// An hour's timeout: if q waited for the hung request, this test
			// would sit until go test's -timeout, so q returning at all
			// proves it did not wait (no wall-clock bound asserted).
			h := newLiveHarness(t, fs, int(sc.id), 100, 30, time.Hour)
			waitFor(t, wait, "the request to reach the server", func() bool { return fs.InFlight() > 0 })
			if sc.id == common.Search {
				h.key("esc") // from the form to the results, where q is a key
			}
			_, cmd := h.app.Update(keyMsg("q"))
			if cmd == nil {
				t.Fatal("q returned no command")
			}
			if msg := cmd(); fmt.Sprintf("%T", msg) != "tea.QuitMsg" {
				t.Fatalf("q gave %T, want tea.QuitMsg", msg)
			}
			waitFor(t, 5*time.Second, "the hung request to be cancelled", func() bool { return fs.InFlight() == 0 })
		})
	}
}

// requestsTo counts the requests the server saw for one endpoint.
func requestsTo(fs *faultserver.Server, path string) int {
	n := 0
	for _, r := range fs.History() {
		if r.Path == path {
			n++
		}
	}
	return n
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", d, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestFrameCheckCatchesWhatItLooksFor keeps the frame check honest: each
// of these frames must be refused, and a styled one accepted.
func TestFrameCheckCatchesWhatItLooksFor(t *testing.T) {
	bad := map[string]string{
		"too wide":   "123456",
		"too high":   "a\nb\nc\nd",
		"OSC title":  "\x1b]0;pwned\x07",
		"cursor":     "ab\x1b[2J",
		"C1 CSI":     "a\u009b31m",
		"raw CR":     "line\rover",
		"bidi":       "a\u202eb",
		"bare ESC":   "a\x1b",
		"NUL":        "a\x00",
		"bad UTF-8":  "a\xff",
		"DCS":        "\x1bP+q\x1b\\",
		"hyperlink":  "\x1b]8;;https://evil.example\x1b\\x",
		"isolate":    "a\u2066b",
		"backspace":  "ab\b",
		"delete":     "ab\x7f",
		"C1 NEL":     "a\u0085",
		"wide runes": "全角全角",
	}
	for name, frame := range bad {
		if frameProblem(frame, 5, 3) == "" {
			t.Errorf("%s: %q passed the frame check", name, frame)
		}
	}
	if p := frameProblem("\x1b[1;38;2;1:2:3mab\x1b[m\ncd", 5, 3); p != "" {
		t.Errorf("a styled frame was refused: %s", p)
	}
}

// TestPastedAndTypedControlsStayOutOfFields: text pasted or typed into the
// search form, a picker's filter or the sources filter is drawn back, so
// escapes and bidi overrides in it must never reach the frame.
func TestPastedAndTypedControlsStayOutOfFields(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		for _, open := range [][]string{{"3"}, {"1", "c"}, {"2", "/"}} {
			h := newHarness(&fakeClient{total: 3}, 120, 30)
			h.keys(open...)
			if !h.app.current().CapturesInput() {
				t.Fatalf("%v did not focus a text field", open)
			}
			for _, s := range faultserver.HostileStrings()[:17] {
				h.send(tea.PasteMsg{Content: s})
				if p := frameProblem(h.app.View().Content, 120, 30); p != "" {
					t.Fatalf("after %v and pasting %q: %s\n%s", open, s, p, h.view())
				}
			}
			for _, r := range []rune{'\u202e', '\u2066', '\u009b', '\u200f'} {
				h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
				if p := frameProblem(h.app.View().Content, 120, 30); p != "" {
					t.Fatalf("after %v and typing %U: %s\n%s", open, r, p, h.view())
				}
			}
		}
	})
}

// TestTinyWindowsKeepTheFrame: the too-small note fits windows down to 1×1.
func TestTinyWindowsKeepTheFrame(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 80, 24)
		for _, size := range [][2]int{{1, 1}, {2, 1}, {39, 1}, {1, 9}, {10, 2}, {39, 9}, {40, 10}} {
			h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			if p := frameProblem(h.app.View().Content, size[0], size[1]); p != "" {
				t.Errorf("%d×%d: %s\n%s", size[0], size[1], p, h.view())
			}
		}
	})
}
