package articlelist

import (
	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/ui/common"
	"tidings/ui/components/articles"
)

// StepList is what a Stepper needs of a list of articles (a
// pagedlist.Model[articles.Item] has it all).
type StepList interface {
	Move(delta int) tea.Cmd
	Selected() (articles.Item, bool)
	Cursor() int
	Loading() bool
	Err() error
}

// Stepper answers the reader's next/previous (common.StepArticleMsg) for a
// list screen. A "next" past the last loaded article while the next page is
// on its way is remembered and finished when the page arrives, so the
// reader moves on by itself instead of leaving the user to press again.
type Stepper struct {
	Origin common.ScreenID
	Noun   string // "article", "result": the notes name what the list holds
	// Full gives the full text at hand for an article (OpenMsg.Full); nil:
	// none ever is.
	Full func(articles.Item) *extract.Article
	// pending is a step that waits for a page; 0 when none does.
	pending int
}

// Step moves list by delta and opens the new selection in the reader.
func (s *Stepper) Step(list StepList, delta int) tea.Cmd {
	before := list.Cursor()
	load := list.Move(delta)
	if list.Cursor() != before {
		s.pending = 0
		return tea.Batch(load, s.open(list))
	}
	switch {
	case delta > 0 && list.Loading():
		s.pending = delta
		return tea.Batch(load, common.Status("Loading more "+s.Noun+"s…", common.LevelInfo))
	case delta > 0:
		return tea.Batch(load, common.Status("That was the last "+s.Noun+".", common.LevelInfo))
	case delta < 0:
		return tea.Batch(load, common.Status("That was the first "+s.Noun+".", common.LevelInfo))
	}
	return load
}

// Resume finishes a step that waited for a page. Call it after every
// update of the list; it does nothing until the page has come or failed.
func (s *Stepper) Resume(list StepList) tea.Cmd {
	if s.pending == 0 || list.Loading() {
		return nil
	}
	delta := s.pending
	s.pending = 0
	if list.Err() != nil {
		return common.Status("Could not load more "+s.Noun+"s: press r on the list to retry.", common.LevelWarning)
	}
	return s.Step(list, delta)
}

// Cancel forgets a waiting step: the list was reset for a new query, or
// the user left the reader.
func (s *Stepper) Cancel() { s.pending = 0 }

func (s *Stepper) open(list StepList) tea.Cmd {
	it, ok := list.Selected()
	if !ok {
		return nil
	}
	msg := articles.OpenMsg{Item: it, Origin: s.Origin, Step: true}
	if s.Full != nil {
		msg.Full = s.Full(it)
	}
	return common.Cmd(msg)
}
