package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/screens/headlines"
	"tidings/ui/screens/reader"
	"tidings/ui/screens/story"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// Update implements tea.Model. Keys and mouse go to the active screen
// (after the global keys); cross-screen messages are handled here; all
// other messages (page answers, ticks) go to every screen, each of which
// ignores what is not its own. After each, start-up may end (startUp):
// the hidden screens' first requests go and Config.OnStarted is told.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := a.update(msg)
	if bg := a.startUp(); bg != nil {
		cmd = tea.Batch(cmd, bg)
	}
	return a, cmd
}

func (a *App) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		a.status.Dismiss() // the user has moved on from the last note
		return a.handleKey(inertKey(msg))
	case tea.MouseMsg:
		if _, click := msg.(tea.MouseClickMsg); click {
			a.status.Dismiss()
		}
		return a.handleMouse(msg)
	case tea.PasteMsg:
		// Every text field is one line, and whatever it holds is drawn:
		// pasted escapes or bidi overrides would reach the terminal.
		msg.Content = strings.ReplaceAll(textsafe.Clean(msg.Content), "\n", " ")
		return a.current().Update(msg)
	case tea.PasteStartMsg, tea.PasteEndMsg:
		return a.current().Update(msg)
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		a.layout()
		return a.sized()
	case firstFrameMsg:
		return a.releaseFirstRequests()
	case tea.BackgroundColorMsg:
		a.setTheme(msg.IsDark())
		return nil
	case articles.OpenMsg:
		if msg.Step && (a.active != common.Reader || a.reader.Origin() != msg.Origin) {
			return nil // the user left the reader while the step waited for a page
		}
		fetch := a.reader.SetArticleWith(msg.Item, msg.Origin, msg.Full) // the full text, in auto mode
		return tea.Batch(fetch, a.markRead(msg.Item), a.switchTo(common.Reader))
	case articles.SaveMsg:
		return a.save(msg)
	case articles.MarkMsg:
		return a.mark(msg)
	case saveDoneMsg:
		return a.saveDone(msg)
	case reader.FullTextMsg:
		return a.keepFullText(msg)
	case memoryMsg:
		return a.memoryLoaded(msg)
	case common.StateFailedMsg:
		return a.stateFailed(msg.Err)
	case common.StepArticleMsg:
		if a.active != common.Reader {
			return nil // sent by the reader just before the user left it
		}
		if origin, ok := a.screens[a.reader.Origin()]; ok {
			return origin.Update(msg)
		}
		return nil
	case common.BackMsg:
		return a.switchTo(a.reader.Origin())
	case common.OpenSourceMsg:
		return tea.Batch(a.source.OpenSource(msg.Source), a.switchTo(common.Source))
	case headlines.BackMsg:
		return a.switchTo(common.Sources)
	case common.OpenStoryMsg:
		return tea.Batch(a.story.Open(msg), a.switchTo(common.Story))
	case story.BackMsg:
		return a.switchTo(msg.Origin)
	case common.SearchMsg:
		return tea.Batch(a.switchTo(common.Search), a.screens[common.Search].Update(msg))
	case common.StatusMsg:
		return a.status.Show(msg.Text, msg.Level)
	case common.OpenURLMsg:
		return a.openLink(msg.URL)
	case common.CopyURLMsg:
		return a.copyLink(msg.URL)
	case browserDoneMsg:
		return a.browserDone(msg)
	case common.RefreshFeedsMsg:
		return a.refreshFeeds()
	case feedsStatusMsg:
		return a.handleFeedsStatus(msg.status)
	case feedsTickMsg:
		return a.handleFeedsTick(msg)
	}
	return a.broadcast(msg)
}

// inertKey drops from a key's text what must never be drawn (a bidi
// override typed with a compose key or an input method, a C1 control), so
// no text field can hold it.
func inertKey(msg tea.KeyPressMsg) tea.KeyPressMsg {
	if msg.Text != "" {
		msg.Text = textsafe.Clean(msg.Text)
	}
	return msg
}

func (a *App) broadcast(msg tea.Msg) tea.Cmd {
	cmds := []tea.Cmd{a.status.Update(msg), a.reader.Update(msg), a.story.Update(msg), a.source.Update(msg)}
	for _, id := range listScreens {
		cmds = append(cmds, a.screens[id].Update(msg))
	}
	return tea.Batch(cmds...)
}

