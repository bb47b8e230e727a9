package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// The watch prompt offers the query as its name, and typing replaces it
// rather than appending to it (issue 28, item 13: "electionaegean
// elections").
func TestWatchNameTypedReplacesTheOffer(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 120, 40, withState(st))
		h.keys("3")
		for _, r := range "election" {
			h.keys(string(r))
		}
		h.keys("enter", "w")
		if !strings.Contains(h.view(), "Watch as: election") {
			t.Fatalf("the prompt does not offer the query:\n%s", h.view())
		}
		for _, r := range "aegean elections" {
			h.keys(string(r))
		}
		if v := h.view(); !strings.Contains(v, "Watch as: aegean elections") || strings.Contains(v, "electionaegean") {
			t.Fatalf("typing did not replace the offered name:\n%s", v)
		}
		h.keys("enter")
		ws, err := st.Watches(context.Background())
		if err != nil || len(ws) != 1 || ws[0].Name != "aegean elections" || ws[0].Query.Q != "election" {
			t.Fatalf("watches %+v (%v)", ws, err)
		}
	})
}
