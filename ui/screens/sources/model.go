// Package sources is the catalogue screen: every news source, filtered on
// the service by category, language and country (pickers), and locally by
// a typed text over the whole catalogue (typing loads every page). Sources
// are listed by name in collation order. A source's details offer its site
// and a search within it.
//
// Requests run as commands through pagedlist, which cancels the one in
// flight and drops stale answers; sources are sanitised once per page in
// the fetch, so views only lay out clean strings.
package sources

import (
	"context"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/pagedlist"
	"tidings/ui/components/picker"
)

// Names of the pickers, as PickedMsg reports them.
const (
	pickCategory = "sources-category"
	pickLanguage = "sources-language"
	pickCountry  = "sources-country"
)

// Model is the sources screen. It implements common.Screen.
type Model struct {
	ctx   *common.Context
	query model.SourcesQuery
	list  *pagedlist.Model[item]

	category, language, country *picker.Model
	picker                      *picker.Model // the open picker, or nil

	filter     textinput.Model
	filtering  bool   // the filter input has focus
	filterText string // the filter applied to the list
	details    bool   // the selected source's details are shown

	width, height int
	paneCache     paneCache
	unread        unreadState
}

// New builds the sources screen for the catalogue filtered by preset.
func New(ctx *common.Context, preset model.SourcesQuery) *Model {
	m := &Model{ctx: ctx, query: preset}
	m.list = pagedlist.New(ctx, item.key, m.renderRow,
		pagedlist.WithNoun("source", "sources"),
		pagedlist.WithLoadingText("Loading sources…"),
		pagedlist.WithEmptyText(m.emptyText))
	m.list.KeepSorted(compareItems)
	m.category = picker.New(&ctx.View, pickCategory, "Category", picker.CategoryOptions())
	// Only the languages this service can filter by are offered.
	m.language = picker.New(&ctx.View, pickLanguage, "Language", picker.LanguageOptionsOf(ctx.Dialect.Languages()))
	m.country = picker.New(&ctx.View, pickCountry, "Country", picker.CountryOptions())
	m.filter = textinput.New()
	m.filter.Prompt = "/ "
	m.filter.Placeholder = "filter sources by name, id or description"
	m.filter.CharLimit = 100
	m.applyStyles()
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Init implements common.Screen: it loads the first page of the catalogue.
func (m *Model) Init() tea.Cmd { return m.reload() }

// reload runs the current query from page 1, cancelling any request in
// flight. The local filter stays applied, and covers every page.
func (m *Model) reload() tea.Cmd {
	cmd := tea.Batch(m.list.Reset(fetcher(m.ctx.Client, m.query)), m.loadUnread())
	if m.filterText != "" {
		return tea.Batch(cmd, m.list.LoadAll())
	}
	return cmd
}

// fetcher returns the page loader for q. It captures copies only and
// sanitises each page as it arrives. The whole catalogue is small, so pages
// are as large as the service allows.
func fetcher(c common.Client, q model.SourcesQuery) pagedlist.Fetch[item] {
	q.PageSize = model.MaxPageSize
	return func(ctx context.Context, page int) (model.Page[item], error) {
		q := q
		q.Page = page
		p, err := c.Sources(ctx, q)
		if err != nil {
			return model.Page[item]{}, err
		}
		return newItems(p), nil
	}
}

// emptyText explains an empty catalogue in terms of the active filters.
func (m *Model) emptyText() string {
	if m.query == (model.SourcesQuery{}) {
		return "The service lists no sources."
	}
	return "No sources for " + filterLine(m.query) + ". Press c, l or t to change the filters."
}

// ListSnapshot is the state of the screen's list, for invariant checks.
func (m *Model) ListSnapshot() pagedlist.Snapshot { return m.list.Snapshot() }

// Title implements common.Screen.
func (m *Model) Title() string { return common.Sources.String() }

// Status implements common.Screen.
func (m *Model) Status() string { return m.list.Status() }

// CapturesInput implements common.Screen: true while the filter is typed
// or a picker is open.
func (m *Model) CapturesInput() bool { return m.filtering || m.picker != nil }

// Loading implements common.Screen.
func (m *Model) Loading() bool { return m.list.Loading() }

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	switch {
	case m.picker != nil:
		return k.Picker.Short()
	case m.filtering:
		return append(k.Sources.FilterKeys(), k.Global.ForceQuit)
	case m.details:
		return append([]key.Binding{k.List.OpenBrowser, k.Sources.SearchSource, k.Sources.BackToList}, k.Global.Short()...)
	}
	return append([]key.Binding{k.List.Down, k.List.Open, k.Sources.Filter, k.Sources.Category,
		k.Sources.Language, k.Sources.Country}, k.Global.Short()...)
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	switch {
	case m.picker != nil:
		return [][]key.Binding{k.Picker.Full()}
	case m.filtering:
		return [][]key.Binding{append(k.Sources.FilterKeys(), k.Global.ForceQuit)}
	}
	return append(k.List.Full(), k.Sources.All(), k.Global.Full())
}

// applyStyles gives the filter input the theme's look, without a blinking
// cursor (which would tick while the screen is idle).
func (m *Model) applyStyles() {
	st := m.ctx.Styles.TextInput
	st.Cursor.Blink = false
	m.filter.SetStyles(st)
}
