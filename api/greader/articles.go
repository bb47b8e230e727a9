package greader

import (
	"cmp"
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"tidings/htmltext"
	"tidings/model"
)

// contents fetches the items of ids (decimal), at most
// maxContentsPerCall a call, and returns them in the order of ids. Ids
// the service no longer has are left out.
func (c *Client) contents(ctx context.Context, ids []string) ([]model.Article, error) {
	const op = "read items"
	byID := make(map[string]model.Article, len(ids))
	for from := 0; from < len(ids); from += maxContentsPerCall {
		batch := ids[from:min(from+maxContentsPerCall, len(ids))]
		body, err := c.post(ctx, op, "/reader/api/0/stream/items/contents", idsForm(batch))
		if err != nil {
			return nil, err
		}
		var list contentsList
		if err := decodeJSON(body, &list); err != nil {
			return nil, c.badAnswer(op, err)
		}
		for _, it := range list.Items {
			if a, ok := c.article(it); ok {
				byID[a.ID] = a
			}
		}
	}
	out := make([]model.Article, 0, len(ids))
	for _, id := range ids {
		if a, ok := byID[id]; ok {
			out = append(out, a)
		}
	}
	return out, nil
}

// maxDescription bounds the first paragraph used as a description.
const maxDescription = 400

// article turns an item into an article; ok is false for an item
// without a readable id.
func (c *Client) article(it item) (model.Article, bool) {
	id, ok := decimalItemID(string(it.ID))
	if !ok {
		return model.Article{}, false
	}
	body := cmp.Or(it.Content.Content, it.Summary.Content)
	a := model.Article{
		ID:          id,
		Source:      model.SourceRef{ID: c.sourceID(it.Origin.StreamID), Name: it.Origin.Title},
		Author:      it.Author,
		Title:       it.Title,
		Description: firstParagraph(body),
		Content:     body,
		URL:         itemURL(it),
		URLToImage:  itemImage(it),
		PublishedAt: itemTime(it),
		Read:        hasState(it.Categories, "read"),
		Starred:     hasState(it.Categories, "starred"),
	}
	return a, true
}

// firstParagraph is the body's first paragraph as text, when it is short
// enough to stand as a description (lists show it under the title; the
// reader leaves it out of the body that starts with it).
func firstParagraph(body string) string {
	text := htmltext.ToText(body)
	first, _, _ := strings.Cut(text, "\n\n")
	first = strings.Join(strings.Fields(first), " ")
	if utf8.RuneCountInString(first) > maxDescription {
		return ""
	}
	return first
}

func itemURL(it item) string {
	for _, l := range append(it.Canonical, it.Alternate...) {
		if l.Href != "" {
			return l.Href
		}
	}
	return ""
}

func itemImage(it item) string {
	for _, e := range it.Enclosure {
		if u := cmp.Or(e.Href, e.URL); u != "" && (strings.HasPrefix(e.Type, "image") || e.Type == "") && looksLikeImage(u, e.Type) {
			return u
		}
	}
	return ""
}

func looksLikeImage(u, typ string) bool {
	if strings.HasPrefix(typ, "image") {
		return true
	}
	l := strings.ToLower(u)
	for _, ext := range []string{".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"} {
		if strings.Contains(l, ext) {
			return true
		}
	}
	return false
}

// itemTime is when the item was published (published, in seconds), else
// when the service took it in (timestampUsec, crawlTimeMsec).
func itemTime(it item) time.Time {
	switch {
	case it.Published.int64() > 0:
		return time.Unix(it.Published.int64(), 0).UTC()
	case it.TimestampUsec.int64() > 0:
		return time.UnixMicro(it.TimestampUsec.int64()).UTC()
	case it.CrawlTimeMsec.int64() > 0:
		return time.UnixMilli(it.CrawlTimeMsec.int64()).UTC()
	}
	return time.Time{}
}
