package reader

import (
	"fmt"
	"net/url"
	"slices"

	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/markdown"
	"tidings/ui/textsafe"
	"tidings/wording"
)

// shortText is the length (in bytes) under which the service's text counts
// as short: FullTextAuto then fetches the page on open.
const shortText = 400

// fullState is the full text of the article showing: the fetch under way,
// the article fetched, whether it is shown instead of the service's
// snippet, and the last failure. It belongs to one article (key) and is
// reset when another opens.
type fullState struct {
	guard    common.FetchGuard
	fetching bool
	host     string // the host being fetched, for the spinner's line
	key      string // articles.Key of the article this state is for
	doc      *fullDoc
	showing  bool
	failure  string // why the last fetch failed, as the user reads it
	gen      int    // changes with any of the above, for the view's cache
	body     bodyCache
	// text is the article's full text as it came (fetched, or kept with
	// a saved article), for keeping it with the saved article; nil until
	// then. kept: it came from the state, and f reads it without a fetch.
	text *extract.Article
	kept bool
}

// fullDoc is a fetched article, its display strings cleaned once.
type fullDoc struct {
	markdown string // raw: markdown.Render cleans it
	host     string
	words    int
	links    []linkItem
}

// linkItem is one link of the article: Text and Shown are cleaned for
// display; URL is sent to the root as it came, which applies the rules
// of o (SafeURL) before opening or copying it.
type linkItem struct {
	Text, Shown, URL string
}

// bodyCache is the rendered Markdown at one width and theme, so scrolling,
// the minute tick and find never render again.
type bodyCache struct {
	width, themeGen int
	key             string
	lines           []string
	// partial: lines are the article's first screens only; the rest is
	// being rendered and arrives as a fullRestMsg.
	partial bool
}

// fullTextMsg is the answer to a fetch: the article, rendered at the width
// the reader had when it asked, or the error.
type fullTextMsg struct {
	id   uint64
	key  string
	doc  *fullDoc
	body bodyCache
	err  error
	// rest renders the rest of a long article (body is then partial);
	// nil when body is whole.
	rest tea.Cmd
	text *extract.Article // the article as it came
}

// FullTextMsg tells the root that the reader fetched an article's full
// text, to keep it with the article when it is saved.
type FullTextMsg struct {
	Item articles.Item
	Text extract.Article
}

// fullRestMsg is the whole of a long article's rendered text, following
// the fullTextMsg that brought its first screens.
type fullRestMsg struct {
	body bodyCache
}

func newDoc(a extract.Article) *fullDoc {
	d := &fullDoc{markdown: a.Markdown, words: a.Words, host: hostOf(a.URL)}
	d.links = make([]linkItem, len(a.Links))
	for i, l := range a.Links {
		// Show the address o would open (percent-encoded, IDN hosts in
		// punycode), so a look-alike host cannot pass for another.
		shown, ok := textsafe.SafeURL(l.URL)
		if !ok {
			shown = textsafe.Line(l.URL)
		}
		d.links[i] = linkItem{Text: textsafe.Line(l.Text), Shown: shown, URL: l.URL}
	}
	return d
}

// hostOf is the cleaned host of a URL, or "the page" when it has none.
func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return "the page"
	}
	return textsafe.Line(p.Hostname())
}

// wantsFull reports whether FullTextAuto should fetch this article's page:
// its text was cut, is short or is missing.
func wantsFull(it articles.Item) bool {
	return it.URL() != "" && (it.More > 0 || len(it.Description)+len(it.Content()) < shortText)
}

// resetFull forgets the full text of the previous article; a fetch for it
// still under way is cancelled and its answer will be dropped.
func (m *Model) resetFull(key string) {
	m.full.guard.Abort()
	m.full = fullState{guard: m.full.guard, key: key, gen: m.full.gen + 1}
}

// toggleFull is f: fetch the full text, or switch between it and the
// service's snippet once it is here.
func (m *Model) toggleFull() tea.Cmd {
	switch {
	case !m.has:
		return nil
	case m.full.fetching:
		return common.Status("Still fetching the full text… esc stops.", common.LevelInfo)
	case m.full.doc != nil:
		m.full.showing = !m.full.showing
		m.full.gen++
		m.vp.GotoTop()
		if m.full.showing {
			return nil
		}
		return common.Status("The service's snippet: f shows the full text again.", common.LevelInfo)
	case m.full.kept:
		return m.fetchFull() // kept with the saved article: no network
	case m.ctx.FullText == nil && m.item.URL() == "":
		return common.Status("Full text is off in this session: no page reader is set up.", common.LevelWarning)
	case m.ctx.FullText == nil:
		return common.Status("Full text is off in this session: no page reader is set up. o opens the article in the browser.", common.LevelWarning)
	case m.item.URL() == "":
		return common.Status("This article has no web address to fetch its text from.", common.LevelWarning)
	}
	return m.fetchFull()
}

