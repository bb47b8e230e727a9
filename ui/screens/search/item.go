package search

import (
	"tidings/model"
	"tidings/ui/textsafe"
)

// item is one search result as the screen keeps it: the article as the
// service sent it (handed on to the reader, which sanitises its own fields)
// and the strings of its row, made safe for the terminal once when the page
// arrives, never per frame.
type item struct {
	article model.Article
	title   string
	source  string
	desc    string
}

// newItem sanitises the strings a result row shows.
func newItem(a model.Article) item {
	it := item{
		article: a,
		title:   textsafe.Line(a.Title),
		source:  textsafe.Line(a.Source.Name),
		desc:    textsafe.Line(textsafe.FromHTML(a.Description)),
	}
	if it.title == "" {
		it.title = "(untitled)"
	}
	if it.source == "" {
		it.source = textsafe.Line(a.Source.ID)
	}
	return it
}

// newItems sanitises a page of articles.
func newItems(page model.Page[model.Article]) model.Page[item] {
	out := model.Page[item]{TotalResults: page.TotalResults, Page: page.Page, PageSize: page.PageSize}
	out.Items = make([]item, len(page.Items))
	for i, a := range page.Items {
		out.Items[i] = newItem(a)
	}
	return out
}

// key identifies a result across pages: its URL, or its title and time
// when the service sent no URL.
func (it item) key() string {
	if it.article.URL != "" {
		return it.article.URL
	}
	return it.title + "\n" + it.article.PublishedAt.String()
}
