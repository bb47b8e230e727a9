package ui

import (
	"strconv"
	"strings"
)

// chromeCache keeps the header and the help line between frames: they
// change only with the size, theme, active screen or the bindings on
// offer, and measuring their styled text is most of a frame's cost
// otherwise.
type chromeCache struct {
	headerKey, header string
	helpKey, help     string
}

func (a *App) cachedHeader() string {
	k := strconv.Itoa(a.width) + "/" + strconv.Itoa(a.ctx.ThemeGen) + "/" + strconv.Itoa(int(a.active)) +
		"/" + a.tabsShown()
	if k != a.chrome.headerKey {
		a.chrome.headerKey, a.chrome.header = k, a.header()
	}
	return a.chrome.header
}

// tabsShown says which of the tabs that come and go show now, one letter
// each, for the header's cache key.
func (a *App) tabsShown() string {
	b := make([]byte, 0, len(a.defs))
	for _, d := range a.defs {
		if d.shown == nil {
			continue
		}
		if d.shown(a) {
			b = append(b, 'y')
		} else {
			b = append(b, 'n')
		}
	}
	return string(b)
}

func (a *App) cachedShortHelp() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(a.width) + "/" + strconv.Itoa(a.ctx.ThemeGen) + "/" +
		strconv.FormatBool(a.current().CapturesInput()))
	for _, kb := range a.current().ShortHelp() {
		if kb.Enabled() {
			h := kb.Help()
			b.WriteString("\x00" + h.Key + "\x01" + h.Desc)
		}
	}
	if k := b.String(); k != a.chrome.helpKey {
		a.chrome.helpKey, a.chrome.help = k, a.shortHelp()
	}
	return a.chrome.help
}
