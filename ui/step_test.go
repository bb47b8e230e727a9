package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
)

// stepCase is a list screen the reader can step through: how to get there
// and what its 10th and 11th rows are called.
type stepCase struct {
	name        string
	origin      common.ScreenID
	setUp       func(h *harness)
	tenth, next string
	loadingNote string
}

var stepCases = []stepCase{
	{
		name: "headlines", origin: common.Headlines, setUp: func(*harness) {},
		tenth: "Top headline number 10", next: "Top headline number 11",
		loadingNote: "Loading more articles",
	},
	{
		name: "search", origin: common.Search,
		setUp: func(h *harness) { h.send(common.SearchMsg{Query: model.ArticlesQuery{Q: "events"}}) },
		tenth: "Found headline number 10", next: "Found headline number 11",
		loadingNote: "Loading more results",
	},
}

// openLastLoadedWithPageHeld moves to the last loaded article (the 10th of
// pages of 10) and opens it, holding back the messages of the commands on
// the way, the next page among them. It returns them for the test to
// deliver when it chooses.
func openLastLoadedWithPageHeld(t *testing.T, h *harness, c stepCase) []tea.Msg {
	t.Helper()
	c.setUp(h)
	var held []tea.Msg
	for i := 0; i < 9; i++ {
		_, cmd := h.app.Update(keyMsg("j"))
		held = append(held, h.exec(cmd)...)
	}
	h.keys("enter")
	if h.app.Active() != common.Reader || !strings.Contains(h.view(), c.tenth) {
		t.Fatalf("enter did not open the 10th article:\n%s", h.view())
	}
	h.keys("n")
	if h.app.Active() != common.Reader || !strings.Contains(h.view(), c.tenth) ||
		!strings.Contains(h.view(), c.loadingNote) {
		t.Fatalf("n before the page came: want the 10th article and %q:\n%s", c.loadingNote, h.view())
	}
	return held
}

func TestStepWaitsForTheNextPage(t *testing.T) {
	for _, c := range stepCases {
		t.Run(c.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h := newHarness(&fakeClient{total: 25}, 80, 24)
				held := openLastLoadedWithPageHeld(t, h, c)
				for _, msg := range held {
					h.send(msg)
				}
				if h.app.Active() != common.Reader || !strings.Contains(h.view(), c.next) {
					t.Fatalf("the page came but the reader did not move on to the 11th article:\n%s", h.view())
				}
				h.keys("esc")
				if h.app.Active() != c.origin || !strings.Contains(h.view(), "▌ "+c.next) {
					t.Fatalf("back in the list, the cursor is not on the 11th article:\n%s", h.view())
				}
			})
		})
	}
}

func TestLeavingTheReaderDropsAWaitingStep(t *testing.T) {
	for _, c := range stepCases {
		t.Run(c.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h := newHarness(&fakeClient{total: 25}, 80, 24)
				held := openLastLoadedWithPageHeld(t, h, c)
				h.keys("esc")
				for _, msg := range held {
					h.send(msg)
				}
				if h.app.Active() != c.origin {
					t.Fatalf("the page pulled the user back into the reader:\n%s", h.view())
				}
				if !strings.Contains(h.view(), "▌ "+c.tenth) {
					t.Fatalf("the cursor moved after the user left the reader:\n%s", h.view())
				}
			})
		})
	}
}

// A step's answer that arrives after the user has left the reader (the
// command ran late) does not reopen it.
func TestLateStepAnswerDoesNotReopenTheReader(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 12}, 80, 24)
		h.keys("enter")
		_, cmd := h.app.Update(keyMsg("n"))
		late := h.exec(cmd) // StepArticleMsg, not yet delivered
		h.keys("esc")
		for _, msg := range late {
			h.send(msg)
		}
		if h.app.Active() != common.Headlines {
			t.Fatalf("a late step answer reopened the reader:\n%s", h.view())
		}
		if !strings.Contains(h.view(), "▌ Top headline number 01") {
			t.Fatalf("a late step moved the cursor after the user left the reader:\n%s", h.view())
		}
	})
}

// Opening an article marks it read in the list it came from: back in the
// list, its row is drawn dimmed, without waiting for anything else to
// redraw the list.
func TestOpenedArticleIsDimmedInTheList(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 5}, 80, 24)
		s := h.app.ctx.Styles.List
		title := "Top headline number 02 about the day's events"
		// Open the second, come back, select the first, drawing a frame
		// after each key as the program does, so rows get cached.
		for _, k := range []string{"j", "enter", "esc", "k"} {
			h.app.View()
			h.keys(k)
		}
		out := h.app.View().Content
		if !strings.Contains(out, s.TitleRead.Render(title)) {
			t.Fatalf("the opened article is not drawn as read:\n%q", out)
		}
		if strings.Contains(out, s.TitleRead.Render("Top headline number 03 about the day's events")) {
			t.Fatal("an unopened article is drawn as read")
		}
	})
}
