package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"tidings/keymap"
)

// settingLine is a commented-out setting or table line of the template.
var settingLine = regexp.MustCompile(`^#(\[[a-z_.]+\]$|[a-z_]+ = )`)

// uncomment turns on every setting of the template.
func uncomment(tmpl string) string {
	lines := strings.Split(tmpl, "\n")
	for i, l := range lines {
		if settingLine.MatchString(l) {
			lines[i] = l[1:]
		}
	}
	return strings.Join(lines, "\n")
}

func TestTemplateChangesNothing(t *testing.T) {
	c, err := parse(t, Template())
	if err != nil {
		t.Fatal(err)
	}
	c.Path = ""
	if !reflect.DeepEqual(c, Default()) {
		t.Errorf("the template as written: %+v, want the defaults", c)
	}
	for _, l := range strings.Split(Template(), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			t.Errorf("template line %q is not commented out", l)
		}
	}
}

func TestTemplateRoundTrip(t *testing.T) {
	doc := uncomment(Template())
	c, err := parse(t, doc)
	if err != nil {
		t.Fatalf("the template uncommented does not parse: %v\n%s", err, doc)
	}
	d := Default()
	// Every setting is in the template: the file sets each.
	for _, key := range []string{
		"service.base_url", "service.dialect", "service.api_key_command", "service.user",
		"reader.start_screen", "reader.country", "reader.category", "reader.language", "reader.sort",
		"reader.page_size", "reader.full_text", "reader.allow_private_fetch", "reader.q_quits", "reader.open_command",
		"theme.mode", "feeds.refresh_interval",
	} {
		if !c.IsSet(key) {
			t.Errorf("the template lacks %s", key)
		}
	}
	for _, role := range colorRoles.Get() {
		if !c.IsSet("theme.colors." + role) {
			t.Errorf("the template lacks theme.colors.%s", role)
		}
	}
	for ctx, actions := range KeyContexts() {
		for _, a := range actions {
			if !c.IsSet("keys." + ctx + "." + a) {
				t.Errorf("the template lacks keys.%s.%s", ctx, a)
			}
		}
	}
	// And every value is the default.
	got, want := *c, *d
	got.Path, got.set, got.Keys, want.set, want.Keys = "", nil, nil, nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the template uncommented: %+v\nwant the defaults %+v", got, want)
	}
	km := keymap.Default()
	if err := c.ApplyKeys(km); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(km, keymap.Default()) {
		t.Error("the template's key bindings differ from keymap's defaults")
	}
}

func TestWriteTemplate(t *testing.T) {
	p := filepath.Join(t.TempDir(), "new", "dir", "config.toml")
	if err := WriteTemplate(p, false); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil || string(data) != Template() {
		t.Fatalf("written %d bytes, %v; want the template", len(data), err)
	}
	if c, err := Load(p); err != nil || c.Reader != Default().Reader {
		t.Errorf("Load of the written template: %v", err)
	}
	// It refuses to overwrite, and leaves the file as it was.
	if err := os.WriteFile(p, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = WriteTemplate(p, false)
	if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), p) {
		t.Errorf("WriteTemplate over a file: %v, want fs.ErrExist naming it", err)
	}
	if data, _ := os.ReadFile(p); string(data) != "# mine\n" {
		t.Errorf("refusing, it still changed the file: %q", data)
	}
	// Unless told to.
	if err := WriteTemplate(p, true); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); string(data) != Template() {
		t.Error("overwrite did not write the template")
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}
