package articlelist

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
)

// Update handles what belongs to the list: a click on the selected row
// (open), the reader's next/previous for an article opened from here, the
// reader closing, and the paged list's own messages (pages, spinner,
// countdown, mouse already in the list's coordinates).
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case pagedlist.ActivatedMsg:
		if msg.List == m.list.ID() {
			return m.Open()
		}
		return nil
	case common.StepArticleMsg:
		return m.stepper.Step(m.list, msg.Delta)
	case common.ReaderClosedMsg:
		m.stepper.Cancel()
		return nil
	}
	if cmd, ok := m.updateMarks(msg); ok {
		return cmd
	}
	cmd := m.list.Update(msg)
	return tea.Batch(cmd, m.stepper.Resume(m.list), m.visitAfterFirstPage())
}

// HandleKey acts on the article keys; ok is false for a key that is not
// one of them, which the screen then handles (and hands to List's Update
// for movement).
func (m *Model) HandleKey(msg tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	if cmd, ok := m.markKey(msg); ok {
		return cmd, true
	}
	k := m.ctx.Keys.List
	switch {
	case key.Matches(msg, k.Open):
		return m.Open(), true
	case key.Matches(msg, k.OpenBrowser):
		// Sent to the browser is read, as opened here would be.
		return m.withRead(m.linkCmd(func(u string) tea.Msg { return common.OpenURLMsg{URL: u} })), true
	case key.Matches(msg, k.CopyLink):
		return m.linkCmd(func(u string) tea.Msg { return common.CopyURLMsg{URL: u} }), true
	case key.Matches(msg, k.Save):
		return m.save(), true
	case key.Matches(msg, k.Story):
		return m.story(), true
	}
	return nil, false
}

// Open shows the selected article in the reader.
func (m *Model) Open() tea.Cmd {
	it, ok := m.list.Selected()
	if !ok {
		return nil
	}
	msg := articles.OpenMsg{Item: it, Origin: m.origin}
	if m.opts.full != nil {
		msg.Full = m.opts.full(it)
	}
	return common.Cmd(msg)
}

// linkCmd hands the selected article's link to the root as msg, which
// checks it again before anything opens it.
func (m *Model) linkCmd(msg func(url string) tea.Msg) tea.Cmd {
	it, ok := m.list.Selected()
	if !ok {
		return nil
	}
	if !m.opts.webOnly {
		return common.Cmd(msg(it.Link))
	}
	if it.URL() == "" {
		return common.Status("This article has no web link.", common.LevelWarning)
	}
	return common.Cmd(msg(it.URL()))
}

// withRead adds to cmd marking the selected article read, unless it is.
func (m *Model) withRead(cmd tea.Cmd) tea.Cmd {
	it, ok := m.list.Selected()
	if !ok || cmd == nil || it.URL() == "" || IsRead(m.ctx, it) { // no web link: nothing was sent
		return cmd
	}
	return tea.Batch(cmd, common.Cmd(articles.MarkMsg{Items: []articles.Item{it}, Read: true}))
}

func (m *Model) save() tea.Cmd {
	it, ok := m.list.Selected()
	if !ok {
		return nil
	}
	if m.opts.unsaveOnly {
		return common.Cmd(articles.SaveMsg{Item: it, Save: false})
	}
	return articles.ToggleSave(m.ctx, it)
}

func (m *Model) story() tea.Cmd {
	if m.opts.storyNote != "" {
		return common.Status(m.opts.storyNote, common.LevelInfo)
	}
	if it, ok := m.list.Selected(); ok {
		return articles.OpenStory(it, m.origin)
	}
	return nil
}
