package greader

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"tidings/model"
	"tidings/server/store"
)

// items are the articles ids names, as Google Reader items carrying the
// session's marks: sorted by publication (newest first unless
// oldestFirst) when sorted, else in the order of ids. Ids not stored
// are left out.
func (h *Handler) items(c *call, ids []int64, sorted, oldestFirst bool) ([]itemJSON, error) {
	if len(ids) == 0 {
		return []itemJSON{}, nil
	}
	articles, err := h.st.ArticlesByID(c.ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("look up the items: %w", err)
	}
	marks, err := h.st.MarksOf(c.ctx, c.session.Owner, ids)
	if err != nil {
		return nil, fmt.Errorf("look up the items' marks: %w", err)
	}
	subs, err := h.subscriptions(c.ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]model.Article, len(articles))
	for _, a := range articles {
		if id, err := strconv.ParseInt(a.ID, 10, 64); err == nil {
			byID[id] = a
		}
	}
	out := make([]itemJSON, 0, len(articles))
	for _, id := range ids {
		if a, ok := byID[id]; ok {
			out = append(out, newItem(id, a, marks[id], subs))
		}
	}
	if sorted {
		slices.SortStableFunc(out, func(a, b itemJSON) int {
			if oldestFirst {
				return cmp.Compare(a.published, b.published)
			}
			return cmp.Compare(b.published, a.published)
		})
	}
	return out, nil
}

// newItem is one article as a Google Reader item. Its text goes in both
// summary and content: NetNewsWire and FreshRSS's compatible mode read
// summary, others content.
func newItem(id int64, a model.Article, m store.ArticleMarks, subs *subscriptions) itemJSON {
	pub := a.PublishedAt
	usec := pub.UnixMicro()
	it := itemJSON{
		ID:            longItemID(id),
		CrawlTimeMsec: strconv.FormatInt(pub.UnixMilli(), 10),
		TimestampUsec: strconv.FormatInt(usec, 10),
		Published:     pub.Unix(),
		Updated:       pub.Unix(),
		Title:         a.Title,
		Author:        a.Author,
		Canonical:     []linkJSON{{Href: a.URL}},
		Alternate:     []linkJSON{{Href: a.URL, Type: "text/html"}},
		Categories:    []string{stateReadingList},
		Origin:        originJSON{StreamID: feedPrefix + a.Source.ID, Title: a.Source.Name},
		published:     usec,
	}
	if sub, ok := subs.find(a.Source.ID); ok {
		it.Origin.HTMLURL = sub.HTMLURL
		if sub.Category != "" {
			it.Categories = append(it.Categories, labelID(sub.Category))
		}
	}
	if m.Read {
		it.Categories = append(it.Categories, stateRead)
	}
	if m.Starred {
		it.Categories = append(it.Categories, stateStarred)
	}
	body := a.Content
	if body == "" {
		body = a.Description
	}
	it.Summary = contentJSON{Direction: "ltr", Content: body}
	it.Content = contentJSON{Direction: "ltr", Content: body}
	if a.URLToImage != "" {
		it.Enclosure = []enclosureJSON{{Href: a.URLToImage, URL: a.URLToImage, Type: "image"}}
	}
	return it
}

// streamJSON is the envelope of stream/contents and stream/items/contents.
func (h *Handler) streamJSON(id, title string, items []itemJSON, continuation string) streamContentsJSON {
	return streamContentsJSON{Direction: "ltr", ID: id, Title: title, Updated: h.now().Unix(), Items: items,
		Continuation: continuation}
}

type streamContentsJSON struct {
	Direction    string     `json:"direction"`
	ID           string     `json:"id"`
	Title        string     `json:"title,omitempty"`
	Updated      int64      `json:"updated"`
	Items        []itemJSON `json:"items"`
	Continuation string     `json:"continuation,omitempty"`
}

type itemJSON struct {
	ID            string          `json:"id"`
	CrawlTimeMsec string          `json:"crawlTimeMsec"`
	TimestampUsec string          `json:"timestampUsec"`
	Published     int64           `json:"published"`
	Updated       int64           `json:"updated"`
	Title         string          `json:"title"`
	Author        string          `json:"author,omitempty"`
	Canonical     []linkJSON      `json:"canonical"`
	Alternate     []linkJSON      `json:"alternate"`
	Categories    []string        `json:"categories"`
	Origin        originJSON      `json:"origin"`
	Summary       contentJSON     `json:"summary"`
	Content       contentJSON     `json:"content"`
	Enclosure     []enclosureJSON `json:"enclosure,omitempty"`

	published int64 // microseconds, for sorting
}

type linkJSON struct {
	Href string `json:"href"`
	Type string `json:"type,omitempty"`
}

type originJSON struct {
	StreamID string `json:"streamId"`
	Title    string `json:"title"`
	HTMLURL  string `json:"htmlUrl,omitempty"`
}

// contentJSON puts content first: newsboat takes summary's first member
// as the text.
type contentJSON struct {
	Content   string `json:"content"`
	Direction string `json:"direction"`
}

type enclosureJSON struct {
	Href string `json:"href"`
	URL  string `json:"url"`
	Type string `json:"type"`
}
