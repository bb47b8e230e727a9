package search

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.ThemeMsg:
		m.applyStyles()
		return nil
	case common.SearchMsg:
		m.form.setQuery(msg.Query)
		m.hint = m.hintFor(msg.Query)
		if m.form.runnable(msg.Query) {
			return m.submit()
		}
		m.focus = focusForm
		m.layout()
		return m.form.setFocus(fieldQ)
	case common.StepArticleMsg:
		if !m.ran {
			return nil
		}
		return m.stepper.Step(m.results, msg.Delta)
	case common.ReaderClosedMsg:
		m.stepper.Cancel()
		return nil
	case watchAddedMsg:
		return m.watchAdded(msg)
	case tea.KeyPressMsg:
		if m.watch.open {
			return m.updateWatch(msg)
		}
		if m.focus == focusForm {
			return m.updateForm(msg)
		}
		return m.updateResults(msg)
	case tea.PasteMsg:
		if m.watch.open {
			return m.updateWatch(msg)
		}
		if m.focus == focusForm {
			return m.updateForm(msg)
		}
		return nil
	case tea.MouseMsg:
		if m.watch.open {
			return nil
		}
		return m.updateMouse(msg)
	case pagedlist.ActivatedMsg:
		if msg.List == m.results.ID() {
			return m.openSelected()
		}
		return nil
	}
	// Page results, spinner and countdown ticks: pagedlist keeps its own
	// ids and ignores what is not its own.
	cmd := m.results.Update(msg)
	return tea.Batch(cmd, m.stepper.Resume(m.results))
}

// updateForm passes a key or paste to the form and acts on what it asks.
func (m *Model) updateForm(msg tea.Msg) tea.Cmd {
	cmd, act := m.form.update(msg, &m.ctx.Keys.Search)
	switch act {
	case actSubmit:
		return m.submit()
	case actLeave:
		m.dropEdits()
		m.focusResults()
	}
	return cmd
}

// updateResults handles keys while the results have focus.
func (m *Model) updateResults(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys
	switch {
	case key.Matches(msg, k.Search.Focus):
		return m.focusFormArea()
	case key.Matches(msg, k.Search.Sort):
		m.form.cycleSort(1)
		if m.ran {
			return m.submit()
		}
		return nil
	case key.Matches(msg, k.Search.Watch):
		return m.openWatch()
	case !m.ran:
		return nil
	case key.Matches(msg, k.List.Open):
		return m.openSelected()
	case key.Matches(msg, k.List.OpenBrowser):
		return m.linkCmd(func(u string) tea.Msg { return common.OpenURLMsg{URL: u} })
	case key.Matches(msg, k.List.CopyLink):
		return m.linkCmd(func(u string) tea.Msg { return common.CopyURLMsg{URL: u} })
	case key.Matches(msg, k.List.Save):
		if it, ok := m.results.Selected(); ok {
			return articles.ToggleSave(m.ctx, it)
		}
		return nil
	case key.Matches(msg, k.List.Story):
		if it, ok := m.results.Selected(); ok {
			return articles.OpenStory(it, common.Search)
		}
		return nil
	}
	return m.results.Update(msg)
}

// updateMouse routes the mouse: a click on a form row focuses that field,
// anything over the results goes to the list in its own coordinates.
func (m *Model) updateMouse(msg tea.MouseMsg) tea.Cmd {
	mouse := msg.Mouse()
	top := m.resultsTop()
	if mouse.Y < top {
		if _, click := msg.(tea.MouseClickMsg); click && m.formShown() && mouse.Y < int(fieldCount) {
			m.focus = focusForm
			m.layout()
			return m.form.setFocus(fieldID(mouse.Y))
		}
		return nil
	}
	if lw, _ := m.columns(); !m.ran || mouse.X >= lw {
		return nil // the preview pane does not take clicks
	}
	return m.results.Update(common.ShiftMouse(msg, 0, top))
}

// openSelected asks the root to open the selected result in the reader.
func (m *Model) openSelected() tea.Cmd {
	it, ok := m.results.Selected()
	if !ok {
		return nil
	}
	return common.Cmd(articles.OpenMsg{Item: it, Origin: common.Search})
}

// linkCmd hands the selected result's link to the root as msg; results
// without a safe http(s) link get a note instead.
func (m *Model) linkCmd(msg func(url string) tea.Msg) tea.Cmd {
	it, ok := m.results.Selected()
	if !ok {
		return nil
	}
	if it.URL == "" {
		return common.Status("This article has no web link.", common.LevelWarning)
	}
	return common.Cmd(msg(it.URL))
}
