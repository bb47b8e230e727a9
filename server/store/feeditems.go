package store

import (
	"context"
	"fmt"
	"time"

	"tidings/model"
)

// The rule by which a poll's items become articles, stated once for every
// backend (see FeedStore.SaveFeedItems). Each item is matched to a stored
// article by its GUID within the feed, then by its URL:
//
//   - matched by neither: stored as a new article of the feed's source,
//     published at its PublishedAt, or at the poll's seen time when it
//     has none;
//   - matched to an article of the feed: compared field by field, and
//     rewritten in place (under its new URL, if that changed) only when
//     something differs. An undated item keeps the stored time. If the
//     GUID's article and the one at the new URL are two articles of the
//     feed, they become one (the one at the new URL takes the item);
//   - its URL is another source's article: that article is left alone,
//     and an article of this feed the GUID pointed to is deleted, the
//     entry having moved to a URL the feed does not own.
//
// An item whose GUID or URL an earlier item of the same poll had is
// counted unchanged and otherwise ignored (feeds list their newest
// version first). A backend reads through ItemLookup and carries out the
// ItemPlan it gets back; it decides nothing itself.

// StoredItem is what the rule reads of a stored article.
type StoredItem struct {
	URL, SourceID                              string
	Author, Title, Description, Image, Content string
	Published                                  int64 // Unix seconds, when Dated
	Dated                                      bool
	// Popularity is the popularity an import gave the article, nil when
	// none (or when the backend does not read it): a replacement keeps it.
	Popularity *float64
}

// ItemLookup is what reconciling a feed's items reads, inside the
// transaction that writes them.
type ItemLookup interface {
	// MappedURL is the URL the feed's entry guid was last stored under;
	// "" when the entry is new to the store.
	MappedURL(ctx context.Context, feedID, guid string) (string, error)
	// StoredArticle is the article at url, nil when there is none. A
	// backend that defers its inserts to the end of a transaction reports
	// a URL another feed's item of the same transaction is storing as that
	// feed's (SourceID set, the rest empty).
	StoredArticle(ctx context.Context, url string) (*StoredItem, error)
}

// ItemOutcome is what storing an item did, as FeedWriteStats counts it.
type ItemOutcome int

// Item outcomes.
const (
	ItemUnchanged ItemOutcome = iota
	ItemNew
	ItemUpdated
)

// Count adds the outcome to c.
func (o ItemOutcome) Count(c *FeedWriteStats) {
	switch o {
	case ItemNew:
		c.New++
	case ItemUpdated:
		c.Updated++
	default:
		c.Unchanged++
	}
}

// ItemPlan is what storing one item takes, in this order: record the
// entry's URL (Remap), delete the articles at Delete, store Article
// (when Store).
type ItemPlan struct {
	Outcome ItemOutcome
	// Remap: the entry (GUID) is to be recorded under Article.URL.
	Remap  bool
	Delete []string // URLs of the articles to delete
	Store  bool
	// Article is the item as it is to be stored: of the feed's source,
	// its date filled in.
	Article model.Article
	// Replaces is the stored article Article rewrites (nil for a new
	// one): a backend keeps what the item does not carry (popularity).
	Replaces *StoredItem
}

// FeedItems reconciles the items of one poll of one feed, in order.
type FeedItems struct {
	feed string
	seen time.Time
	// guids and urls are those of the items planned so far.
	guids, urls map[string]bool
}

// NewFeedItems starts the poll of feed feedID; seen is the time given to
// items without a date the first time they are stored.
func NewFeedItems(feedID string, seen time.Time) *FeedItems {
	return &FeedItems{feed: feedID, seen: seen, guids: map[string]bool{}, urls: map[string]bool{}}
}

// CheckItems refuses a poll with an item that lacks a URL or a GUID,
// naming the item.
func CheckItems(feedID string, items []FeedItem) error {
	for i, it := range items {
		if it.Article.URL == "" || it.GUID == "" {
			return fmt.Errorf("save items of feed %q: item %d (guid %q, url %q, title %q) lacks a URL or GUID",
				feedID, i, it.GUID, it.Article.URL, it.Article.Title)
		}
	}
	return nil
}

