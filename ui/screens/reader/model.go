// Package reader shows one article full screen: title, source, author,
// absolute and relative time, description and content wrapped to the width,
// and the link. From here the user opens the link, copies it, or steps to
// the next or previous article of the list it came from without going back.
//
// The reader owns no list: stepping sends common.StepArticleMsg, which the
// root hands to the origin screen; that screen answers with the next
// articles.OpenMsg.
package reader

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
)

// Model is the reader screen.
type Model struct {
	ctx    *common.Context
	item   articles.Item
	has    bool
	origin common.ScreenID
	vp     viewport.Model

	width, height int
	built         buildKey // what the viewport's content was built for
}

// buildKey is everything the rendered content depends on.
type buildKey struct {
	width, themeGen int
	minute          int64
	article         string
}

// New makes an empty reader.
func New(ctx *common.Context) *Model {
	vp := viewport.New()
	vp.KeyMap = viewport.KeyMap{
		Up:           ctx.Keys.Reader.Up,
		Down:         ctx.Keys.Reader.Down,
		PageUp:       ctx.Keys.Reader.PageUp,
		PageDown:     ctx.Keys.Reader.PageDown,
		HalfPageUp:   key.NewBinding(key.WithDisabled()),
		HalfPageDown: key.NewBinding(key.WithDisabled()),
		Left:         key.NewBinding(key.WithDisabled()), // ←/→ step between articles
		Right:        key.NewBinding(key.WithDisabled()),
	}
	return &Model{ctx: ctx, vp: vp}
}

// SetArticle shows an article from the list origin, scrolled to the top.
func (m *Model) SetArticle(it articles.Item, origin common.ScreenID) {
	m.item, m.has, m.origin = it, true, origin
	m.built = buildKey{}
	m.rebuild()
	m.vp.GotoTop()
}

// Origin is the screen the article was opened from.
func (m *Model) Origin() common.ScreenID { return m.origin }

// Article is the article showing, and whether there is one.
func (m *Model) Article() (articles.Item, bool) { return m.item, m.has }

// Init implements common.Screen.
func (m *Model) Init() tea.Cmd { return nil }

// Title implements common.Screen.
func (m *Model) Title() string { return "Article" }

// CapturesInput implements common.Screen.
func (m *Model) CapturesInput() bool { return false }

// Loading implements common.Screen: the reader fetches nothing.
func (m *Model) Loading() bool { return false }

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.vp.SetWidth(width)
	m.vp.SetHeight(max(height-1, 1)) // the last line is the position rule
	m.rebuild()
}

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	return append(m.ctx.Keys.Reader.Short(), m.ctx.Keys.Global.Short()...)
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	return append(m.ctx.Keys.Reader.Full(), m.ctx.Keys.Global.Full())
}

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(msg)
		return cmd
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys.Reader
	switch {
	case key.Matches(msg, k.Back):
		return common.Cmd(common.BackMsg{})
	case key.Matches(msg, k.Next):
		return common.Cmd(common.StepArticleMsg{Delta: 1})
	case key.Matches(msg, k.Prev):
		return common.Cmd(common.StepArticleMsg{Delta: -1})
	case key.Matches(msg, k.OpenBrowser):
		return common.Cmd(common.OpenURLMsg{URL: m.item.Link})
	case key.Matches(msg, k.CopyLink):
		return common.Cmd(common.CopyURLMsg{URL: m.item.Link})
	case key.Matches(msg, k.Top):
		m.vp.GotoTop()
		return nil
	case key.Matches(msg, k.Bottom):
		m.vp.GotoBottom()
		return nil
	}
	var cmd tea.Cmd
	m.vp, cmd = m.vp.Update(msg)
	return cmd
}
