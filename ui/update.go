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
	a.buildScreens()
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
		return a.firstFrameOut()
	case backgroundDueMsg:
		return a.releaseBackground()
	case marksProbedMsg:
		return a.marksProbed(msg.marks)
	case tea.BackgroundColorMsg:
		if a.setTheme(msg.IsDark()) {
			return a.broadcast(common.ThemeMsg{})
		}
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
		if !a.nested(a.active) {
			a.sourceFrom = a.active // Sources or Feeds: where q goes back
		}
	case headlines.BackMsg:
		return a.switchTo(a.sourceFrom)
	case story.BackMsg:
		return a.switchTo(msg.Origin)
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
	if cmd, ok := a.route(msg); ok {
		return cmd
	}
	return a.broadcast(msg)
}

// route hands a message that opens a screen (OpenStoryMsg, SearchMsg, …)
// to the screen whose registry entry takes it, and shows that screen.
func (a *App) route(msg tea.Msg) (tea.Cmd, bool) {
	for _, d := range a.defs {
		if d.route == nil {
			continue
		}
		if cmd, ok := d.route(a.screens[d.id], msg); ok {
			return tea.Batch(cmd, a.switchTo(d.id)), true
		}
	}
	return nil, false
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
	cmds := make([]tea.Cmd, 0, len(a.defs)+1)
	cmds = append(cmds, a.status.Update(msg))
	for _, d := range a.defs {
		cmds = append(cmds, a.screens[d.id].Update(msg))
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
	case key.Matches(msg, g.NextTab):
		return a.cycle(1)
	case key.Matches(msg, g.PrevTab):
		return a.cycle(-1)
	default:
		if d, ok := a.screenFor(msg); ok {
			return a.show(d)
		}
		return a.current().Update(msg)
	}
	return nil
}

// screenFor is the screen whose key msg is.
func (a *App) screenFor(msg tea.KeyPressMsg) (screenDef, bool) {
	g := a.ctx.Keys.Global
	for _, d := range a.defs {
		if key.Matches(msg, d.key(g)) {
			return d, true
		}
	}
	return screenDef{}, false
}

// back leaves a nested screen (the reader, the story, the Source screen)
// for the screen it was opened from, as esc does there; ok is false on a
// top-level screen, where q quits.
func (a *App) back() (cmd tea.Cmd, ok bool) {
	d, found := a.def(a.active)
	if !found || !d.nested || d.origin == nil {
		return nil, false
	}
	return a.switchTo(d.origin(a)), true
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
	if id != a.active {
		cmd = tea.Batch(cmd, a.shown(id))
	}
	a.active = id
	a.showHelp = false
	return cmd
}

// shown tells screen id, if it wants to know (Saved reloads its watches'
// counts), that it is being shown.
func (a *App) shown(id common.ScreenID) tea.Cmd {
	if s, ok := a.screens[id].(interface{ Shown() tea.Cmd }); ok {
		return s.Shown()
	}
	return nil
}

// setTheme rebuilds the styles for the terminal's background and reports
// whether they changed. The Styles value is replaced in place, so every
// screen's pointer sees it, and ThemeGen tells the row caches to drop
// their entries; the caller tells the screens (common.ThemeMsg).
func (a *App) setTheme(isDark bool) bool {
	if isDark == a.isDark || a.fixedBg {
		return false
	}
	a.isDark = isDark
	*a.ctx.Styles = *theme.NewAdjusted(isDark, a.noColor, a.palette)
	a.ctx.ThemeGen++
	a.help.Styles = a.ctx.Styles.Help
	return true
}
