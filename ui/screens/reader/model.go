// Package reader shows one article full screen: title, source, author,
// absolute and relative time, description and content wrapped to the width,
// and the link. From here the user opens the link, copies it, or steps to
// the next or previous article of the list it came from without going back.
//
// f fetches the page's full text through common.FullText and shows it,
// typeset in the app's palette (markdown.go), in place of the service's
// snippet (f again toggles back); L lists its links, and a number opens
// one; / finds text in the article, n and N step between the matches.
// Everything a page sends is cleaned by ui/textsafe before it is drawn,
// and the typeset text holds no escape sequence but SGR styling.
//
// The reader owns no list: stepping sends common.StepArticleMsg, which the
// root hands to the origin screen; that screen answers with the next
// articles.OpenMsg.
package reader

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"tidings/extract"
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
	base          []string // the built lines, without find's highlights

	full  fullState
	spin  spinner.Model
	find  findState
	links linkList
}

// buildKey is everything the rendered content depends on.
type buildKey struct {
	width, themeGen int
	minute          int64
	article         string
	full            int // fullState.gen
	saved           bool
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
	spin := spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(ctx.Styles.Reader.Spinner))
	return &Model{ctx: ctx, vp: vp, spin: spin, find: findState{input: newFindInput(&ctx.View)}}
}

// SetArticle shows an article from the list origin, scrolled to the top,
// with the service's snippet. Another article than the one showing drops
// the full text, find and link list (a fetch under way is cancelled and
// its answer dropped); with Context.FullTextAuto the returned command
// fetches the new article's full text when its snippet is cut, short or
// missing.
func (m *Model) SetArticle(it articles.Item, origin common.ScreenID) tea.Cmd {
	return m.SetArticleWith(it, origin, nil)
}

// SetArticleWith is SetArticle with the article's full text at hand
// (kept with a saved article): f shows it without the network, and with
// Context.FullTextAuto it shows at once. nil is SetArticle.
func (m *Model) SetArticleWith(it articles.Item, origin common.ScreenID, full *extract.Article) tea.Cmd {
	k := articles.Key(it)
	same := m.has && k == m.full.key
	m.item, m.has, m.origin = it, true, origin
	m.links = linkList{}
	m.find.prompt = false
	m.clearFind()
	if !same {
		m.resetFull(k)
	}
	if full != nil && m.full.doc == nil && !m.full.fetching {
		m.full.text, m.full.kept = full, true
	}
	m.built = buildKey{}
	m.rebuild()
	m.vp.GotoTop()
	if !same && m.ctx.FullTextAuto && (m.ctx.FullText != nil || m.full.kept) && wantsFull(it) {
		return m.fetchFull()
	}
	return nil
}

// FullText is the showing article's full text once fetched (or kept with
// it), for saving it with the article.
func (m *Model) FullText() (extract.Article, bool) {
	if m.full.text == nil {
		return extract.Article{}, false
	}
	return *m.full.text, true
}

// Origin is the screen the article was opened from.
func (m *Model) Origin() common.ScreenID { return m.origin }

// Article is the article showing, and whether there is one.
func (m *Model) Article() (articles.Item, bool) { return m.item, m.has }

// Init implements common.Screen.
func (m *Model) Init() tea.Cmd { return nil }

// Title implements common.Screen.
func (m *Model) Title() string { return "Article" }

// CapturesInput implements common.Screen: the find prompt and the link
// list (where digits pick links) take every key.
func (m *Model) CapturesInput() bool { return m.find.prompt || m.links.open }

// Loading implements common.Screen: it is about pages of a list, which the
// reader has none of (its full-text fetch shows in Status).
func (m *Model) Loading() bool { return false }

// FetchingFullText reports whether the full text is being fetched.
func (m *Model) FetchingFullText() bool { return m.full.fetching }

// SetSize implements common.Screen.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.vp.SetWidth(width)
	m.vp.SetHeight(max(height-1, 1)) // the last line is the position rule
	m.find.input.SetWidth(max(width-2*margin-2, 1))
	m.rebuild()
}

// ShortHelp implements common.Screen: the keys of what has focus (the
// link list, the find prompt, a find, or the article).
func (m *Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	switch {
	case m.links.open:
		return append(k.Links.Short(), k.Global.ForceQuit)
	case m.find.prompt:
		return append(k.Find.All(), k.Global.ForceQuit)
	case m.find.active():
		return append(k.Reader.FindShort(), k.Global.Short()...)
	}
	return append(m.withoutFullText(k.Reader.Short()), k.Global.Short()...)
}

// withoutFullText leaves f and L out of the one-line help while there is
// no page reader (f then only says why); the full help keeps them.
func (m *Model) withoutFullText(bs []key.Binding) []key.Binding {
	if m.ctx.FullText != nil || m.full.doc != nil {
		return bs
	}
	r := m.ctx.Keys.Reader
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		if b.Help() != r.FullText.Help() && b.Help() != r.Links.Help() {
			out = append(out, b)
		}
	}
	return out
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	switch {
	case m.links.open:
		return append(k.Links.Full(), []key.Binding{k.Global.ForceQuit})
	case m.find.prompt:
		return [][]key.Binding{k.Find.All(), {k.Global.ForceQuit}}
	case m.find.active():
		return append(k.Reader.FindFull(), k.Global.Full())
	}
	return append(k.Reader.Full(), k.Global.Full())
}

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case m.links.open:
			return m.handleLinksKey(msg)
		case m.find.prompt:
			return m.handleFindKey(msg)
		}
		return m.handleKey(msg)
	case tea.PasteMsg:
		if m.find.prompt {
			var cmd tea.Cmd
			m.find.input, cmd = m.find.input.Update(msg)
			return cmd
		}
	case tea.MouseWheelMsg:
		if m.links.open {
			return nil
		}
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(msg)
		return cmd
	case fullTextMsg:
		return m.fullArrived(msg)
	case fullRestMsg:
		return m.restArrived(msg)
	case spinner.TickMsg:
		if msg.ID != m.spin.ID() || !m.full.fetching {
			return nil // idle means idle: the spinner stops with the fetch
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys.Reader
	switch {
	case key.Matches(msg, k.Back):
		switch {
		case m.full.fetching:
			return m.cancelFull()
		case m.find.query != "":
			m.clearFind()
			return nil
		}
		return common.Cmd(common.BackMsg{})
	case m.find.active() && key.Matches(msg, k.NextMatch):
		m.stepMatch(1)
		return nil
	case m.find.active() && key.Matches(msg, k.PrevMatch):
		m.stepMatch(-1)
		return nil
	case key.Matches(msg, k.FullText):
		return m.toggleFull()
	case key.Matches(msg, k.Links):
		return m.openLinks()
	case key.Matches(msg, k.Find):
		if !m.has {
			return nil
		}
		return m.openFind()
	case key.Matches(msg, k.Next):
		return common.Cmd(common.StepArticleMsg{Delta: 1})
	case key.Matches(msg, k.Prev):
		return common.Cmd(common.StepArticleMsg{Delta: -1})
	case key.Matches(msg, k.OpenBrowser):
		return common.Cmd(common.OpenURLMsg{URL: m.item.Link})
	case key.Matches(msg, k.CopyLink):
		return common.Cmd(common.CopyURLMsg{URL: m.item.Link})
	case key.Matches(msg, k.Save):
		if !m.has {
			return nil
		}
		return articles.ToggleSave(m.ctx, m.item)
	case key.Matches(msg, k.Story):
		if !m.has {
			return nil
		}
		return articles.OpenStory(m.item, common.Reader)
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
