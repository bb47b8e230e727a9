package search

import (
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
)

func TestQueryFieldFocusedOnOpenAndCapturesKeys(t *testing.T) {
	fc := &fakeClient{total: 5}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{})
	if cmd := m.Init(); cmd != nil {
		drive(t, m, cmd)
	}
	if !m.CapturesInput() || m.form.focus != fieldQ {
		t.Fatal("the query field should have focus when the screen opens")
	}
	msgs := keys(t, m, "q", "1", "tab")
	if len(msgs) != 0 {
		t.Fatalf("typing produced root messages: %v", msgs)
	}
	if got := m.form.value(fieldQ); got != "q1" {
		t.Fatalf("query field = %q, want the typed q1", got)
	}
	if m.form.focus != fieldSources {
		t.Fatal("tab should move to the next field, not switch screens")
	}
	if len(fc.calls()) != 0 {
		t.Fatal("typing sent a request")
	}
}

func TestInvalidDateIsMarkedAndNothingIsSent(t *testing.T) {
	fc := &fakeClient{total: 5}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{})
	typeText(t, m, "climate")
	keys(t, m, "tab", "tab", "tab", "tab")
	typeText(t, m, "2026-02-30")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "✗ From") || !strings.Contains(view, "not a date") {
		t.Fatalf("bad date not marked before sending:\n%s", view)
	}
	keys(t, m, "shift+tab", "enter") // from the "to" field's neighbour
	if n := len(fc.calls()); n != 0 {
		t.Fatalf("an invalid form sent %d requests", n)
	}
	if m.form.focus != fieldFrom || !m.CapturesInput() {
		t.Fatalf("enter on an invalid form should focus the bad field, focus = %d", m.form.focus)
	}
}

func TestMissingQueryBlocksTheSearch(t *testing.T) {
	fc := &fakeClient{total: 5}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{})
	keys(t, m, "tab")
	typeText(t, m, "harbor-ledger")
	keys(t, m, "enter")
	if n := len(fc.calls()); n != 0 {
		t.Fatalf("a search without keywords sent %d requests", n)
	}
	if m.form.focus != fieldQ {
		t.Fatal("the empty query field should get focus")
	}
	if !strings.Contains(ansi.Strip(m.View()), "✗ Query is required") {
		t.Fatal("the missing query is not explained")
	}
}

func TestEnterRunsExactlyTheTypedFields(t *testing.T) {
	fc := &fakeClient{total: 5}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{})
	typeText(t, m, "solar")
	keys(t, m, "tab")
	typeText(t, m, "harbor-ledger, north-star")
	keys(t, m, "tab")
	typeText(t, m, "example.com")
	keys(t, m, "tab")
	typeText(t, m, "spam.org,ads.net")
	keys(t, m, "tab")
	typeText(t, m, "2026-11-01")
	keys(t, m, "tab")
	typeText(t, m, "2026-11-20T08:00:00Z")
	keys(t, m, "tab", "d", "tab", "right", "enter")

	calls := fc.calls()
	if len(calls) != 1 {
		t.Fatalf("%d requests, want 1", len(calls))
	}
	want := model.ArticlesQuery{
		Q: "solar", Sources: []string{"harbor-ledger", "north-star"},
		Domains: []string{"example.com"}, ExcludeDomains: []string{"spam.org", "ads.net"},
		From: "2026-11-01", To: "2026-11-20T08:00:00Z", Language: "de",
		SortBy: model.SortRelevancy, Page: 1, PageSize: 10,
	}
	if !reflect.DeepEqual(calls[0], want) {
		t.Fatalf("sent\n%+v\nwant\n%+v", calls[0], want)
	}
	if m.CapturesInput() {
		t.Fatal("after searching, the results should have focus")
	}
	if m.results.Len() != 5 {
		t.Fatalf("results = %d, want 5", m.results.Len())
	}
}

func TestSortChangeRerunsAtOnce(t *testing.T) {
	fc := &fakeClient{total: 3}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{Q: "storm"})
	drive(t, m, m.Init())
	keys(t, m, "S")
	calls := fc.calls()
	if len(calls) != 2 || calls[1].SortBy != model.SortRelevancy || calls[1].Q != "storm" {
		t.Fatalf("S did not re-run with the next order: %+v", calls)
	}
	keys(t, m, "/", "shift+tab", "right") // the sort field, from the form
	if calls = fc.calls(); len(calls) != 2 {
		t.Fatalf("changing the sort field ran the search before enter: %+v", calls)
	}
	keys(t, m, "enter")
	calls = fc.calls()
	if len(calls) != 3 || calls[2].SortBy != model.SortPopularity {
		t.Fatalf("enter did not run the new sort: %+v", calls)
	}
}

