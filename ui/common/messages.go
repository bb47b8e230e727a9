package common

import (
	tea "charm.land/bubbletea/v2"

	"tidings/model"
)

// StepArticleMsg asks the origin list to move its cursor by Delta (loading
// more if needed) and answer with an articles.OpenMsg for the new article.
type StepArticleMsg struct{ Delta int }

// ReaderClosedMsg tells the list an article came from that the user has
// left the reader: a step waiting for a page is dropped.
type ReaderClosedMsg struct{}

// BackMsg asks the root to leave the reader for its origin screen.
type BackMsg struct{}

// OpenStoryMsg asks the root to show one story's articles (the Story
// screen). Title is the article it was opened from, for the screen's
// heading until the story's own articles arrive; Origin is where esc
// goes back to.
// OpenSourceMsg asks the root to list one source's newest articles on
// the Source screen (enter on Sources).
type OpenSourceMsg struct {
	Source model.SourceRef
}

// OpenStoryMsg asks the root to show a story. See the note above.
type OpenStoryMsg struct {
	ID     string
	Title  string
	Size   int // distinct sources, as the article said
	Origin ScreenID
}

// SearchMsg asks the root to switch to the search screen, which fills its
// form from Query and runs it.
type SearchMsg struct{ Query model.ArticlesQuery }

// RefreshFeedsMsg asks the root to have the feed poller (Context.Feeds)
// poll every feed now, and to say so in the status bar until the pass
// ends. The screen sending it reloads its own list at once as well.
type RefreshFeedsMsg struct{}

// FeedsPolledMsg tells the screens that the feeds' polling state moved
// (a pass ended, another process polled): a list of feeds read before it
// is stale.
type FeedsPolledMsg struct{}

// ReloadMsg asks a list screen to run its query again from the first page,
// as r does. The root sends it to the headlines screen when a feed pass
// the user asked for has brought new articles.
type ReloadMsg struct{}

// ThemeMsg tells every screen that Context.Styles has been rebuilt (the
// terminal's background changed): screens restyle what holds a copy of a
// style (text inputs); row caches see Context.ThemeGen change.
type ThemeMsg struct{}

// Level is the severity of a status note.
type Level int

// Levels of status notes.
const (
	LevelInfo Level = iota
	LevelSuccess
	LevelWarning
	LevelError
)

// StatusMsg is a transient note in the status bar.
type StatusMsg struct {
	Text  string
	Level Level
}

// OpenURLMsg asks the root to open a link in the browser. The root refuses
// anything that is not an absolute http(s) URL.
type OpenURLMsg struct{ URL string }

// CopyURLMsg asks the root to copy a link to the clipboard (OSC 52).
type CopyURLMsg struct{ URL string }

// Cmd wraps a message in a command, for returning messages from Update.
func Cmd(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// Status returns a command that shows a status note.
func Status(text string, level Level) tea.Cmd { return Cmd(StatusMsg{Text: text, Level: level}) }
