package reader

import (
	"fmt"
	"strings"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/textsafe"
	"tidings/wording"
)

// maxTextWidth keeps lines readable on very wide terminals.
const maxTextWidth = 100

// margin is the blank space left of the text.
const margin = 2

// Status implements common.Screen: the spinner while the full text is
// fetched, the find's "match 3 of 12", or how far through the article we
// are.
func (m *Model) Status() string {
	if !m.has {
		return ""
	}
	if m.full.fetching {
		return m.spin.View() + " fetching the full text"
	}
	if m.find.active() {
		return m.findStatus()
	}
	total := m.vp.TotalLineCount()
	if total <= m.vp.Height() {
		return "all shown"
	}
	return fmt.Sprintf("%d%%", int(m.vp.ScrollPercent()*100+0.5))
}

// View implements common.Screen.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.links.open {
		return m.linksView()
	}
	m.rebuild()
	if m.find.prompt {
		return m.vp.View() + "\n" + strings.Repeat(" ", margin) + m.find.input.View()
	}
	return m.vp.View() + "\n" + m.rule()
}

// textWidth is the width text is wrapped to.
func (m *Model) textWidth() int {
	return max(min(m.width-2*margin, maxTextWidth), 10)
}

// rule is the last line: a thin rule closing the text (the scroll
// position is in the status bar).
func (m *Model) rule() string {
	return m.ctx.Styles.Reader.Rule.Render(strings.Repeat(" ", margin) + strings.Repeat("─", max(m.width-2*margin, 0)))
}

// rebuild renders the article into the viewport when the width, theme,
// minute (relative time) or article changed.
func (m *Model) rebuild() {
	if m.width <= 0 {
		return
	}
	k := buildKey{
		width: m.width, themeGen: m.ctx.ThemeGen,
		minute: m.ctx.Clock().Unix() / 60, article: articles.Key(m.item),
		full: m.full.gen, saved: m.ctx.Saved.Has(articles.Key(m.item)),
	}
	if k == m.built {
		return
	}
	m.built = k
	old := len(m.base)
	m.base = m.lines()
	if !m.refind(old) {
		m.setContent(m.base)
	}
}

// setContent puts lines in the viewport, keeping the scroll position.
func (m *Model) setContent(lines []string) {
	y := m.vp.YOffset()
	m.vp.SetContentLines(lines)
	m.vp.SetYOffset(y)
}

// lines lays the article out at the current width.
func (m *Model) lines() []string {
	s := m.ctx.Styles.Reader
	w := m.textWidth()
	pad := strings.Repeat(" ", margin)
	var out []string
	para := func(render func(...string) string, text string) {
		for _, l := range textsafe.Wrap(text, w) {
			out = append(out, pad+render(l))
		}
	}
	if !m.has {
		return []string{"", pad + m.ctx.Styles.List.Empty.Render("No article open: pick one from a list with enter.")}
	}
	it := m.item
	title := it.Title
	if title == "" {
		title = "(untitled)"
	}
	para(s.Title.Render, title)
	out = append(out, "")
	byline := it.Source
	if author := it.Author(); author != "" {
		byline += " · by " + author
	}
	para(s.Meta.Render, byline)
	if abs := common.AbsoluteTime(it.PublishedAt, m.ctx.Loc()); abs != "" {
		line := abs + " · " + common.RelativeTime(m.ctx.Clock(), it.PublishedAt)
		if m.built.saved {
			line += " · " + articles.SavedMark
		}
		para(s.Time.Render, line)
	}
	if m.full.showing && m.full.doc != nil {
		d := m.full.doc
		para(s.Time.Render, readingTime(d.words))
		out = append(out, "")
		para(s.Note.Render, "The page's own text, fetched from "+d.host+". f shows the service's snippet.")
		out = append(out, "")
		for _, l := range m.fullBody() {
			if l == "" {
				out = append(out, "")
				continue
			}
			out = append(out, pad+l)
		}
		if m.full.body.partial {
			out = append(out, "")
			para(s.Note.Render, "…") // the rest is being laid out
		}
		out = append(out, "")
	} else {
		out = append(out, "")
		if it.Description != "" {
			para(s.Body.Render, it.Description)
			out = append(out, "")
		}
		content := it.Content()
		if content != "" && content != it.Description {
			para(s.Body.Render, content)
		}
		// o and f are offered only with a web address to open or fetch:
		// without one they refuse, and the Link line below says why.
		full := m.ctx.FullText != nil && it.URL() != ""
		more := wording.Count(it.More, "more character", "more characters") + " at the source"
		switch {
		case it.More > 0 && full:
			para(s.More.Render, more+" — press f to read it here, o to open it in the browser")
		case it.More > 0 && it.URL() != "":
			para(s.More.Render, more+" — press o")
		case it.More > 0:
			para(s.More.Render, more+".")
		}
		if it.Description == "" && content == "" {
			switch {
			case full:
				para(s.Label.Render, "The service sent no text for this article. Press f to read it here, or o to open it at the source.")
			case it.URL() != "":
				para(s.Label.Render, "The service sent no text for this article. Press o to read it at the source.")
			default:
				para(s.Label.Render, "The service sent no text for this article.")
			}
		}
		switch {
		case m.full.fetching:
			out = append(out, "")
			para(s.Note.Render, "Fetching the full text from "+m.full.host+"… esc stops.")
		case m.full.failure != "":
			out = append(out, "")
			para(s.Failure.Render, "Could not fetch the full text: "+m.full.failure+".")
			para(s.Label.Render, "o still opens the article in the browser.")
		case m.full.doc != nil:
			out = append(out, "")
			para(s.Label.Render, "f shows the page's full text again.")
		}
		out = append(out, "")
	}
	switch {
	case it.URL() != "":
		out = append(out, pad+s.Label.Render("Link"))
		// An OSC 8 hyperlink: terminals that know it open the whole URL
		// from a click on any of its wrapped lines (with the key their
		// mouse reporting asks for: ctrl, shift or cmd). The URL passed
		// SafeURL, so it holds no byte that could end the sequence.
		link := s.Link.Hyperlink(it.URL(), "id=tidings-article")
		for _, l := range textsafe.Wrap(it.URL(), w) {
			out = append(out, pad+link.Render(l))
		}
	case it.RawURL() != "":
		para(s.Label.Render, "Link (not a web address, will not be opened): "+it.RawURL())
	default:
		para(s.Label.Render, "This article has no link.")
	}
	return append(out, "")
}
