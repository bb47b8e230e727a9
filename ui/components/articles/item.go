// Package articles is what every screen knows of an article: an [Item]
// holds its display strings, sanitised once when its page arrives
// (item.go); the messages that ask the root to open or save one
// (messages.go); and the fetches that load pages of them (fetch.go).
// Lists of articles are drawn by components/articlelist.
package articles

import (
	"fmt"
	"strings"
	"time"

	"tidings/model"
	"tidings/state"
	"tidings/ui/textsafe"
)

// Item is an article ready for display. Every string field but Link is
// sanitised. It keeps no copy of the model.Article it was made from: a
// list holds thousands of Items. What a list draws is in its fields; what
// only the reader, the preview and saving read (the content, the image's
// link, the author, the source's id) is kept deflated with the rest of its
// page's (cold.go), and its web address is worked out from Link when asked
// (URL, RawURL): with 10,000 articles loaded that is the difference
// between 42 and 38 MiB of the reader's memory (issue 31).
type Item struct {
	Title       string
	Source      string
	Description string
	More        int    // characters the service left out of the content
	Link        string // the link exactly as sent: checked again before it is opened, never drawn (URL and RawURL show it)
	PublishedAt time.Time
	// cold holds what only the reader, the preview and saving read,
	// deflated with the rest of the page's (cold.go): Content, Image,
	// Author and SourceID read it.
	cold coldRef
	// StoryID and StorySize are the story the service put the article in
	// and its number of distinct sources (our service's extension; empty
	// and 0 elsewhere). StoryID is a checked id (api), never drawn.
	StoryID   string
	StorySize int
	// ID, Read and Starred are the service's marks (docs/marks.md): its
	// id of the article and, where it keeps marks, whether the key asking
	// had read or starred it when the page came. Empty and false
	// elsewhere. ID is never drawn.
	ID      string
	Read    bool
	Starred bool
	// key is Key's answer, worked out once (FromArticle).
	key string
}

// FromArticle sanitises an article into an Item.
func FromArticle(a model.Article) Item {
	it, cold := sanitise(a)
	it.cold = coldRef{block: newColdBlock([]coldText{cold}, false)}
	return it
}

// sanitise makes the Item of a and its cold strings, which the caller
// puts in a block: one of its own (FromArticle) or its page's (FromPage).
func sanitise(a model.Article) (Item, coldText) {
	it := Item{
		Link:        a.URL,
		Title:       textsafe.Line(textsafe.FromHTML(a.Title)),
		Source:      textsafe.Line(textsafe.FromHTML(a.Source.Name)),
		Description: textsafe.Line(textsafe.FromHTML(a.Description)),
		PublishedAt: a.PublishedAt,
		StoryID:     a.StoryID,
		StorySize:   a.StorySize,
		ID:          textsafe.Line(a.ID),
		Read:        a.Read,
		Starred:     a.Starred,
	}
	if it.Source == "" {
		it.Source = textsafe.Line(a.Source.ID)
	}
	body, more := textsafe.SplitTruncation(a.Content)
	content := strings.TrimSpace(textsafe.FromHTML(body))
	it.More = more
	// Services often start the content with the description; showing it
	// twice in a row reads like a glitch.
	if it.Description != "" && strings.HasPrefix(content, it.Description) {
		content = strings.TrimSpace(strings.TrimPrefix(content, it.Description))
	}
	cold := coldText{content: content, image: a.URLToImage,
		author: textsafe.Line(textsafe.FromHTML(a.Author)), sourceID: a.Source.ID}
	it.key = keyOf(it, cold)
	return it, cold
}

// ToArticle is the article an Item shows, for keeping it (state.Store.Save):
// every field, with the text as shown (cleaned, HTML removed) and the
// link, source id and image as sent. The content is what the reader shows
// after the description, with the service's "[+N chars]" marker when it
// had one, so FromArticle gives the same Item back and a saved article
// reads offline as it did. state.Key of it is Key(it).
func ToArticle(it Item) model.Article { return toArticle(it, it.cold.block.get(it.cold.i)) }

