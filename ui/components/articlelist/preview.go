package articlelist

import (
	"strings"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/textsafe"
	"tidings/wording"
)

// Preview draws the side pane for the selected article at width×height:
// title, source and time, description and the start of the content. It
// draws from the view alone: styles and clock.
func Preview(it articles.Item, ok bool, width, height int, v *common.View) string {
	s := v.Styles.Reader
	lines := make([]string, 0, height)
	add := func(style func(...string) string, text string) {
		for _, l := range textsafe.Wrap(text, width) {
			lines = append(lines, style(l))
		}
	}
	if !ok {
		lines = append(lines, "", v.Styles.List.Empty.Render("Nothing selected"))
	} else {
		title := it.Title
		if title == "" {
			title = "(untitled)"
		}
		add(s.Title.Render, title)
		lines = append(lines, "")
		add(s.Meta.Render, Meta(it, v))
		if author := it.Author(); author != "" {
			add(s.Label.Render, "by "+author)
		}
		lines = append(lines, "")
		if it.Description != "" {
			add(s.Body.Render, it.Description)
			lines = append(lines, "")
		}
		if content := it.Content(); content != "" && content != it.Description {
			add(s.Body.Render, content)
			lines = append(lines, "")
		}
		if it.More > 0 {
			add(s.More.Render, wording.Count(it.More, "more character", "more characters")+" at the source")
			lines = append(lines, "")
		}
		keys := "enter to read · o to open in browser"
		if it.URL() == "" { // o would refuse: nothing to open
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
func PreviewPane(it articles.Item, ok bool, width, height int, v *common.View) string {
	bar := v.Styles.Preview.Bar.Render("│") + " "
	lines := strings.Split(Preview(it, ok, max(width-2, 1), height, v), "\n")
	for i, l := range lines {
		lines[i] = bar + l
	}
	return strings.Join(lines, "\n")
}
