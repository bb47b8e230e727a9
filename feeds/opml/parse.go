package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"tidings/model"
)

// Outline is one feed of a subscription list.
type Outline struct {
	Title       string         // text or title attribute
	XMLURL      string         // the feed's address (xmlUrl)
	HTMLURL     string         // the site (htmlUrl)
	Description string         // description attribute
	Category    model.Category // "" when unknown
	Language    model.Language // "" when unknown: the poller takes the feed's own
	Country     model.Country  // "" when unknown
	// FullText asks ingestion to store each article's extracted page text
	// as its content (tidings' fullText attribute).
	FullText bool
}

// Warning is a value in the file that could not be used. The outline is
// still imported with that field empty, except for a feed whose address is
// not http or https: that feed is skipped, as nothing could poll it.
type Warning struct {
	Outline string // the outline's title, or its xmlUrl when it has none
	Line    int    // line of the outline's start tag; 0 when unknown
	Message string // what was wrong, naming the value and the allowed ones
}

// String reads `outline "BBC News" (line 12): unknown country "uk":
// allowed values are ae, ar, ...`.
func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("outline %q (line %d): %s", w.Outline, w.Line, w.Message)
	}
	return fmt.Sprintf("outline %q: %s", w.Outline, w.Message)
}

// MaxSize is the largest file Parse reads, in bytes. Subscription lists of
// thousands of feeds stay well under it; anything bigger is not one, and
// reading it would only cost memory.
const MaxSize = 10 << 20

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Parse reads an OPML subscription list and returns its feeds in document
// order, with warnings for the values it could not use.
//
// A feed is an outline with an xmlUrl attribute (its name in any case);
// an outline without one is a folder, and an empty folder is ignored.
// Folders nest to any depth. Only http and https feed addresses are kept;
// the same address twice yields one outline, the first.
//
// An outline's category is, in order: the first segment of its category
// attribute's paths ("/Tech/Linux, /News") that names a category; else
// the innermost enclosing folder whose title names one; else empty. A
// category attribute that names none is a warning even when a folder
// supplies the category. Names are matched in English, in any case, with
// singular and plural forms and obvious synonyms ("Tech", "Football",
// "Business & Economy", "Sports News").
//
// Language comes from the language attribute, as a BCP 47 tag or close to
// one: "en-GB" is en, "pt-BR" pt, "sv" se, "nb" and "nn" no, "ur" ud, "iw"
// he. Country comes from the country attribute, tidings' extension that
// [Write] emits, as an ISO 3166-1 alpha-2 code in any case. FullText comes
// from the fullText attribute, tidings' other extension: true, 1 or yes in
// any case (false, 0 or no are false; anything else is a warning). Titles and
// descriptions have their runs of white space collapsed to one space.
//
// The error is for a file that cannot be read as OPML at all: not XML
// (the error names the line), no <opml> root, or larger than [MaxSize].
func Parse(r io.Reader) ([]Outline, []Warning, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("reading OPML: %w", err)
	}
	if len(data) > MaxSize {
		return nil, nil, fmt.Errorf("reading OPML: the file is larger than %d MiB, which no subscription list is", MaxSize>>20)
	}
	p := parser{seen: map[string]bool{}}
	if err := p.run(bytes.TrimPrefix(data, utf8BOM)); err != nil {
		return nil, nil, err
	}
	return p.outlines, p.warnings, nil
}

// frame is one open element inside <opml>.
type frame struct {
	category model.Category // the category its descendants inherit from folders
	inHead   bool           // inside <head>, where no outline is a feed
}

type parser struct {
	outlines []Outline
	warnings []Warning
	seen     map[string]bool // feed addresses already returned
}

