package articlelist

import (
	"strings"

	"charm.land/lipgloss/v2"

	"tidings/ui/components/articles"
	"tidings/ui/components/columns"
)

// previewCache keeps the last preview: it changes only with the
// selection, size, theme or minute (relative times).
type previewCache struct {
	key  previewKey
	text string
}

type previewKey struct {
	item          string
	width, height int
	themeGen      int
	minute        int64
	ok, set       bool
}

// View draws the list and, on wide terminals, the selected article's
// preview beside it: exactly the size given to SetSize.
func (m *Model) View() string {
	lw, pw := m.Columns()
	if pw == 0 {
		return m.list.View()
	}
	if m.opts.bordered {
		return lipgloss.JoinHorizontal(lipgloss.Top, padBlock(m.list.View(), lw), m.previewView(pw))
	}
	return columns.Join(m.list.View(), m.previewView(pw))
}

func (m *Model) previewView(width int) string {
	it, ok := m.list.Selected()
	height := max(m.height, 1)
	k := previewKey{item: articles.Key(it), width: width, height: height, themeGen: m.ctx.ThemeGen,
		minute: m.ctx.Clock().Unix() / 60, ok: ok, set: true}
	if m.preview.key == k {
		return m.preview.text
	}
	var text string
	if m.opts.bordered {
		border := m.ctx.Styles.Preview.Border
		inner := max(1, width-border.GetHorizontalFrameSize())
		text = border.Height(height).Render(Preview(it, ok, inner, height, &m.ctx.View))
	} else {
		text = PreviewPane(it, ok, width, height, &m.ctx.View)
	}
	m.preview = previewCache{key: k, text: text}
	return text
}

// padBlock pads every line of block to width cells, so a pane joined to
// its right lines up.
func padBlock(block string, width int) string {
	lines := strings.Split(block, "\n")
	for i, l := range lines {
		if n := width - lipgloss.Width(l); n > 0 {
			lines[i] = l + strings.Repeat(" ", n)
		}
	}
	return strings.Join(lines, "\n")
}
