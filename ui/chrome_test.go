package ui

import (
	"errors"
	"strings"
	"testing"

	"tidings/api"
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

// "Could not start a browser…" (now "Could not open the link…") was still in the status line after the
// user had moved on (issue 28, item 16): a note about what just happened
// goes at the next key.
func TestBrowserFailureNoteGoesAtNextKey(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 3}, 120, 40)
		h.app.openURL = func(string) error { return errors.New("no browser") }
		h.keys("o")
		if !strings.Contains(h.view(), "Could not open the link") {
			t.Fatalf("no note after a failed open:\n%s", h.view())
		}
		h.keys("j")
		if strings.Contains(h.view(), "Could not open the link") {
			t.Fatalf("the note stayed after the next key:\n%s", h.view())
		}
	})
}

// Against a service that groups no stories, z turned on "Stories one row
// each" over a list it could not change, and its note followed the user
// to Sources (issue 28, item 14).
func TestCollapseUnavailableWithoutStories(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 5}, 120, 40, func(c *Config) { c.Dialect = api.DialectNewsAPI })
		h.keys("z")
		out := h.view()
		if strings.Contains(out, "one row each") {
			t.Fatalf("z turned on one row per story though no article is in a story:\n%s", out)
		}
		if !strings.Contains(out, "z is unavailable") || !strings.Contains(out, "groups no stories") {
			t.Fatalf("z did not say it is unavailable:\n%s", out)
		}
		h.keys("2")
		if out := h.view(); strings.Contains(out, "groups no stories") {
			t.Fatalf("the Headlines note followed the user to Sources:\n%s", out)
		}
	})
}
