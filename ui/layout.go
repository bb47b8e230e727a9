package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/ui/common"
)

// Rows taken by the chrome around the content area.
const (
	headerHeight = 2 // tabs and a blank line
	footerHeight = 2 // status bar and help line
)

// layout gives the content area to every screen.
func (a *App) layout() {
	a.ctx.Width = a.width
	a.ctx.Height = max(a.height-headerHeight-footerHeight, 1)
	a.help.SetWidth(a.width)
	for _, s := range a.screens {
		s.SetSize(a.ctx.Width, a.ctx.Height)
	}
}

func (a *App) tooSmall() bool { return a.width < common.MinWidth || a.height < common.MinHeight }

func (a *App) render() string {
	if a.width == 0 || a.height == 0 {
		return ""
	}
	if a.tooSmall() {
		return a.tooSmallNote()
	}
	var content string
	if a.showHelp {
		content = a.fullHelp()
	} else {
		content = a.current().View()
	}
	return a.cachedHeader() + "\n\n" + fitHeight(content, a.ctx.Height) + "\n" +
		a.status.View(a.width, a.statusRight()) + "\n" +
		a.cachedShortHelp()
}

func (a *App) tooSmallNote() string {
	note := fmt.Sprintf("Terminal too small (%d×%d).\nPlease make it at least %d×%d.",
		a.width, a.height, common.MinWidth, common.MinHeight)
	lines := strings.Split(note, "\n")
	lines = lines[:min(len(lines), a.height)] // a one-line terminal gets the first line only
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, a.width, "…")
	}
	return lipgloss.Place(a.width, a.height, lipgloss.Center, lipgloss.Center,
		a.ctx.Styles.Note.Render(strings.Join(lines, "\n")))
}

// brand is the header's left part: name, then the badge naming what is
// read: FEEDS for the user's own catalogue (personal mode), DEMO for the
// demo's, none for a remote service.
func (a *App) brand() string {
	s := a.ctx.Styles.App
	b := " " + s.Name.Render("tidings") + " "
	switch {
	case a.ctx.Feeds != nil:
		b += s.Badge.Render("FEEDS") + " "
	case a.ctx.Demo:
		b += s.Badge.Render("DEMO") + " "
	}
	return b + " "
}

// tabLabels are the texts of the tabs as drawn: full labels when they fit
// beside the brand, otherwise the active tab in full and the others by
// number. header and tabAt both use it, so clicks land on what is drawn.
func (a *App) tabLabels() ([]tab, []string) {
	tabs := a.tabs()
	labels := make([]string, len(tabs))
	width := ansi.StringWidth(a.brand())
	for i, t := range tabs {
		labels[i] = t.label
		width += ansi.StringWidth(t.label) + 2
	}
	if width > a.width {
		for i, t := range tabs {
			if t.id != a.active {
				labels[i] = t.short
			}
		}
	}
	return tabs, labels
}

// header draws the brand, the tabs and the version.
func (a *App) header() string {
	st := a.ctx.Styles.Tabs
	var b strings.Builder
	b.WriteString(a.brand())
	tabs, labels := a.tabLabels()
	for i, t := range tabs {
		style := st.Inactive
		if t.id == a.active {
			style = st.Active
		}
		b.WriteString(style.Render(labels[i]))
	}
	line := b.String()
	if v := a.ctx.Styles.App.Version.Render(shortVersion(a.version) + " "); a.version != "" &&
		ansi.StringWidth(line)+ansi.StringWidth(v)+1 <= a.width {
		line += strings.Repeat(" ", a.width-ansi.StringWidth(line)-ansi.StringWidth(v)) + v
	}
	return ansi.Truncate(line, a.width, "…")
}

// tabAt finds the tab drawn at column x of the header.
func (a *App) tabAt(x int) (common.ScreenID, bool) {
	pos := ansi.StringWidth(a.brand())
	st := a.ctx.Styles.Tabs
	tabs, labels := a.tabLabels()
	for i, t := range tabs {
		w := ansi.StringWidth(st.Inactive.Render(labels[i]))
		if x >= pos && x < pos+w {
			return t.id, true
		}
		pos += w
	}
	return 0, false
}

