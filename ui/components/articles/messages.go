package articles

import (
	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/ui/common"
)

// OpenMsg asks the root to show an article in the reader. Origin is the
// list it came from, which answers common.StepArticleMsg.
type OpenMsg struct {
	Item   Item
	Origin common.ScreenID
	// Step marks the answer to a reader's next/previous. It may arrive
	// after a page load, when the user has left the reader; the root then
	// drops it rather than pull the user back in.
	Step bool
	// Full is the article's full text when it is at hand (a saved
	// article's, kept with it): the reader's f shows it without a fetch.
	Full *extract.Article
}

// SaveMsg asks the root to save (Save) or unsave the article, as b does.
// The root keeps it through Context.State and says so in the status bar.
type SaveMsg struct {
	Item Item
	Save bool
}

// ToggleSave is b on an article: save it, or unsave it when it is saved.
func ToggleSave(ctx *common.Context, it Item) tea.Cmd {
	return common.Cmd(SaveMsg{Item: it, Save: !IsSaved(ctx, it)})
}

// IsSaved reports whether an article is saved: here, or starred on a
// service that keeps marks (as its page said, unless b unsaved it since).
func IsSaved(ctx *common.Context, it Item) bool {
	k := Key(it)
	if ctx.Saved.Has(k) {
		return true
	}
	return it.Starred && ctx.Marks != nil && !ctx.Saved.Removed(k)
}

// OpenStory is = on an article: show its story, every outlet's version.
// An article the service put in no story (or in one of its own source
// only) is told, not opened: a list of one would look like a fault.
func OpenStory(it Item, origin common.ScreenID) tea.Cmd {
	switch {
	case it.StoryID == "":
		return common.Status("The service groups no stories for this article.", common.LevelInfo)
	case it.StorySize < 2:
		return common.Status("Only "+sourceName(it)+" reports this story so far.", common.LevelInfo)
	}
	return common.Cmd(common.OpenStoryMsg{ID: it.StoryID, Title: it.Title, Size: it.StorySize, Origin: origin})
}

func sourceName(it Item) string {
	if it.Source != "" {
		return it.Source
	}
	return "its source"
}

// SavedMark marks a saved article wherever it is listed or read.
const SavedMark = "★ saved"

// MarkMsg asks the root to mark articles read (or unread): in the session
// at once, then where the reader keeps it (the service's marks for an
// article with an id on a service that keeps them, else the state file).
// Local marks them in the session only: the service has been told as a
// whole (MarkAllRead).
type MarkMsg struct {
	Items []Item
	Read  bool
	Local bool
}

// StarredChangedMsg says the service's starred articles changed (b on a
// service that keeps marks); the Saved screen lists them again.
type StarredChangedMsg struct{}

// MarksChangedMsg says the service's read state changed (m, A, opening):
// counts kept beside a list (Sources' unread per source) are asked again.
type MarksChangedMsg struct{}
