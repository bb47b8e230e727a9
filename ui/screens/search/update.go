package search

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
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
		return m.al.Update(msg)
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
	}
	// Page results, spinner and countdown ticks: pagedlist keeps its own
	// ids and ignores what is not its own.
	return m.al.Update(msg)
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
	if m.al.Confirming() {
		cmd, _ := m.al.HandleKey(msg)
		return cmd
	}
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
	}
	if cmd, ok := m.al.HandleKey(msg); ok {
		return cmd
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
	if lw, _ := m.al.Columns(); !m.ran || mouse.X >= lw {
		return nil // the preview pane does not take clicks
	}
	return m.results.Update(common.ShiftMouse(msg, 0, top))
}
