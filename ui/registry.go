package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/ui/common"
	feedscreen "tidings/ui/screens/feeds"
	"tidings/ui/screens/headlines"
	"tidings/ui/screens/reader"
	"tidings/ui/screens/saved"
	"tidings/ui/screens/search"
	"tidings/ui/screens/sources"
	"tidings/ui/screens/story"
)

// The reader's screens are listed once, in screens below: the root builds,
// sizes, initialises, draws as tabs, binds keys to and routes messages to
// whatever the list holds, in its order. A new screen is its package
// (ui/screens/<name>, a common.Screen) and one line here.

// screenDef is one screen as the root knows it.
type screenDef struct {
	id common.ScreenID
	// label is the tab's title.
	label string
	// key is the global binding that shows the screen.
	key func(keymap.GlobalKeys) key.Binding
	// build makes the screen for the context and the start-up presets.
	build func(ctx *common.Context, cfg Config) common.Screen
	// shown reports whether the screen has its tab now; nil: always. A
	// screen without a tab cannot be shown: its key says why (closed).
	shown func(a *App) bool
	// closed says, for the key pressed while the screen has no tab, how
	// to give it one.
	closed func(k *keymap.KeyMap) string
	// nested: the screen is opened from another (an article, a story, a
	// source's articles), and q goes back to where it was opened from
	// (origin) rather than quitting.
	nested bool
	origin func(a *App) common.ScreenID
	// route hands the screen the cross-screen message that opens it
	// (OpenStoryMsg for Story, say); ok is false for other messages. The
	// root shows the screen after.
	route func(s common.Screen, msg tea.Msg) (cmd tea.Cmd, ok bool)
}

// screens are the reader's screens in tab order.
var screens = []screenDef{
	{id: common.Headlines, label: "Headlines", key: func(g keymap.GlobalKeys) key.Binding { return g.Headlines }, build: newHeadlines},
	{id: common.Sources, label: "Sources", key: func(g keymap.GlobalKeys) key.Binding { return g.Sources }, build: newSources},
	{id: common.Search, label: "Search", key: func(g keymap.GlobalKeys) key.Binding { return g.Search }, build: newSearch, route: routeSearch},
	{id: common.Saved, label: "Saved", key: func(g keymap.GlobalKeys) key.Binding { return g.Saved }, build: newSaved},
	{id: common.FeedsScreen, label: "Feeds", key: func(g keymap.GlobalKeys) key.Binding { return g.Feeds }, build: newFeeds, shown: feedsShown, closed: feedsClosed},
	{id: common.Story, label: "Story", key: func(g keymap.GlobalKeys) key.Binding { return g.Story }, build: newStory, nested: true, shown: storyOpen, origin: storyOrigin, closed: storyClosed, route: routeStory},
	{id: common.Reader, label: "Article", key: func(g keymap.GlobalKeys) key.Binding { return g.Article }, build: newReader, nested: true, shown: articleOpen, origin: readerOrigin, closed: articleClosed},
	{id: common.Source, label: "Source", key: func(g keymap.GlobalKeys) key.Binding { return g.Source }, build: newSource, nested: true, shown: sourceOpen, origin: sourceOrigin, closed: sourceClosed, route: routeSource},
}

func newHeadlines(ctx *common.Context, cfg Config) common.Screen {
	return headlines.New(ctx, cfg.Headlines)
}
func newSources(ctx *common.Context, cfg Config) common.Screen { return sources.New(ctx, cfg.Sources) }
func newSearch(ctx *common.Context, cfg Config) common.Screen  { return search.New(ctx, cfg.Search) }
func newSaved(ctx *common.Context, _ Config) common.Screen     { return saved.New(ctx) }
func newFeeds(ctx *common.Context, _ Config) common.Screen     { return feedscreen.New(ctx) }
func newStory(ctx *common.Context, _ Config) common.Screen     { return story.New(ctx) }
func newReader(ctx *common.Context, _ Config) common.Screen    { return reader.New(ctx) }
func newSource(ctx *common.Context, _ Config) common.Screen    { return headlines.NewSource(ctx) }

// routeSearch fills the search form from a SearchMsg and runs it.
func routeSearch(s common.Screen, msg tea.Msg) (tea.Cmd, bool) {
	m, ok := msg.(common.SearchMsg)
	if !ok {
		return nil, false
	}
	return s.Update(m), true
}

func routeStory(s common.Screen, msg tea.Msg) (tea.Cmd, bool) {
	m, ok := msg.(common.OpenStoryMsg)
	if !ok {
		return nil, false
	}
	return s.(*story.Model).Open(m), true
}

func routeSource(s common.Screen, msg tea.Msg) (tea.Cmd, bool) {
	m, ok := msg.(common.OpenSourceMsg)
	if !ok {
		return nil, false
	}
	return s.(*headlines.Model).OpenSource(m.Source), true
}

func feedsShown(a *App) bool { return feedscreen.Available(&a.ctx.Services) }
func feedsClosed(*keymap.KeyMap) string {
	return "No feeds here: the Feeds screen lists a tidings catalogue's feeds (personal mode, tidings serve --db)."
}
func storyOpen(a *App) bool               { return a.screens[common.Story].(*story.Model).ID() != "" }
func storyOrigin(a *App) common.ScreenID  { return a.screens[common.Story].(*story.Model).Origin() }
func articleOpen(a *App) bool             { _, ok := a.reader.Article(); return ok }
func readerOrigin(a *App) common.ScreenID { return a.reader.Origin() }
func sourceOpen(a *App) bool              { return a.screens[common.Source].(*headlines.Model).Source().ID != "" }
func sourceOrigin(a *App) common.ScreenID { return a.sourceFrom }
func storyClosed(k *keymap.KeyMap) string {
	return "No story is open yet: " + k.List.Story.Help().Key + " on an article shows its story."
}
func articleClosed(k *keymap.KeyMap) string {
	return "No article is open yet: " + k.List.Open.Help().Key + " on a headline opens it."
}
func sourceClosed(*keymap.KeyMap) string {
	return "No source is open yet: enter on a source in Sources lists its articles."
}

// def is the registry's entry for id; ok is false for an id not listed.
func (a *App) def(id common.ScreenID) (screenDef, bool) {
	for _, d := range a.defs {
		if d.id == id {
			return d, true
		}
	}
	return screenDef{}, false
}

// nested reports whether id is a nested screen, where q goes back.
func (a *App) nested(id common.ScreenID) bool {
	d, ok := a.def(id)
	return ok && d.nested
}

// hasTab reports whether d's tab shows now.
func (a *App) hasTab(d screenDef) bool { return d.shown == nil || d.shown(a) }