// Plan decides what storing it takes (see the rule above).
func (f *FeedItems) Plan(ctx context.Context, l ItemLookup, it FeedItem) (ItemPlan, error) {
	a := it.Article
	if f.guids[it.GUID] || f.urls[a.URL] {
		return ItemPlan{Outcome: ItemUnchanged}, nil // a repeat within the feed: the first wins
	}
	f.guids[it.GUID], f.urls[a.URL] = true, true
	// The article belongs to the feed's source whatever the entry says;
	// an empty name is filled from the source row as it is stored.
	a.Source = model.SourceRef{ID: f.feed}

	mapped, err := l.MappedURL(ctx, f.feed, it.GUID)
	if err != nil {
		return ItemPlan{}, fmt.Errorf("look up entry %q: %w", it.GUID, err)
	}
	plan := ItemPlan{Outcome: ItemUnchanged, Remap: mapped != a.URL}
	var cur *StoredItem // the feed's article for this entry
	if mapped != "" {
		if cur, err = l.StoredArticle(ctx, mapped); err != nil {
			return ItemPlan{}, fmt.Errorf("look up article %s: %w", mapped, err)
		}
		if cur != nil && cur.SourceID != f.feed {
			cur = nil // replaced since by another source's article of that URL
		}
	}
	var atURL *StoredItem // the article the item's URL already names
	if cur == nil || cur.URL != a.URL {
		if atURL, err = l.StoredArticle(ctx, a.URL); err != nil {
			return ItemPlan{}, fmt.Errorf("look up article %s: %w", a.URL, err)
		}
	}
	switch {
	case atURL != nil && atURL.SourceID != f.feed:
		// Another source's article: leave it be, and drop the feed's own
		// copy under the entry's old URL rather than keep a duplicate.
		if cur != nil {
			plan.Outcome, plan.Delete = ItemUpdated, []string{cur.URL}
		}
		return plan, nil
	case cur != nil && atURL != nil:
		// The entry moved to a URL another entry of the feed has: one
		// article, the one at the new URL, takes the item.
		plan.Outcome, plan.Delete, cur = ItemUpdated, []string{cur.URL}, atURL
	case cur == nil:
		cur = atURL
	}
	if cur == nil {
		if a.PublishedAt.IsZero() {
			a.PublishedAt = f.seen
		}
		plan.Outcome, plan.Store, plan.Article = ItemNew, true, a
		return plan, nil
	}
	if a.PublishedAt.IsZero() && cur.Dated {
		// Undated: the time it was first seen stays its time.
		a.PublishedAt = time.Unix(cur.Published, 0)
	}
	if plan.Outcome == ItemUnchanged && cur.Same(&a) {
		return plan, nil
	}
	// Replaced: the stored row goes, the item's takes its place.
	plan.Outcome, plan.Delete = ItemUpdated, append(plan.Delete, cur.URL)
	plan.Store, plan.Article, plan.Replaces = true, a, cur
	return plan, nil
}

// Same reports whether storing a would change nothing a reader sees. a
// is undated only if the stored article is too (Plan fills in its time).
func (s *StoredItem) Same(a *model.Article) bool {
	var published int64
	dated := !a.PublishedAt.IsZero()
	if dated {
		published = ClampSeconds(a.PublishedAt.Unix())
	}
	return dated == s.Dated && published == s.Published && s.URL == a.URL && s.Author == a.Author &&
		s.Title == a.Title && s.Description == a.Description && s.Image == a.URLToImage && s.Content == a.Content
}

// ContentLookup is what StoredContents reads.
type ContentLookup interface {
	// MappedURL is as ItemLookup's.
	MappedURL(ctx context.Context, feedID, guid string) (string, error)
	// StoredContent is the source and content of the article at url; ok
	// is false when there is none.
	StoredContent(ctx context.Context, url string) (source, content string, ok bool, err error)
}

// StoredContents is FeedContents.StoredFeedContents's rule: item i has
// an entry exactly when Plan would not make it a new article (matched by
// its entry's GUID to an article still the feed's, or by its URL to any
// article, another source's too), with the content stored for it.
func StoredContents(ctx context.Context, l ContentLookup, feedID string, items []FeedItem) (map[int]string, error) {
	out := map[int]string{}
	for i, it := range items {
		mapped, err := l.MappedURL(ctx, feedID, it.GUID)
		if err != nil {
			return nil, fmt.Errorf("look up entry %q of feed %q: %w", it.GUID, feedID, err)
		}
		if mapped != "" && mapped != it.Article.URL {
			src, content, ok, err := l.StoredContent(ctx, mapped)
			if err != nil {
				return nil, fmt.Errorf("look up article %s: %w", mapped, err)
			}
			if ok && src == feedID {
				out[i] = content // the entry's article, unless its new URL has one
			}
		}
		_, content, ok, err := l.StoredContent(ctx, it.Article.URL)
		if err != nil {
			return nil, fmt.Errorf("look up article %s: %w", it.Article.URL, err)
		}
		if ok {
			out[i] = content
		}
	}
	return out, nil
}
