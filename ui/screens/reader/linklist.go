package reader

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/textsafe"
)

// linkList is L in the reader: the full text's links, numbered as in the
// text ("the report [3]"), two lines each (text, then address). Typing a
// number selects that link (digits add up: 1 then 2 is link 12) and enter
// opens the selection, so there is no pause to wait out.
type linkList struct {
	open   bool
	sel    int    // index into the links
	typed  string // the digits typed so far
	offset int    // first link shown
}

// rowsPerLink is how many lines a link takes in the list.
const rowsPerLink = 2

// openLinks is L: the list opens if the full text has links.
func (m *Model) openLinks() tea.Cmd {
	switch {
	case m.full.doc == nil || !m.full.showing:
		return common.Status("The link list is the full text's: press f first.", common.LevelInfo)
	case len(m.full.doc.links) == 0:
		return common.Status("The full text has no links.", common.LevelInfo)
	}
	m.links = linkList{open: true}
	return nil
}

// handleLinksKey is a key while the list is open.
func (m *Model) handleLinksKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.ctx.Keys.Links
	l := &m.links
	links := m.full.doc.links
	page := max(m.listRows()/rowsPerLink, 1)
	switch {
	case key.Matches(msg, k.Close):
		m.links = linkList{}
		return nil
	case key.Matches(msg, k.Number):
		typed := l.typed + msg.Text
		n, _ := strconv.Atoi(typed)
		if n < 1 || n > len(links) {
			// Not a link: start again from this digit.
			typed = msg.Text
			n, _ = strconv.Atoi(typed)
		}
		if n >= 1 && n <= len(links) {
			l.typed, l.sel = typed, n-1
		} else {
			l.typed = ""
		}
	case msg.String() == "backspace" && l.typed != "":
		l.typed = l.typed[:len(l.typed)-1]
		if n, err := strconv.Atoi(l.typed); err == nil && n >= 1 {
			l.sel = n - 1
		}
	case key.Matches(msg, k.Open):
		return common.Cmd(common.OpenURLMsg{URL: links[l.sel].URL})
	case key.Matches(msg, k.Copy):
		return common.Cmd(common.CopyURLMsg{URL: links[l.sel].URL})
	case key.Matches(msg, k.Up):
		l.sel, l.typed = max(l.sel-1, 0), ""
	case key.Matches(msg, k.Down):
		l.sel, l.typed = min(l.sel+1, len(links)-1), ""
	case key.Matches(msg, k.PageUp):
		l.sel, l.typed = max(l.sel-page, 0), ""
	case key.Matches(msg, k.PageDown):
		l.sel, l.typed = min(l.sel+page, len(links)-1), ""
	case key.Matches(msg, k.Top):
		l.sel, l.typed = 0, ""
	case key.Matches(msg, k.Bottom):
		l.sel, l.typed = len(links)-1, ""
	}
	return nil
}

// listRows is the lines the list's links may use: the area less the
// heading, its blank line and the hint line at the bottom.
func (m *Model) listRows() int { return max(m.height-3, rowsPerLink) }

// linksView draws the list in the reader's area, height lines.
func (m *Model) linksView() string {
	s := m.ctx.Styles
	links := m.full.doc.links
	l := &m.links
	pad := strings.Repeat(" ", margin)
	w := m.textWidth()
	page := max(m.listRows()/rowsPerLink, 1)
	if l.sel < l.offset {
		l.offset = l.sel
	}
	if l.sel >= l.offset+page {
		l.offset = l.sel - page + 1
	}
	head := fmt.Sprintf("Links in the text (%d)", len(links))
	if l.typed != "" {
		head += " · link " + l.typed
	}
	out := []string{pad + s.Reader.Title.Render(textsafe.Truncate(head, w)), ""}
	numW := len(strconv.Itoa(len(links))) + 2 // "[12]"
	for i := l.offset; i < min(l.offset+page, len(links)); i++ {
		ln := links[i]
		num := fmt.Sprintf("%*s", numW, "["+strconv.Itoa(i+1)+"]")
		text := ln.Text
		if text == "" {
			text = "(no text)"
		}
		marker, textStyle := " ", s.Reader.Body
		if i == l.sel {
			marker, textStyle = s.List.Marker.Render("▌"), s.Reader.LinkSelected
		}
		tw := max(w-numW-2, 4)
		out = append(out,
			pad[:margin-1]+marker+s.Reader.LinkNumber.Render(num)+" "+textStyle.Render(textsafe.Truncate(text, tw)),
			pad+strings.Repeat(" ", numW+1)+s.Reader.Label.Render(textsafe.Truncate(ln.Shown, tw)))
	}
	for len(out) < m.height-1 {
		out = append(out, "")
	}
	hint := "type a number to pick a link · enter/o open · y copy · ↑/↓ move · esc close"
	out = append(out[:m.height-1], pad+s.Reader.Label.Render(textsafe.Truncate(hint, max(m.width-2*margin, 1))))
	return strings.Join(out, "\n")
}