// fetchFull asks the page reader for the article's text. The command only
// captures copies: the page reader, the URL, the request's id, and what
// the render needs, so the Markdown is laid out off the UI goroutine.
func (m *Model) fetchFull() tea.Cmd {
	ctx, id := m.full.guard.BeginWithin(m.ctx.Parent())
	m.full.fetching, m.full.failure = true, ""
	m.full.host = hostOf(m.item.URL())
	m.full.gen++
	ft, pageURL, key := m.ctx.FullText, m.item.URL(), m.full.key
	opts, themeGen := m.renderOpts(), m.ctx.ThemeGen
	var kept *extract.Article
	if m.full.kept {
		kept = m.full.text
	}
	fetch := func() tea.Msg {
		var a extract.Article
		var err error
		if kept != nil {
			a = *kept
		} else {
			a, err = ft.Extract(ctx, pageURL)
		}
		if err != nil {
			return fullTextMsg{id: id, key: key, err: err}
		}
		doc := newDoc(a)
		// The first screens are laid out and shown first; the rest
		// follows a few tens of milliseconds later at most.
		head, rest := markdown.SplitHead(markdown.Chunks(doc.markdown))
		body := bodyCache{width: opts.Width, themeGen: themeGen, key: key, lines: markdown.RenderChunks(head, opts)}
		msg := fullTextMsg{id: id, key: key, doc: doc, body: body, text: &a}
		if len(rest) > 0 {
			msg.body.partial = true
			msg.rest = func() tea.Msg {
				all := markdown.JoinBlocks(slices.Clip(body.lines), [][]string{markdown.RenderChunks(rest, opts)})
				return fullRestMsg{body: bodyCache{width: opts.Width, themeGen: themeGen, key: key, lines: all}}
			}
		}
		return msg
	}
	return tea.Batch(m.spin.Tick, fetch)
}

// cancelFull is esc while fetching: the request is cancelled and its
// answer, should one still come, dropped. The reader stays open.
func (m *Model) cancelFull() tea.Cmd {
	m.full.guard.Abort()
	m.full.fetching = false
	m.full.gen++
	return common.Status("Stopped fetching the full text. esc again goes back.", common.LevelInfo)
}

// fullArrived applies a fetch's answer if it is for the request in flight.
func (m *Model) fullArrived(msg fullTextMsg) tea.Cmd {
	if msg.key != m.full.key || !m.full.guard.Finish(msg.id) {
		return nil // another article, or cancelled: too late
	}
	m.full.fetching = false
	m.full.gen++
	if msg.err != nil {
		m.full.failure = textsafe.Line(msg.err.Error())
		return common.Status("Could not fetch the full text: "+m.full.failure+". o opens it in the browser.", common.LevelError)
	}
	m.full.doc, m.full.showing, m.full.body = msg.doc, true, msg.body
	m.vp.GotoTop()
	var keep tea.Cmd
	if !m.full.kept {
		m.full.text = msg.text
		keep = common.Cmd(FullTextMsg{Item: m.item, Text: *msg.text})
	}
	return tea.Batch(msg.rest, keep,
		common.Status(fmt.Sprintf("Full text: %s from %s. f shows the service's snippet.", wordCount(msg.doc.words), msg.doc.host), common.LevelSuccess))
}

// restArrived completes a long article's text, unless the reader moved to
// another article, or re-rendered it whole at another width or theme, in
// the meantime. The scroll position stays.
func (m *Model) restArrived(msg fullRestMsg) tea.Cmd {
	c := m.full.body
	if !c.partial || c.key != msg.body.key || c.width != msg.body.width || c.themeGen != msg.body.themeGen {
		return nil
	}
	m.full.body = msg.body
	m.full.gen++
	return nil
}

// renderOpts is what the Markdown renderer needs, at the reader's
// current size and theme.
func (m *Model) renderOpts() markdown.Options {
	s := m.ctx.Styles
	return markdown.Options{Width: m.textWidth(), Style: s.Markdown, Image: s.Reader.Image,
		Body: markdown.SGRPrefix(s.Reader.Body), LinkNumber: markdown.SGRPrefix(s.Reader.LinkNumber)}
}

// fullBody is the rendered Markdown at the current width and theme,
// rendered now only if the width or theme changed since (a resize
// reflows; scrolling never renders).
func (m *Model) fullBody() []string {
	c := m.full.body
	if c.width == m.textWidth() && c.themeGen == m.ctx.ThemeGen && c.key == m.full.key && c.lines != nil {
		return c.lines
	}
	o := m.renderOpts()
	m.full.body = bodyCache{width: o.Width, themeGen: m.ctx.ThemeGen, key: m.full.key, lines: markdown.Render(m.full.doc.markdown, o)}
	return m.full.body.lines
}

// wordCount is "1 word" or "2,345 words".
func wordCount(n int) string { return wording.Count(n, "word", "words") }

// readingTime is the "N words · ~M min read" line (230 words a minute).
func readingTime(n int) string {
	return fmt.Sprintf("%s · ~%d min read", wordCount(n), max((n+115)/230, 1))
}