func TestPresetWithQueryRunsAtInit(t *testing.T) {
	fc := &fakeClient{total: 3}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{Q: "climate", Sources: []string{"harbor-ledger"}})
	drive(t, m, m.Init())
	calls := fc.calls()
	if len(calls) != 1 || calls[0].Q != "climate" || calls[0].Sources[0] != "harbor-ledger" {
		t.Fatalf("Init sent %+v", calls)
	}
	if m.CapturesInput() {
		t.Fatal("a preset search should leave the results focused")
	}
}

func TestSearchMsgFillsTheForm(t *testing.T) {
	fc := &fakeClient{total: 3}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{})
	keys(t, m, "esc") // leave the form, as a user switching screens would
	drive(t, m, m.Update(common.SearchMsg{Query: model.ArticlesQuery{Sources: []string{"harbor-ledger"}}}))
	if len(fc.calls()) != 0 {
		t.Fatal("a search without keywords must not be sent")
	}
	if !m.CapturesInput() || m.form.focus != fieldQ {
		t.Fatal("the query field should take focus for the keywords")
	}
	if m.form.value(fieldSources) != "harbor-ledger" {
		t.Fatalf("sources field = %q", m.form.value(fieldSources))
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Type keywords to search harbor-ledger") {
		t.Fatalf("no hint naming the source:\n%s", v)
	}
	typeText(t, m, "ports")
	keys(t, m, "enter")
	calls := fc.calls()
	if len(calls) != 1 || calls[0].Q != "ports" || !reflect.DeepEqual(calls[0].Sources, []string{"harbor-ledger"}) {
		t.Fatalf("sent %+v", calls)
	}

	drive(t, m, m.Update(common.SearchMsg{Query: model.ArticlesQuery{Q: "tides", SortBy: model.SortPopularity}}))
	calls = fc.calls()
	if len(calls) != 2 || calls[1].Q != "tides" || len(calls[1].Sources) != 0 || calls[1].SortBy != model.SortPopularity {
		t.Fatalf("a SearchMsg with keywords should replace the form and run: %+v", calls)
	}
}

func TestResultsOpenAndStep(t *testing.T) {
	fc := &fakeClient{total: 4}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{Q: "storm"})
	drive(t, m, m.Init())
	msgs := keys(t, m, "j", "enter")
	if len(msgs) != 1 {
		t.Fatalf("enter gave %v", msgs)
	}
	open, ok := msgs[0].(articles.OpenMsg)
	if !ok || open.Origin != common.Search || open.Item.Link != "https://harbor.example/storm/story-2" {
		t.Fatalf("enter gave %#v", msgs[0])
	}
	msgs = drive(t, m, m.Update(common.StepArticleMsg{Delta: 1}))
	if len(msgs) != 1 || msgs[0].(articles.OpenMsg).Item.Link != "https://harbor.example/storm/story-3" {
		t.Fatalf("step gave %v", msgs)
	}
	msgs = keys(t, m, "o")
	if len(msgs) != 1 || msgs[0] != (common.OpenURLMsg{URL: "https://harbor.example/storm/story-3"}) {
		t.Fatalf("o gave %v", msgs)
	}
}

func TestEscGivesGlobalKeysBackAndSlashReturns(t *testing.T) {
	m := New(newCtx(&fakeClient{}, 80, 20), model.ArticlesQuery{})
	keys(t, m, "esc")
	if m.CapturesInput() {
		t.Fatal("esc should hand keys back to the root")
	}
	keys(t, m, "/")
	if !m.CapturesInput() || m.form.focus != fieldQ {
		t.Fatal("/ should focus the form again")
	}
	keys(t, m, "esc", "i")
	if !m.CapturesInput() {
		t.Fatal("i should focus the form again")
	}
}

func TestClickOnAFormRowFocusesIt(t *testing.T) {
	m := New(newCtx(&fakeClient{}, 80, 20), model.ArticlesQuery{})
	m.Update(tea.MouseClickMsg{X: 20, Y: int(fieldTo), Button: tea.MouseLeft})
	if m.form.focus != fieldTo || !m.form.inputs[fieldTo].Focused() {
		t.Fatalf("focus = %d after clicking the To row", m.form.focus)
	}
}

func TestNewQueryCancelsTheOneInFlightAndDropsItsResult(t *testing.T) {
	fc := &fakeClient{total: 3}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{})
	typeText(t, m, "alpha")
	first := m.Update(press("enter")) // not run yet: still in flight
	keys(t, m, "/")
	for range 5 {
		drive(t, m, m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace}))
	}
	typeText(t, m, "beta")
	second := m.Update(press("enter"))
	drive(t, m, second)
	drive(t, m, first) // the old answer arrives late
	it, ok := m.results.Selected()
	if !ok || !strings.Contains(it.Title, "about beta") {
		t.Fatalf("selected %q: the stale result replaced the new one", it.Title)
	}
	if m.results.Err() != nil {
		t.Fatalf("the cancelled request's error surfaced: %v", m.results.Err())
	}
}

