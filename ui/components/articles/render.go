package articles

import (
	"strings"

	"charm.land/lipgloss/v2"

	"tidings/ui/common"
	"tidings/ui/components/pagedlist"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
	"tidings/wording"
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
		lines := []string{
			prefix + titleStyle.Render(textsafe.Truncate(title, inner)),
			prefix + metaLine(it, ctx, inner, metaStyle, ctx.Saved.Has(key)),
		}
		if width >= DescriptionMinWidth {
			lines = append(lines, prefix+ls.Desc.Render(textsafe.Truncate(it.Description, inner)))
		}
		return strings.Join(lines, "\n")
	}
}

// SavedMark ends the meta line of a saved article's row.
const SavedMark = "★ saved"

// metaLine is a row's second line, inner cells wide at most: the source
// and time, then "+N sources" when the article's story has other outlets
// and the saved mark. The marks are kept whole and the source and time cut
// first, so the marks stay at the end of the line where the eye finds them.
func metaLine(it Item, ctx *common.Context, inner int, metaStyle lipgloss.Style, saved bool) string {
	ls := ctx.Styles.List
	type mark struct {
		text  string
		style lipgloss.Style
	}
	var marks []mark
	if more := StoryMore(it); more != "" {
		marks = append(marks, mark{more, ls.Story})
	}
	if saved {
		marks = append(marks, mark{SavedMark, ls.Saved})
	}
	room := inner
	for len(marks) > 0 {
		need := 0
		for _, m := range marks {
			need += textsafe.Width(m.text) + 3 // " · " before each
		}
		if inner > need {
			room = inner - need
			break
		}
		marks = marks[1:] // too narrow: the story's count goes before the user's own mark
	}
	var b strings.Builder
	b.WriteString(metaStyle.Render(textsafe.Truncate(Meta(it, ctx), room)))
	for _, m := range marks {
		b.WriteString(metaStyle.Render(" · "))
		b.WriteString(m.style.Render(m.text))
	}
	return b.String()
}

// StoryMore is "+N sources" for an article whose story has N other
// outlets, "" for one reported by its source alone.
func StoryMore(it Item) string {
	switch n := it.StorySize - 1; {
	case it.StoryID == "" || n < 1:
		return ""
	default:
		return "+" + wording.Count(n, "source", "sources")
	}
}

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
			add(s.More.Render, wording.Count(it.More, "more character", "more characters")+" at the source")
			lines = append(lines, "")
		}
		keys := "enter to read · o to open in browser"
		if it.URL == "" { // o would refuse: nothing to open
			keys = "enter to read"
		}
		lines = append(lines, s.Label.Render(textsafe.Truncate(keys, width)))
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
