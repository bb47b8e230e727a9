package opml

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"tidings/model"
)

// Write writes outlines as an OPML 2.0 subscription list titled title:
// UTF-8, indented with two spaces, without dateCreated (so the same
// subscriptions always give the same bytes).
//
// Outlines keep the order given. Each run of consecutive outlines of one
// category goes into a folder named after it ("Business"), which is how
// other readers show categories; outlines without a category stay at the
// top level. Sort by category first for one folder per category. Every
// outline also carries its category, language and country (tidings'
// extension) as attributes, and fullText="true" for a full-text feed
// (tidings' other extension: plain attributes, which other readers ignore
// as they do any they do not know), so [Parse] reads the file back to the
// same outlines.
//
// Write refuses, naming the outline, what Parse would not read back: an
// outline whose XMLURL is not an http or https address, or whose category,
// language or country is not one the service allows.
func Write(w io.Writer, title string, outlines []Outline) error {
	for i, o := range outlines {
		if err := writable(o); err != nil {
			return fmt.Errorf("writing OPML: outline %d (%q): %w", i+1, o.Title, err)
		}
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString("<opml version=\"2.0\">\n  <head>\n    <title>")
	escape(&b, title)
	b.WriteString("</title>\n  </head>\n  <body>\n")
	for i := 0; i < len(outlines); {
		c := outlines[i].Category
		end := i + 1
		for end < len(outlines) && outlines[end].Category == c {
			end++
		}
		indent := "    "
		if c != "" {
			b.WriteString("    <outline")
			attr(&b, "text", c.Name())
			attr(&b, "title", c.Name())
			b.WriteString(">\n")
			indent = "      "
		}
		for _, o := range outlines[i:end] {
			writeOutline(&b, indent, o)
		}
		if c != "" {
			b.WriteString("    </outline>\n")
		}
		i = end
	}
	b.WriteString("  </body>\n</opml>\n")
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("writing OPML: %w", err)
	}
	return nil
}

func writeOutline(b *bytes.Buffer, indent string, o Outline) {
	b.WriteString(indent)
	b.WriteString(`<outline type="rss"`)
	// text is the attribute OPML requires and readers display; title is
	// written too because some readers (newsboat) read only that.
	attr(b, "text", o.Title)
	attr(b, "title", o.Title)
	attr(b, "xmlUrl", o.XMLURL)
	for _, a := range [...]struct{ name, value string }{
		{"htmlUrl", o.HTMLURL},
		{"description", o.Description},
		{"category", string(o.Category)},
		{"language", string(o.Language)},
		{"country", string(o.Country)},
		{"fullText", fullText(o.FullText)},
	} {
		if a.value != "" {
			attr(b, a.name, a.value)
		}
	}
	b.WriteString("/>\n")
}

// fullText is the fullText attribute's value: only a full-text feed has it.
func fullText(on bool) string {
	if on {
		return "true"
	}
	return ""
}

func writable(o Outline) error {
	if !isWebAddress(strings.TrimSpace(o.XMLURL)) || strings.TrimSpace(o.XMLURL) != o.XMLURL {
		return fmt.Errorf("xmlUrl %q is not an http or https address", o.XMLURL)
	}
	if o.HTMLURL != "" && (!isWebAddress(o.HTMLURL) || strings.TrimSpace(o.HTMLURL) != o.HTMLURL) {
		return fmt.Errorf("htmlUrl %q is not an http or https address", o.HTMLURL)
	}
	if c, err := model.ParseCategory(string(o.Category)); err != nil || c != o.Category {
		return fmt.Errorf("unknown category %q: allowed values are %s", o.Category, join(model.Categories()))
	}
	if l, err := model.ParseLanguage(string(o.Language)); err != nil || l != o.Language {
		return fmt.Errorf("unknown language %q: allowed values are %s", o.Language, join(model.Languages()))
	}
	if c, err := model.ParseCountry(string(o.Country)); err != nil || c != o.Country {
		return fmt.Errorf("unknown country %q: allowed values are %s", o.Country, join(model.Countries()))
	}
	return nil
}

// attr writes ` name="value"` with value escaped for an attribute: quotes,
// ampersands, angle brackets and the white space characters XML would
// otherwise normalise away.
func attr(b *bytes.Buffer, name, value string) {
	b.WriteString(" ")
	b.WriteString(name)
	b.WriteString(`="`)
	escape(b, value)
	b.WriteString(`"`)
}

func escape(b *bytes.Buffer, s string) {
	// EscapeText writes to a bytes.Buffer, which never fails.
	_ = xml.EscapeText(b, []byte(s))
}
