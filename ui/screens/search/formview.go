package search

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// labelWidth fits the longest label ("Exclude domains").
const labelWidth = 15

// formPrefixWidth is what a field row spends before its value: marker,
// space, label, space, error mark, space.
const formPrefixWidth = 1 + 1 + labelWidth + 1 + 1 + 1

// inputWidth is how many cells a text input may use in a form of width w;
// the input draws its cursor one cell past its width.
func inputWidth(w int) int { return max(1, w-formPrefixWidth-1) }

// rows renders one line per field. The focused field carries the selection
// marker when the form has focus; a field with an error has its label in
// the error colour and a ✗, so the mark survives without colour.
func (f *form) rows(width int, s *theme.Styles, active bool) []string {
	out := make([]string, 0, fieldCount)
	for i := range fieldCount {
		out = append(out, f.row(i, width, s, active))
	}
	return out
}

func (f *form) row(id fieldID, width int, s *theme.Styles, active bool) string {
	focused := active && id == f.focus
	marker, label, mark := " ", s.Filters.Label, " "
	if focused {
		marker, label = s.List.Marker.Render(theme.Marker), s.Filters.Value
	}
	if f.errs[id] != "" {
		label, mark = s.Status.Error, s.Status.Error.Render("✗")
	}
	name := label.Render(padRight(fieldLabels[id], labelWidth))
	line := marker + " " + name + " " + mark + " " + f.valueView(id, focused, s)
	return fit(line, width)
}

// valueView is the field's value: the text input's own view for text
// fields, and the choice between ‹ › for choice fields with focus.
func (f *form) valueView(id fieldID, focused bool, s *theme.Styles) string {
	var choice string
	switch id {
	case fieldLanguage:
		choice = languageLabel(f.language())
	case fieldSort:
		choice = sortLabel(f.sortBy())
	default:
		return f.inputs[id].View()
	}
	if focused {
		return s.Filters.Key.Render("‹ ") + s.Filters.Value.Render(choice) + s.Filters.Key.Render(" ›")
	}
	return s.Filters.Value.Render(choice)
}

// messageLines explains the form's state under it: the error to fix, or
// the hint (such as the source to search within), in at most max lines.
func (f *form) messageLines(hint string, width, maxLines int, s *theme.Styles) []string {
	style, text := s.List.Empty, hint
	if id, msg := f.errorLine(); msg != "" {
		style, text = s.Status.Error, "✗ "+errorSentence(id, msg)
	}
	if text == "" || maxLines < 1 {
		return nil
	}
	inner := max(1, width-len(margin))
	lines := textsafe.Wrap(text, inner)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = textsafe.Truncate(lines[maxLines-1]+" …", inner)
	}
	for i, l := range lines {
		lines[i] = fit(margin+style.Render(l), width)
	}
	return lines
}

// summary is the one-line form of the query shown while the results have
// focus in a compact layout:
// "q: climate · sources: harbor-ledger · sort: newest first — / to edit".
func summary(q model.ArticlesQuery, width int, s *theme.Styles) string {
	const tail = " — / to edit"
	var parts []string
	add := func(label, value string) {
		if value != "" {
			parts = append(parts, label+": "+value)
		}
	}
	add("q", textsafe.Line(q.Q))
	add("sources", textsafe.Line(strings.Join(q.Sources, ",")))
	add("domains", textsafe.Line(strings.Join(q.Domains, ",")))
	add("not", textsafe.Line(strings.Join(q.ExcludeDomains, ",")))
	add("from", textsafe.Line(q.From))
	add("to", textsafe.Line(q.To))
	if q.Language != "" {
		add("lang", string(q.Language))
	}
	add("sort", strings.ToLower(sortLabel(q.SortBy)))
	body := textsafe.Truncate(strings.Join(parts, " · "), max(1, width-len(margin)-textsafe.Width(tail)))
	return fit(margin+s.Filters.Value.Render(body)+s.Filters.Label.Render(tail), width)
}

// margin indents the form's message and summary lines like its fields
// and the result rows.
const margin = "  "

// padRight pads s with spaces to w cells.
func padRight(s string, w int) string {
	if n := w - textsafe.Width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// fit cuts a styled line to width cells, so no line of the view is wider
// than the content area.
func fit(line string, width int) string {
	return ansi.Truncate(line, max(0, width), "…")
}
