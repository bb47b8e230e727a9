package search

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
)

// formAction is what a key in the form asks the screen to do beyond
// editing the form itself.
type formAction int

const (
	actNone   formAction = iota
	actSubmit            // enter: run the search
	actLeave             // esc: give focus to the results
)

// update handles one message while the form has focus.
func (f *form) update(msg tea.Msg, keys *keymap.SearchKeys) (tea.Cmd, formAction) {
	kp, isKey := msg.(tea.KeyPressMsg)
	if isKey {
		switch {
		case key.Matches(kp, keys.NextField):
			return f.setFocus(f.focus + 1), actNone
		case key.Matches(kp, keys.PrevField):
			return f.setFocus(f.focus - 1), actNone
		case key.Matches(kp, keys.Submit):
			return nil, actSubmit
		case key.Matches(kp, keys.Leave):
			return nil, actLeave
		}
		if f.focus >= fieldID(textFields) {
			return nil, f.updateChoice(kp, keys)
		}
	}
	if f.focus >= fieldID(textFields) {
		return nil, actNone // pastes and other messages mean nothing to a choice
	}
	var cmd tea.Cmd
	f.inputs[f.focus], cmd = f.inputs[f.focus].Update(msg)
	f.validate()
	return cmd, actNone
}

// updateChoice changes the focused choice field: ←/→ and space step through
// the options; a typed letter jumps to the next option whose code or name
// starts with it ("d" → German (de)). Like any field, a choice changes the
// form only: enter runs the search.
func (f *form) updateChoice(kp tea.KeyPressMsg, keys *keymap.SearchKeys) formAction {
	delta := 0
	switch {
	case key.Matches(kp, keys.NextChoice):
		delta = 1
	case key.Matches(kp, keys.PrevChoice):
		delta = -1
	}
	if f.focus == fieldSort {
		if delta == 0 {
			return actNone
		}
		f.cycleSort(delta)
		return actNone
	}
	switch {
	case delta != 0:
		f.lang = wrap(f.lang+delta, len(f.langs))
	case kp.Text != "":
		f.lang = f.nextLanguageStartingWith(kp.Text)
	}
	f.validate()
	return actNone
}

// nextLanguageStartingWith finds, after the current choice and wrapping,
// the first language whose code or English name starts with prefix.
func (f *form) nextLanguageStartingWith(prefix string) int {
	prefix = strings.ToLower(prefix)
	for step := 1; step <= len(f.langs); step++ {
		i := wrap(f.lang+step, len(f.langs))
		l := f.langs[i]
		if l == "" {
			continue
		}
		if strings.HasPrefix(string(l), prefix) || strings.HasPrefix(strings.ToLower(l.Name()), prefix) {
			return i
		}
	}
	return f.lang
}
