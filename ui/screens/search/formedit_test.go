package search

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/model"
)

// ranSearch is a screen that searched for "election" and shows its
// results, the form closed.
func ranSearch(t *testing.T) (*Model, *fakeClient) {
	t.Helper()
	fc := &fakeClient{total: 30}
	m := New(newCtx(fc, 120, 40), model.ArticlesQuery{})
	typeText(t, m, "election")
	keys(t, m, "enter")
	if n := len(fc.calls()); n != 1 || m.CapturesInput() {
		t.Fatalf("enter sent %d requests; form focused %v", n, m.CapturesInput())
	}
	return m, fc
}

// In the form, changing the sort changes the field only: nothing is sent
// and the form keeps the keys until enter (issue 28, item 3).
func TestSortInTheFormChangesOnlyTheField(t *testing.T) {
	m, fc := ranSearch(t)
	keys(t, m, "/", "shift+tab") // the sort field, last of the form
	before := m.form.sortBy()
	keys(t, m, "right")
	keys(t, m, "space")
	if n := len(fc.calls()); n != 1 {
		t.Fatalf("changing the sort sent %d more requests", n-1)
	}
	if !m.CapturesInput() || m.form.focus != fieldSort || m.form.sortBy() == before {
		t.Fatalf("after →/space: form focused %v on field %d, sort %v (was %v)", m.CapturesInput(), m.form.focus, m.form.sortBy(), before)
	}
	keys(t, m, "enter")
	calls := fc.calls()
	if len(calls) != 2 || calls[1].SortBy != m.form.sortBy() || m.CapturesInput() {
		t.Fatalf("enter did not run the search with the new sort: %+v", calls)
	}
}

// esc leaves the form without its unsent edits: the form shows the query
// whose results are listed, and a later S sends that query, not the
// abandoned typing (issue 28, item 3: "electionxyz").
func TestEscDiscardsUnsentEdits(t *testing.T) {
	m, fc := ranSearch(t)
	keys(t, m, "/")
	typeText(t, m, "xyz")
	keys(t, m, "esc")
	if v := ansi.Strip(m.View()); strings.Contains(v, "electionxyz") {
		t.Fatalf("the abandoned edit is still shown:\n%s", v)
	}
	if q := m.form.query().Q; q != "election" {
		t.Fatalf("form query %q after esc, want the sent one", q)
	}
	keys(t, m, "S")
	calls := fc.calls()
	if len(calls) != 2 || calls[1].Q != "election" {
		t.Fatalf("S sent %+v, want election again", calls[len(calls)-1])
	}
}

// / reopens the form on the field the user left it from.
func TestReopeningTheFormKeepsTheField(t *testing.T) {
	m, _ := ranSearch(t)
	keys(t, m, "/", "tab", "tab") // domains
	keys(t, m, "esc", "/")
	if m.form.focus != fieldDomains || !m.CapturesInput() {
		t.Fatalf("/ reopened the form on field %d, want domains (%d)", m.form.focus, fieldDomains)
	}
	keys(t, m, "shift+tab", "shift+tab", "shift+tab") // sort (wrapping)
	keys(t, m, "right", "esc", "/")
	if m.form.focus != fieldSort {
		t.Fatalf("/ reopened the form on field %d, want sort (%d)", m.form.focus, fieldSort)
	}
}
