package ui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/state"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/screens/reader"
	"tidings/ui/textsafe"
)

// The reader's memory (Config.State) as the root uses it: the read
// history and the saved marks load once start-up is over (Init puts the
// load with the hidden screens' first requests), opening an article marks
// it read, b saves or unsaves, and a full text fetched for a saved
// article is kept with it. Every call runs in a command.
//
// Problems are told in the status bar, in plain words, once: the store's
// Notice (a file that cannot be written, or was damaged and moved aside),
// then the first call that fails in the background (marking read, keeping
// a full text). Later failures stay quiet, and the reader works on
// regardless. A failing b is told every time: it answers the key.

// memoryNoteTTL keeps a note about the state file long enough to read
// its path.
const memoryNoteTTL = 12 * time.Second

// memoryState is the root's side of the memory.
type memoryState struct {
	noticed  bool // the store's Notice has been told
	reported bool // a failing call has been told
	// want is the latest b per article, until the store has it; writing
	// says a write for the article is under way (one at a time, so that
	// a quick b b ends as the user left it).
	want    map[string]articles.SaveMsg
	writing map[string]bool
}

// memoryMsg is the memory loaded at start-up.
type memoryMsg struct {
	read  state.ReadSet
	saved map[string]struct{}
	// collapse is Headlines' remembered one row per story ("on", "off",
	// or "" when never chosen).
	collapse string
	notice   error
	err      error
}

// saveDoneMsg answers one save or unsave.
type saveDoneMsg struct {
	key  string
	save bool
	err  error
}

// loadMemory reads the read history and the saved articles' keys.
func (a *App) loadMemory() tea.Cmd {
	st := a.ctx.State
	if st == nil {
		return nil
	}
	parent := a.ctx.Parent()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		msg := memoryMsg{notice: st.Notice()}
		var errRead, errSaved, errPref error
		msg.read, errRead = st.ReadKeys(ctx)
		msg.saved, errSaved = st.SavedKeys(ctx)
		msg.collapse, errPref = st.Preference(ctx, state.PrefCollapseStories)
		msg.err = errors.Join(errRead, errSaved, errPref)
		return msg
	}
}

// memoryLoaded merges the loaded memory into what this session did
// meanwhile, and tells the store's notice.
func (a *App) memoryLoaded(msg memoryMsg) tea.Cmd {
	a.ctx.Read.Merge(msg.read)
	if msg.collapse != "" {
		if h, ok := a.screens[common.Headlines].(interface{ RememberedCollapse(bool) }); ok {
			h.RememberedCollapse(msg.collapse == "on")
		}
	}
	if msg.saved != nil {
		a.ctx.Saved.Replace(msg.saved)
		for key, w := range a.memory.want { // b pressed before the load
			a.markSaved(key, w.Save)
		}
	}
	var cmds []tea.Cmd
	if msg.notice != nil && !a.memory.noticed {
		a.memory.noticed = true
		cmds = append(cmds, a.status.ShowFor(textsafe.Line(msg.notice.Error())+" The reader keeps working.",
			common.LevelWarning, memoryNoteTTL))
	}
	if msg.err != nil && !common.IsCanceled(msg.err) {
		cmds = append(cmds, a.stateFailed(msg.err))
	}
	return tea.Batch(cmds...)
}

// stateFailed tells the first failure of the memory; the reader goes on.
func (a *App) stateFailed(err error) tea.Cmd {
	if a.memory.reported || err == nil {
		return nil
	}
	a.memory.reported = true
	return a.status.ShowFor(memoryError(err)+" The reader keeps working; further problems with it go untold.",
		common.LevelWarning, memoryNoteTTL)
}

// memoryError words a failure of the state file. A *state.Error already
// names the file and says what became of the state.
func memoryError(err error) string {
	var se *state.Error
	if errors.As(err, &se) {
		return textsafe.Line(se.Error())
	}
	return "The state file failed: " + textsafe.Line(err.Error()) + "."
}

// markRead marks an article read, here and where read state is kept
// (keepRead).
func (a *App) markRead(it articles.Item) tea.Cmd {
	a.ctx.Read.Mark(articles.Key(it))
	return a.keepRead([]articles.Item{it}, true)
}

// save is b: the mark changes at once, the store follows in a command.
func (a *App) save(msg articles.SaveMsg) tea.Cmd {
	if a.ctx.State == nil {
		return common.Status(common.NoStateText, common.LevelWarning)
	}
	key := articles.Key(msg.Item)
	if a.memory.want == nil {
		a.memory.want, a.memory.writing = map[string]articles.SaveMsg{}, map[string]bool{}
	}
	a.memory.want[key] = msg
	a.markSaved(key, msg.Save)
	if a.memory.writing[key] {
		return a.star(msg) // saveDone writes the latest wish after this one
	}
	return tea.Batch(a.writeSave(key, msg), a.star(msg))
}

func (a *App) markSaved(key string, saved bool) {
	if saved {
		a.ctx.Saved.Add(key)
	} else {
		a.ctx.Saved.Remove(key)
	}
}

// writeSave keeps or forgets one article. A save of the article in the
// reader keeps its full text too, when the reader has it.
func (a *App) writeSave(key string, msg articles.SaveMsg) tea.Cmd {
	a.memory.writing[key] = true
	st, at, parent := a.ctx.State, a.ctx.Clock(), a.ctx.Parent()
	article := articles.ToArticle(msg.Item)
	var full *extract.Article
	if it, ok := a.reader.Article(); ok && msg.Save && articles.Key(it) == key {
		if t, ok := a.reader.FullText(); ok {
			full = &t
		}
	}
	save := msg.Save
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		var err error
		if save {
			err = st.Save(ctx, article, at)
			if err == nil && full != nil {
				err = st.SetFullText(ctx, key, *full)
			}
		} else {
			err = st.Unsave(ctx, key)
		}
		return saveDoneMsg{key: key, save: save, err: err}
	}
}

// saveDone tells how b went, or writes the wish that came meanwhile.
func (a *App) saveDone(msg saveDoneMsg) tea.Cmd {
	delete(a.memory.writing, msg.key)
	want, ok := a.memory.want[msg.key]
	if ok && want.Save != msg.save && msg.err == nil {
		return a.writeSave(msg.key, want) // b again while writing
	}
	delete(a.memory.want, msg.key)
	changed := common.Cmd(common.SavedChangedMsg{})
	if msg.err != nil {
		a.markSaved(msg.key, !msg.save)
		verb := "save"
		if !msg.save {
			verb = "remove"
		}
		return tea.Batch(changed, common.Status("Could not "+verb+" the article: "+memoryError(msg.err), common.LevelError))
	}
	text := "Saved."
	if !msg.save {
		text = "Removed from saved."
	}
	return tea.Batch(changed, common.Status(text, common.LevelSuccess))
}

// keepFullText keeps the full text the reader fetched with the article,
// when it is saved.
func (a *App) keepFullText(msg reader.FullTextMsg) tea.Cmd {
	st := a.ctx.State
	key := articles.Key(msg.Item)
	if st == nil || !a.ctx.Saved.Has(key) {
		return nil
	}
	text := msg.Text
	return common.StateCmd(a.ctx.Parent(), func(ctx context.Context) error {
		err := st.SetFullText(ctx, key, text)
		if errors.Is(err, state.ErrNotFound) {
			return nil // unsaved meanwhile
		}
		return err
	}, common.SavedChangedMsg{})
}
