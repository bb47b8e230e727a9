package story

import (
	"strings"

	"tidings/ui/common"
	"tidings/ui/components/articlelist"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// Layout of a row: the source in a column of its own and the age
// right-aligned in the next, so the headlines start in one column and
// read side by side.
const (
	sourceColumn = 20 // cells for the source's name
	ageColumn    = 8  // cells for "3h ago"
	// wideRow is the width from which the source and age share the
	// headline's line; below it they take a line above it.
	wideRow = 80
	// descRow is the width from which a row carries its description.
	descRow = 100
)

// rowHeight is the lines a row takes, the blank separator included.
func rowHeight(width int) int {
	if width >= descRow {
		return 3
	}
	if width >= wideRow {
		return 2
	}
	return 3
}

// renderRow draws one version: "▸ BBC News        3h ago  Storm closes
// ports", with its description below on wide terminals.
func renderRow(ctx *common.Context) pagedlist.RenderFunc[articles.Item] {
	return func(it articles.Item, width int, selected bool, s *theme.Styles) string {
		ls := s.List
		look := articlelist.RowLook(ctx, it, selected, s)
		titleStyle, metaStyle := look.Title, look.Meta
		inner := max(width-2, 1)
		title := it.Title
		if title == "" {
			title = "(untitled)"
		}
		// The saved mark follows the text it marks, so the headlines
		// still start in one column.
		mark, markWidth := "", 0
		if articlelist.Saved(ctx, it) {
			mark = "  " + ls.Saved.Render(articles.SavedMark)
			markWidth = 2 + textsafe.Width(articles.SavedMark)
		}
		source := it.Source
		if source == "" {
			source = "unknown source"
		}
		age := common.RelativeTime(ctx.Clock(), it.PublishedAt)
		if width < wideRow {
			return look.Rest + metaStyle.Render(textsafe.Truncate(source+" · "+age, max(inner-markWidth, 1))) + mark + "\n" +
				look.First + titleStyle.Render(textsafe.Truncate(title, inner))
		}
		head := pad(textsafe.Truncate(source, sourceColumn-1), sourceColumn) +
			padLeft(textsafe.Truncate(age, ageColumn-1), ageColumn-1) + " "
		rest := max(inner-sourceColumn-ageColumn-1, 1)
		line := look.First + metaStyle.Render(head) + " " +
			titleStyle.Render(textsafe.Truncate(title, max(rest-markWidth, 1))) + mark
		if width < descRow {
			return line
		}
		indent := strings.Repeat(" ", 2+sourceColumn+ageColumn+1)
		return line + "\n" + indent + ls.Desc.Render(textsafe.Truncate(it.Description, rest))
	}
}

// pad and padLeft fill s with spaces to n cells (s is at most n wide).
func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(n-textsafe.Width(s), 0))
}

func padLeft(s string, n int) string {
	return strings.Repeat(" ", max(n-textsafe.Width(s), 0)) + s
}

// View implements common.Screen.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	s := m.ctx.Styles
	head := " " + s.Filters.Value.Render(textsafe.Truncate(m.heading(), max(m.width-2, 1)))
	return head + "\n\n" + m.al.View()
}
