package theme

import "charm.land/lipgloss/v2"

// MarkdownStyles is the look of the reader's full text, one style per
// Markdown construct, built from the palette so the article looks like
// the rest of the app. The reader's renderer uses only the SGR sequence
// each style opens with: plain text (paragraphs, list items) is drawn in
// Reader.Body, and a style here is laid over the style it sits in (an
// emphasis in a quote is italic and the quote's colour).
type MarkdownStyles struct {
	// Heading is H1 to H6: bold, in Primary, fading to Text and Muted
	// with the level; H1 is underlined.
	Heading [6]lipgloss.Style
	Emph    lipgloss.Style
	Strong  lipgloss.Style
	// Code is a code span in a line of text; CodeBlock a block of code.
	Code, CodeBlock lipgloss.Style
	// Quote is a block quote's text; QuoteBar the bar drawn left of it.
	Quote, QuoteBar lipgloss.Style
	// ListMarker is a list item's bullet or number.
	ListMarker lipgloss.Style
	// Rule is a thematic break.
	Rule lipgloss.Style
	// Link is the text of a Markdown link or an autolink: the page's own
	// (extract writes links as "text [n]"), never made clickable.
	Link lipgloss.Style
	// Image is an inline image's "[image: alt]".
	Image lipgloss.Style
}

// markdownStyles is MarkdownStyles from the palette. Code blocks are not
// syntax-highlighted: code in news articles is rare, and a highlighter's
// lexers cost more at start-up than the whole of the rest of the app.
func markdownStyles(p Palette) MarkdownStyles {
	st := lipgloss.NewStyle
	heading := st().Bold(true).Foreground(p.Primary)
	return MarkdownStyles{
		Heading: [6]lipgloss.Style{
			heading.Underline(true),
			heading,
			heading.Foreground(p.Text),
			heading.Foreground(p.Text),
			heading.Foreground(p.Muted),
			st().Foreground(p.Muted),
		},
		Emph:       st().Italic(true),
		Strong:     st().Bold(true),
		Code:       st().Foreground(p.Accent),
		CodeBlock:  st().Foreground(p.Muted),
		Quote:      st().Italic(true).Foreground(p.Muted),
		QuoteBar:   st().Foreground(p.Muted),
		ListMarker: st().Foreground(p.Text),
		Rule:       st().Foreground(p.Subtle),
		Link:       st().Foreground(p.Accent),
		Image:      st().Italic(true).Foreground(p.Muted),
	}
}

// monochromeMarkdown is markdownStyles for NO_COLOR: only bold, italic,
// underline and faint.
func monochromeMarkdown() MarkdownStyles {
	st := lipgloss.NewStyle
	plain := st()
	bold := st().Bold(true)
	return MarkdownStyles{
		Heading:    [6]lipgloss.Style{bold.Underline(true), bold, bold, bold, bold, bold},
		Emph:       st().Italic(true),
		Strong:     bold,
		Code:       bold,
		CodeBlock:  plain,
		Quote:      st().Italic(true),
		QuoteBar:   plain,
		ListMarker: plain,
		Rule:       plain,
		Link:       st().Underline(true),
		Image:      st().Italic(true),
	}
}
