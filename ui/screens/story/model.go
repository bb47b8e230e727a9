// Package story is the Story screen: every outlet's version of one story
// (articles the service grouped as reporting the same event), newest
// first, laid out so their headlines read side by side: one aligned line
// per outlet with its source and age, and on wide terminals the selected
// version's text beside the list. Each version opens in the reader.
//
// The screen has no tab: = on an article opens it (common.OpenStoryMsg),
// esc goes back to where it was opened from.
package story

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articlelist"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
	"tidings/ui/textsafe"
	"tidings/wording"
)

// headerHeight is the heading line and a blank line.
const headerHeight = 2

// Model is the Story screen.
type Model struct {
	ctx *common.Context
	// al is the versions with their preview and keys; list is its paged
	// list.
	al    *articlelist.Model
	list  *pagedlist.Model[articles.Item]
	id    string
	title string // the heading: the article the story was opened from
	size  int    // distinct sources, as that article said
	// origin is the screen esc goes back to.
	origin common.ScreenID

	width, height int
}

// New makes the screen, showing no story until Open.
func New(ctx *common.Context) *Model {
	m := &Model{ctx: ctx, origin: common.Headlines}
	m.al = articlelist.New(ctx, common.Story, "version",
		articlelist.WithRows(renderRow(ctx), rowHeight),
		articlelist.WithStoryNote("This is the whole story: every outlet's version, newest first."),
		articlelist.WithListOptions(
			pagedlist.WithNoun("version", "versions"),
			pagedlist.WithLoadingText("Loading the story…"),
			pagedlist.WithEmptyText(func() string {
				return "The service lists no article of this story any more: it may have been regrouped. Press esc."
			}),
		))
	m.list = m.al.List()
	return m
}

// Open shows the story of msg, loading its articles from the service:
// newest first, as the story unfolded backwards. Opening the story already
// showing keeps the place in it.
func (m *Model) Open(msg common.OpenStoryMsg) tea.Cmd {
	if msg.Origin != common.Story {
		m.origin = msg.Origin
	}
	if msg.ID == m.id && m.list.Len() > 0 {
		return nil
	}
	m.id, m.title, m.size = msg.ID, textsafe.Line(msg.Title), msg.Size
	q := model.ArticlesQuery{Story: msg.ID, SortBy: model.SortPublishedAt, PageSize: m.ctx.PageSize}
	return m.al.Load(model.View{Articles: &q})
}

// ID is the story showing ("" before the first Open).
func (m *Model) ID() string { return m.id }

// Origin is the screen the story was opened from.
func (m *Model) Origin() common.ScreenID { return m.origin }

// Init implements common.Screen: nothing loads before a story is opened.
func (m *Model) Init() tea.Cmd { return nil }

// Title implements common.Screen.
func (m *Model) Title() string { return "Story" }

// Status implements common.Screen.
func (m *Model) Status() string { return m.al.Status() }

// CapturesInput implements common.Screen: the screen has no text field;
// A's question takes the next key.
func (m *Model) CapturesInput() bool { return m.al.Confirming() }

// Loading implements common.Screen.
func (m *Model) Loading() bool { return m.list.Loading() }

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.al.SetSize(width, max(height-headerHeight, 1))
}

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return []key.Binding{k.MarkAll.Confirm, k.Global.ForceQuit}
	}
	return append([]key.Binding{k.List.Down, k.List.Up, k.List.Open, k.List.OpenBrowser, k.List.Save, k.Story.Back},
		k.Global.Short()...)
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return [][]key.Binding{{k.MarkAll.Confirm, k.Global.ForceQuit}}
	}
	return append(k.List.ArticleFull(), k.Story.All(), k.Global.Full())
}

// heading is the screen's first line's text: how many outlets and the
// headline it was opened from. The count is the service's latest (its
// answer for the story's articles), which may have grown since.
func (m *Model) heading() string {
	n := m.size
	for it := range m.list.Items() {
		if it.StorySize > 0 {
			n = it.StorySize
		}
		break // the first article's count is the service's latest
	}
	return "Story · " + wording.Count(n, "source", "sources") + " · " + m.title
}
