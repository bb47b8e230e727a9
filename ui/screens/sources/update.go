package sources

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
	"tidings/ui/components/picker"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.ThemeMsg:
		m.applyStyles()
		return nil
	case picker.PickedMsg:
		return m.picked(msg)
	case picker.CanceledMsg:
		if m.isMine(msg.Picker) {
			m.picker = nil
		}
		return nil
	case pagedlist.ActivatedMsg:
		if msg.List == m.list.ID() {
			m.details = true
		}
		return nil
	case unreadMsg:
		return m.unreadArrived(msg)
	case articles.MarksChangedMsg:
		return m.loadUnread()
	case tea.KeyPressMsg:
		return m.updateKey(msg)
	case tea.PasteMsg:
		return m.updateInput(msg)
	case tea.MouseMsg:
		return m.updateMouse(msg)
	}
	return m.list.Update(msg) // pages, spinner and countdown ticks
}

func (m *Model) isMine(name string) bool {
	return name == pickCategory || name == pickLanguage || name == pickCountry
}

// picked applies a filter chosen in a picker and queries the service again.
func (m *Model) picked(msg picker.PickedMsg) tea.Cmd {
	if !m.isMine(msg.Picker) {
		return nil
	}
	m.picker = nil
	q := m.query
	switch msg.Picker {
	case pickCategory:
		q.Category = model.Category(msg.ID)
	case pickLanguage:
		q.Language = model.Language(msg.ID)
	case pickCountry:
		q.Country = model.Country(msg.ID)
	}
	if q == m.query {
		return nil
	}
	m.query, m.details = q, false
	return m.reload()
}

// updateKey routes a key to the open picker, the filter input, or the
// screen's own keys, in that order.
func (m *Model) updateKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.picker != nil {
		// A choice applies within this key, so the next one reads the
		// new list (see picker.TakePick).
		p := m.picker
		cmd := p.Update(msg)
		if pick, ok := p.TakePick(); ok {
			return m.picked(pick)
		}
		return cmd
	}
	if m.filtering {
		return m.updateFilter(msg)
	}
	k := m.ctx.Keys
	switch {
	case key.Matches(msg, k.Sources.Category):
		return m.openPicker(m.category, string(m.query.Category))
	case key.Matches(msg, k.Sources.Language):
		return m.openPicker(m.language, string(m.query.Language))
	case key.Matches(msg, k.Sources.Country):
		return m.openPicker(m.country, string(m.query.Country))
	case key.Matches(msg, k.Sources.Filter):
		m.filtering, m.details = true, false
		m.filter.SetValue(m.filterText)
		m.filter.CursorEnd()
		m.layout()
		return m.filter.Focus()
	case m.details && key.Matches(msg, k.Sources.BackToList):
		m.details = false
		return nil
	case key.Matches(msg, k.Sources.ClearFilter):
		return m.back()
	case key.Matches(msg, k.List.Open):
		// The source's newest articles, on the Source screen.
		if it, ok := m.list.Selected(); ok && it.src.ID != "" {
			return common.Cmd(common.OpenSourceMsg{Source: model.SourceRef{ID: it.src.ID, Name: it.src.Name}})
		}
		return nil
	case key.Matches(msg, k.List.Refresh):
		return tea.Batch(m.list.Update(msg), m.loadUnread())
	case key.Matches(msg, k.List.OpenBrowser):
		return m.openSite()
	case key.Matches(msg, k.List.CopyLink):
		return m.copyLink()
	case key.Matches(msg, k.Sources.SearchSource):
		return m.searchSource()
	}
	return m.list.Update(msg)
}

// back leaves the details, else clears the local filter.
func (m *Model) back() tea.Cmd {
	switch {
	case m.details:
		m.details = false
	case m.filterText != "":
		m.setFilter("")
	}
	return nil
}

// updateFilter edits the local filter; the list narrows on every key,
// over the whole catalogue: the first key typed loads the pages not yet
// loaded (a catalogue is a few hundred sources, a few pages).
// enter keeps the filter, esc clears it.
func (m *Model) updateFilter(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.ctx.Keys.Sources.KeepFilter):
		m.filtering = false
		m.filter.Blur()
		m.layout()
		return nil
	case key.Matches(msg, m.ctx.Keys.Sources.ClearFilter):
		m.filtering = false
		m.filter.Blur()
		m.setFilter("")
		return nil
	}
	return m.updateInput(msg)
}

func (m *Model) updateInput(msg tea.Msg) tea.Cmd {
	if !m.filtering {
		return nil
	}
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	if v := m.filter.Value(); v != m.filterText {
		m.filterText = v
		m.list.SetFilter(matcher(v))
		if v != "" {
			cmd = tea.Batch(cmd, m.list.LoadAll())
		}
	}
	return cmd
}

// setFilter applies text as the local filter ("" shows everything).
func (m *Model) setFilter(text string) {
	m.filterText = text
	m.filter.SetValue(text)
	m.list.SetFilter(matcher(text))
	m.layout()
}

func (m *Model) openPicker(p *picker.Model, current string) tea.Cmd {
	m.picker = p
	m.layout()
	return p.Open(current)
}

// openSite asks the root to open the selected source's site.
func (m *Model) openSite() tea.Cmd {
	it, ok := m.list.Selected()
	if !ok {
		return nil
	}
	if it.url == "" {
		return common.Status("This source has no web link to open.", common.LevelWarning)
	}
	return common.Cmd(common.OpenURLMsg{URL: it.url})
}

func (m *Model) copyLink() tea.Cmd {
	it, ok := m.list.Selected()
	if !ok || it.url == "" {
		return nil
	}
	return common.Cmd(common.CopyURLMsg{URL: it.url})
}

// searchSource switches to the search screen restricted to the selected
// source. Where the service needs keywords (the spec's does) they are left
// for the user, so the search screen focuses its query field and the
// status bar names the source; where it does not (NewsAPI), the search
// runs at once.
func (m *Model) searchSource() tea.Cmd {
	it, ok := m.list.Selected()
	if !ok || it.src.ID == "" {
		return nil
	}
	q := model.ArticlesQuery{Sources: []string{it.src.ID}}
	note := "Type keywords to search " + it.src.Name
	if m.ctx.Dialect.ValidateArticles(q) == nil {
		note = "Searching " + it.src.Name
	}
	return tea.Batch(
		common.Cmd(common.SearchMsg{Query: q}),
		common.Status(note, common.LevelInfo),
	)
}

// updateMouse sends mouse events over the list to it, in its own
// coordinates, and to an open picker in the picker's.
func (m *Model) updateMouse(msg tea.MouseMsg) tea.Cmd {
	if m.picker != nil {
		return m.picker.Update(common.ShiftMouse(msg, pickerX, m.listTop()+pickerY))
	}
	if m.details && !m.wide() {
		return nil
	}
	mouse := msg.Mouse()
	if mouse.Y < m.listTop() || mouse.X >= m.listWidth() {
		return nil
	}
	return m.list.Update(common.ShiftMouse(msg, 0, m.listTop()))
}
