package sources

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/common"
)

func TestInitLoadsTheCatalogueInLargePages(t *testing.T) {
	fc := &fakeClient{all: catalogue(130)}
	m := open(t, fc, 80, 20, model.SourcesQuery{})
	calls := fc.calls()
	if len(calls) != 1 || calls[0] != (model.SourcesQuery{Page: 1, PageSize: 100}) {
		t.Fatalf("Init sent %+v", calls)
	}
	if m.list.Len() != 100 {
		t.Fatalf("loaded %d sources, want the first page of 100", m.list.Len())
	}
	keys(t, m, "end")
	calls = fc.calls()
	if last := calls[len(calls)-1]; last.Page != 2 || m.list.Len() != 130 {
		t.Fatalf("scrolling to the end loaded page %d, %d sources", last.Page, m.list.Len())
	}
	if got := m.Status(); !strings.Contains(got, "/130 · End of results") {
		t.Fatalf("status = %q", got)
	}
}

func TestPickersRequeryWithTheChosenFilters(t *testing.T) {
	fc := &fakeClient{all: catalogue(40)}
	m := open(t, fc, 80, 20, model.SourcesQuery{})

	keys(t, m, "c")
	if !m.CapturesInput() {
		t.Fatal("an open picker must capture typed keys")
	}
	typeText(t, m, "tech")
	keys(t, m, "enter")
	keys(t, m, "l")
	typeText(t, m, "de")
	keys(t, m, "enter")
	keys(t, m, "t")
	typeText(t, m, "germany")
	keys(t, m, "enter")

	calls := fc.calls()
	want := model.SourcesQuery{Category: "technology", Language: "de", Country: "de", Page: 1, PageSize: 100}
	if got := calls[len(calls)-1]; got != want {
		t.Fatalf("last query %+v, want %+v", got, want)
	}
	if len(calls) != 4 {
		t.Fatalf("%d queries, want 4 (initial + one per filter)", len(calls))
	}
	if m.CapturesInput() {
		t.Fatal("a closed picker must give keys back")
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Technology · German (de) · Germany (de)") {
		t.Fatalf("header does not show the filters:\n%s", v)
	}

	keys(t, m, "c", "esc")
	if n := len(fc.calls()); n != 4 {
		t.Fatalf("cancelling a picker sent a query (%d)", n)
	}
}

func TestSlashFilterNarrowsLoadedRowsAndEscRestores(t *testing.T) {
	fc := &fakeClient{all: catalogue(30)}
	m := open(t, fc, 80, 20, model.SourcesQuery{})
	keys(t, m, "/")
	if !m.CapturesInput() {
		t.Fatal("typing a filter must capture keys (q is text here)")
	}
	typeText(t, m, "HARBOR")
	if m.list.Len() != 5 {
		t.Fatalf("filter matched %d sources, want the 5 Harbor Ledgers", m.list.Len())
	}
	view := ansi.Strip(m.View())
	if strings.Contains(view, "North Star") || !strings.Contains(view, "Harbor Ledger") {
		t.Fatalf("filtered view:\n%s", view)
	}
	keys(t, m, "enter")
	if m.CapturesInput() || m.list.Len() != 5 {
		t.Fatal("enter should keep the filter and give keys back")
	}
	keys(t, m, "esc")
	if m.list.Len() != 30 {
		t.Fatalf("esc left %d sources, want all 30", m.list.Len())
	}
	keys(t, m, "/")
	typeText(t, m, "1905")
	if m.list.Len() != 1 {
		t.Fatalf("description filter matched %d", m.list.Len())
	}
	keys(t, m, "esc")
	if m.list.Len() != 30 || m.CapturesInput() {
		t.Fatal("esc while typing should clear the filter and leave it")
	}
	if n := len(fc.calls()); n != 1 {
		t.Fatalf("the local filter sent %d queries", n-1)
	}
}

