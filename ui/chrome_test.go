package ui

import (
	"errors"
	"strings"
	"testing"
)

// A build from a git checkout has a pseudo-version 40 cells wide; the
// header shows its commit, and a release as it is (issue 28, item 11).
func TestHeaderShowsShortVersion(t *testing.T) {
	cases := []struct{ version, want string }{
		{"v0.0.0-20261201235959-d3d93bd4e5f6+dirty", "d3d93bd+dirty"},
		{"v0.0.0-20261201235959-d3d93bd4e5f6", "d3d93bd"},
		{"v1.2.4-0.20261201235959-d3d93bd4e5f6", "d3d93bd"},
		{"v1.2.3", "v1.2.3"},
		{"dev", "dev"},
	}
	for _, c := range cases {
		t.Run(c.version, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				h := newHarness(&fakeClient{total: 3}, 120, 40, func(cfg *Config) { cfg.Version = c.version })
				header := strings.SplitN(h.view(), "\n", 2)[0]
				if !strings.HasSuffix(strings.TrimRight(header, " "), c.want) {
					t.Errorf("header %q should end with %q", header, c.want)
				}
				if strings.Contains(header, "2026120123") {
					t.Errorf("header %q shows the pseudo-version's timestamp", header)
				}
			})
		})
	}
}

// "Could not start a browser…" was still in the status line after the
// user had moved on (issue 28, item 16): a note about what just happened
// goes at the next key.
func TestBrowserFailureNoteGoesAtNextKey(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 120, 40)
		h.app.openURL = func(string) error { return errors.New("no browser") }
		h.keys("o")
		if !strings.Contains(h.view(), "Could not start a browser") {
			t.Fatalf("no note after a failed open:\n%s", h.view())
		}
		h.keys("j")
		if strings.Contains(h.view(), "Could not start a browser") {
			t.Fatalf("the note stayed after the next key:\n%s", h.view())
		}
	})
}
