package sources

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// detailsLabelWidth fits the longest label ("Category").
const detailsLabelWidth = 9

// detailsLines renders a source's details in width cells: name, id, the
// description wrapped, then link, category, language and country. The
// strings are already sanitised (item); only layout happens here.
func detailsLines(it item, width int, s *theme.Styles, hint string) []string {
	width = max(1, width)
	var out []string
	for _, l := range textsafe.Wrap(it.src.Name, width) {
		out = append(out, s.Reader.Title.Render(l))
	}
	if it.src.ID != "" && it.src.ID != it.src.Name {
		out = append(out, s.Reader.Time.Render(textsafe.Truncate(it.src.ID, width)))
	}
	out = append(out, "")
	if it.src.Description != "" {
		for _, l := range textsafe.Wrap(it.src.Description, width) {
			out = append(out, s.Reader.Body.Render(l))
		}
	} else {
		out = append(out, s.List.Empty.Render("No description."))
	}
	out = append(out, "")
	link := s.List.Empty.Render("none (the service sent no safe http(s) link)")
	if it.url != "" {
		link = s.Reader.Link.Render(textsafe.Truncate(it.url, max(1, width-detailsLabelWidth-1)))
	}
	out = append(out,
		field("Link", link, s),
		field("Category", s.Reader.Meta.Render(categoryName(it.src.Category)), s),
		field("Language", s.Reader.Meta.Render(languageName(it.src.Language)), s),
		field("Country", s.Reader.Meta.Render(countryName(it.src.Country)), s),
	)
	if hint != "" {
		out = append(out, "", s.Filters.Label.Render(hint))
	}
	for i, l := range out {
		out[i] = ansi.Truncate(l, width, "…")
	}
	return out
}

func field(label, value string, s *theme.Styles) string {
	pad := strings.Repeat(" ", max(0, detailsLabelWidth-len(label)))
	return s.Reader.Label.Render(label+pad) + " " + value
}
