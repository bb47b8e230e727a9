package ui

import (
	"image/color"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/api"
	"tidings/ui/common"
)

func (h *harness) view() string { return ansi.Strip(h.app.View().Content) }

func TestViewDeclaresTerminalModes(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 80, 24)
		v := h.app.View()
		if !v.AltScreen || v.MouseMode != tea.MouseModeCellMotion || v.WindowTitle != "tidings" {
			t.Fatalf("view modes: alt %v mouse %v title %q", v.AltScreen, v.MouseMode, v.WindowTitle)
		}
	})
}

func TestStartsOnHeadlinesWithDemoBadge(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 80, 24, func(c *Config) { c.Demo = true })
		out := h.view()
		for _, want := range []string{"DEMO", "1 Headlines", "Top headline number 01", "Source A · 5m ago", "1/30"} {
			if !strings.Contains(out, want) {
				t.Errorf("view lacks %q:\n%s", want, out)
			}
		}
		lines := strings.Split(h.app.View().Content, "\n")
		if len(lines) != 24 {
			t.Fatalf("view has %d lines, want 24", len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > 80 {
				t.Fatalf("line %d is %d cells wide: %q", i, w, ansi.Strip(l))
			}
		}
	})
}

func TestScreensKeepStateWhenSwitching(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 80, 24)
		h.keys("j", "j")
		h.keys("2")
		if h.app.Active() != common.Sources || !strings.Contains(h.view(), "Source 0") {
			t.Fatalf("2 did not show sources:\n%s", h.view())
		}
		h.keys("1")
		if !strings.Contains(h.view(), "▌ Top headline number 03") {
			t.Fatalf("headlines lost the selection:\n%s", h.view())
		}
		h.keys("tab")
		if h.app.Active() != common.Sources {
			t.Fatalf("tab went to %v", h.app.Active())
		}
		h.keys("shift+tab", "shift+tab")
		if h.app.Active() != common.Saved {
			t.Fatalf("shift+tab went to %v, want the last tab (Saved)", h.app.Active())
		}
		h.keys("shift+tab")
		if h.app.Active() != common.Search {
			t.Fatalf("shift+tab went to %v", h.app.Active())
		}
	})
}

func TestQuitKeys(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 80, 24)
		h.keys("q")
		if !h.quit {
			t.Fatal("q did not quit")
		}
		h = newHarness(&fakeClient{total: 3}, 80, 24)
		h.keys("ctrl+c")
		if !h.quit {
			t.Fatal("ctrl+c did not quit")
		}
	})
}

func TestQTypedIntoSearchFormDoesNotQuit(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 80, 24)
		h.keys("3")
		if !h.app.current().CapturesInput() {
			t.Fatal("the search form does not take focus on arrival")
		}
		h.keys("q", "1", "?")
		if h.quit || h.app.Active() != common.Search || h.app.showHelp {
			t.Fatalf("keys typed into the form acted globally: quit %v active %v help %v", h.quit, h.app.Active(), h.app.showHelp)
		}
		if !strings.Contains(h.view(), "q1?") {
			t.Fatalf("typed text not in the form:\n%s", h.view())
		}
		h.keys("ctrl+c")
		if !h.quit {
			t.Fatal("ctrl+c did not quit from a text field")
		}
	})
}

func TestOpenReadStepAndBack(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 12}, 80, 24)
		h.keys("j", "enter")
		if h.app.Active() != common.Reader {
			t.Fatalf("enter opened %v", h.app.Active())
		}
		out := h.view()
		for _, want := range []string{
			"Top headline number 02", "Source B · by Reporter", "Sun 22 Nov 2026 17:18 UTC · 42m ago",
			"Body of story 02 & more.", "101 more characters at the source — press o", "https://news.example/Top/02",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("reader lacks %q:\n%s", want, out)
			}
		}
		h.keys("n")
		if !strings.Contains(h.view(), "Top headline number 03") {
			t.Fatalf("n did not step to the next article:\n%s", h.view())
		}
		h.keys("p", "p")
		if !strings.Contains(h.view(), "Top headline number 01") {
			t.Fatalf("p did not step back:\n%s", h.view())
		}
		h.keys("p")
		if !strings.Contains(h.view(), "That was the first article") {
			t.Fatalf("no note at the first article:\n%s", h.view())
		}
		h.keys("esc")
		if h.app.Active() != common.Headlines || !strings.Contains(h.view(), "▌ Top headline number 01") {
			t.Fatalf("esc did not return to the list at the stepped article:\n%s", h.view())
		}
	})
}