func (a *App) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	g := a.ctx.Keys.Global
	if key.Matches(msg, g.ForceQuit) {
		return a.quit()
	}
	if a.current().CapturesInput() {
		return a.current().Update(msg)
	}
	if a.showHelp {
		// Any key closes the help; q closes it too (or quits, with
		// q_quits).
		a.showHelp = false
		if key.Matches(msg, g.Quit) && a.qQuits {
			return a.quit()
		}
		return nil
	}
	switch {
	case key.Matches(msg, g.Quit):
		if cmd, ok := a.back(); ok && !a.qQuits {
			return cmd
		}
		return a.quit()
	case key.Matches(msg, g.Help):
		a.showHelp = true
	case key.Matches(msg, g.Headlines):
		return a.switchTo(common.Headlines)
	case key.Matches(msg, g.Sources):
		return a.switchTo(common.Sources)
	case key.Matches(msg, g.Search):
		return a.switchTo(common.Search)
	case key.Matches(msg, g.Saved):
		return a.switchTo(common.Saved)
	case key.Matches(msg, g.Story):
		return a.showOpened(common.Story)
	case key.Matches(msg, g.Article):
		return a.showOpened(common.Reader)
	case key.Matches(msg, g.Source):
		return a.showOpened(common.Source)
	case key.Matches(msg, g.NextTab):
		return a.cycle(1)
	case key.Matches(msg, g.PrevTab):
		return a.cycle(-1)
	default:
		return a.current().Update(msg)
	}
	return nil
}

// back leaves the reader, the story or the Source screen for the screen
// it was opened from, as esc does there; ok is false on a tabbed list screen, the top level,
// where q quits.
func (a *App) back() (cmd tea.Cmd, ok bool) {
	switch a.active {
	case common.Reader:
		return a.switchTo(a.reader.Origin()), true
	case common.Story:
		return a.switchTo(a.story.Origin()), true
	case common.Source:
		return a.switchTo(common.Sources), true
	}
	return nil, false
}

// quit cancels every request in flight, so none is left holding a
// connection to a hung service, and ends the program.
func (a *App) quit() tea.Cmd {
	a.cancel()
	return tea.Quit
}

// handleMouse routes clicks on the tabs to the tabs and everything inside
// the content area to the active screen, in content coordinates.
func (a *App) handleMouse(msg tea.MouseMsg) tea.Cmd {
	m := msg.Mouse()
	if a.tooSmall() {
		return nil
	}
	if m.Y < headerHeight {
		if click, ok := msg.(tea.MouseClickMsg); ok && click.Button == tea.MouseLeft {
			if id, hit := a.tabAt(m.X); hit {
				return a.switchTo(id)
			}
		}
		return nil
	}
	if a.showHelp || m.Y >= headerHeight+a.ctx.Height {
		return nil
	}
	return a.current().Update(common.ShiftMouse(msg, 0, headerHeight))
}

// switchTo shows screen id. Leaving the reader tells the list the article
// came from (common.ReaderClosedMsg), so a step still waiting for a page
// does not move its cursor later.
func (a *App) switchTo(id common.ScreenID) tea.Cmd {
	if id == common.Reader {
		if _, ok := a.reader.Article(); !ok {
			return nil
		}
	}
	var cmd tea.Cmd
	if a.active == common.Reader && id != common.Reader {
		if origin, ok := a.screens[a.reader.Origin()]; ok {
			cmd = origin.Update(common.ReaderClosedMsg{})
		}
	}
	if id == common.Saved && a.active != common.Saved {
		cmd = tea.Batch(cmd, a.saved.Shown())
	}
	a.active = id
	a.showHelp = false
	return cmd
}

// setTheme rebuilds the styles for the terminal's background. The Styles
// value is replaced in place, so every screen's pointer sees it, and
// ThemeGen tells the row caches to drop their entries.
func (a *App) setTheme(isDark bool) {
	if isDark == a.isDark || a.fixedBg {
		return
	}
	a.isDark = isDark
	*a.ctx.Styles = *theme.NewAdjusted(isDark, a.noColor, a.palette)
	a.ctx.ThemeGen++
	a.help.Styles = a.ctx.Styles.Help
}