// toArticle is ToArticle with the item's cold strings given.
func toArticle(it Item, cold coldText) model.Article {
	content := cold.content
	if it.More > 0 {
		content = strings.TrimSpace(content+"…") + fmt.Sprintf(" [+%d chars]", it.More)
	}
	name := it.Source
	if name == cold.sourceID {
		name = "" // FromArticle showed the id for want of a name
	}
	return model.Article{
		Source:      model.SourceRef{ID: cold.sourceID, Name: name},
		Author:      cold.author,
		Title:       it.Title,
		Description: it.Description,
		URL:         it.Link,
		URLToImage:  cold.image,
		PublishedAt: it.PublishedAt,
		Content:     content,
		StoryID:     it.StoryID,
		StorySize:   it.StorySize,
		ID:          it.ID,
		Starred:     it.Starred,
	}
}

// keyOf is state.Key of the article it shows: its link, trimmed, or for
// an article without one a digest of its (cleaned) title, source and
// time. The cleaned text rather than the service's makes the key survive
// a save and a reload (ToArticle, FromArticle).
func keyOf(it Item, cold coldText) string {
	if u := strings.TrimSpace(it.Link); u != "" {
		return u
	}
	return state.Key(toArticle(it, cold))
}

// FromPage sanitises a page of articles.
func FromPage(p model.Page[model.Article]) model.Page[Item] {
	items := make([]Item, len(p.Items))
	cold := make([]coldText, len(p.Items))
	for i, a := range p.Items {
		items[i], cold[i] = sanitise(a)
	}
	// The first page is on the path to the first frame, and a page alone
	// is small: only later pages, which make a list big, are deflated.
	pack(items, cold, p.Page > 1)
	return model.Page[Item]{Items: items, TotalResults: p.TotalResults, Page: p.Page, PageSize: p.PageSize,
		UnreadResults: p.UnreadResults, UnreadKnown: p.UnreadKnown}
}

// Content is the article's text as the reader shows it after the
// description: plain text, HTML removed, without the "[+N chars]" marker
// (More says how much the service left out).
func (it Item) Content() string { return it.cold.block.get(it.cold.i).content }

// Image is the link to the article's image (urlToImage) as sent; never
// drawn, kept for saving.
func (it Item) Image() string { return it.cold.block.get(it.cold.i).image }

// URL is the article's link if it is a web (http or https) address, as
// textsafe.SafeURL makes it safe to draw and open; "" otherwise. It is
// worked out when asked, not kept: a list of 10,000 items would keep
// 10,000 copies of a string header for a link Link already holds.
func (it Item) URL() string {
	u, _ := textsafe.SafeURL(it.Link)
	return u
}

// RawURL is the link as sent, sanitised, for saying why it will not be
// opened.
func (it Item) RawURL() string { return textsafe.Line(it.Link) }

// Author is the article's author, sanitised.
func (it Item) Author() string { return it.cold.block.get(it.cold.i).author }

// SourceID is the id of the article's source as sent; never drawn, kept
// for saving.
func (it Item) SourceID() string { return it.cold.block.get(it.cold.i).sourceID }

// Same reports whether two items show the same article in every field
// (their cold text may sit in different blocks, so == does not tell).
func (it Item) Same(o Item) bool {
	if it.cold.block.get(it.cold.i) != o.cold.block.get(o.cold.i) {
		return false
	}
	it.cold, o.cold = coldRef{}, coldRef{}
	return it == o
}

// Key identifies an article across pages, and across runs: it is
// state.Key of the article (its URL, trimmed, or a digest of its title,
// source and time when it has none), so the read history, the saved
// articles and the lists agree.
func Key(it Item) string {
	if it.key != "" {
		return it.key
	}
	return keyOf(it, it.cold.block.get(it.cold.i)) // an Item not made by FromArticle
}
