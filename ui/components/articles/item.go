// Package articles is the article row shared by the headlines and search
// screens: an [Item] holds an article's display strings, sanitised once
// when its page arrives; [Render] draws it as a list row and [Preview]
// draws the side pane of wide terminals.
package articles

import (
	"context"
	"strings"
	"time"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/pagedlist"
	"tidings/ui/textsafe"
)

// Item is an article ready for display. Every string field but Link is
// sanitised. It keeps no copy of the model.Article it was made from: a
// list holds thousands of Items, and the original's struct and the fields
// nothing shows (urlToImage, the source's id) would be a third of its
// memory (the strings the two share are one copy: textsafe returns clean
// text as the very string it was given).
type Item struct {
	Title       string
	Source      string
	Author      string
	Description string
	Content     string // plain text, HTML removed, without the "[+N chars]" marker
	More        int    // characters the service left out of Content
	URL         string // empty when the link is not an http(s) URL
	RawURL      string // the link as sent, sanitised, for error messages
	Link        string // the link exactly as sent: checked again before it is opened, never drawn
	PublishedAt time.Time
}

// FromArticle sanitises an article into an Item.
func FromArticle(a model.Article) Item {
	it := Item{
		Link:        a.URL,
		Title:       textsafe.Line(textsafe.FromHTML(a.Title)),
		Source:      textsafe.Line(textsafe.FromHTML(a.Source.Name)),
		Author:      textsafe.Line(textsafe.FromHTML(a.Author)),
		Description: textsafe.Line(textsafe.FromHTML(a.Description)),
		RawURL:      textsafe.Line(a.URL),
		PublishedAt: a.PublishedAt,
	}
	if it.Source == "" {
		it.Source = textsafe.Line(a.Source.ID)
	}
	body, more := textsafe.SplitTruncation(a.Content)
	it.Content, it.More = strings.TrimSpace(textsafe.FromHTML(body)), more
	// Services often start the content with the description; showing it
	// twice in a row reads like a glitch.
	if it.Description != "" && strings.HasPrefix(it.Content, it.Description) {
		it.Content = strings.TrimSpace(strings.TrimPrefix(it.Content, it.Description))
	}
	if u, ok := textsafe.SafeURL(a.URL); ok {
		it.URL = u
	}
	return it
}

// OpenMsg asks the root to show an article in the reader. Origin is the
// list it came from, which answers common.StepArticleMsg.
type OpenMsg struct {
	Item   Item
	Origin common.ScreenID
	// Step marks the answer to a reader's next/previous. It may arrive
	// after a page load, when the user has left the reader; the root then
	// drops it rather than pull the user back in.
	Step bool
}

// FromPage sanitises a page of articles.
func FromPage(p model.Page[model.Article]) model.Page[Item] {
	items := make([]Item, len(p.Items))
	for i, a := range p.Items {
		items[i] = FromArticle(a)
	}
	return model.Page[Item]{Items: items, TotalResults: p.TotalResults, Page: p.Page, PageSize: p.PageSize}
}

// Key identifies an article across pages: its URL, or its title and
// source when it has none.
func Key(it Item) string {
	if it.Link != "" {
		return it.Link
	}
	return it.Source + "\x00" + it.Title
}

// HeadlinesFetch fetches pages of a copy of q, sanitising them inside the
// command so that Update never does the work.
func HeadlinesFetch(c common.Client, q model.HeadlinesQuery) pagedlist.Fetch[Item] {
	return func(ctx context.Context, page int) (model.Page[Item], error) {
		q := q
		q.Page = page
		p, err := c.LatestHeadlines(ctx, q)
		return FromPage(p), err
	}
}

// SearchFetch fetches pages of a copy of q from /articles.
func SearchFetch(c common.Client, q model.ArticlesQuery) pagedlist.Fetch[Item] {
	q.Sources = append([]string(nil), q.Sources...)
	q.Domains = append([]string(nil), q.Domains...)
	q.ExcludeDomains = append([]string(nil), q.ExcludeDomains...)
	return func(ctx context.Context, page int) (model.Page[Item], error) {
		q := q
		q.Page = page
		p, err := c.Articles(ctx, q)
		return FromPage(p), err
	}
}