func TestDetailsShowFieldsAndActions(t *testing.T) {
	fc := &fakeClient{all: catalogue(10)}
	m := open(t, fc, 80, 20, model.SourcesQuery{})
	// By name: Berliner Bote, Harbor Ledger, Harbor Ledger 2, Le Monde
	// Fictif, North Star Daily.
	keys(t, m, "j", "j", "j", "j")
	showDetails(t, m)
	view := ansi.Strip(m.View())
	for _, want := range []string{
		"North Star Daily", "src-001", "North Star Daily reports on entertainment with care",
		"https://src-001.example", "Entertainment", "German (de)", "Germany (de)",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("details lack %q:\n%s", want, view)
		}
	}

	msgs := keys(t, m, "o")
	if len(msgs) != 1 || msgs[0] != (common.OpenURLMsg{URL: "https://src-001.example"}) {
		t.Fatalf("o gave %v", msgs)
	}
	msgs = keys(t, m, "s")
	var search *common.SearchMsg
	for _, msg := range msgs {
		if s, ok := msg.(common.SearchMsg); ok {
			search = &s
		}
	}
	if search == nil || len(search.Query.Sources) != 1 || search.Query.Sources[0] != "src-001" || search.Query.Q != "" {
		t.Fatalf("s gave %v", msgs)
	}
	keys(t, m, "esc")
	if m.details {
		t.Fatal("esc should return to the list")
	}
}

func TestUnsafeLinkIsNeverOpened(t *testing.T) {
	cat := catalogue(1)
	cat[0].URL = "javascript:alert(1)"
	m := open(t, &fakeClient{all: cat}, 80, 20, model.SourcesQuery{})
	msgs := keys(t, m, "o")
	if len(msgs) != 1 {
		t.Fatalf("o gave %v", msgs)
	}
	if _, ok := msgs[0].(common.StatusMsg); !ok {
		t.Fatalf("o on an unsafe link gave %#v, want a status note", msgs[0])
	}
}

func TestMouseWheelAndClickInTheList(t *testing.T) {
	m := open(t, &fakeClient{all: catalogue(20)}, 80, 20, model.SourcesQuery{})
	top := m.listTop()
	drive(t, m, m.Update(tea.MouseWheelMsg{X: 5, Y: top, Button: tea.MouseWheelDown}))
	drive(t, m, m.Update(tea.MouseWheelMsg{X: 5, Y: top, Button: tea.MouseWheelDown}))
	if m.list.Cursor() != 2 {
		t.Fatalf("wheel: cursor %d, want 2", m.list.Cursor())
	}
	drive(t, m, m.Update(tea.MouseClickMsg{X: 5, Y: top + 4, Button: tea.MouseLeft}))
	if m.list.Cursor() != 4 {
		t.Fatalf("click: cursor %d, want 4", m.list.Cursor())
	}
	drive(t, m, m.Update(tea.MouseClickMsg{X: 5, Y: top + 4, Button: tea.MouseLeft}))
	if it, _ := m.list.Selected(); !m.details || !strings.Contains(ansi.Strip(m.View()), it.src.ID) {
		t.Fatal("clicking the selected source should show its details")
	}
}

func TestFilterChangeDropsTheOldAnswer(t *testing.T) {
	fc := &fakeClient{all: catalogue(40)}
	m := New(newCtx(fc, 80, 20), model.SourcesQuery{})
	first := m.Init() // in flight
	keys(t, m, "c")
	typeText(t, m, "sports")
	keys(t, m, "enter") // re-queries, cancelling the first request
	drive(t, m, first)
	for it := range m.list.Items() {
		if it.src.Category != "sports" {
			t.Fatalf("the stale unfiltered answer was kept: %s is %s", it.src.ID, it.src.Category)
		}
	}
	if m.list.Len() == 0 || m.list.Err() != nil {
		t.Fatalf("len %d, err %v", m.list.Len(), m.list.Err())
	}
}

// enter asks the root for the selected source's articles (the Source
// screen), with no keyword.
func TestEnterListsTheSourcesArticles(t *testing.T) {
	fc := &fakeClient{all: catalogue(10)}
	m := open(t, fc, 80, 20, model.SourcesQuery{})
	msgs := keys(t, m, "j", "enter") // by name: Berliner Bote, Harbor Ledger, …
	want := common.OpenSourceMsg{Source: model.SourceRef{ID: "src-000", Name: "Harbor Ledger"}}
	if len(msgs) != 1 || msgs[0] != want {
		t.Fatalf("enter gave %v, want %v", msgs, want)
	}
}
