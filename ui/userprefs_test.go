package ui

import (
	"image/color"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"tidings/keymap"
	"tidings/ui/common"
	"tidings/ui/theme"
)

// A light theme chosen by the user stays light whatever the terminal
// says, and the user's colours are the ones drawn.
func TestUsersThemeAndColoursWin(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 5}, 100, 30, func(c *Config) {
			c.Background = theme.BackgroundLight
			c.Palette = func(isDark bool, p *theme.Palette) {
				if !isDark {
					p.Primary = lipgloss.Color("#123456")
				}
			}
		})
		h.send(tea.BackgroundColorMsg{Color: color.Black}) // the terminal is dark
		if h.app.ctx.Styles.IsDark {
			t.Fatal("the terminal's dark background replaced the user's light theme")
		}
		if view := h.app.View().Content; !strings.Contains(view, "38;2;18;52;86") {
			t.Errorf("the user's Primary colour #123456 is not drawn:\n%q", view)
		}
	})
}

// The user's bindings are the ones that act and the ones help shows.
func TestUsersKeysActAndShowInHelp(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		km := keymap.Default()
		km.Global.Sources = key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "sources"))
		h := newHarness(&fakeClient{total: 5}, 120, 30, func(c *Config) { c.Keys = km })
		h.keys("?")
		view := h.view()
		if !regexp.MustCompile(`\bS +sources`).MatchString(view) || regexp.MustCompile(`\b2 +sources`).MatchString(view) {
			t.Errorf("help does not show the user's binding:\n%s", view)
		}
		if !strings.Contains(view, "S Sources") || strings.Contains(view, "2 Sources") {
			t.Errorf("the tabs do not show the user's binding:\n%s", view)
		}
		h.keys("?", "2")
		if h.app.Active() == common.Sources {
			t.Errorf("2 still opens Sources after the user rebound it")
		}
		h.keys("S")
		if h.app.Active() != common.Sources {
			t.Errorf("S did not open Sources: screen %v", h.app.Active())
		}
	})
}
