// Package keymap holds every key binding of the reader, grouped by the
// context in which it is active (global, lists, reader, pickers, and the
// screens' own keys). Help text is generated from these bindings, so a key
// that is not here does not exist for the user.
//
// Default returns a fresh value each call: there are no package-level key
// maps to mutate. The package imports only bubbles/key.
package keymap

import "charm.land/bubbles/v2/key"

// KeyMap is every binding of the application, grouped by context.
type KeyMap struct {
	Global    GlobalKeys
	List      ListKeys
	Reader    ReaderKeys
	Links     LinkListKeys
	Find      FindKeys
	Picker    PickerKeys
	Headlines HeadlinesKeys
	Sources   SourcesKeys
	Search    SearchKeys
	Saved     SavedKeys
	Story     StoryKeys
	Feeds     FeedsKeys
	MarkAll   MarkAllKeys
}

// GlobalKeys work on every screen unless a text field has focus (then only
// ForceQuit does).
type GlobalKeys struct {
	Headlines key.Binding
	Sources   key.Binding
	Search    key.Binding
	Saved     key.Binding
	// Feeds shows the Feeds screen (personal mode and catalogues with
	// feeds).
	Feeds key.Binding
	// Story, Article and Source show the Story, Article and Source tabs,
	// which exist once a story, an article or one source's articles have
	// been opened.
	Story     key.Binding
	Article   key.Binding
	Source    key.Binding
	NextTab   key.Binding
	PrevTab   key.Binding
	Help      key.Binding
	Quit      key.Binding
	ForceQuit key.Binding
}

// ListKeys move through and act on any list of articles or sources. Save
// applies to lists of articles only (see ArticleShort, ArticleFull).
type ListKeys struct {
	Up          key.Binding
	Down        key.Binding
	PageUp      key.Binding
	PageDown    key.Binding
	Top         key.Binding
	Bottom      key.Binding
	Open        key.Binding
	OpenBrowser key.Binding
	CopyLink    key.Binding
	Refresh     key.Binding
	Save        key.Binding
	// Story shows every outlet's version of the selected article's story
	// (lists of articles only, on a service that groups stories).
	Story key.Binding
	// ToggleRead marks the selected article read or unread; MarkAllRead
	// marks every article of the list read, asking first (MarkAllKeys)
	// when the list holds more than a screenful; UnreadOnly shows only the
	// unread articles, or all again (lists of articles only).
	ToggleRead  key.Binding
	MarkAllRead key.Binding
	UnreadOnly  key.Binding
}

// MarkAllKeys answer MarkAllRead's question: Confirm marks them all, any
// other key keeps them as they are.
type MarkAllKeys struct {
	Confirm key.Binding
}

// ReaderKeys scroll the article reader, step between articles, and work
// the full text: fetch it, list its links, find in it.
//
// NextMatch shares n with Next: while a find is active n and N move
// between matches, and Finding gives the bindings of that context (next
// article is then → or J only).
type ReaderKeys struct {
	Up          key.Binding
	Down        key.Binding
	PageUp      key.Binding
	PageDown    key.Binding
	Top         key.Binding
	Bottom      key.Binding
	Next        key.Binding
	Prev        key.Binding
	Back        key.Binding
	OpenBrowser key.Binding
	CopyLink    key.Binding
	Save        key.Binding
	Story       key.Binding
	FullText    key.Binding
	Links       key.Binding
	Find        key.Binding
	NextMatch   key.Binding
	PrevMatch   key.Binding
}

// LinkListKeys drive the reader's list of an article's links. Digits are
// typed into the list (they pick a link by number), so the global screen
// keys 1 to 6 are off while it is open.
type LinkListKeys struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Number   key.Binding
	Open     key.Binding
	Copy     key.Binding
	Close    key.Binding
}

// FindKeys drive the reader's find prompt.
type FindKeys struct {
	Submit key.Binding
	Cancel key.Binding
}

// PickerKeys drive an open picker. Letters are typed into its filter, so
// only non-printing keys move and choose.
type PickerKeys struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Select   key.Binding
	Cancel   key.Binding
}

// HeadlinesKeys open the headlines screen's filters.
type HeadlinesKeys struct {
	Category key.Binding
	Country  key.Binding
	// Collapse shows each story once (its newest article) or every
	// article; the choice is remembered.
	Collapse key.Binding
}

// SourcesKeys open the sources screen's filters and actions.
type SourcesKeys struct {
	Category     key.Binding
	Country      key.Binding
	Language     key.Binding
	Filter       key.Binding
	SearchSource key.Binding
	ClearFilter  key.Binding
	// KeepFilter and BackToList work while the filter has focus, and
	// while a source's details show: enter keeps the filter typed, esc
	// leaves the details for the list.
	KeepFilter key.Binding
	BackToList key.Binding
}

