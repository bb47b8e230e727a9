package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The modifiers in the order Bubble Tea writes them ("ctrl+alt+shift+a").
var modifiers = []string{"ctrl", "alt", "shift", "meta", "hyper", "super"}

// namedKey reports whether k is a name Bubble Tea gives a non-printing
// key. (Functions, not package-level maps, so that nothing is built at
// start-up: issue 31.)
func namedKey(k string) bool {
	switch k {
	case "enter", "tab", "backspace", "esc", "space", "up", "down", "left", "right", "begin", "find",
		"insert", "delete", "select", "pgup", "pgdown", "home", "end", "equal", "mul", "plus", "comma", "minus", "period", "div", "sep",
		"capslock", "scrolllock", "numlock", "printscreen", "pause", "menu", "mediaplay", "mediapause", "mediaplaypause",
		"mediareverse", "mediastop", "mediafastforward", "mediarewind", "medianext", "mediaprev", "mediarecord",
		"lowervol", "raisevol", "mute":
		return true
	}
	return functionKey(k)
}

// functionKey reports whether k is f1 to f63, written as Bubble Tea
// writes it (no sign, no leading zero).
func functionKey(k string) bool {
	digits, ok := strings.CutPrefix(k, "f")
	if !ok {
		return false
	}
	n, err := strconv.Atoi(digits)
	return err == nil && n >= 1 && n <= 63 && strconv.Itoa(n) == digits
}

// keyAlias is the named key another name people write stands for.
func keyAlias(name string) (string, bool) {
	switch name {
	case "escape":
		return "esc", true
	case "return":
		return "enter", true
	case "pgdn", "pagedown":
		return "pgdown", true
	case "pageup":
		return "pgup", true
	case "del":
		return "delete", true
	case "ins":
		return "insert", true
	case " ":
		return "space", true
	}
	return "", false
}

// ParseKey checks a key as the file writes it and returns it as Bubble
// Tea names the key press, so that it matches: modifiers in Bubble Tea's
// order, named keys in lower case ("Ctrl+Enter" → "ctrl+enter"),
// "shift+a" as "A" and "ctrl+A" as "ctrl+shift+a".
func ParseKey(s string) (string, error) {
	if s == "" {
		return "", fmt.Errorf("empty key")
	}
	if utf8.RuneCountInString(s) == 1 {
		return baseKey(s)
	}
	var mods []string
	base := s
	if strings.HasSuffix(s, "++") {
		base, mods = "+", strings.Split(strings.TrimSuffix(s, "++"), "+")
	} else if i := strings.LastIndexByte(s, '+'); i >= 0 {
		base, mods = s[i+1:], strings.Split(s[:i], "+")
	}
	seen := map[string]bool{}
	for _, m := range mods {
		m = strings.ToLower(strings.TrimSpace(m))
		if !slices.Contains(modifiers, m) {
			return "", fmt.Errorf("unknown modifier %q in %q (modifiers: %s)", m, s, strings.Join(modifiers, ", "))
		}
		if seen[m] {
			return "", fmt.Errorf("modifier %q twice in %q", m, s)
		}
		seen[m] = true
	}
	b, err := baseKey(base)
	if err != nil {
		return "", fmt.Errorf("%v in %q", err, s)
	}
	if r, _ := utf8.DecodeRuneInString(b); utf8.RuneCountInString(b) == 1 && unicode.IsLetter(r) {
		switch {
		case len(seen) == 1 && seen["shift"]:
			// Bubble Tea names shift+a by its text, "A".
			return string(unicode.ToUpper(r)), nil
		case len(seen) > 0 && unicode.IsUpper(r):
			seen["shift"] = true
			b = string(unicode.ToLower(r))
		}
	}
	var out []string
	for _, m := range modifiers {
		if seen[m] {
			out = append(out, m)
		}
	}
	return strings.Join(append(out, b), "+"), nil
}

// baseKey checks a key without modifiers: one printable character, or a
// named key.
func baseKey(s string) (string, error) {
	if utf8.RuneCountInString(s) == 1 && s != " " {
		r, _ := utf8.DecodeRuneInString(s)
		if !unicode.IsPrint(r) {
			return "", fmt.Errorf("unprintable key %q", s)
		}
		return s, nil
	}
	t := strings.ToLower(strings.TrimSpace(s))
	if a, ok := keyAlias(t); ok {
		t = a
	} else if a, ok := keyAlias(s); ok {
		t = a
	}
	if namedKey(t) {
		return t, nil
	}
	return "", fmt.Errorf("unknown key %q", s)
}
