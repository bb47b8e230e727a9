package keymap

import "charm.land/bubbles/v2/key"

// Short is the global part of a footer's one-line help.
func (g GlobalKeys) Short() []key.Binding { return []key.Binding{g.Help, g.Quit} }

// Full is the global column of the full help. Feeds (5) and Source (8)
// are left out: the full help must fit 80×24, and their tabs name their
// keys while they show (Feeds where the service has feeds, Source while
// one source is open).
func (g GlobalKeys) Full() []key.Binding {
	return []key.Binding{g.Headlines, g.Sources, g.Search, g.Saved, g.Story, g.Article, g.NextTab, g.PrevTab, g.Help, g.Quit, g.ForceQuit}
}

// Short is the one-line help of a list: the keys a newcomer needs first.
func (l ListKeys) Short() []key.Binding {
	return []key.Binding{l.Down, l.Up, l.Open, l.OpenBrowser, l.Refresh}
}

// Full is the list's columns of the full help: movement, then actions.
func (l ListKeys) Full() [][]key.Binding {
	return [][]key.Binding{
		{l.Up, l.Down, l.PageUp, l.PageDown, l.Top, l.Bottom},
		{l.Open, l.OpenBrowser, l.CopyLink, l.Refresh},
	}
}

// ArticleShort is the one-line help of a list of articles: Short with
// save.
func (l ListKeys) ArticleShort() []key.Binding {
	return []key.Binding{l.Down, l.Up, l.Open, l.OpenBrowser, l.Save, l.Refresh}
}

// ArticleFull is the full help of a list of articles: Full with save
// among the actions.
func (l ListKeys) ArticleFull() [][]key.Binding {
	return [][]key.Binding{
		{l.Up, l.Down, l.PageUp, l.PageDown, l.Top, l.Bottom},
		{l.Open, l.OpenBrowser, l.CopyLink, l.Save, l.Story, l.Refresh},
		{l.ToggleRead, l.MarkAllRead, l.UnreadOnly},
	}
}

// Short is the reader's one-line help.
func (r ReaderKeys) Short() []key.Binding {
	return []key.Binding{r.Down, r.Next, r.Prev, r.FullText, r.Save, r.OpenBrowser, r.Find, r.Links, r.Back}
}

// Full is the reader's columns of the full help.
func (r ReaderKeys) Full() [][]key.Binding {
	return [][]key.Binding{
		{r.Up, r.Down, r.PageUp, r.PageDown, r.Top, r.Bottom},
		{r.Next, r.Prev, r.OpenBrowser, r.CopyLink, r.Save, r.Back},
		{r.FullText, r.Links, r.Find, r.Story},
	}
}

// Finding is the reader's keys while a find is active: n and N move
// between matches, so next article is → or J only, and esc clears the
// find before it goes back.
func (r ReaderKeys) Finding() ReaderKeys {
	r.Next = key.NewBinding(key.WithKeys("right", "J"), key.WithHelp("→/J", "next article"))
	r.Back = key.NewBinding(key.WithKeys(r.Back.Keys()...), key.WithHelp(r.Back.Help().Key, "clear find, then back"))
	return r
}

// FindShort is the reader's one-line help while a find is active.
func (r ReaderKeys) FindShort() []key.Binding {
	f := r.Finding()
	return []key.Binding{f.NextMatch, f.PrevMatch, f.Find, f.Next, f.Back}
}

// FindFull is the reader's full help while a find is active.
func (r ReaderKeys) FindFull() [][]key.Binding {
	f := r.Finding()
	return [][]key.Binding{
		{f.Up, f.Down, f.PageUp, f.PageDown, f.Top, f.Bottom},
		{f.NextMatch, f.PrevMatch, f.Find, f.Back},
		{f.Next, f.Prev, f.OpenBrowser, f.CopyLink, f.Save, f.FullText, f.Links, f.Story},
	}
}

// Short is the link list's one-line help.
func (l LinkListKeys) Short() []key.Binding {
	return []key.Binding{l.Number, l.Open, l.Copy, l.Down, l.Close}
}