// SearchKeys drive the search form and its results.
type SearchKeys struct {
	NextField key.Binding
	PrevField key.Binding
	Submit    key.Binding
	Leave     key.Binding
	Focus     key.Binding
	Sort      key.Binding
	// Watch keeps the form's query as a watched search, under a name
	// asked for in a prompt (enter keeps it, esc cancels).
	Watch key.Binding
	// NextChoice and PrevChoice cycle the choices of the form's focused
	// choice field (sort order, language, dates).
	NextChoice key.Binding
	PrevChoice key.Binding
}

// StoryKeys are the Story screen's own keys; its list uses ListKeys.
type StoryKeys struct {
	// Back leaves the story for the screen it was opened from.
	Back key.Binding
}

// SavedKeys are the Saved screen's own keys; its lists use ListKeys (b
// there removes the selected article from the saved ones).
type SavedKeys struct {
	// Section moves between the watches and the saved articles.
	Section key.Binding
	// Delete asks to delete the selected watch; Confirm, pressed next,
	// deletes it (any other key keeps it).
	Delete  key.Binding
	Confirm key.Binding
}

// FeedsKeys are the Feeds screen's own keys; its list moves with
// ListKeys, and enter lists the selected feed's articles.
type FeedsKeys struct {
	// Refresh polls the selected feed now.
	Refresh key.Binding
	// Toggle switches the selected feed's polling off, or on again.
	Toggle key.Binding
}