// fullHelp draws every key of the active screen in columns.
func (a *App) fullHelp() string {
	title := a.ctx.Styles.Reader.Title.Render(" Keys — "+a.current().Title()) +
		a.ctx.Styles.Reader.Label.Render("   (any key closes)")
	return title + "\n\n" + indent(a.helpColumns(a.withQuitHelp(a.current().FullHelp())), " ")
}

// quitKey is the q binding as help shows it here: "back" where q leaves
// the reader, a story or a source's articles, "quit" on the tabbed screens or with q_quits.
func (a *App) quitKey() key.Binding {
	q := a.ctx.Keys.Global.Quit
	if a.qQuits || !a.nested(a.active) {
		return q
	}
	q.SetHelp(q.Help().Key, "back")
	return q
}

// withQuitHelp puts quitKey in place of the q binding in help groups.
func (a *App) withQuitHelp(groups [][]key.Binding) [][]key.Binding {
	q := a.ctx.Keys.Global.Quit.Help()
	out := make([][]key.Binding, len(groups))
	for i, g := range groups {
		out[i] = make([]key.Binding, len(g))
		for j, b := range g {
			if b.Help() == q {
				b = a.quitKey()
			}
			out[i][j] = b
		}
	}
	return out
}

// helpColumns lays the help groups out as columns, starting a new band of
// columns below when the next one would not fit the width.
func (a *App) helpColumns(groups [][]key.Binding) string {
	const gap = "    "
	var bands, band []string
	width := 0
	for _, g := range groups {
		col := a.help.FullHelpView([][]key.Binding{g})
		if col == "" {
			continue
		}
		w := lipgloss.Width(col)
		if len(band) > 0 && width+len(gap)+w > a.width-1 {
			bands = append(bands, lipgloss.JoinHorizontal(lipgloss.Top, band...))
			band, width = nil, 0
		}
		if len(band) > 0 {
			band = append(band, gap)
			width += len(gap)
		}
		band = append(band, col)
		width += w
	}
	if len(band) > 0 {
		bands = append(bands, lipgloss.JoinHorizontal(lipgloss.Top, band...))
	}
	return strings.Join(bands, "\n\n")
}

func indent(block, pad string) string {
	lines := strings.Split(block, "\n")
	for i, l := range lines {
		lines[i] = pad + l
	}
	return strings.Join(lines, "\n")
}

// fitHeight cuts or pads a block to exactly h lines.
func fitHeight(block string, h int) string {
	lines := strings.Split(block, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// shortHelp is the footer's help line. The screen's bindings are shown in
// order while they fit; the global ones (help, quit) always stay at the
// end, so the way to the full help is never cut off.
func (a *App) shortHelp() string {
	all := a.current().ShortHelp()
	global := a.ctx.Keys.Global.Short()
	if a.current().CapturesInput() {
		global = []key.Binding{a.ctx.Keys.Global.ForceQuit} // ? and q are typed text now
	}
	var local []key.Binding
	for _, b := range all {
		if b.Enabled() && !isGlobal(b, global) {
			local = append(local, b)
		}
	}
	global = a.withQuitHelp([][]key.Binding{global})[0]
	st := a.help.Styles
	sep := st.ShortSeparator.Render(a.help.ShortSeparator)
	item := func(b key.Binding) string {
		return st.ShortKey.Render(b.Help().Key) + " " + st.ShortDesc.Render(b.Help().Desc)
	}
	tail := ""
	for _, b := range global {
		if tail != "" || len(local) > 0 {
			tail += sep
		}
		tail += item(b)
	}
	room := a.width - ansi.StringWidth(tail) - 1
	var head strings.Builder
	for _, b := range local {
		next := item(b)
		if head.Len() > 0 {
			next = sep + next
		}
		if ansi.StringWidth(head.String())+ansi.StringWidth(next)+ansi.StringWidth(sep) > room {
			break
		}
		head.WriteString(next)
	}
	line := " " + head.String() + tail
	if head.Len() == 0 {
		line = " " + strings.TrimPrefix(tail, sep)
	}
	return ansi.Truncate(line, a.width, "…")
}

func isGlobal(b key.Binding, global []key.Binding) bool {
	for _, g := range global {
		if b.Help() == g.Help() {
			return true
		}
	}
	return false
}
