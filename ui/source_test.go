package ui

import (
	"strings"
	"testing"

	"tidings/ui/common"
)

// enter on Sources lists that source's newest articles, no keyword
// needed; an article opens from there and q steps back to the list, then
// to Sources.
func TestEnterOnSourcesListsItsArticles(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		fc := &fakeClient{total: 30}
		h := newHarness(fc, 120, 30)
		h.keys("2", "j", "enter")
		if h.app.Active() != common.Source {
			t.Fatalf("enter on Sources went to %v, want the Source screen", h.app.Active())
		}
		qs := fc.headlineQueries()
		last := qs[len(qs)-1]
		if len(last.Sources) != 1 || last.Sources[0] != "source-1" || last.Country != "" || last.Category != "" {
			t.Fatalf("asked for %+v, want the headlines of source-1 alone", last)
		}
		v := h.view()
		for _, want := range []string{"Source 1", "source-1 headline number 01", "1/30", "s search it"} {
			if !strings.Contains(v, want) {
				t.Fatalf("the Source screen lacks %q:\n%s", want, v)
			}
		}
		if strings.Contains(v, "q is required") {
			t.Fatalf("listing a source asked for keywords:\n%s", v)
		}
		h.keys("enter")
		if h.app.Active() != common.Reader {
			t.Fatalf("enter on a source's article went to %v", h.app.Active())
		}
		h.keys("q")
		if h.app.Active() != common.Source {
			t.Fatalf("q in the reader went to %v, want back to the source's articles", h.app.Active())
		}
		h.keys("q")
		if h.quit || h.app.Active() != common.Sources {
			t.Fatalf("q on the Source screen: quit %v, active %v; want Sources", h.quit, h.app.Active())
		}
	})
}

// A service that cannot list one source says so in the list and offers a
// search, which s runs.
func TestSourceListingUnsupportedOffersSearch(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30, noSources: true}, 120, 30)
		h.keys("2", "enter")
		v := h.view()
		if !strings.Contains(v, "This service cannot list one source's articles") || !strings.Contains(v, "Press s to search") {
			t.Fatalf("the Source screen does not explain:\n%s", v)
		}
		h.keys("s")
		if h.app.Active() != common.Search {
			t.Fatalf("s went to %v, want Search", h.app.Active())
		}
		if v := h.view(); !strings.Contains(v, "Source 0") {
			t.Fatalf("the search does not name the source:\n%s", v)
		}
	})
}
