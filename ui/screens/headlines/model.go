// Package headlines is the start screen: the latest headlines for a country
// and a category, in an infinite-scroll list with pickers for both filters
// and, on wide terminals, a preview of the selected article.
package headlines

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articlelist"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
	"tidings/ui/components/picker"
)

// Picker names, so PickedMsg reaches the right filter.
const (
	countryPicker  = "headlines.country"
	categoryPicker = "headlines.category"
)

// Model is the headlines screen.
type Model struct {
	ctx      *common.Context
	query    model.HeadlinesQuery
	list     *pagedlist.Model[articles.Item]
	country  *picker.Model
	category *picker.Model

	// collapsed shows each story once, as its first (newest) row;
	// storyRow maps a story to the key of that row. chosen says the user
	// pressed z this session, so the remembered choice, which loads
	// later, does not undo it.
	collapsed bool
	chosen    bool
	storyRow  map[string]string

	// source is the source whose articles the screen lists, when it is
	// the Source screen (NewSource); nil on Headlines.
	source *model.SourceRef

	// al is the list of articles with its preview and keys; list is its
	// paged list, for the filters and the query that are this screen's.
	al            *articlelist.Model
	width, height int
	bar           filterBarCache
}

// New makes the screen with the filters preset (from flags). With no
// filter preset it starts where the service wants it to (NewsAPI's
// headlines need a country or a category: us).
func New(ctx *common.Context, preset model.HeadlinesQuery) *Model {
	if preset.Country == "" && preset.Category == "" {
		preset.Country = ctx.Dialect.DefaultHeadlinesCountry()
	}
	m := &Model{
		ctx:      ctx,
		query:    model.HeadlinesQuery{Country: preset.Country, Category: preset.Category},
		country:  picker.New(&ctx.View, countryPicker, "Country", picker.CountryOptions()),
		category: picker.New(&ctx.View, categoryPicker, "Category", picker.CategoryOptions()),
	}
	m.al = articlelist.New(ctx, common.Headlines, "article", articlelist.WithListOptions(
		pagedlist.WithNoun("article", "articles"),
		pagedlist.WithLoadingText("Loading headlines…"),
		pagedlist.WithEmptyText(m.emptyText),
	))
	m.list = m.al.List()
	return m
}

// Collapsed reports whether the list shows one row per story.
func (m *Model) Collapsed() bool { return m.collapsed }

// RememberedCollapse applies the choice kept from an earlier session,
// unless the user has chosen this session already.
func (m *Model) RememberedCollapse(on bool) {
	if !m.chosen {
		m.setCollapsed(on)
	}
}

func (m *Model) setCollapsed(on bool) {
	if on == m.collapsed {
		return
	}
	m.collapsed = on
	if !on {
		m.al.SetFilter(nil)
		return
	}
	m.storyRow = map[string]string{}
	m.al.SetFilter(m.firstOfStory)
}

// firstOfStory is the collapsed list's filter: an article outside any
// story, or the first of its story the list met. The list asks in the
// order it holds its items, so the first met is the newest loaded.
func (m *Model) firstOfStory(it articles.Item) bool {
	if it.StoryID == "" {
		return true
	}
	k := articles.Key(it)
	first, ok := m.storyRow[it.StoryID]
	if !ok {
		m.storyRow[it.StoryID] = k
		return true
	}
	return first == k
}

// Query is the filters in use.
func (m *Model) Query() model.HeadlinesQuery { return m.query }

// Init implements common.Screen: it loads the first page (the Source
// screen loads when a source is opened).
func (m *Model) Init() tea.Cmd {
	if m.source != nil {
		return nil
	}
	return m.reload()
}

func (m *Model) reload() tea.Cmd {
	q := m.query
	q.PageSize = m.ctx.PageSize
	m.storyRow = map[string]string{}
	return m.al.Load(model.View{Headlines: &q})
}

func (m *Model) emptyText() string {
	if m.source != nil {
		return "No articles from " + m.sourceName() + ". Press s to search it."
	}
	if m.ctx.Feeds != nil && m.query.Country == "" && m.query.Category == "" {
		return "No articles yet. Your feeds are fetched in the background (r fetches them now); " +
			"`tidings feeds list` shows how each one is doing."
	}
	if !m.ctx.Dialect.DocumentsHeadlinesFor(m.query.Country) {
		// The reason first: the line is cut to the width.
		return m.ctx.Dialect.ServiceName() + " sent no headlines for " + m.query.Country.Name() +
			": it lists them only for the United States. Press t or c."
	}
	return "No headlines for " + m.filterSummary() + ". Press t or c to change the filters."
}

// Empty reports whether the list shows no article and is not loading
// one: a new article would disturb nobody's place in it.
func (m *Model) Empty() bool { return m.list.Len() == 0 && !m.list.Loading() }

func (m *Model) filterSummary() string {
	return m.query.Country.Name() + " · " + m.query.Category.Name()
}

// ListSnapshot is the state of the screen's list, for invariant checks.
func (m *Model) ListSnapshot() pagedlist.Snapshot { return m.list.Snapshot() }

// Title implements common.Screen.
func (m *Model) Title() string {
	if m.source != nil {
		return m.sourceName()
	}
	return "Headlines"
}

// Status implements common.Screen.
func (m *Model) Status() string { return m.al.Status() }

// CapturesInput implements common.Screen: an open picker, or A's
// question, takes every key.
func (m *Model) CapturesInput() bool {
	return m.country.IsOpen() || m.category.IsOpen() || m.al.Confirming()
}

// Loading implements common.Screen.
func (m *Model) Loading() bool { return m.list.Loading() }

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.al.SetSize(width, max(height-filterBarHeight, 1))
	m.country.SetSize(width-2, height-filterBarHeight)
	m.category.SetSize(width-2, height-filterBarHeight)
}

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return []key.Binding{k.MarkAll.Confirm, k.Global.ForceQuit}
	}
	if m.CapturesInput() {
		return k.Picker.Short()
	}
	if m.source != nil {
		return append(append(m.listKeys().ArticleShort(), k.Sources.SearchSource, k.Story.Back), k.Global.Short()...)
	}
	return append(append(m.listKeys().ArticleShort(), k.Headlines.Country, k.Headlines.Category), k.Global.Short()...)
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return [][]key.Binding{{k.MarkAll.Confirm, k.Global.ForceQuit}}
	}
	if m.CapturesInput() {
		return [][]key.Binding{k.Picker.Full(), {k.Global.ForceQuit}}
	}
	if m.source != nil {
		return append(m.listKeys().ArticleFull(), []key.Binding{k.Headlines.Collapse, k.Sources.SearchSource, k.Story.Back}, k.Global.Full())
	}
	return append(m.listKeys().ArticleFull(), k.Headlines.All(), k.Global.Full())
}

// listKeys are the list bindings as this screen's help shows them: in
// personal mode r also polls the feeds, and says so. The change is made
// on a copy, so the other screens' r keeps its own words.
func (m *Model) listKeys() keymap.ListKeys {
	l := m.ctx.Keys.List
	if m.ctx.Feeds != nil {
		l.Refresh.SetHelp(l.Refresh.Help().Key, "refresh feeds")
	}
	return l
}
