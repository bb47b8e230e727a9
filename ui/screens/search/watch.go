package search

import (
	"context"
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/state"
	"tidings/ui/common"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// watchPrompt is w's prompt: the name a watch of the form's query is kept
// under. It stays open on an error (a name in use, an empty name), which
// shows under it in plain words.
type watchPrompt struct {
	open   bool
	input  textinput.Model
	query  model.ArticlesQuery // what the watch keeps, fixed when w was pressed
	err    string
	saving bool // AddWatch is under way
	gen    int  // tells a late answer for an earlier prompt from this one's
}

// watchPromptHeight is the lines the prompt takes above the results.
const watchPromptHeight = 2

// watchAddedMsg is AddWatch's answer.
type watchAddedMsg struct {
	gen  int
	name string
	err  error
}

// openWatch is w: ask for a name for the form's query. The field starts
// empty with the default name (the keywords) as its placeholder: enter
// keeps that name, typing replaces it (bubbles' textinput has no
// selection, so a prefilled name would have the typing appended to it).
// The query is every parameter of the form, relative dates ("3d",
// "yesterday") kept as typed: the watch rolls, resolved at every check; a
// form that is not a valid search is explained instead.
func (m *Model) openWatch() tea.Cmd {
	if m.ctx.State == nil {
		return common.Status(common.NoStateText+" Watches need it.", common.LevelWarning)
	}
	q := m.form.query()
	if !m.form.runnable(q) {
		return common.Status("Type a search first: w watches the search in the form.", common.LevelWarning)
	}
	m.form.tried = true
	m.form.validate()
	if !m.form.valid() {
		id, msg := m.form.errorLine()
		why := errorSentence(id, msg)
		return common.Status("This search cannot be watched yet: "+why, common.LevelWarning)
	}
	in := textinput.New()
	in.Prompt = "Watch as: "
	in.Placeholder = defaultWatchName(q)
	in.CharLimit = state.MaxWatchName
	st := m.ctx.Styles.TextInput
	st.Cursor.Blink = false
	in.SetStyles(st)
	in.SetWidth(max(m.width-len(margin)-len(in.Prompt)-2, 1))
	m.watch = watchPrompt{open: true, input: in, query: q, gen: m.watch.gen + 1}
	return m.watch.input.Focus()
}

// defaultWatchName is the query's keywords, or else its sources or
// domains.
func defaultWatchName(q model.ArticlesQuery) string {
	name := q.Q
	switch {
	case name != "":
	case len(q.Sources) > 0:
		name = strings.Join(q.Sources, ",")
	default:
		name = strings.Join(q.Domains, ",")
	}
	if r := []rune(textsafe.Line(name)); len(r) > state.MaxWatchName {
		name = string(r[:state.MaxWatchName])
	}
	return name
}

// updateWatch handles a key or paste while the prompt is open.
func (m *Model) updateWatch(msg tea.Msg) tea.Cmd {
	k := m.ctx.Keys.Search
	if kp, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(kp, k.Leave):
			m.watch.open = false
			m.watch.gen++ // an answer on its way no longer has a prompt
			return common.Status("Not watched.", common.LevelInfo)
		case key.Matches(kp, k.Submit):
			return m.submitWatch()
		}
	}
	var cmd tea.Cmd
	m.watch.input, cmd = m.watch.input.Update(msg)
	if !m.watch.saving {
		m.watch.err = ""
	}
	return cmd
}

// name is the name typed, or the default one the placeholder shows when
// nothing is typed.
func (w *watchPrompt) name() string {
	if strings.TrimSpace(w.input.Value()) == "" {
		return w.input.Placeholder
	}
	return w.input.Value()
}

// watchHelp is the prompt's keys, worded for it.
func (m *Model) watchHelp() []key.Binding {
	k := m.ctx.Keys.Search
	reword := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	}
	return []key.Binding{reword(k.Submit, "keep watch"), reword(k.Leave, "cancel"), m.ctx.Keys.Global.ForceQuit}
}

// submitWatch keeps the query under the typed name, in a command.
func (m *Model) submitWatch() tea.Cmd {
	if m.watch.saving {
		return nil
	}
	typed := m.watch.name()
	name, err := state.CleanWatchName(typed)
	if err != nil {
		m.watch.err = watchError(err, typed)
		return nil
	}
	m.watch.saving, m.watch.err = true, ""
	st, q, gen, at := m.ctx.State, m.watch.query, m.watch.gen, m.ctx.Clock()
	parent := m.ctx.Parent()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, common.StateTimeout)
		defer cancel()
		return watchAddedMsg{gen: gen, name: name, err: st.AddWatch(ctx, name, q, at)}
	}
}

// watchAdded closes the prompt once the watch is kept, or shows why not.
func (m *Model) watchAdded(msg watchAddedMsg) tea.Cmd {
	if msg.gen != m.watch.gen || !m.watch.open {
		if msg.err == nil {
			return common.Cmd(common.WatchesChangedMsg{})
		}
		return nil
	}
	m.watch.saving = false
	if msg.err != nil {
		m.watch.err = watchError(msg.err, msg.name)
		return nil
	}
	m.watch.open = false
	m.watch.input.Blur()
	return tea.Batch(common.Cmd(common.WatchesChangedMsg{}),
		common.Status("Watching “"+textsafe.Line(msg.name)+"”: the Saved screen (4) counts its new articles.", common.LevelSuccess))
}

// watchError says in plain words why a watch could not be kept.
func watchError(err error, name string) string {
	name = textsafe.Line(strings.TrimSpace(name))
	switch {
	case errors.Is(err, state.ErrDuplicateName):
		return "A watch named “" + name + "” already exists: type another name (esc cancels)."
	case errors.Is(err, state.ErrInvalidName):
		why := strings.TrimPrefix(err.Error(), state.ErrInvalidName.Error()+": ")
		return upperFirst(why) + "."
	case errors.Is(err, state.ErrInvalidQuery):
		why := strings.TrimPrefix(err.Error(), state.ErrInvalidQuery.Error()+": ")
		return "This search cannot be watched: " + why
	}
	return "Could not keep the watch: " + textsafe.Line(err.Error())
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// watchLines draws the prompt and, under it, its error or what enter and
// esc do.
func (m *Model) watchLines(s *theme.Styles) []string {
	line := margin + m.watch.input.View()
	var note string
	switch {
	case m.watch.err != "":
		note = s.Status.Error.Render(textsafe.Truncate(m.watch.err, max(m.width-len(margin), 1)))
	case m.watch.saving:
		note = s.Filters.Label.Render("Keeping the watch…")
	default:
		note = s.Filters.Label.Render(textsafe.Truncate("enter keeps this search as a watch (every field of the form) · esc cancels", max(m.width-len(margin), 1)))
	}
	return []string{fit(line, m.width), fit(margin+note, m.width)}
}
