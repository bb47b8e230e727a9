package saved

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/textsafe"
)

// On a service that keeps marks (docs/marks.md), b also stars the article
// there, and this screen lists the service's starred articles after the
// ones saved here: what was starred by another reader of the same key
// shows up too. The saved ones come first, newest saved first; a starred
// article saved here too is listed once.

// starredPageSize is how many starred articles are asked for: the
// screen lists them whole, as it does the saved ones.
const starredPageSize = model.MaxPageSize

// starredTimeout bounds the request for them.
const starredTimeout = 15 * time.Second

// starredMsg brings the service's starred articles.
type starredMsg struct {
	gen   int
	items []articles.Item
	err   error
}

// loadStarred asks the service for its starred articles.
func (m *Model) loadStarred() tea.Cmd {
	if m.ctx.Marks == nil {
		return nil
	}
	m.starredGen++
	client, gen, parent := m.ctx.Client, m.starredGen, m.ctx.Parent()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, starredTimeout)
		defer cancel()
		p, err := client.LatestHeadlines(ctx, model.HeadlinesQuery{Starred: true, Page: 1, PageSize: starredPageSize})
		if err != nil {
			return starredMsg{gen: gen, err: err}
		}
		return starredMsg{gen: gen, items: articles.FromPage(p).Items}
	}
}

func (m *Model) starredArrived(msg starredMsg) tea.Cmd {
	if msg.gen != m.starredGen {
		return nil
	}
	if msg.err != nil {
		if common.IsCanceled(msg.err) {
			return nil
		}
		title, _ := common.Explain(msg.err, m.ctx.BaseURL)
		return common.Status("Could not list the service's starred articles: "+textsafe.Line(title), common.LevelWarning)
	}
	m.starred = msg.items
	if m.loaded {
		m.list.Replace(m.merged())
	}
	return nil
}

// merged is the saved articles, then the starred ones not saved here.
func (m *Model) merged() []articles.Item {
	out := append([]articles.Item(nil), m.local...)
	seen := make(map[string]bool, len(out))
	for _, it := range out {
		seen[articles.Key(it)] = true
	}
	for _, it := range m.starred {
		if !seen[articles.Key(it)] {
			seen[articles.Key(it)] = true
			out = append(out, it)
		}
	}
	return out
}
