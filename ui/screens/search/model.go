// Package search is the article search screen: a form with one field per
// /articles parameter, validated as the user types with the model's rules,
// and the results in the same infinite-scroll list as the headlines.
//
// An invalid form never sends a request. Requests run as commands through
// pagedlist, which cancels the one in flight and drops stale results; this
// package only decides what to ask and holds no I/O of its own.
package search

import (
	"reflect"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articlelist"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
)

// focusArea says which half of the screen receives keys.
type focusArea int

const (
	focusForm focusArea = iota
	focusResults
)

// Model is the search screen. It implements common.Screen.
type Model struct {
	ctx  *common.Context
	form form
	// al is the results with their preview and keys; results is its
	// paged list.
	al      *articlelist.Model
	results *pagedlist.Model[articles.Item]
	focus   focusArea
	active  model.ArticlesQuery // the query whose results are listed, as typed ("from: 3d")
	ran     bool                // a search has been sent at least once
	hint    string              // shown under the form when there is no error
	width   int
	height  int
	watch   watchPrompt
}

// New builds the search screen with its form filled from preset. When the
// preset has keywords, Init runs the search at once (the --query flag).
func New(ctx *common.Context, preset model.ArticlesQuery) *Model {
	r := rules{langs: ctx.Dialect.Languages(), check: ctx.Dialect.ValidateArticles}
	m := &Model{ctx: ctx, form: newFormFor(r)}
	m.form.now = func() time.Time { return ctx.Clock().In(ctx.Loc()) }
	m.al = articlelist.New(ctx, common.Search, "result",
		articlelist.WithBorderedPreview(), articlelist.WithWebLinksOnly(),
		articlelist.WithListOptions(
			pagedlist.WithNoun("article", "articles"),
			pagedlist.WithLoadingText("Searching…"),
			pagedlist.WithEmptyText(func() string { return "No articles match this search." })))
	m.results = m.al.List()
	m.form.setQuery(preset)
	m.hint = m.hintFor(preset)
	m.applyStyles()
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Init implements common.Screen: it runs the preset search if there is one.
func (m *Model) Init() tea.Cmd {
	if !m.form.runnable(m.form.query()) {
		return nil
	}
	return m.submit()
}

// ListSnapshot is the state of the screen's list, for invariant checks.
func (m *Model) ListSnapshot() pagedlist.Snapshot { return m.results.Snapshot() }

// Title implements common.Screen.
func (m *Model) Title() string { return common.Search.String() }

// Status implements common.Screen.
func (m *Model) Status() string {
	if !m.ran {
		return ""
	}
	return m.al.Status()
}

// CapturesInput implements common.Screen: while the form or the watch
// prompt has focus every key is theirs (q, 1, tab… are typed or move
// between fields).
func (m *Model) CapturesInput() bool {
	return m.focus == focusForm || m.watch.open || m.al.Confirming()
}

// Loading implements common.Screen.
func (m *Model) Loading() bool { return m.results.Loading() }

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return []key.Binding{k.MarkAll.Confirm, k.Global.ForceQuit}
	}
	if m.watch.open {
		return m.watchHelp()
	}
	if m.focus == focusForm {
		leave := k.Search.Leave
		if m.edited() {
			leave = key.NewBinding(key.WithKeys(leave.Keys()...), key.WithHelp(leave.Help().Key, "drop edits"))
		}
		short := []key.Binding{k.Search.Submit, k.Search.NextField, leave}
		if m.form.focus >= fieldID(textFields) {
			short = append(short, k.Search.NextChoice)
		}
		return append(short, k.Global.ForceQuit)
	}
	return append([]key.Binding{k.List.Down, k.List.Up, k.List.Open, k.Search.Focus, k.List.Save, k.Search.Watch, k.Search.Sort}, k.Global.Short()...)
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return [][]key.Binding{{k.MarkAll.Confirm, k.Global.ForceQuit}}
	}
	if m.watch.open {
		return [][]key.Binding{m.watchHelp()}
	}
	if m.focus == focusForm {
		return [][]key.Binding{append(k.Search.Form(), k.Search.NextChoice, k.Search.PrevChoice), {k.Global.ForceQuit}}
	}
	return append(k.List.ArticleFull(), k.Search.Results(), k.Global.Full())
}

// submit validates the form and, if it is valid, runs its query: the list
// is reset (cancelling any request in flight) and focus moves to the
// results. An invalid form focuses its first bad field instead.
func (m *Model) submit() tea.Cmd {
	m.form.tried = true
	m.form.validate()
	if !m.form.valid() {
		m.focus = focusForm
		return m.form.setFocus(m.form.firstInvalid())
	}
	// Relative dates are fixed here, once: every page of these results,
	// and a refresh, ask for the same instants. The summary line keeps
	// the words the user typed, which stay readable when it is cut short.
	q := m.form.resolved()
	q.PageSize = m.ctx.PageSize
	m.active, m.ran, m.hint = m.form.query(), true, ""
	m.focusResults()
	// SearchFetch captures copies of the client and query, never the
	// model, and sanitises each page inside the command.
	return m.al.Load(model.View{Articles: &q})
}

// dropEdits puts back in the form the search whose results are listed,
// so what the form shows is what was sent, and a later S (or w) never
// sends typing the user walked away from. The focused field stays, for
// / to reopen the form there. Before any search there is nothing to go
// back to, and the typing stays.
func (m *Model) dropEdits() {
	if m.ran && m.edited() {
		m.form.setQuery(m.active)
	}
}

// edited reports whether the form differs from the search that was sent.
func (m *Model) edited() bool {
	return m.ran && !reflect.DeepEqual(m.form.query(), m.active)
}

// focusFormArea gives the form the keys, on the field it last had.
func (m *Model) focusFormArea() tea.Cmd {
	m.focus = focusForm
	m.layout()
	return m.form.setFocus(m.form.focus)
}

// focusResults gives the results the keys; global keys work again.
func (m *Model) focusResults() {
	m.focus = focusResults
	m.form.blur()
	m.layout()
}

// hintFor is the line under the form for a preset: searching within
// sources without keywords asks for them, where the service needs them.
func (m *Model) hintFor(q model.ArticlesQuery) string {
	if m.form.runnable(q) || len(q.Sources) == 0 {
		return ""
	}
	return "Type keywords to search " + joinIDs(q.Sources) + ", then press enter."
}

// applyStyles gives the text inputs the theme's look. The cursor does not
// blink: a blinking cursor would tick forever while the screen is idle.
func (m *Model) applyStyles() {
	st := m.ctx.Styles.TextInput
	st.Cursor.Blink = false
	for i := range m.form.inputs {
		m.form.inputs[i].SetStyles(st)
	}
}
