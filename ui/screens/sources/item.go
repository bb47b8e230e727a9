package sources

import (
	"strings"

	"tidings/model"
	"tidings/ui/textsafe"
)

// item is one source as the screen keeps it: every string already made safe
// for the terminal, plus the lower-cased text the local filter searches.
// Items are built once when a page arrives, never per frame.
type item struct {
	src      model.Source // sanitised copy
	url      string       // the link if it is a safe http(s) URL, else ""
	haystack string       // lower-case name, id and description
	sortKey  []byte       // the name's collation key (order.go)
}

// newItem sanitises a source from the service.
func newItem(s model.Source) item {
	clean := model.Source{
		ID:          textsafe.Line(s.ID),
		Name:        textsafe.Line(textsafe.FromHTML(s.Name)),
		Description: textsafe.Line(textsafe.FromHTML(s.Description)),
		URL:         textsafe.Line(s.URL),
		Category:    model.Category(textsafe.Line(string(s.Category))),
		Language:    model.Language(textsafe.Line(string(s.Language))),
		Country:     model.Country(textsafe.Line(string(s.Country))),
	}
	if clean.Name == "" {
		clean.Name = clean.ID
	}
	it := item{src: clean}
	if u, ok := textsafe.SafeURL(s.URL); ok {
		it.url = u
	}
	it.haystack = strings.ToLower(clean.Name + "\n" + clean.ID + "\n" + clean.Description)
	return it
}

// newItems sanitises a page of sources.
func newItems(page model.Page[model.Source]) model.Page[item] {
	out := model.Page[item]{TotalResults: page.TotalResults, Page: page.Page, PageSize: page.PageSize}
	out.Items = make([]item, len(page.Items))
	for i, s := range page.Items {
		out.Items[i] = newItem(s)
	}
	collator.Get().keys(out.Items)
	return out
}

// key identifies an item across pages, so a source served twice is listed
// once.
func (it item) key() string {
	if it.src.ID != "" {
		return it.src.ID
	}
	return it.src.Name + "\n" + it.src.URL
}

// matcher returns the local filter for text: a case-insensitive substring
// test over name, id and description. Blank text matches everything (nil).
func matcher(text string) func(item) bool {
	needle := strings.ToLower(strings.TrimSpace(text))
	if needle == "" {
		return nil
	}
	return func(it item) bool { return strings.Contains(it.haystack, needle) }
}

// filterLine is the header naming the active filters:
// "Technology · German (de) · All countries".
func filterLine(q model.SourcesQuery) string {
	return q.Category.Name() + " · " + q.Language.Label() + " · " + q.Country.Label()
}

// languageName and countryName are how details show a source's language and
// country: "German (de)", or "—" when the service sent none.
func languageName(l model.Language) string { return codeLabel(string(l), l.Name()) }

func countryName(c model.Country) string { return codeLabel(string(c), c.Name()) }

// codeLabel is "Name (code)", just the code when the model does not know
// it, and "—" when there is none.
func codeLabel(code, name string) string {
	switch {
	case code == "":
		return "—"
	case name == code:
		return code
	}
	return name + " (" + code + ")"
}

func categoryName(c model.Category) string {
	if c == "" {
		return "—"
	}
	return c.Name()
}
