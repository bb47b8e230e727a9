package headlines

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/state"
	"tidings/ui/common"
	"tidings/ui/components/picker"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	if m.source != nil && m.source.ID == "" {
		return nil // the Source screen before any source is opened
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseMsg:
		return m.handleMouse(msg)
	case tea.PasteMsg:
		if m.country.IsOpen() {
			return m.country.Update(msg)
		}
		return m.category.Update(msg) // a closed picker ignores it
	case picker.PickedMsg:
		return m.handlePicked(msg)
	case common.ReloadMsg:
		return m.reload()
	}
	return m.al.Update(msg)
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.al.Confirming() {
		cmd, _ := m.al.HandleKey(msg)
		return cmd
	}
	switch {
	case m.country.IsOpen():
		return m.pickerKey(m.country, msg)
	case m.category.IsOpen():
		return m.pickerKey(m.category, msg)
	}
	k := m.ctx.Keys
	if m.source != nil {
		if cmd, ok := m.sourceKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := m.al.HandleKey(msg); ok {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Headlines.Collapse):
		return m.toggleCollapse()
	case key.Matches(msg, k.Headlines.Country):
		return m.country.Open(string(m.query.Country))
	case key.Matches(msg, k.Headlines.Category):
		return m.category.Open(string(m.query.Category))
	case m.ctx.Feeds != nil && key.Matches(msg, k.List.Refresh):
		// Personal mode: the list reloads (or retries) at once, as
		// anywhere, and the root asks the poller for fresh articles; it
		// sends a ReloadMsg if they bring any.
		return tea.Batch(m.list.Update(msg), common.Cmd(common.RefreshFeedsMsg{}))
	}
	return m.list.Update(msg)
}

func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.country.IsOpen() {
		return m.country.Update(common.ShiftMouse(msg, pickerX, filterBarHeight))
	}
	if m.category.IsOpen() {
		return m.category.Update(common.ShiftMouse(msg, pickerX, filterBarHeight))
	}
	return m.al.Update(common.ShiftMouse(msg, 0, filterBarHeight))
}

// pickerKey passes a key to the open picker p. A choice it makes reloads
// the list within this key, so the next one (enter again, typed fast)
// reads the new list, not the old.
func (m *Model) pickerKey(p *picker.Model, msg tea.KeyPressMsg) tea.Cmd {
	cmd := p.Update(msg)
	if pick, ok := p.TakePick(); ok {
		return m.handlePicked(pick)
	}
	return cmd
}

func (m *Model) handlePicked(msg picker.PickedMsg) tea.Cmd {
	q := m.query
	switch msg.Picker {
	case countryPicker:
		q.Country = model.Country(msg.ID)
	case categoryPicker:
		q.Category = model.Category(msg.ID)
	default:
		return nil
	}
	if q.Country == m.query.Country && q.Category == m.query.Category {
		return nil
	}
	// A choice the service would refuse (NewsAPI: all countries and all
	// categories at once) is explained, not sent; the list stays as it is.
	if err := m.ctx.Dialect.ValidateHeadlines(q); err != nil {
		title, _ := common.Explain(err, m.ctx.BaseURL)
		return common.Status(title+": pick one with t or c.", common.LevelWarning)
	}
	m.query = q
	return m.reload()
}

// toggleCollapse is z: one row per story, or every article. The choice is
// kept in the state file for the next session. Against a service that
// groups no stories (NewsAPI) there is nothing to fold: z says so rather
// than claim "one row each" over a list it cannot change.
func (m *Model) toggleCollapse() tea.Cmd {
	if !m.collapsed && !m.groupsStories() {
		return common.Status("z is unavailable: "+m.ctx.Dialect.ServiceName()+
			" groups no stories, so every article is already one row.", common.LevelInfo)
	}
	m.chosen = true
	m.setCollapsed(!m.collapsed)
	note := "Every article is listed; z shows one row per story."
	value := "off"
	if m.collapsed {
		note, value = "One row per story (its newest article); = shows every outlet's version, z lists them all.", "on"
	}
	cmds := []tea.Cmd{common.Status(note, common.LevelInfo)}
	if st := m.ctx.State; st != nil {
		cmds = append(cmds, common.StateCmd(m.ctx.Parent(), func(ctx context.Context) error {
			return st.SetPreference(ctx, state.PrefCollapseStories, value)
		}, nil))
	}
	return tea.Batch(cmds...)
}

// groupsStories reports whether the service may group these headlines
// into stories: some loaded article belongs to one, or none has loaded
// yet to tell.
func (m *Model) groupsStories() bool {
	if m.list.Loaded() == 0 {
		return true
	}
	for it := range m.list.Items() {
		if it.StoryID != "" {
			return true
		}
	}
	return false
}