func TestInvalidPresetIsNotSentAndShowsTheField(t *testing.T) {
	fc := &fakeClient{total: 3}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{Q: "x", From: "last tuesday"})
	drive(t, m, m.Init())
	if len(fc.calls()) != 0 {
		t.Fatal("an invalid preset was sent")
	}
	if m.form.focus != fieldFrom || !m.CapturesInput() {
		t.Fatalf("focus = %d, want the From field", m.form.focus)
	}
	if e := m.form.errs[fieldFrom]; !strings.Contains(e, "3d") || !strings.Contains(e, "yyyy-MM-dd") {
		t.Fatalf("from error %q does not say what to type", e)
	}
}

// Relative dates are sent as absolute instants fixed when the search is
// sent: the second page asks for the same ones, and the form keeps what
// the user typed.
func TestRelativeDatesAreResolvedOncePerSearch(t *testing.T) {
	fc := &fakeClient{total: 30}
	ctx := newCtx(fc, 80, 20)
	clock := now
	ctx.Now = func() time.Time { return clock }
	ctx.Location = time.FixedZone("UTC+2", 2*3600)
	m := New(ctx, model.ArticlesQuery{Q: "port", From: "3d", To: "today"})
	drive(t, m, m.Init())
	clock = clock.Add(time.Hour) // time passes before the next page
	for range 25 {
		drive(t, m, m.Update(press("j")))
	}
	calls := fc.calls()
	if len(calls) < 2 {
		t.Fatalf("want a second page, got %d calls", len(calls))
	}
	for _, q := range calls {
		// now is 18:00 UTC on 22 November, 20:00 in UTC+2, whose day ends
		// at 21:59:59 UTC.
		if q.From != "2026-11-19T18:00:00Z" || q.To != "2026-11-22T21:59:59Z" {
			t.Fatalf("page %d sent from=%q to=%q", q.Page, q.From, q.To)
		}
	}
	if got := m.form.query(); got.From != "3d" || got.To != "today" {
		t.Fatalf("the form now holds from=%q to=%q, not what was typed", got.From, got.To)
	}
	if line := ansi.Strip(m.summaryLine(ctx.Styles)); !strings.Contains(line, "from: 3d") || !strings.Contains(line, "to: today") {
		t.Fatalf("summary %q does not show the dates as typed", line)
	}
}

func TestMouseWheelAndClickInResults(t *testing.T) {
	fc := &fakeClient{total: 8}
	m := New(newCtx(fc, 80, 24), model.ArticlesQuery{Q: "storm"})
	drive(t, m, m.Init())
	top := m.resultsTop()
	drive(t, m, m.Update(tea.MouseWheelMsg{X: 5, Y: top + 1, Button: tea.MouseWheelDown}))
	if m.results.Cursor() != 1 {
		t.Fatalf("wheel down: cursor %d", m.results.Cursor())
	}
	row := top + 3*2 // third row; rows are three lines tall at 80 columns
	drive(t, m, m.Update(tea.MouseClickMsg{X: 5, Y: row, Button: tea.MouseLeft}))
	if m.results.Cursor() != 2 {
		t.Fatalf("click: cursor %d, want 2", m.results.Cursor())
	}
	msgs := drive(t, m, m.Update(tea.MouseClickMsg{X: 5, Y: row, Button: tea.MouseLeft}))
	if len(msgs) != 1 {
		t.Fatalf("clicking the selected row gave %v", msgs)
	}
	if open, ok := msgs[0].(articles.OpenMsg); !ok || open.Item.Link != "https://harbor.example/storm/story-3" {
		t.Fatalf("clicking the selected row gave %#v", msgs[0])
	}
}

func TestStepPastTheEndSaysSo(t *testing.T) {
	fc := &fakeClient{total: 2}
	m := New(newCtx(fc, 80, 20), model.ArticlesQuery{Q: "storm"})
	drive(t, m, m.Init())
	msgs := drive(t, m, m.Update(common.StepArticleMsg{Delta: -1}))
	if len(msgs) != 1 || !strings.Contains(msgs[0].(common.StatusMsg).Text, "first result") {
		t.Fatalf("step before the first gave %v", msgs)
	}
	drive(t, m, m.Update(common.StepArticleMsg{Delta: 1}))
	msgs = drive(t, m, m.Update(common.StepArticleMsg{Delta: 1}))
	if len(msgs) != 1 || !strings.Contains(msgs[0].(common.StatusMsg).Text, "last result") {
		t.Fatalf("step past the last gave %v", msgs)
	}
}