func bind(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

// Default returns the application's key map. Each call builds a new value,
// so a screen that disables a binding affects only its own copy.
func Default() *KeyMap {
	return &KeyMap{
		Global: GlobalKeys{
			Headlines: bind([]string{"1"}, "1", "headlines"),
			Sources:   bind([]string{"2"}, "2", "sources"),
			Search:    bind([]string{"3"}, "3", "search"),
			Saved:     bind([]string{"4"}, "4", "saved"),
			Feeds:     bind([]string{"5"}, "5", "feeds"),
			Story:     bind([]string{"6"}, "6", "story"),
			Article:   bind([]string{"7"}, "7", "article"),
			Source:    bind([]string{"8"}, "8", "source"),
			NextTab:   bind([]string{"tab"}, "tab", "next screen"),
			PrevTab:   bind([]string{"shift+tab"}, "shift+tab", "previous screen"),
			Help:      bind([]string{"?"}, "?", "help"),
			Quit:      bind([]string{"q"}, "q", "quit"),
			ForceQuit: bind([]string{"ctrl+c"}, "ctrl+c", "quit now"),
		},
		List: ListKeys{
			Up:          bind([]string{"k", "up"}, "↑/k", "up"),
			Down:        bind([]string{"j", "down"}, "↓/j", "down"),
			PageUp:      bind([]string{"pgup", "ctrl+b", "ctrl+u"}, "pgup", "page up"),
			PageDown:    bind([]string{"pgdown", "ctrl+f", "ctrl+d", "space"}, "pgdn", "page down"),
			Top:         bind([]string{"g", "home"}, "g/home", "top"),
			Bottom:      bind([]string{"G", "end"}, "G/end", "bottom (loads all)"),
			Open:        bind([]string{"enter"}, "enter", "open"),
			OpenBrowser: bind([]string{"o"}, "o", "open in browser"),
			CopyLink:    bind([]string{"y"}, "y", "copy link"),
			Refresh:     bind([]string{"r", "f5"}, "r", "refresh/retry"),
			Save:        bind([]string{"b"}, "b", "save/unsave"),
			Story:       bind([]string{"="}, "=", "whole story"),
			ToggleRead:  bind([]string{"m"}, "m", "read/unread"),
			MarkAllRead: bind([]string{"A"}, "A", "mark all read"),
			UnreadOnly:  bind([]string{"u"}, "u", "unread only"),
		},
		Reader: ReaderKeys{
			Up:          bind([]string{"k", "up"}, "↑/k", "scroll up"),
			Down:        bind([]string{"j", "down"}, "↓/j", "scroll down"),
			PageUp:      bind([]string{"pgup", "ctrl+b", "ctrl+u"}, "pgup", "page up"),
			PageDown:    bind([]string{"pgdown", "ctrl+f", "ctrl+d", "space"}, "pgdn", "page down"),
			Top:         bind([]string{"g", "home"}, "g/home", "top"),
			Bottom:      bind([]string{"G", "end"}, "G/end", "bottom"),
			Next:        bind([]string{"n", "right", "J"}, "n/→", "next article"),
			Prev:        bind([]string{"p", "left", "K"}, "p/←", "previous article"),
			Back:        bind([]string{"esc", "backspace"}, "esc", "back"),
			OpenBrowser: bind([]string{"o"}, "o", "open in browser"),
			CopyLink:    bind([]string{"y"}, "y", "copy link"),
			Save:        bind([]string{"b"}, "b", "save/unsave"),
			Story:       bind([]string{"="}, "=", "whole story"),
			FullText:    bind([]string{"f"}, "f", "full text"),
			Links:       bind([]string{"L"}, "L", "links"),
			Find:        bind([]string{"/"}, "/", "find"),
			NextMatch:   bind([]string{"n"}, "n", "next match"),
			PrevMatch:   bind([]string{"N"}, "N", "previous match"),
		},
		Links: LinkListKeys{
			Up:       bind([]string{"up", "k"}, "↑/k", "up"),
			Down:     bind([]string{"down", "j"}, "↓/j", "down"),
			PageUp:   bind([]string{"pgup", "ctrl+b", "ctrl+u"}, "pgup", "page up"),
			PageDown: bind([]string{"pgdown", "ctrl+f", "ctrl+d", "space"}, "pgdn", "page down"),
			Top:      bind([]string{"g", "home"}, "g/home", "first"),
			Bottom:   bind([]string{"G", "end"}, "G/end", "last"),
			Number: bind([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"},
				"0-9", "pick link by number"),
			Open:  bind([]string{"enter", "o"}, "enter/o", "open link"),
			Copy:  bind([]string{"y"}, "y", "copy link"),
			Close: bind([]string{"esc", "L", "q"}, "esc", "close list"),
		},
		Find: FindKeys{
			Submit: bind([]string{"enter"}, "enter", "find"),
			Cancel: bind([]string{"esc"}, "esc", "cancel"),
		},
		Picker: PickerKeys{
			Up:       bind([]string{"up", "ctrl+p", "ctrl+k"}, "↑", "up"),
			Down:     bind([]string{"down", "ctrl+n", "ctrl+j"}, "↓", "down"),
			PageUp:   bind([]string{"pgup"}, "pgup", "page up"),
			PageDown: bind([]string{"pgdown"}, "pgdn", "page down"),
			Top:      bind([]string{"home"}, "home", "first"),
			Bottom:   bind([]string{"end"}, "end", "last"),
			Select:   bind([]string{"enter"}, "enter", "choose"),
			Cancel:   bind([]string{"esc"}, "esc", "cancel"),
		},
		Headlines: HeadlinesKeys{
			Category: bind([]string{"c"}, "c", "category"),
			Country:  bind([]string{"t"}, "t", "country"),
			Collapse: bind([]string{"z"}, "z", "one row per story"),
		},
		Sources: SourcesKeys{
			Category:     bind([]string{"c"}, "c", "category"),
			Country:      bind([]string{"t"}, "t", "country"),
			Language:     bind([]string{"l"}, "l", "language"),
			Filter:       bind([]string{"/"}, "/", "filter"),
			SearchSource: bind([]string{"s"}, "s", "search this source"),
			ClearFilter:  bind([]string{"esc"}, "esc", "clear filter"),
			KeepFilter:   bind([]string{"enter"}, "enter", "keep filter"),
			BackToList:   bind([]string{"esc"}, "esc", "back to list"),
		},
		Search: SearchKeys{
			NextField: bind([]string{"tab", "down"}, "tab/↓", "next field"),
			PrevField: bind([]string{"shift+tab", "up"}, "shift+tab/↑", "previous field"),
			Submit:    bind([]string{"enter"}, "enter", "search"),
			Leave:     bind([]string{"esc"}, "esc", "to results"),
			Focus:     bind([]string{"/", "i"}, "/", "edit search"),
			Sort:      bind([]string{"S"}, "S", "cycle sort order"),
			Watch:     bind([]string{"w"}, "w", "watch this search"),

			NextChoice: bind([]string{"right", "space"}, "→/space", "next choice"),
			PrevChoice: bind([]string{"left"}, "←", "previous choice"),
		},
		Saved: SavedKeys{
			Section: bind([]string{"w"}, "w", "watches/articles"),
			Delete:  bind([]string{"x", "delete"}, "x", "delete watch"),
			Confirm: bind([]string{"y"}, "y", "yes, delete"),
		},
		Story: StoryKeys{
			Back: bind([]string{"esc", "backspace"}, "esc", "back"),
		},
		Feeds: FeedsKeys{
			Refresh: bind([]string{"r", "f5"}, "r", "refresh feed"),
			Toggle:  bind([]string{"d"}, "d", "disable/enable"),
		},
		MarkAll: MarkAllKeys{
			Confirm: bind([]string{"y"}, "y", "yes, mark all read"),
		},
	}
}
