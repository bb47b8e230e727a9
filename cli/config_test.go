package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adrg/xdg"

	"tidings/config"
)

// freshHome points the config, state and data directories at new
// temporary ones for one test (TestMain's are shared by the whole
// package): no settings file, no state, no catalogue of feeds.
func freshHome(t *testing.T) (configHome, stateHome string) {
	t.Helper()
	t.Cleanup(xdg.Reload) // after t.Setenv has put the variables back
	configHome, stateHome = t.TempDir(), t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", configHome)
	t.Setenv("XDG_STATE_HOME", stateHome)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	xdg.Reload()
	return configHome, stateHome
}

// writeConfig writes a settings file in a temporary directory.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestConfigPathIsTheDefaultOrTheFlags(t *testing.T) {
	home, _ := freshHome(t)
	out, err := run(t, noEnv, "config", "path")
	if want := filepath.Join(home, "tidings", "config.toml") + "\n"; err != nil || out != want {
		t.Fatalf("config path = %q, %v; want %q (whether or not the file exists)", out, err, want)
	}
	out, err = run(t, noEnv, "--config", "/somewhere/else.toml", "config", "path")
	if err != nil || out != "/somewhere/else.toml\n" {
		t.Fatalf("config path with --config = %q, %v", out, err)
	}
	out, err = run(t, noEnv, "config", "path", "--config", "/after/the/command.toml")
	if err != nil || out != "/after/the/command.toml\n" {
		t.Fatalf("--config after the subcommand = %q, %v", out, err)
	}
}

func TestConfigInitWritesTheTemplateOnceUnlessForced(t *testing.T) {
	home, _ := freshHome(t)
	path := filepath.Join(home, "tidings", "config.toml")
	out, err := run(t, noEnv, "config", "init")
	if err != nil || !strings.Contains(out, "wrote "+path) {
		t.Fatalf("config init = %q, %v", out, err)
	}
	data, err := os.ReadFile(path)
	if err != nil || string(data) != config.Template() {
		t.Fatalf("the file is not the template (%v)", err)
	}
	if info, err := os.Stat(filepath.Dir(path)); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("directory mode = %v (%v), want 0700", info.Mode().Perm(), err)
	}
	// The template changes nothing: it loads as the defaults.
	if c, err := config.Load(path); err != nil || c.IsSet("reader") || c.IsSet("service") {
		t.Errorf("the template does not load as the defaults: %v", err)
	}

	if err := os.WriteFile(path, []byte("# mine\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = run(t, noEnv, "config", "init")
	if err == nil || !strings.Contains(err.Error(), "already exists") || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("config init over a file: %v; want a refusal mentioning --force", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "# mine\n" {
		t.Fatal("config init replaced an existing file without --force")
	}
	if _, err := run(t, noEnv, "config", "init", "--force"); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != config.Template() {
		t.Fatal("--force did not replace the file")
	}

	other := filepath.Join(t.TempDir(), "new", "dir", "tidings.toml")
	if out, err := run(t, noEnv, "--config", other, "config", "init"); err != nil || !strings.Contains(out, other) {
		t.Fatalf("config init --config: %q, %v", out, err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Fatal(err)
	}
}

// A bad file stops the reader before anything starts, with status 2 and
// the file's name and line.
func TestBadConfigFileIsExitStatusTwoWithFileAndLine(t *testing.T) {
	base, hits := countingService(t)
	path := writeConfig(t, "[reader]\ncountry = \"de\"\ncolour = \"red\"\n")
	for _, args := range [][]string{{"--config", path}, {"--config", path, "watch", "check"}} {
		_, err := run(t, envOf(map[string]string{"NEWS_API_BASE_URL": base, "NEWS_API_KEY": "k"}), args...)
		if err == nil || !strings.Contains(err.Error(), path+":3:") || !strings.Contains(err.Error(), "colour") {
			t.Fatalf("%v: error = %v; want %s:3: naming the unknown key", args, err, path)
		}
		if code := exitStatus(err); code != 2 {
			t.Errorf("%v: exit status %d, want 2", args, code)
		}
	}
	_, err := run(t, noEnv, "--config", filepath.Join(t.TempDir(), "missing.toml"))
	if err == nil || exitStatus(err) != 2 {
		t.Errorf("a missing --config file: %v (status %d); want status 2", err, exitStatus(err))
	}
	if hits.Load() != 0 {
		t.Fatal("a request was sent before the bad file was reported")
	}
}

// The default file is read when there is no --config, and a missing one
// is no error.
func TestDefaultConfigFileIsRead(t *testing.T) {
	home, _ := freshHome(t)
	g := &globalFlags{}
	if c, err := g.loadConfig(); err != nil || c.Path != "" {
		t.Fatalf("no file: %+v, %v; want the defaults", c, err)
	}
	path := filepath.Join(home, "tidings", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("[reader]\ncountry = \"fr\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if c, err := g.loadConfig(); err != nil || c.Reader.Country != "fr" || c.Path != path {
		t.Fatalf("default file: %+v, %v", c, err)
	}
}