// Full is the link list's columns of the full help.
func (l LinkListKeys) Full() [][]key.Binding {
	return [][]key.Binding{
		{l.Up, l.Down, l.PageUp, l.PageDown, l.Top, l.Bottom},
		{l.Number, l.Open, l.Copy, l.Close},
	}
}

// All lists the find prompt's keys.
func (f FindKeys) All() []key.Binding { return []key.Binding{f.Submit, f.Cancel} }

// Short is the one-line help of an open picker.
func (p PickerKeys) Short() []key.Binding {
	return []key.Binding{p.Down, p.Up, p.Select, p.Cancel}
}

// Full is the picker's column of the full help.
func (p PickerKeys) Full() []key.Binding {
	return []key.Binding{p.Up, p.Down, p.PageUp, p.PageDown, p.Top, p.Bottom, p.Select, p.Cancel}
}

// All lists the headlines screen's own keys.
func (h HeadlinesKeys) All() []key.Binding { return []key.Binding{h.Category, h.Country, h.Collapse} }

// All lists the sources screen's own keys.
func (s SourcesKeys) All() []key.Binding {
	return []key.Binding{s.Category, s.Country, s.Language, s.Filter, s.SearchSource, s.ClearFilter}
}

// Form lists the keys of the search form while it has focus.
func (s SearchKeys) Form() []key.Binding {
	return []key.Binding{s.NextField, s.PrevField, s.Submit, s.Leave}
}

// Results lists the search screen's own keys while its results have focus.
func (s SearchKeys) Results() []key.Binding { return []key.Binding{s.Focus, s.Sort, s.Watch} }

// All lists the Saved screen's own keys, as its help shows them (Confirm
// only works after Delete).
func (s SavedKeys) All() []key.Binding { return []key.Binding{s.Section, s.Delete} }

// All lists the Story screen's own keys.
func (s StoryKeys) All() []key.Binding { return []key.Binding{s.Back} }

// All lists the Feeds screen's own keys.
func (f FeedsKeys) All() []key.Binding { return []key.Binding{f.Refresh, f.Toggle} }

// FilterKeys lists the keys of the sources screen's filter while it
// has focus.
func (s SourcesKeys) FilterKeys() []key.Binding { return []key.Binding{s.KeepFilter, s.ClearFilter} }

// Contexts returns, for each situation the user can be in, every binding
// active at once. Within one context no key may be bound twice; the tests
// check that, and help generation relies on it.
func (k *KeyMap) Contexts() map[string][]key.Binding {
	list := flatten(k.List.Full())
	articleList := flatten(k.List.ArticleFull())
	withGlobal := func(groups ...[]key.Binding) []key.Binding {
		out := append([]key.Binding(nil), k.Global.Full()...)
		for _, g := range groups {
			out = append(out, g...)
		}
		return out
	}
	return map[string][]key.Binding{
		"headlines":      withGlobal(articleList, k.Headlines.All()),
		"sources":        withGlobal(list, k.Sources.All()),
		"search results": withGlobal(articleList, k.Search.Results()),
		"saved":          withGlobal(articleList, k.Saved.All()),
		"story":          withGlobal(articleList, k.Story.All()),
		"feeds":          withGlobal(k.List.Full()[0], []key.Binding{k.List.Open}, k.Feeds.All()),
		"sources filter": append(k.Sources.FilterKeys(), k.Global.ForceQuit),
		"delete watch":   {k.Saved.Confirm, k.Global.ForceQuit},
		"mark all read":  {k.MarkAll.Confirm, k.Global.ForceQuit},
		"reader":         withGlobal(flatten(k.Reader.Full())),
		"reader find":    withGlobal(flatten(k.Reader.FindFull())),
		"link list":      append(flatten(k.Links.Full()), k.Global.ForceQuit),
		"find prompt":    append(k.Find.All(), k.Global.ForceQuit),
		"picker":         append(k.Picker.Full(), k.Global.ForceQuit),
		"search form":    append(k.Search.Form(), k.Search.NextChoice, k.Search.PrevChoice, k.Global.ForceQuit),
	}
}

func flatten(groups [][]key.Binding) []key.Binding {
	var out []key.Binding
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}
