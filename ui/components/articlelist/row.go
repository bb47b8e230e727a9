package articlelist

import (
	"strings"

	"charm.land/lipgloss/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
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

// IsRead reports whether the article is read: this session's choice,
// else what a service that keeps marks said, else the history.
func IsRead(ctx *common.Context, it articles.Item) bool {
	return ctx.Read.IsRead(articles.Key(it), it.Read, ctx.Marks != nil && it.ID != "")
}

// UnreadDot is drawn before an unread article's title.
const UnreadDot = "•"

// Look is how a row is drawn: the two cells before its first line and
// before the others, and the styles of its title and meta text. The
// selected row has the marker on every line; an unread row a dot before
// its title, which is heavier; a read row a dimmed title.
type Look struct {
	First, Rest string
	Title, Meta lipgloss.Style
}

// RowLook is the Look of it's row.
func RowLook(ctx *common.Context, it articles.Item, selected bool, s *theme.Styles) Look {
	ls := s.List
	switch {
	case selected:
		p := ls.Marker.Render(theme.Marker) + " "
		return Look{First: p, Rest: p, Title: ls.TitleSelected, Meta: ls.MetaSelected}
	case IsRead(ctx, it):
		return Look{First: "  ", Rest: "  ", Title: ls.TitleRead, Meta: ls.Meta}
	}
	return Look{First: ls.UnreadMark.Render(UnreadDot) + " ", Rest: "  ", Title: ls.TitleUnread, Meta: ls.Meta}
}

// Saved reports whether the row carries the saved mark: saved here, or
// starred on a service that keeps marks.
func Saved(ctx *common.Context, it articles.Item) bool {
	return articles.IsSaved(ctx, it)
}

// Render returns the row renderer for a list of articles. ctx supplies the
// clock for relative times.
func Render(ctx *common.Context) pagedlist.RenderFunc[articles.Item] {
	return func(it articles.Item, width int, selected bool, s *theme.Styles) string {
		look := RowLook(ctx, it, selected, s)
		inner := max(width-2, 1)
		title := it.Title
		if title == "" {
			title = "(untitled)"
		}
		lines := []string{
			look.First + look.Title.Render(textsafe.Truncate(title, inner)),
			look.Rest + metaLine(it, &ctx.View, inner, look.Meta, Saved(ctx, it)),
		}
		if width >= DescriptionMinWidth {
			lines = append(lines, look.Rest+s.List.Desc.Render(textsafe.Truncate(it.Description, inner)))
		}
		return strings.Join(lines, "\n")
	}
}

// metaLine is a row's second line, inner cells wide at most: the source
// and time, then "+N sources" when the article's story has other outlets
// and the saved mark. The marks are kept whole and the source and time cut
// first, so the marks stay at the end of the line where the eye finds them.
func metaLine(it articles.Item, v *common.View, inner int, metaStyle lipgloss.Style, saved bool) string {
	ls := v.Styles.List
	type mark struct {
		text  string
		style lipgloss.Style
	}
	var marks []mark
	if more := StoryMore(it); more != "" {
		marks = append(marks, mark{more, ls.Story})
	}
	if saved {
		marks = append(marks, mark{articles.SavedMark, ls.Saved})
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
	b.WriteString(metaStyle.Render(textsafe.Truncate(Meta(it, v), room)))
	for _, m := range marks {
		b.WriteString(metaStyle.Render(" · "))
		b.WriteString(m.style.Render(m.text))
	}
	return b.String()
}

// StoryMore is "+N sources" for an article whose story has N other
// outlets, "" for one reported by its source alone.
func StoryMore(it articles.Item) string {
	switch n := it.StorySize - 1; {
	case it.StoryID == "" || n < 1:
		return ""
	default:
		return "+" + wording.Count(n, "source", "sources")
	}
}

// Meta is the source and relative time of a row: "BBC News · 3h ago".
// It needs only the view's clock.
func Meta(it articles.Item, v *common.View) string {
	parts := make([]string, 0, 2)
	if it.Source != "" {
		parts = append(parts, it.Source)
	}
	if rel := common.RelativeTime(v.Clock(), it.PublishedAt); rel != "" {
		parts = append(parts, rel)
	}
	if len(parts) == 0 {
		return "unknown source"
	}
	return strings.Join(parts, " · ")
}
