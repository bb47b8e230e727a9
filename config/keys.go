package config

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"

	"tidings/keymap"
	"tidings/lazy"
)

// The [keys] tables are derived from keymap.KeyMap by reflection: each of
// its struct fields is a context ("Reader" → [keys.reader]) and each
// key.Binding field of a context is an action ("OpenBrowser" →
// open_browser). An action added to keymap is configurable at once.

// keyContext is one context of keymap.KeyMap.
type keyContext struct {
	name    string // snake_case, as [keys.NAME]
	field   int    // index in KeyMap
	actions []keyAction
}

// keyAction is one binding of a context.
type keyAction struct {
	name  string // snake_case
	field int    // index in the context's struct
}

// keyContexts lists keymap.KeyMap's contexts and actions in field order.
// The type is fixed at build time, so the walk is done once, on first use.
var keyContexts = lazy.Value[[]keyContext]{Build: walkKeyMap}

func walkKeyMap() []keyContext {
	bindingType := reflect.TypeFor[key.Binding]()
	t := reflect.TypeFor[keymap.KeyMap]()
	var out []keyContext
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Type.Kind() != reflect.Struct {
			continue
		}
		c := keyContext{name: snake(f.Name), field: i}
		for j := range f.Type.NumField() {
			a := f.Type.Field(j)
			if a.IsExported() && a.Type == bindingType {
				c.actions = append(c.actions, keyAction{name: snake(a.Name), field: j})
			}
		}
		if len(c.actions) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// defaultKeys are keymap.Default's keys by context and action, read once
// (keymap builds the same bindings on every call).
var defaultKeys = lazy.Value[map[string]map[string][]string]{Build: func() map[string]map[string][]string {
	km := keymap.Default()
	out := map[string]map[string][]string{}
	for _, c := range keyContexts.Get() {
		out[c.name] = map[string][]string{}
		for _, a := range c.actions {
			out[c.name][a.name] = binding(km, c, a).Keys()
		}
	}
	return out
}}

// KeyContexts returns the names of the [keys.NAME] tables and, for each,
// its action names, in keymap's order: what a file may bind.
func KeyContexts() map[string][]string {
	out := map[string][]string{}
	for _, c := range keyContexts.Get() {
		for _, a := range c.actions {
			out[c.name] = append(out[c.name], a.name)
		}
	}
	return out
}

// binding returns a pointer to the binding of ctx's action in km.
func binding(km *keymap.KeyMap, c keyContext, a keyAction) *key.Binding {
	return reflect.ValueOf(km).Elem().Field(c.field).Field(a.field).Addr().Interface().(*key.Binding)
}

func (c keyContext) actionNames() []string {
	out := make([]string, len(c.actions))
	for i, a := range c.actions {
		out[i] = a.name
	}
	return out
}

func (c keyContext) action(name string) (keyAction, bool) {
	for _, a := range c.actions {
		if a.name == name {
			return a, true
		}
	}
	return keyAction{}, false
}

// snake turns a Go field name into the file's spelling: "OpenBrowser" →
// "open_browser", "NextTab" → "next_tab", "URLField" → "url_field".
func snake(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if unicode.IsUpper(c) && i > 0 {
			prevLower := unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1])
			nextLower := i+1 < len(r) && unicode.IsLower(r[i+1])
			if prevLower || (unicode.IsUpper(r[i-1]) && nextLower) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

const keysAllowed = `a key such as "n", "G", "ctrl+d", "shift+tab", "f5", "space", "esc", or a list of them ([] unbinds)`

// keys checks the [keys] tables and the clashes they make.
func (b *builder) keys(raw map[string]map[string]any) {
	if len(raw) == 0 {
		return
	}
	ctxs := keyContexts.Get()
	names := make([]string, len(ctxs))
	for i, c := range ctxs {
		names[i] = c.name
	}
	for _, cname := range sortedKeys(raw) {
		i := slices.Index(names, cname)
		if i < 0 {
			b.unknown("keys."+cname, cname, names)
			continue
		}
		c := ctxs[i]
		for _, aname := range sortedKeys(raw[cname]) {
			key := "keys." + cname + "." + aname
			if _, ok := c.action(aname); !ok {
				b.unknown(key, aname, c.actionNames())
				continue
			}
			keys, ok := b.keyList(key, raw[cname][aname])
			if !ok {
				continue
			}
			if len(keys) == 0 && cname == "global" && aname == "force_quit" {
				b.bad(key, "force_quit cannot be unbound; allowed: %s", strings.TrimSuffix(keysAllowed, " ([] unbinds)"))
				continue
			}
			if b.c.Keys[cname] == nil {
				b.c.Keys[cname] = map[string][]string{}
			}
			b.c.Keys[cname][aname] = keys
		}
		b.clashes(c, defaultKeys.Get()[c.name])
	}
}

// keyList reads one action's keys: a string or an array of strings, each
// a valid key name. Duplicates are dropped.
func (b *builder) keyList(key string, v any) ([]string, bool) {
	var items []any
	switch v := v.(type) {
	case string:
		items = []any{v}
	case []any:
		items = v
	default:
		b.bad(key, "expected a key name or a list of them, got %s; allowed: %s", tomlKind(v), keysAllowed)
		return nil, false
	}
	keys := []string{}
	ok := true
	for i, it := range items {
		elem := key
		if _, isList := v.([]any); isList {
			elem = fmt.Sprintf("%s[%d]", key, i)
		}
		s, isString := it.(string)
		if !isString {
			b.p.add(b.line(elem), "%s: expected a key name, got %s; allowed: %s", key, tomlKind(it), keysAllowed)
			ok = false
			continue
		}
		k, err := ParseKey(s)
		if err != nil {
			b.p.add(b.line(elem), "%s: %v; allowed: %s", key, err, keysAllowed)
			ok = false
			continue
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, ok
}

// clashes reports each key the file gives an action of c that another
// action of c also has, whether the file gave it or it is a default the
// file left alone. A key keymap's defaults already give both actions is
// no clash (such actions are active in different modes: reader.next and
// reader.next_match share n), and clashes among the defaults themselves
// are keymap's business, not the file's.
func (b *builder) clashes(c keyContext, defaults map[string][]string) {
	user := b.c.Keys[c.name]
	type owner struct {
		action string
		index  int // in the file's list; -1 for a default
	}
	owners := map[string]owner{}
	for _, a := range c.actions {
		keys, set := user[a.name]
		if !set {
			keys = defaults[a.name]
		}
		for i, k := range keys {
			o, taken := owners[k]
			if !taken {
				idx := i
				if !set {
					idx = -1
				}
				owners[k] = owner{a.name, idx}
				continue
			}
			if !set && o.index < 0 {
				continue
			}
			if slices.Contains(defaults[a.name], k) && slices.Contains(defaults[o.action], k) {
				// keymap itself gives both actions this key (they work
				// in different modes, as next and next_match do).
				continue
			}
			// Report at the file's line: this action's if the file set
			// it, else the other's.
			at, other, otherSet := a.name, o.action, o.index >= 0
			atIndex := i
			if !set {
				at, other, otherSet, atIndex = o.action, a.name, false, o.index
			}
			how := fmt.Sprintf("%s.%s by default", c.name, other)
			if otherSet {
				how = "both in this file"
			}
			key := "keys." + c.name + "." + at
			b.p.add(b.line(fmt.Sprintf("%s[%d]", key, atIndex)),
				"%s: key %q is bound to both %s.%s and %s.%s (%s); allowed: one action per key in [keys.%s]: "+
					"pick another key, or rebind %s.%s too",
				key, k, c.name, at, c.name, other, how, c.name, c.name, other)
		}
	}
}

// keyLabel is how help shows some keys, as keymap's defaults do.
func keyLabel(k string) (string, bool) {
	switch k {
	case "up":
		return "↑", true
	case "down":
		return "↓", true
	case "left":
		return "←", true
	case "right":
		return "→", true
	case "pgdown":
		return "pgdn", true
	}
	return "", false
}

// helpLabel is the help text's name of a list of keys: the first two,
// "n/→".
func helpLabel(keys []string) string {
	var parts []string
	for _, k := range keys[:min(2, len(keys))] {
		if l, ok := keyLabel(k); ok {
			k = l
		}
		parts = append(parts, k)
	}
	return strings.Join(parts, "/")
}

// ApplyKeys puts the file's bindings on km: each action the file lists
// gets those keys, and its help shows the first two of them (the action's
// description stays). An action whose keys are km's already keeps its
// help label; an empty list unbinds the action (it no longer matches and
// help leaves it out). km is usually keymap.Default(); apply the keys
// before screens copy their bindings.
func (c *Config) ApplyKeys(km *keymap.KeyMap) error {
	ctxs := keyContexts.Get()
	for _, cname := range sortedKeys(c.Keys) {
		i := slices.IndexFunc(ctxs, func(k keyContext) bool { return k.name == cname })
		if i < 0 {
			return fmt.Errorf("config: no key context %q in keymap", cname)
		}
		for _, aname := range sortedKeys(c.Keys[cname]) {
			a, ok := ctxs[i].action(aname)
			if !ok {
				return fmt.Errorf("config: no action %q in key context %q", aname, cname)
			}
			b := binding(km, ctxs[i], a)
			keys := c.Keys[cname][aname]
			if slices.Equal(keys, b.Keys()) {
				continue
			}
			if len(keys) == 0 {
				b.SetKeys()
				continue
			}
			b.SetKeys(slices.Clone(keys)...)
			b.SetHelp(helpLabel(keys), b.Help().Desc)
		}
	}
	return nil
}
