package config

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"tidings/keymap"
)

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{
		"Global": "global", "OpenBrowser": "open_browser", "NextTab": "next_tab", "ForceQuit": "force_quit",
		"PageUp": "page_up", "URLField": "url_field", "OnAccent": "on_accent", "F5Key": "f5_key", "Top": "top",
	} {
		if got := snake(in); got != want {
			t.Errorf("snake(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestKeyContextsFollowKeymap checks that every binding of keymap.KeyMap
// is configurable, by walking the struct independently of keyContexts.
func TestKeyContextsFollowKeymap(t *testing.T) {
	ctxs := KeyContexts()
	km := reflect.TypeFor[keymap.KeyMap]()
	n := 0
	for i := range km.NumField() {
		f := km.Field(i)
		for j := range f.Type.NumField() {
			if f.Type.Field(j).Type != reflect.TypeFor[key.Binding]() {
				continue
			}
			n++
			if !slices.Contains(ctxs[snake(f.Name)], snake(f.Type.Field(j).Name)) {
				t.Errorf("keymap's %s.%s is not configurable", f.Name, f.Type.Field(j).Name)
			}
		}
	}
	total := 0
	for _, actions := range ctxs {
		total += len(actions)
	}
	if total != n || n == 0 {
		t.Errorf("%d configurable actions, keymap has %d bindings", total, n)
	}
	for _, want := range []string{"global", "list", "reader", "picker", "headlines", "sources", "search"} {
		if len(ctxs[want]) == 0 {
			t.Errorf("no [keys.%s]", want)
		}
	}
	if !slices.Contains(ctxs["reader"], "open_browser") || !slices.Contains(ctxs["global"], "force_quit") {
		t.Errorf("reader %v, global %v", ctxs["reader"], ctxs["global"])
	}
}

func TestParseKey(t *testing.T) {
	valid := map[string]string{
		"n": "n", "G": "G", "?": "?", "/": "/", "+": "+", "é": "é",
		"enter": "enter", "Enter": "enter", "ESC": "esc", "escape": "esc", "return": "enter",
		"space": "space", " ": "space", "pgdn": "pgdown", "PageUp": "pgup", "f5": "f5", "F12": "f12", "f1": "f1", "F63": "f63",
		"ctrl+d": "ctrl+d", "Ctrl+D": "ctrl+shift+d", "alt+ctrl+x": "ctrl+alt+x", "shift+tab": "shift+tab",
		"shift+a": "A", "ctrl++": "ctrl++", "ctrl+shift+up": "ctrl+shift+up", "alt+enter": "alt+enter",
	}
	for in, want := range valid {
		got, err := ParseKey(in)
		if err != nil || got != want {
			t.Errorf("ParseKey(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	invalid := map[string]string{
		"":            "empty key",
		"foo":         `unknown key "foo"`,
		"ctrl+foo":    `unknown key "foo"`,
		"cmd+a":       `unknown modifier "cmd"`,
		"ctrl+ctrl+a": `modifier "ctrl" twice`,
		"ctrl+":       `unknown key ""`,
		"\x01":        "unprintable",
		"f64":         `unknown key "f64"`,
		"f0":          `unknown key "f0"`,
		"f01":         `unknown key "f01"`,
	}
	for in, want := range invalid {
		if _, err := ParseKey(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseKey(%q) = %v, want an error with %q", in, err, want)
		}
	}
}

func TestKeysSettings(t *testing.T) {
	c, err := parse(t, "[keys.reader]\nnext = [\"n\", \"right\"]\nprev = \"P\"\n\n[keys.list]\nopen_browser = [\"o\", \"O\", \"o\"]\n")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string][]string{
		"reader": {"next": {"n", "right"}, "prev": {"P"}},
		"list":   {"open_browser": {"o", "O"}},
	}
	if !reflect.DeepEqual(c.Keys, want) {
		t.Errorf("keys %v, want %v", c.Keys, want)
	}
}

func TestKeysErrors(t *testing.T) {
	tests := []struct {
		name, doc string
		line      int
		frags     []string
	}{
		{"bad key in list", "[keys.reader]\nnext = [\n  \"n\",\n  \"hyperspace\",\n]\n", 4,
			[]string{"keys.reader.next", `unknown key "hyperspace"`, `"ctrl+d"`}},
		{"bad single key", "[keys.global]\nquit = \"cmd+q\"\n", 2, []string{`unknown modifier "cmd"`}},
		{"not a string", "[keys.global]\nquit = [\"q\", 1]\n", 2, []string{"expected a key name, got an integer"}},
		{"not a list", "[keys.global]\nquit = 1\n", 2, []string{"expected a key name or a list of them, got an integer"}},
		{"context not a table", "[keys]\nglobal = \"q\"\n", 2, []string{"keys.global: expected a table"}},
		{"force_quit unbound", "[keys.global]\nforce_quit = []\n", 2, []string{"force_quit cannot be unbound"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse(t, tc.doc)
			oneError(t, err, tc.line, tc.frags...)
		})
	}
}

func TestKeyClashes(t *testing.T) {
	tests := []struct {
		name, doc string
		line      int
		frags     []string
	}{
		// With a default the file leaves alone: reader.down has j.
		{"with a default", "[keys.reader]\nnext = [\"n\", \"j\"]\n", 2,
			[]string{`key "j" is bound to both reader.next and reader.down`, "reader.down by default", "rebind reader.down"}},
		// Two actions the file sets; reported at the later one, element line.
		{"both in the file", "[keys.list]\nopen = \"x\"\nrefresh = [\n  \"r\",\n  \"x\",\n]\n", 5,
			[]string{`key "x" is bound to both list.refresh and list.open`, "both in this file", "rebind list.open"}},
		// The default action comes first in keymap's order; the file's later.
		{"default first", "[keys.global]\nquit = [\"q\", \"1\"]\n", 2,
			[]string{`key "1" is bound to both global.quit and global.headlines`}},
		{"normalised keys clash", "[keys.list]\nrefresh = \"Ctrl+F\"\ntop = \"ctrl+shift+f\"\n", 2,
			[]string{`key "ctrl+shift+f" is bound to both list.refresh and list.top`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse(t, tc.doc)
			oneError(t, err, tc.line, tc.frags...)
		})
	}
}

func TestKeyNoClash(t *testing.T) {
	for _, doc := range []string{
		// Moving a key: down loses j, next takes it.
		"[keys.reader]\ndown = \"down\"\nnext = [\"n\", \"j\"]\n",
		// Swapping two actions' keys.
		"[keys.list]\nopen_browser = \"y\"\ncopy_link = \"o\"\n",
		// The same key in another context is no clash.
		"[keys.global]\nquit = \"x\"\n[keys.list]\nrefresh = \"x\"\n",
		// Unbinding frees a key.
		"[keys.list]\ncopy_link = []\nopen = [\"enter\", \"y\"]\n",
	} {
		if _, err := parse(t, doc); err != nil {
			t.Errorf("%q: %v", doc, err)
		}
	}
}

// TestKeyClashKeepsDefaultSharing: keys keymap itself gives two actions
// (modal ones) do not become a clash when the file lists one of them.
func TestKeyClashKeepsDefaultSharing(t *testing.T) {
	km := keymap.Default()
	for _, c := range keyContexts.Get() {
		owner := map[string]string{}
		for _, a := range c.actions {
			for _, k := range binding(km, c, a).Keys() {
				o, shared := owner[k]
				owner[k] = a.name
				if !shared {
					continue
				}
				quoted := `"` + strings.Join(binding(km, c, a).Keys(), `", "`) + `"`
				doc := "[keys." + c.name + "]\n" + a.name + " = [" + quoted + "]\n"
				if _, err := parse(t, doc); err != nil {
					t.Errorf("%s.%s and %s share %q by default; restating it: %v", c.name, a.name, o, k, err)
				}
			}
		}
	}
}

func TestApplyKeys(t *testing.T) {
	c, err := parse(t, "[keys.reader]\nnext = [\"n\", \"right\"]\nprev = [\"P\"]\nback = \"esc\"\n"+
		"[keys.list]\nopen_browser = [\"O\", \"pgdown\"]\npage_down = [\"ctrl+f\"]\ncopy_link = []\n"+
		"[keys.global]\nquit = [\"q\"]\n")
	if err != nil {
		t.Fatal(err)
	}
	km := keymap.Default()
	if err := c.ApplyKeys(km); err != nil {
		t.Fatal(err)
	}
	check := func(name string, b key.Binding, keys []string, label, desc string) {
		t.Helper()
		if !slices.Equal(b.Keys(), keys) || b.Help().Key != label || b.Help().Desc != desc {
			t.Errorf("%s: keys %q, help %q %q; want %q, %q %q", name, b.Keys(), b.Help().Key, b.Help().Desc, keys, label, desc)
		}
	}
	check("reader.next", km.Reader.Next, []string{"n", "right"}, "n/→", "next article")
	check("reader.prev", km.Reader.Prev, []string{"P"}, "P", "previous article")
	check("reader.back", km.Reader.Back, []string{"esc"}, "esc", "back")
	check("list.open_browser", km.List.OpenBrowser, []string{"O", "pgdown"}, "O/pgdn", "open in browser")
	check("list.page_down", km.List.PageDown, []string{"ctrl+f"}, "ctrl+f", "page down")
	// The same keys as keymap's: the hand-written label stays.
	check("global.quit", km.Global.Quit, []string{"q"}, "q", "quit")
	// Untouched actions keep everything.
	check("reader.down", km.Reader.Down, []string{"j", "down"}, "↓/j", "scroll down")
	if km.List.CopyLink.Enabled() {
		t.Error("list.copy_link = [] left the binding enabled")
	}

	// Help reaches the user's bindings: keymap's help lists carry them.
	var shown []string
	for _, b := range km.Reader.Short() {
		shown = append(shown, b.Help().Key)
	}
	if !slices.Contains(shown, "n/→") || !slices.Contains(shown, "P") {
		t.Errorf("reader short help %q lacks the user's bindings", shown)
	}
	found := false
	for _, col := range km.List.Full() {
		for _, b := range col {
			if b.Help().Key == "O/pgdn" && key.Matches(keyPress("O"), b) {
				found = true
			}
		}
	}
	if !found {
		t.Error("list full help lacks open_browser on O")
	}
	// A fresh default keymap is untouched.
	if d := keymap.Default(); d.Reader.Next.Help().Key == "n/→" && slices.Equal(d.Reader.Next.Keys(), []string{"n", "right"}) {
		t.Error("ApplyKeys changed keymap.Default's bindings")
	}
}

func TestApplyKeysUnknown(t *testing.T) {
	c := Default()
	c.Keys["reader"] = map[string][]string{"warp": {"w"}}
	if err := c.ApplyKeys(keymap.Default()); err == nil || !strings.Contains(err.Error(), "warp") {
		t.Errorf("ApplyKeys with an unknown action: %v", err)
	}
	c.Keys = map[string]map[string][]string{"nowhere": {"x": {"x"}}}
	if err := c.ApplyKeys(keymap.Default()); err == nil {
		t.Error("ApplyKeys with an unknown context: no error")
	}
}

// keyPress is a stringer as key.Matches takes it.
type keyPress string

func (k keyPress) String() string { return string(k) }
