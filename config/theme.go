package config

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"tidings/lazy"
)

// Theme is the [theme] table: the background mode and colour overrides.
type Theme struct {
	Mode ThemeMode
	// Colors override palette roles whatever the background; Dark and
	// Light override them on that background only, after Colors.
	Colors Colors
	Dark   Colors
	Light  Colors
}

// ThemeMode says which palette the reader uses.
type ThemeMode string

// The theme modes.
const (
	// ThemeAuto follows the terminal's background (its answer to the
	// background colour query; dark until one arrives).
	ThemeAuto  ThemeMode = "auto"
	ThemeDark  ThemeMode = "dark"
	ThemeLight ThemeMode = "light"
)

// ThemeModes returns every theme mode, the default first.
func ThemeModes() []ThemeMode { return []ThemeMode{ThemeAuto, ThemeDark, ThemeLight} }

// Color is a colour as lipgloss.Color takes it: "#rrggbb" (lower case) or
// an ANSI colour number "0" to "255". "" means no override.
type Color string

// Colors holds one override per palette role. The fields are named as
// ui/theme.Palette's (a test keeps them equal); the file spells them in
// snake_case: text, muted, subtle, primary, accent, highlight, on_accent,
// error, warning, success.
type Colors struct {
	Text      Color
	Muted     Color
	Subtle    Color
	Primary   Color
	Accent    Color
	Highlight Color
	OnAccent  Color
	Error     Color
	Warning   Color
	Success   Color
}

// Roles returns the overrides that are set, by role name as the file
// spells it ("on_accent").
func (c Colors) Roles() map[string]Color {
	out := map[string]Color{}
	v := reflect.ValueOf(c)
	for i := range v.NumField() {
		if col := v.Field(i).Interface().(Color); col != "" {
			out[snake(v.Type().Field(i).Name)] = col
		}
	}
	return out
}

// For returns the overrides that apply on a dark or light background:
// Colors, then Dark or Light on top.
func (t Theme) For(isDark bool) Colors {
	out := t.Colors
	over := t.Light
	if isDark {
		over = t.Dark
	}
	ov, dst := reflect.ValueOf(over), reflect.ValueOf(&out).Elem()
	for i := range ov.NumField() {
		if ov.Field(i).String() != "" {
			dst.Field(i).Set(ov.Field(i))
		}
	}
	return out
}

// colorRoles are the snake_case role names, in Palette's order.
var colorRoles = lazy.Value[[]string]{Build: func() []string {
	t := reflect.TypeFor[Colors]()
	out := make([]string, t.NumField())
	for i := range out {
		out[i] = snake(t.Field(i).Name)
	}
	return out
}}

// setColor puts col on the role named by its snake_case name.
func (c *Colors) setColor(role string, col Color) bool {
	v := reflect.ValueOf(c).Elem()
	t := v.Type()
	for i := range t.NumField() {
		if snake(t.Field(i).Name) == role {
			v.Field(i).SetString(string(col))
			return true
		}
	}
	return false
}

const colorAllowed = `"#rrggbb" (e.g. "#ff6fae") or an ANSI colour number "0" to "255"`

// ParseColor reads "#rrggbb" (any case, or "#rgb") or an ANSI colour
// number 0 to 255, and returns it as lipgloss.Color takes it.
func ParseColor(s string) (Color, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if strings.HasPrefix(t, "#") {
		hex := t[1:]
		if len(hex) == 3 {
			hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
		}
		if len(hex) == 6 && strings.Trim(hex, "0123456789abcdef") == "" {
			return Color("#" + hex), nil
		}
		return "", fmt.Errorf("invalid colour %q", s)
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > 255 {
		return "", fmt.Errorf("invalid colour %q", s)
	}
	return Color(strconv.Itoa(n)), nil
}
