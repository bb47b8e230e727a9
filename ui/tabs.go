package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
)

// tab is one entry of the header's tab bar.
type tab struct {
	id    common.ScreenID
	label string
	short string // the label when the header is too narrow for all of them
}

// tabs are the header's tabs in the registry's order: the screens whose
// tab shows now (the nested ones once something has been opened in them).
// Each is labelled with the key that shows it, so tab, shift+tab and the
// number keys reach every one.
func (a *App) tabs() []tab {
	out := make([]tab, 0, len(a.defs))
	g := a.ctx.Keys.Global
	for _, d := range a.defs {
		if !a.hasTab(d) {
			continue
		}
		// The key that opens the screen, as the user bound it.
		n := d.key(g).Help().Key
		label := d.label
		if n != "" {
			label = n + " " + d.label
		} else {
			n = fmt.Sprint(len(out) + 1) // unbound: the tab's place
		}
		out = append(out, tab{d.id, label, n})
	}
	return out
}

// cycle moves through the tabs in the order the header shows them,
// wrapping around.
func (a *App) cycle(delta int) tea.Cmd {
	tabs := a.tabs()
	for i, t := range tabs {
		if t.id == a.active {
			n := len(tabs)
			return a.switchTo(tabs[((i+delta)%n+n)%n].id)
		}
	}
	return nil
}

// show is a screen's key: it shows the screen if it has a tab, or says how
// to give it one.
func (a *App) show(d screenDef) tea.Cmd {
	if a.hasTab(d) {
		return a.switchTo(d.id)
	}
	if d.closed == nil {
		return nil
	}
	return a.status.Show(d.closed(a.ctx.Keys), common.LevelInfo)
}
