package headlines

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/textsafe"
)

// The Source screen is this screen listing one source's newest articles
// (enter on Sources): the headlines with the service's sources parameter
// (tidings' extension on /latest-headlines, NewsAPI's on top-headlines),
// no keyword needed. It has no country or category; s searches the source
// and esc (or q) goes back to Sources. A service that cannot list one
// source (api.ErrSourcesUnsupported) is explained in the list, which
// offers s.

// BackMsg asks the root to leave the Source screen for Sources.
type BackMsg struct{}

// NewSource makes the Source screen; nothing loads until OpenSource.
func NewSource(ctx *common.Context) *Model {
	m := New(ctx, model.HeadlinesQuery{})
	m.query = model.HeadlinesQuery{}
	m.source = &model.SourceRef{}
	m.al.SetOrigin(common.Source)
	return m
}

// OpenSource lists src's newest articles, from the first page.
func (m *Model) OpenSource(src model.SourceRef) tea.Cmd {
	m.source = &src
	m.query = model.HeadlinesQuery{Sources: []string{src.ID}}
	return m.reload()
}

// Source is the source listed; "" ID before the first OpenSource or on
// Headlines.
func (m *Model) Source() model.SourceRef {
	if m.source == nil {
		return model.SourceRef{}
	}
	return *m.source
}

func (m *Model) sourceName() string {
	if m.source == nil {
		return ""
	}
	if m.source.Name != "" {
		return textsafe.Line(m.source.Name)
	}
	return m.source.ID
}

// sourceKey handles the Source screen's own keys: s searches the source,
// esc goes back; the country and category pickers are not offered.
func (m *Model) sourceKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.ctx.Keys
	switch {
	case key.Matches(msg, k.Sources.SearchSource):
		return m.searchSource(), true
	case key.Matches(msg, k.Story.Back):
		return common.Cmd(BackMsg{}), true
	case key.Matches(msg, k.Headlines.Country), key.Matches(msg, k.Headlines.Category):
		return nil, true
	}
	return nil, false
}

// searchSource opens Search restricted to the source, as s on Sources
// does: at once where the service needs no keywords, else with the
// keywords left for the user.
func (m *Model) searchSource() tea.Cmd {
	if m.source == nil || m.source.ID == "" {
		return nil
	}
	q := model.ArticlesQuery{Sources: []string{m.source.ID}}
	note := "Type keywords to search " + m.sourceName()
	if m.ctx.Dialect.ValidateArticles(q) == nil {
		note = "Searching " + m.sourceName()
	}
	return tea.Batch(common.Cmd(common.SearchMsg{Query: q}), common.Status(note, common.LevelInfo))
}

// sourceBar is the Source screen's filter line: the source, and its keys.
func (m *Model) sourceBar() string {
	s := m.ctx.Styles.Filters
	left := " " + s.Label.Render("Source ") + s.Value.Render(m.sourceName()) + s.Label.Render("   newest first")
	if m.collapsed {
		left += s.Label.Render("   Stories ") + s.Value.Render("one row each")
	}
	k := m.ctx.Keys
	hints := []string{
		s.Key.Render(k.Sources.SearchSource.Help().Key) + s.Label.Render(" search it"),
		s.Key.Render(k.Story.Back.Help().Key) + s.Label.Render(" back"),
	}
	for n := len(hints); n > 0; n-- {
		right := strings.Join(hints[:n], s.Label.Render(" · ")) + " "
		if gap := m.width - ansi.StringWidth(left) - ansi.StringWidth(right); gap >= 2 {
			return left + strings.Repeat(" ", gap) + right
		}
	}
	return ansi.Truncate(left, m.width, "…")
}