func TestStepPastLoadedItemsLoadsNextPage(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 25}, 80, 60) // tall: page 2 loads at once
		for i := 0; i < 19; i++ {
			h.keys("j")
		}
		h.keys("enter")
		for i := 0; i < 3; i++ {
			h.keys("n")
		}
		if !strings.Contains(h.view(), "Top headline number 23") {
			t.Fatalf("stepping did not cross into the next page:\n%s", h.view())
		}
	})
}

func TestOpenAndCopyLinks(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3, badURL: true}, 80, 24)
		h.keys("o")
		if len(h.opened) != 0 || !strings.Contains(h.view(), "Refused") {
			t.Fatalf("a javascript: link was not refused (opened %v):\n%s", h.opened, h.view())
		}
		h.keys("j", "o")
		if len(h.opened) != 1 || h.opened[0] != "https://news.example/Top/02" {
			t.Fatalf("opened %v", h.opened)
		}
		if !strings.Contains(h.view(), "Opened in your browser") {
			t.Fatalf("no note after opening:\n%s", h.view())
		}
		_, cmd := h.app.Update(keyMsg("y"))
		found := false
		for _, msg := range h.exec(cmd) {
			if _, ok := msg.(common.CopyURLMsg); ok {
				found = true
				h.send(msg)
			}
		}
		if !found || !strings.Contains(h.view(), "Link copied") {
			t.Fatalf("y did not copy:\n%s", h.view())
		}
	})
}

func TestUnauthorizedIsExplained(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3, errs: []error{&api.Error{Status: 401, Message: "bad key"}}}, 80, 24)
		out := h.view()
		if !strings.Contains(out, "The service refused the API key") || !strings.Contains(out, "NEWS_API_KEY") {
			t.Fatalf("401 not explained:\n%s", out)
		}
		if h.quit {
			t.Fatal("an error ended the program")
		}
	})
}

func TestRateLimitCountsDownThenRetries(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		c := &fakeClient{total: 3, errs: []error{&api.Error{Status: 429, RetryAfter: time.Second}}}
		h := newHarness(c, 80, 24)
		if out := h.view(); !strings.Contains(out, "Retrying in 1s") || !strings.Contains(out, "rate limited") {
			t.Fatalf("no countdown:\n%s", out)
		}
		// The harness skipped the countdown's timer; rate-limit the manual
		// retry too and, this time, let its timer fire.
		c.mu.Lock()
		c.errs = []error{&api.Error{Status: 429, RetryAfter: time.Second}}
		c.mu.Unlock()
		_, retry := h.app.Update(keyMsg("r"))
		var countdown []tea.Cmd
		for _, msg := range h.exec(retry) {
			_, cmd := h.app.Update(msg)
			countdown = append(countdown, cmd)
		}
		h.wait = 2 * time.Second
		h.run(tea.Batch(countdown...))
		if !strings.Contains(h.view(), "Top headline number 01") {
			t.Fatalf("no automatic retry:\n%s", h.view())
		}
	})
}

func TestTooSmallTerminal(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 30, 8)
		if out := h.view(); !strings.Contains(out, "Terminal too small") {
			t.Fatalf("no note:\n%s", out)
		}
		h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		if !strings.Contains(h.view(), "Top headline number 01") {
			t.Fatal("layout did not come back after growing")
		}
	})
}

func TestHelpTogglesAndTabsClick(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 100, 30)
		h.keys("?")
		if out := h.view(); !strings.Contains(out, "Keys — Headlines") || !strings.Contains(out, "next screen") {
			t.Fatalf("no full help:\n%s", out)
		}
		h.keys("?")
		if h.app.showHelp {
			t.Fatal("? did not close the help")
		}
		x := strings.Index(h.view(), "2 Sources")
		h.send(tea.MouseClickMsg{X: ansi.StringWidth(h.view()[:x]) + 1, Y: 0, Button: tea.MouseLeft})
		if h.app.Active() != common.Sources {
			t.Fatalf("clicking the Sources tab gave %v", h.app.Active())
		}
	})
}

