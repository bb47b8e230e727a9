package config

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"testing"
)

func TestParseColor(t *testing.T) {
	valid := map[string]Color{
		"#FF6FAE": "#ff6fae", "#abc": "#aabbcc", " #000000 ": "#000000", "0": "0", "255": "255", "007": "7",
	}
	for in, want := range valid {
		if got, err := ParseColor(in); err != nil || got != want {
			t.Errorf("ParseColor(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "#", "#12345", "#1234567", "#ggg", "256", "-1", "red", "1.5", "0x10"} {
		if got, err := ParseColor(in); err == nil {
			t.Errorf("ParseColor(%q) = %q, want an error", in, got)
		}
	}
}

// TestColorRolesMatchPalette keeps Colors' fields equal to
// ui/theme.Palette's, reading its source (config may not import ui).
func TestColorRolesMatchPalette(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../ui/theme/palette.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var palette []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Palette" {
			return true
		}
		for _, field := range ts.Type.(*ast.StructType).Fields.List {
			for _, name := range field.Names {
				palette = append(palette, name.Name)
			}
		}
		return false
	})
	var ours []string
	ct := reflect.TypeFor[Colors]()
	for i := range ct.NumField() {
		ours = append(ours, ct.Field(i).Name)
	}
	if len(palette) == 0 || !slices.Equal(ours, palette) {
		t.Errorf("config.Colors fields %v, ui/theme.Palette fields %v", ours, palette)
	}
	for _, role := range colorRoles.Get() {
		if roleHelp(role) == "" {
			t.Errorf("role %q has no help text for the template", role)
		}
	}
}

func TestThemeFor(t *testing.T) {
	th := Theme{
		Colors: Colors{Accent: "#111111", Text: "7"},
		Dark:   Colors{Accent: "#222222"},
		Light:  Colors{Muted: "8"},
	}
	if got := th.For(true); got != (Colors{Accent: "#222222", Text: "7"}) {
		t.Errorf("dark: %+v", got)
	}
	if got := th.For(false); got != (Colors{Accent: "#111111", Text: "7", Muted: "8"}) {
		t.Errorf("light: %+v", got)
	}
	roles := th.For(true).Roles()
	if len(roles) != 2 || roles["accent"] != "#222222" || roles["text"] != "7" {
		t.Errorf("roles %v", roles)
	}
}
