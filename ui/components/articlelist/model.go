// Package articlelist is the one list of articles every screen that lists
// them embeds (Headlines and the Source screen, Search, Story, Saved): it
// owns the paged list, its split with the preview pane on wide terminals
// and the preview's cache, the article keys (open, browser, copy, save,
// story), and the reader's next/previous (Stepper). Screens keep only what
// is theirs: their filters, form or sections, and where the list sits.
//
// It holds no I/O of its own: pages load through the Fetch the screen
// gives, inside pagedlist's commands.
package articlelist

import (
	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/components/columns"
	"tidings/ui/components/pagedlist"
)

// Model is one screen's list of articles. Create it with [New].
type Model struct {
	ctx     *common.Context
	list    *pagedlist.Model[articles.Item]
	origin  common.ScreenID
	stepper Stepper
	opts    options
	preview previewCache
	marks   markState

	width, height int
}

type options struct {
	render    pagedlist.RenderFunc[articles.Item]
	rowHeight func(int) int
	listOpts  []pagedlist.Option
	// bordered draws the preview in a lipgloss border (Search) rather
	// than behind a hand-drawn rule.
	bordered   bool
	noPreview  bool
	webOnly    bool   // o and y refuse, with a note, an article with no web link
	unsaveOnly bool   // b removes (Saved: everything listed is saved)
	storyNote  string // = says this instead of opening the story
	full       func(articles.Item) *extract.Article
}

// Option configures a list.
type Option func(*options)

// WithRows draws rows with render, height lines each at a width, instead
// of the standard article row (the Story screen's aligned columns).
func WithRows(render pagedlist.RenderFunc[articles.Item], height func(width int) int) Option {
	return func(o *options) { o.render, o.rowHeight = render, height }
}

// WithListOptions passes options (noun, loading and empty texts) to the
// paged list.
func WithListOptions(opts ...pagedlist.Option) Option {
	return func(o *options) { o.listOpts = append(o.listOpts, opts...) }
}

// WithBorderedPreview draws the preview pane in a border.
func WithBorderedPreview() Option { return func(o *options) { o.bordered = true } }

// WithoutPreview keeps the list the whole width at every size.
func WithoutPreview() Option { return func(o *options) { o.noPreview = true } }

// WithWebLinksOnly makes o and y say so when the article has no web link,
// rather than pass its raw link on.
func WithWebLinksOnly() Option { return func(o *options) { o.webOnly = true } }

// WithUnsaveOnly makes b remove the article from the saved ones.
func WithUnsaveOnly() Option { return func(o *options) { o.unsaveOnly = true } }

// WithStoryNote makes = say note instead of opening a story.
func WithStoryNote(note string) Option { return func(o *options) { o.storyNote = note } }

// WithFullText gives the full text at hand for an article, opened with it.
func WithFullText(full func(articles.Item) *extract.Article) Option {
	return func(o *options) { o.full = full }
}

// New makes an empty list for screen origin; noun names its articles in
// the reader's notes ("article", "result", "version").
func New(ctx *common.Context, origin common.ScreenID, noun string, opts ...Option) *Model {
	o := options{render: Render(ctx), rowHeight: RowHeight}
	for _, opt := range opts {
		opt(&o)
	}
	m := &Model{ctx: ctx, origin: origin, opts: o,
		stepper: Stepper{Origin: origin, Noun: noun, Full: o.full}}
	m.list = pagedlist.New(ctx, articles.Key, o.render,
		append([]pagedlist.Option{pagedlist.WithRowHeight(o.rowHeight)}, o.listOpts...)...)
	return m
}

// List is the paged list underneath, for what is the screen's own to
// decide (its query, its filter, its status line).
func (m *Model) List() *pagedlist.Model[articles.Item] { return m.list }

// Origin is the screen the list belongs to.
func (m *Model) Origin() common.ScreenID { return m.origin }

// SetOrigin changes the screen the list belongs to (the Source screen is
// the Headlines screen's code under another id).
func (m *Model) SetOrigin(id common.ScreenID) { m.origin, m.stepper.Origin = id, id }

// Reset starts a new query, forgetting a step that waited for a page.
func (m *Model) Reset(fetch pagedlist.Fetch[articles.Item]) tea.Cmd {
	m.stepper.Cancel()
	return m.list.Reset(fetch)
}

// Selected is the article under the cursor.
func (m *Model) Selected() (articles.Item, bool) { return m.list.Selected() }

// SetSize gives the list and its preview width×height cells.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	lw, pw := m.Columns()
	m.list.SetSize(lw, max(height, 1))
	if !m.opts.bordered {
		m.list.SetFullWidthRows(pw > 0) // padded only where the preview is joined beside
	}
}

// Columns splits the width between the list and the preview pane; the
// preview is 0 wide on narrow terminals (and on lists without one).
func (m *Model) Columns() (list, preview int) {
	if m.opts.noPreview {
		return m.width, 0
	}
	return columns.Split(m.width)
}
