package theme

import (
	"fmt"
	"image/color"

	"charm.land/glamour/v2/ansi"
)

// markdownStyle is the glamour style of the reader's full text, built from
// the palette rather than glamour's stock "dark"/"light" so the article
// looks like the rest of the app. The document has no margin of its own
// (the reader adds it) and code blocks are not syntax-highlighted: chroma
// themes bring their own colours and a process-wide style registry.
// Links and images never reach glamour as such (the reader defuses them),
// but their styles are plain text colours in case one does.
//
// The document itself has no colour: glamour would wrap every word of it
// in its own SGR sequence and spend most of its time re-parsing them
// (a 10,000-word article took 73 ms instead of 27). The reader tints the
// rendered lines with Reader.Body instead, in one pass.
func markdownStyle(p Palette) ansi.StyleConfig {
	hex := func(c color.Color) *string {
		r, g, b, _ := c.RGBA()
		s := fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8)
		return &s
	}
	yes, no := true, false
	zero, one, two := uint(0), uint(1), uint(2)
	// One cell: glamour counts an indent token as one cell whatever its
	// width, and a wider one makes quoted lines overflow and re-wrap. The
	// bar is drawn at the left of its cell, so it still stands apart.
	quote := "▏"
	return ansi.StyleConfig{
		Document:   ansi.StyleBlock{Margin: &zero},
		Paragraph:  ansi.StyleBlock{},
		BlockQuote: ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Muted), Italic: &yes}, Indent: &one, IndentToken: &quote},
		List:       ansi.StyleList{LevelIndent: 2},
		Heading:    ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{BlockSuffix: "\n", Color: hex(p.Primary), Bold: &yes}},
		H1:         ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Underline: &yes}},
		H2:         ansi.StyleBlock{},
		H3:         ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Text)}},
		H4:         ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Text)}},
		H5:         ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Muted)}},
		H6:         ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Muted), Bold: &no}},

		Strikethrough:  ansi.StylePrimitive{CrossedOut: &yes},
		Emph:           ansi.StylePrimitive{Italic: &yes},
		Strong:         ansi.StylePrimitive{Bold: &yes},
		HorizontalRule: ansi.StylePrimitive{Color: hex(p.Subtle), Format: "\n────────\n"},
		Item:           ansi.StylePrimitive{BlockPrefix: "• "},
		Enumeration:    ansi.StylePrimitive{BlockPrefix: ". "},
		Task:           ansi.StyleTask{Ticked: "[✓] ", Unticked: "[ ] "},
		Link:           ansi.StylePrimitive{Color: hex(p.Accent)},
		LinkText:       ansi.StylePrimitive{Color: hex(p.Accent)},
		Image:          ansi.StylePrimitive{Color: hex(p.Muted)},
		ImageText:      ansi.StylePrimitive{Color: hex(p.Muted), Italic: &yes},
		Code:           ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Accent)}},
		CodeBlock: ansi.StyleCodeBlock{StyleBlock: ansi.StyleBlock{
			StylePrimitive: ansi.StylePrimitive{Color: hex(p.Muted)}, Margin: &two,
		}},
		Table:                 ansi.StyleTable{StyleBlock: ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{}}},
		DefinitionDescription: ansi.StylePrimitive{BlockPrefix: "\n→ "},
		HTMLBlock:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Muted)}},
		HTMLSpan:              ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hex(p.Muted)}},
	}
}

// monochromeMarkdown is markdownStyle for NO_COLOR: only bold, italic,
// underline and faint.
func monochromeMarkdown() ansi.StyleConfig {
	yes := true
	zero, one, two := uint(0), uint(1), uint(2)
	// One cell: glamour counts an indent token as one cell whatever its
	// width, and a wider one makes quoted lines overflow and re-wrap. The
	// bar is drawn at the left of its cell, so it still stands apart.
	quote := "▏"
	return ansi.StyleConfig{
		Document:              ansi.StyleBlock{Margin: &zero},
		BlockQuote:            ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Italic: &yes}, Indent: &one, IndentToken: &quote},
		List:                  ansi.StyleList{LevelIndent: 2},
		Heading:               ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{BlockSuffix: "\n", Bold: &yes}},
		H1:                    ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Underline: &yes}},
		Strikethrough:         ansi.StylePrimitive{CrossedOut: &yes},
		Emph:                  ansi.StylePrimitive{Italic: &yes},
		Strong:                ansi.StylePrimitive{Bold: &yes},
		HorizontalRule:        ansi.StylePrimitive{Format: "\n────────\n"},
		Item:                  ansi.StylePrimitive{BlockPrefix: "• "},
		Enumeration:           ansi.StylePrimitive{BlockPrefix: ". "},
		Task:                  ansi.StyleTask{Ticked: "[✓] ", Unticked: "[ ] "},
		Link:                  ansi.StylePrimitive{Underline: &yes},
		LinkText:              ansi.StylePrimitive{Underline: &yes},
		ImageText:             ansi.StylePrimitive{Italic: &yes},
		Code:                  ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Bold: &yes}},
		CodeBlock:             ansi.StyleCodeBlock{StyleBlock: ansi.StyleBlock{Margin: &two}},
		DefinitionDescription: ansi.StylePrimitive{BlockPrefix: "\n→ "},
	}
}
