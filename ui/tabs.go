package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
)

// tab is one entry of the header's tab bar.
type tab struct {
	id    common.ScreenID
	label string
	short string // the label when the header is too narrow for all of them
}

// tabs are the header's tabs in order: the list screens, then Story,
// Article and Source once a story, an article or one source's articles
// have been opened. Each is labelled
// with the key that shows it, so tab, shift+tab and the number keys reach
// every one.
func (a *App) tabs() []tab {
	out := make([]tab, 0, len(listScreens)+2)
	add := func(id common.ScreenID, title string) {
		// The key that opens the screen, as the user bound it.
		n := a.screenKey(id).Help().Key
		label := title
		if n != "" {
			label = n + " " + title
		} else {
			n = fmt.Sprint(len(out) + 1) // unbound: the tab's place
		}
		out = append(out, tab{id, label, n})
	}
	for _, id := range listScreens {
		add(id, a.screens[id].Title())
	}
	if a.story.ID() != "" {
		add(common.Story, "Story")
	}
	if _, ok := a.reader.Article(); ok {
		add(common.Reader, "Article")
	}
	if a.source.Source().ID != "" {
		add(common.Source, "Source")
	}
	return out
}

// screenKey is the binding that shows a tab's screen.
func (a *App) screenKey(id common.ScreenID) key.Binding {
	g := a.ctx.Keys.Global
	switch id {
	case common.Headlines:
		return g.Headlines
	case common.Sources:
		return g.Sources
	case common.Search:
		return g.Search
	case common.Saved:
		return g.Saved
	case common.Story:
		return g.Story
	case common.Reader:
		return g.Article
	case common.Source:
		return g.Source
	}
	return key.Binding{}
}

// cycle moves through the tabs in the order the header shows them,
// wrapping around.
func (a *App) cycle(delta int) tea.Cmd {
	tabs := a.tabs()
	for i, t := range tabs {
		if t.id == a.active {
			n := len(tabs)
			return a.switchTo(tabs[((i+delta)%n+n)%n].id)
		}
	}
	return nil
}

// showOpened is the Story, Article or Source key: it shows that tab, or
// says how to open one when there is none yet.
func (a *App) showOpened(id common.ScreenID) tea.Cmd {
	for _, t := range a.tabs() {
		if t.id == id {
			return a.switchTo(id)
		}
	}
	k := a.ctx.Keys.List
	if id == common.Source {
		return a.status.Show("No source is open yet: enter on a source in Sources lists its articles.", common.LevelInfo)
	}
	if id == common.Story {
		return a.status.Show("No story is open yet: "+k.Story.Help().Key+" on an article shows its story.", common.LevelInfo)
	}
	return a.status.Show("No article is open yet: "+k.Open.Help().Key+" on a headline opens it.", common.LevelInfo)
}
