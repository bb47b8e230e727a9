package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

func TestNoKeyBoundTwiceInOneContext(t *testing.T) {
	for name, bindings := range Default().Contexts() {
		seen := map[string]string{}
		for _, b := range bindings {
			for _, k := range b.Keys() {
				if other, dup := seen[k]; dup {
					t.Errorf("%s: key %q bound to both %q and %q", name, k, other, b.Help().Desc)
				}
				seen[k] = b.Help().Desc
			}
		}
	}
}

func TestEveryBindingHasHelpAndKeys(t *testing.T) {
	for name, bindings := range Default().Contexts() {
		for i, b := range bindings {
			if len(b.Keys()) == 0 {
				t.Errorf("%s: binding %d has no keys", name, i)
			}
			if b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("%s: binding %v has no help text", name, b.Keys())
			}
		}
	}
}

func TestMovementHasArrowAndPageEquivalents(t *testing.T) {
	k := Default()
	want := map[string]key.Binding{
		"up": k.List.Up, "down": k.List.Down, "pgup": k.List.PageUp, "pgdown": k.List.PageDown,
		"home": k.List.Top, "end": k.List.Bottom,
	}
	for keyName, b := range want {
		if !hasKey(b, keyName) {
			t.Errorf("list binding %q lacks %q", b.Help().Desc, keyName)
		}
	}
	for _, b := range []key.Binding{k.Reader.Up, k.Reader.Down, k.Reader.PageUp, k.Reader.PageDown, k.Reader.Top, k.Reader.Bottom} {
		if !hasKey(b, "up") && !hasKey(b, "down") && !hasKey(b, "pgup") && !hasKey(b, "pgdown") && !hasKey(b, "home") && !hasKey(b, "end") {
			t.Errorf("reader binding %q has no arrow/page equivalent", b.Help().Desc)
		}
	}
}

func TestKeysMatchV2KeyStrings(t *testing.T) {
	k := Default()
	cases := []struct {
		msg  tea.KeyPressMsg
		b    key.Binding
		name string
	}{
		{tea.KeyPressMsg{Code: 'G', Text: "G"}, k.List.Bottom, "G"},
		{tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}, k.Global.ForceQuit, "ctrl+c"},
		{tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}, k.Global.PrevTab, "shift+tab"},
		{tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}, k.List.PageDown, "space"},
		{tea.KeyPressMsg{Code: tea.KeyPgDown}, k.List.PageDown, "pgdown"},
		{tea.KeyPressMsg{Code: tea.KeyEnd}, k.List.Bottom, "end"},
	}
	for _, c := range cases {
		if !key.Matches(c.msg, c.b) {
			t.Errorf("%s does not match %q (String()=%q)", c.name, c.b.Help().Desc, c.msg.String())
		}
	}
}

func TestDefaultReturnsFreshValues(t *testing.T) {
	a, b := Default(), Default()
	a.List.Refresh.SetEnabled(false)
	if !b.List.Refresh.Enabled() {
		t.Fatal("disabling a binding in one key map changed another")
	}
}

func hasKey(b key.Binding, k string) bool {
	for _, x := range b.Keys() {
		if x == k {
			return true
		}
	}
	return false
}

// n is next article in the reader and next match while a find is active;
// the find context's next article keeps → and J only.
func TestFindingFreesN(t *testing.T) {
	r := Default().Reader
	n := tea.KeyPressMsg{Code: 'n', Text: "n"}
	if !key.Matches(n, r.Next) || !key.Matches(n, r.NextMatch) {
		t.Fatal("n should be next article and next match")
	}
	f := r.Finding()
	if key.Matches(n, f.Next) || !key.Matches(tea.KeyPressMsg{Code: tea.KeyRight}, f.Next) {
		t.Fatal("while finding, n must not step articles and → must")
	}
	for _, b := range []key.Binding{r.FullText, r.Links, r.Find, r.NextMatch, r.PrevMatch} {
		if b.Help().Desc == "" {
			t.Errorf("%v has no help", b.Keys())
		}
	}
}
