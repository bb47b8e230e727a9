package ui

import (
	"strings"
	"testing"

	"tidings/ui/common"
)

// Every tab is reached by tab, shift+tab and a number key, the Story and
// Article tabs included, and the tab bar names that number (issue 28,
// item 2: tab from Saved skipped Story and Article; no key reached them).
func TestEveryTabReachedByTabAndANumber(t *testing.T) {
	h := newStoryHarness(t, &storyClient{}, 160, 40)
	h.keys("3", "esc", "1") // the search form lets go of tab
	h.keys("6")
	if h.app.Active() != common.Headlines || !strings.Contains(h.app.status.Text(), "No story is open") {
		t.Fatalf("6 with no story: on %v, status %q", h.app.Active(), h.app.status.Text())
	}
	h.keys("=") // the first headline's story
	if h.app.Active() != common.Story {
		t.Fatalf("= went to %v", h.app.Active())
	}
	h.keys("enter") // an article of the story
	if h.app.Active() != common.Reader {
		t.Fatalf("enter went to %v", h.app.Active())
	}
	if v := h.view(); !strings.Contains(v, "6 Story") || !strings.Contains(v, "7 Article") {
		t.Fatalf("the tab bar does not number Story and Article:\n%s", v)
	}
	h.keys("4")
	want := []common.ScreenID{common.Story, common.Reader, common.Headlines, common.Sources, common.Search, common.Saved}
	for _, id := range want {
		h.keys("tab")
		if h.app.Active() != id {
			t.Fatalf("tab went to %v, want %v", h.app.Active(), id)
		}
	}
	for i := len(want) - 2; i >= 0; i-- {
		h.keys("shift+tab")
		if h.app.Active() != want[i] {
			t.Fatalf("shift+tab went to %v, want %v", h.app.Active(), want[i])
		}
	}
	for key, id := range map[string]common.ScreenID{"6": common.Story, "7": common.Reader, "1": common.Headlines} {
		h.keys(key)
		if h.app.Active() != id {
			t.Fatalf("%s went to %v, want %v", key, h.app.Active(), id)
		}
	}
}