func TestMouseClickOpensAndWheelMoves(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 10}, 80, 24)
		h.send(tea.MouseWheelMsg{X: 5, Y: 6, Button: tea.MouseWheelDown})
		if !strings.Contains(h.view(), "▌ Top headline number 02") {
			t.Fatalf("wheel did not move:\n%s", h.view())
		}
		// Rows start under the header (2) and the filter bar (2); 3 lines each.
		h.send(tea.MouseClickMsg{X: 5, Y: 4 + 3*2, Button: tea.MouseLeft})
		h.send(tea.MouseClickMsg{X: 5, Y: 4 + 3*2, Button: tea.MouseLeft})
		if h.app.Active() != common.Reader || !strings.Contains(h.view(), "Top headline number 03") {
			t.Fatalf("click, click did not open the third article:\n%s", h.view())
		}
	})
}

func TestLightBackgroundRebuildsTheme(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 80, 24)
		before := h.app.View().Content
		h.send(tea.BackgroundColorMsg{Color: color.White})
		if h.app.ctx.ThemeGen != 1 || h.app.ctx.Styles.IsDark {
			t.Fatal("a light background did not rebuild the styles")
		}
		if h.app.View().Content == before {
			t.Fatal("the rows were not re-rendered in the light theme")
		}
	})
}

func TestNarrowHeaderKeepsEveryTabClickable(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 40, 12, func(c *Config) { c.Demo = true })
		header := strings.Split(h.view(), "\n")[0]
		if strings.Contains(header, "…") || !strings.Contains(header, "1 Headlines") || !strings.Contains(header, " 3 ") {
			t.Fatalf("narrow header: %q", header)
		}
		x := ansi.StringWidth(header[:strings.Index(header, " 3 ")]) + 2
		h.send(tea.MouseClickMsg{X: x, Y: 0, Button: tea.MouseLeft})
		if h.app.Active() != common.Search {
			t.Fatalf("click on 3 gave %v", h.app.Active())
		}
	})
}

func TestHostileTextCannotTalkToTheTerminal(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		for _, size := range [][2]int{{80, 24}, {160, 45}} {
			h := newHarness(&fakeClient{total: 3, hostile: true}, size[0], size[1])
			views := []string{h.app.View().Content}
			h.keys("enter")
			views = append(views, h.app.View().Content)
			for _, v := range views {
				// Styling and the reader's own link may reach the
				// terminal; nothing from the service may talk to it.
				rest, at := withoutStyling(v)
				if at >= 0 {
					t.Fatalf("%v: escape sequence at byte %d: %q", size, at, v[at:min(at+16, len(v))])
				}
				for _, bad := range []string{"\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\u200b", "<script>"} {
					if strings.Contains(rest, bad) {
						t.Fatalf("%v: %q reached the view:\n%q", size, bad, rest)
					}
				}
				for i, l := range strings.Split(v, "\n") {
					if w := ansi.StringWidth(l); w > size[0] {
						t.Fatalf("%v: line %d is %d wide", size, i, w)
					}
				}
			}
		}
	})
}

// q leaves the reader and a story for the list they came from, as esc
// does, and quits only on a tabbed screen; the help line says "q back"
// there.
func TestQGoesBackOneLevel(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 100, 24)
		h.keys("enter")
		if h.app.Active() != common.Reader {
			t.Fatalf("enter opened %v, want the reader", h.app.Active())
		}
		if v := h.view(); !strings.Contains(v, "q back") {
			t.Fatalf("the reader's help line does not say q goes back:\n%s", v)
		}
		h.keys("q")
		if h.quit || h.app.Active() != common.Headlines {
			t.Fatalf("q in the reader: quit %v, active %v; want back on Headlines", h.quit, h.app.Active())
		}
		if v := h.view(); !strings.Contains(v, "q quit") {
			t.Fatalf("the list's help line does not say q quits:\n%s", v)
		}
		h.keys("q")
		if !h.quit {
			t.Fatal("q on a tabbed screen did not quit")
		}
	})
}

// q_quits restores q quitting from anywhere; ctrl+c always quits.
func TestQQuitsSetting(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 100, 24, func(c *Config) { c.QQuits = true })
		h.keys("enter", "q")
		if !h.quit {
			t.Fatal("with q_quits, q in the reader did not quit")
		}
		h = newHarness(&fakeClient{total: 3}, 100, 24)
		h.keys("enter", "ctrl+c")
		if !h.quit {
			t.Fatal("ctrl+c in the reader did not quit")
		}
	})
}