func (p *parser) run(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	// Exports written by hand or by HTML templates carry &nbsp; and friends.
	d.Entity = xml.HTMLEntity
	d.CharsetReader = charsetReader
	var stack []frame
	root := false
	for {
		// The position before a token is where its "<" is: whitespace
		// between elements is a token of its own.
		line, _ := d.InputPos()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			if !root {
				return errors.New("not an OPML file: it has no <opml> element")
			}
			// The strict decoder reports an unclosed element itself; this
			// only guards the loop.
			return errors.New("reading OPML: the file ends before </opml>")
		}
		if err != nil {
			return fmt.Errorf("reading OPML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if !root {
				if !strings.EqualFold(t.Name.Local, "opml") {
					return fmt.Errorf("not an OPML file: the root element (line %d) is <%s>, not <opml>", line, t.Name.Local)
				}
				root = true
				stack = append(stack, frame{})
				continue
			}
			parent := stack[len(stack)-1]
			f := frame{category: parent.category, inHead: parent.inHead || strings.EqualFold(t.Name.Local, "head")}
			if strings.EqualFold(t.Name.Local, "outline") && !f.inHead {
				f.category = p.outline(t, line, parent.category)
			}
			stack = append(stack, f)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return nil // </opml>: what follows is not ours to judge
			}
		}
	}
}

// outline takes one <outline> start tag: a feed becomes an Outline, a
// folder passes on the category its title names. It returns the category
// the outline's children inherit.
func (p *parser) outline(t xml.StartElement, line int, inherited model.Category) model.Category {
	a := attributes(t.Attr)
	title := collapse(a.get("text"))
	if title == "" {
		title = collapse(a.get("title"))
	}
	feedURL := strings.TrimSpace(a.get("xmlurl"))
	if feedURL == "" {
		// A folder; an empty one yields nothing, so needs no test here.
		if c := categoryOfName(title); c != "" {
			return c
		}
		return inherited
	}
	name := title
	if name == "" {
		name = feedURL
	}
	warn := func(format string, args ...any) {
		p.warnings = append(p.warnings, Warning{Outline: name, Line: line, Message: fmt.Sprintf(format, args...)})
	}
	if !isWebAddress(feedURL) {
		warn("xmlUrl %q is not an http or https address; the feed is skipped", feedURL)
		return inherited
	}
	if p.seen[feedURL] {
		// Readers list a feed once per folder it is in; the first folder wins.
		return inherited
	}
	p.seen[feedURL] = true

	o := Outline{Title: title, XMLURL: feedURL, Description: collapse(a.get("description")), Category: inherited}
	if site := strings.TrimSpace(a.get("htmlurl")); site != "" {
		if isWebAddress(site) {
			o.HTMLURL = site
		} else {
			warn("htmlUrl %q is not an http or https address", site)
		}
	}
	if attr := a.get("category"); strings.TrimSpace(attr) != "" {
		if c := categoryOfAttribute(attr); c != "" {
			o.Category = c
		} else {
			warn("category %q names none of the categories %s", attr, join(model.Categories()))
		}
	}
	if attr := strings.TrimSpace(a.get("language")); attr != "" {
		l, err := parseLanguage(attr)
		if err != nil {
			warn("%v", err)
		}
		o.Language = l
	}
	if attr := strings.TrimSpace(a.get("country")); attr != "" {
		c, err := model.ParseCountry(attr)
		if err != nil {
			warn("%v", err)
		}
		o.Country = c
	}
	if attr := strings.TrimSpace(a.get("fulltext")); attr != "" {
		switch strings.ToLower(attr) {
		case "true", "1", "yes":
			o.FullText = true
		case "false", "0", "no":
		default:
			warn("fullText %q is neither true nor false; the feed's articles keep the feed's own text", attr)
		}
	}
	p.outlines = append(p.outlines, o)
	return inherited
}

type attributes []xml.Attr

// lookup finds an attribute by name in any case ("xmlUrl", "xmlurl",
// "XMLURL" are all seen in the wild). Attributes in a namespace, such as
// FreshRSS's frss:*, are some reader's private business and are skipped.
func (as attributes) lookup(name string) (string, bool) {
	for _, a := range as {
		if a.Name.Space == "" && strings.EqualFold(a.Name.Local, name) {
			return a.Value, true
		}
	}
	return "", false
}

func (as attributes) get(name string) string {
	v, _ := as.lookup(name)
	return v
}

// isWebAddress reports whether s is an absolute http or https URL with a
// host: the only addresses a poller can fetch or a browser should open.
func isWebAddress(s string) bool {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return scheme == "http" || scheme == "https"
}

// collapse trims s and turns each run of white space into one space, so a
// title wrapped over lines in the file reads as one line.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
