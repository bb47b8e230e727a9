package cli

import (
	"fmt"
	"os"
	"testing"

	"github.com/adrg/xdg"
)

// TestMain points every XDG directory at a temporary folder, so that no
// test reads or writes the real home directory (the user's catalogue,
// config or state) whatever it runs.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "tidings-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, v := range []string{"XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		os.Setenv(v, home+"/"+v)
	}
	os.Setenv("HOME", home)
	xdg.Reload()
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
