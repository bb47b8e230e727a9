// Package theme turns one semantic palette into every style the reader
// uses. Styles are built once per background (light or dark) and colour
// mode, never per frame; views only call Render on them.
//
// The light/dark choice comes from the terminal's answer to
// tea.RequestBackgroundColor (dark until one arrives). NO_COLOR gives a
// monochrome variant whose selection is still obvious: a ▌ marker plus
// reverse video instead of colour.
package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Background says which background the theme is for.
type Background int

// The backgrounds: auto follows the terminal's answer to
// tea.RequestBackgroundColor; dark and light are the user's choice.
const (
	BackgroundAuto Background = iota
	BackgroundDark
	BackgroundLight
)

// Palette names the colours by role, resolved for one background.
type Palette struct {
	Text      color.Color // body text
	Muted     color.Color // secondary text: sources, times
	Subtle    color.Color // rules, borders, hints
	Primary   color.Color // titles, the active tab
	Accent    color.Color // the selection marker, links
	Highlight color.Color // background of the active tab and badges
	OnAccent  color.Color // text on Highlight
	Error     color.Color
	Warning   color.Color
	Success   color.Color
}

// NewPalette resolves the palette for a dark or light background.
func NewPalette(isDark bool) Palette {
	ld := lipgloss.LightDark(isDark)
	c := lipgloss.Color
	return Palette{
		Text:      ld(c("#1F2328"), c("#E6E6E6")),
		Muted:     ld(c("#59636E"), c("#9A9AA8")),
		Subtle:    ld(c("#AFB8C1"), c("#4A4A58")),
		Primary:   ld(c("#4B3FD1"), c("#A99CFF")),
		Accent:    ld(c("#C2185B"), c("#FF6FAE")),
		Highlight: ld(c("#5B4FE0"), c("#7D6FF0")),
		OnAccent:  c("#FFFFFF"),
		Error:     ld(c("#C62828"), c("#FF6B6B")),
		Warning:   ld(c("#9A6700"), c("#F2C14E")),
		Success:   ld(c("#1A7F37"), c("#6BD98A")),
	}
}
