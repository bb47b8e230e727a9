package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// ScreenID names one of the reader's screens.
type ScreenID int

// The screens. Headlines is the zero value and so the default start screen.
// Saved comes after Reader so that the older screens keep their values.
const (
	Headlines ScreenID = iota
	Sources
	Search
	Reader
	Saved
	// Story is one story's articles, every outlet's version (= on an
	// article); it has no tab of its own but while it is open.
	Story
	// Source is one source's newest articles (enter on Sources); like
	// Story, it has a tab only while it is open.
	Source
	// FeedsScreen is the catalogue's feeds and how their polling stands
	// (personal mode, tidings serve --db).
	FeedsScreen
)

// String is the screen's tab title.
func (s ScreenID) String() string {
	switch s {
	case Headlines:
		return "Headlines"
	case Sources:
		return "Sources"
	case Search:
		return "Search"
	case Reader:
		return "Article"
	case Saved:
		return "Saved"
	case Story:
		return "Story"
	case Source:
		return "Source"
	case FeedsScreen:
		return "Feeds"
	}
	return "Unknown"
}

// Screen is what the root needs from each screen. Screens are pointers and
// mutate themselves in Update.
type Screen interface {
	Init() tea.Cmd
	Update(msg tea.Msg) tea.Cmd
	// View renders exactly the content area: Height lines, none wider
	// than Width cells.
	View() string
	SetSize(width, height int)
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	Title() string
	// Status is the right side of the status bar ("loaded 60 of 259").
	Status() string
	// CapturesInput is true while a text field or picker has focus; the
	// root then forwards every key but ctrl+c to the screen.
	CapturesInput() bool
	// Loading is true while a page of the screen's list is being fetched,
	// from the moment it is asked for (the first page included).
	Loading() bool
}
