package saved

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/textsafe"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseMsg:
		return m.handleMouse(msg)
	case savedMsg:
		return m.savedArrived(msg)
	case starredMsg:
		return m.starredArrived(msg)
	case articles.StarredChangedMsg:
		return m.loadStarred()
	case watchesMsg:
		return m.watchesArrived(msg)
	case countMsg:
		return m.counted(msg)
	case seenMsg:
		if msg.err != nil {
			return common.Cmd(common.StateFailedMsg{Err: msg.err})
		}
		return nil
	case removedMsg:
		if msg.err != nil {
			return common.Status("Could not delete the watch: "+textsafe.Line(msg.err.Error()), common.LevelError)
		}
		return tea.Batch(m.loadWatches(),
			common.Status("Deleted the watch “"+textsafe.Line(msg.name)+"”.", common.LevelSuccess))
	case common.SavedChangedMsg:
		if m.ctx.State == nil {
			return nil
		}
		return m.loadSaved()
	case common.WatchesChangedMsg:
		if m.ctx.State == nil {
			return nil
		}
		m.countedAt = time.Time{} // the new watch needs a count
		return m.loadWatches()
	}
	return m.al.Update(msg)
}

func (m *Model) savedArrived(msg savedMsg) tea.Cmd {
	if msg.gen != m.loadGen {
		return nil
	}
	if msg.err != nil {
		m.loaded = true
		m.loadErr = textsafe.Line(msg.err.Error())
		return common.Cmd(common.StateFailedMsg{Err: msg.err})
	}
	m.loaded, m.loadErr, m.changed = true, "", true
	m.full = msg.full
	m.local = msg.items
	m.list.Replace(m.merged())
	return nil
}

func (m *Model) watchesArrived(msg watchesMsg) tea.Cmd {
	if msg.gen != m.wLoadGen {
		return nil
	}
	m.wLoaded = true
	if msg.err != nil {
		return common.Cmd(common.StateFailedMsg{Err: msg.err})
	}
	old := map[string]watchRow{}
	for _, r := range m.watches {
		old[r.w.Name] = r
	}
	m.watches = make([]watchRow, len(msg.watches))
	for i, w := range msg.watches {
		r := old[w.Name] // keep a count already made
		r.w = w
		m.watches[i] = r
	}
	m.wcursor = min(m.wcursor, max(len(m.watches)-1, 0))
	if len(m.watches) == 0 && m.focus == focusWatches {
		m.focus = focusArticles
	}
	m.layout()
	if m.shown && (m.countedAt.IsZero() || m.ctx.Clock().Sub(m.countedAt) > countTTL) {
		return m.countAll()
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys
	if m.confirm != "" {
		name := m.confirm
		m.confirm = ""
		if key.Matches(msg, k.Saved.Confirm) {
			return m.removeWatch(name)
		}
		return common.Status("Kept the watch “"+textsafe.Line(name)+"”.", common.LevelInfo)
	}
	if m.al.Confirming() {
		cmd, _ := m.al.HandleKey(msg)
		return cmd
	}
	if m.ctx.State == nil {
		return nil
	}
	switch {
	case key.Matches(msg, k.Saved.Section):
		return m.switchSection()
	case key.Matches(msg, k.List.Refresh):
		return tea.Batch(m.loadSaved(), m.loadWatches(), m.countAll(), m.loadStarred())
	}
	if m.focus == focusWatches {
		return m.handleWatchKey(msg)
	}
	switch {
	case key.Matches(msg, k.List.Up) && m.list.Cursor() == 0 && len(m.watches) > 0:
		m.focus = focusWatches
		m.wcursor = len(m.watches) - 1
		m.scrollWatches()
		return nil
	}
	if cmd, ok := m.al.HandleKey(msg); ok {
		return cmd
	}
	return m.list.Update(msg)
}

func (m *Model) handleWatchKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys
	n := len(m.watches)
	switch {
	case key.Matches(msg, k.List.Up):
		m.wcursor = max(m.wcursor-1, 0)
	case key.Matches(msg, k.List.Down):
		if m.wcursor >= n-1 {
			if m.list.Len() > 0 {
				m.focus = focusArticles
			}
			return nil
		}
		m.wcursor++
	case key.Matches(msg, k.List.Top):
		m.wcursor = 0
	case key.Matches(msg, k.List.Bottom):
		m.wcursor = max(n-1, 0)
	case key.Matches(msg, k.List.Open):
		return m.openWatch()
	case key.Matches(msg, k.Saved.Delete):
		if m.wcursor < n {
			m.confirm = m.watches[m.wcursor].w.Name
			return common.Status("Delete the watch “"+textsafe.Line(m.confirm)+"”? "+
				k.Saved.Confirm.Help().Key+" deletes it, any other key keeps it.", common.LevelWarning)
		}
	}
	m.scrollWatches()
	return nil
}

// switchSection moves between the watches and the saved articles.
func (m *Model) switchSection() tea.Cmd {
	if m.focus == focusWatches {
		m.focus = focusArticles
		return nil
	}
	if len(m.watches) == 0 {
		return common.Status("No watches yet: w on the Search screen watches a search.", common.LevelInfo)
	}
	m.focus = focusWatches
	m.scrollWatches()
	return nil
}

func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.ctx.State == nil || m.confirm != "" {
		return nil
	}
	y := msg.Mouse().Y
	top := m.listTop()
	if y >= top {
		if _, click := msg.(tea.MouseClickMsg); click {
			m.focus = focusArticles
		}
		return m.al.Update(common.ShiftMouse(msg, 0, top))
	}
	click, ok := msg.(tea.MouseClickMsg)
	if !ok || click.Button != tea.MouseLeft {
		return nil
	}
	i := y - 1 + m.woffset // under the section line
	if y < 1 || y-1 >= m.watchRows() || i >= len(m.watches) {
		return nil
	}
	if m.focus == focusWatches && m.wcursor == i {
		return m.openWatch()
	}
	m.focus, m.wcursor = focusWatches, i
	return nil
}
