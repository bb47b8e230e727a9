package articles

import (
	"fmt"
	"strings"

	"tidings/ui/common"
	"tidings/ui/components/pagedlist"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// DescriptionMinWidth is the list width from which rows carry a line of
// description.
const DescriptionMinWidth = 100

// RowHeight is the lines a row takes at a width, blank separator included.
func RowHeight(width int) int {
	if width >= DescriptionMinWidth {
		return 4
	}
	return 3
}

// Render returns the row renderer for a list of articles. ctx supplies the
// clock for relative times.
func Render(ctx *common.Context) pagedlist.RenderFunc[Item] {
	return func(it Item, width int, selected bool, s *theme.Styles) string {
		ls := s.List
		prefix, titleStyle, metaStyle := "  ", ls.Title, ls.Meta
		key := Key(it)
		if ctx.Read.Has(key) {
			titleStyle = ls.TitleRead
		}
		if selected {
			prefix = ls.Marker.Render(theme.Marker) + " "
			titleStyle, metaStyle = ls.TitleSelected, ls.MetaSelected
		}
		inner := max(width-2, 1)
		title := it.Title
		if title == "" {
			title = "(untitled)"
		}
		meta := metaStyle.Render(textsafe.Truncate(Meta(it, ctx), inner))
		if mark := textsafe.Width(SavedMark) + 3; ctx.Saved.Has(key) && inner > mark {
			// At the end of the meta line, so the rows stay aligned.
			meta = metaStyle.Render(textsafe.Truncate(Meta(it, ctx), inner-mark)+" · ") + ls.Saved.Render(SavedMark)
		}
		lines := []string{
			prefix + titleStyle.Render(textsafe.Truncate(title, inner)),
			prefix + meta,
		}
		if width >= DescriptionMinWidth {
			lines = append(lines, prefix+ls.Desc.Render(textsafe.Truncate(it.Description, inner)))
		}
		return strings.Join(lines, "\n")
	}
}

// SavedMark ends the meta line of a saved article's row.
const SavedMark = "★ saved"

// Meta is the source and relative time of a row: "BBC News · 3h ago".
func Meta(it Item, ctx *common.Context) string {
	parts := make([]string, 0, 2)
	if it.Source != "" {
		parts = append(parts, it.Source)
	}
	if rel := common.RelativeTime(ctx.Clock(), it.PublishedAt); rel != "" {
		parts = append(parts, rel)
	}
	if len(parts) == 0 {
		return "unknown source"
	}
	return strings.Join(parts, " · ")
}

// Preview draws the side pane for the selected article at width×height:
// title, source and time, description and the start of the content.
func Preview(it Item, ok bool, width, height int, ctx *common.Context) string {
	s := ctx.Styles.Reader
	lines := make([]string, 0, height)
	add := func(style func(...string) string, text string) {
		for _, l := range textsafe.Wrap(text, width) {
			lines = append(lines, style(l))
		}
	}
	if !ok {
		lines = append(lines, "", ctx.Styles.List.Empty.Render("Nothing selected"))
	} else {
		title := it.Title
		if title == "" {
			title = "(untitled)"
		}
		add(s.Title.Render, title)
		lines = append(lines, "")
		add(s.Meta.Render, Meta(it, ctx))
		if it.Author != "" {
			add(s.Label.Render, "by "+it.Author)
		}
		lines = append(lines, "")
		if it.Description != "" {
			add(s.Body.Render, it.Description)
			lines = append(lines, "")
		}
		if it.Content != "" && it.Content != it.Description {
			add(s.Body.Render, it.Content)
			lines = append(lines, "")
		}
		if it.More > 0 {
			add(s.More.Render, fmt.Sprintf("%d more characters at the source", it.More))
			lines = append(lines, "")
		}
		lines = append(lines, s.Label.Render(textsafe.Truncate("enter to read · o to open in browser", width)))
	}
	if len(lines) > height {
		lines = lines[:height]
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// PreviewPane is Preview with a thin rule on its left, width cells wide in
// all. The rule is drawn by hand rather than as a lipgloss border: the pane
// changes with every j, and a border render measures every line again.
func PreviewPane(it Item, ok bool, width, height int, ctx *common.Context) string {
	bar := ctx.Styles.Preview.Bar.Render("│") + " "
	lines := strings.Split(Preview(it, ok, max(width-2, 1), height, ctx), "\n")
	for i, l := range lines {
		lines[i] = bar + l
	}
	return strings.Join(lines, "\n")
}
