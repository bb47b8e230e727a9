package feeds

import (
	"context"
	"fmt"
	"time"

	"tidings/feeds/normalise"
	"tidings/model"
	"tidings/server/store"
)

// parseDocument normalises a fetched body; a body that is no feed is a
// fetch failure of KindNotFeed, recorded like any other.
func parseDocument(resp *Response, now time.Time) (*normalise.Document, error) {
	doc, err := normalise.Parse(resp.Body, resp.ContentType, resp.FinalURL, now)
	if err != nil {
		return nil, &FetchError{Kind: KindNotFeed, Msg: err.Error()}
	}
	return doc, nil
}

// store writes a parsed feed: the source's missing details first (a feed
// imported from OPML learns its language on its first poll), then the
// items and the polling state together.
func (p *Poller) store(ctx context.Context, f store.Feed, target string, doc *normalise.Document,
	poll store.FeedPoll, now time.Time) (store.FeedWriteStats, error) {
	items := p.itemsToKeep(f, doc.Items, now)
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	if src, changed := fillSource(f.Source, doc); changed {
		if err := p.st.Add(ctx, []model.Source{src}, nil); err != nil {
			return store.FeedWriteStats{}, fmt.Errorf("update source %s: %w", f.Source.ID, err)
		}
	}
	if target != f.URL {
		if err := p.st.SaveFeedPoll(ctx, f.Source.ID, target, f.Poll); err != nil {
			p.log.Warn("keep the feed's old address", "feed", f.Source.ID, "moved to", target, "err", err)
		}
	}
	stats, err := p.st.SaveFeedItems(ctx, f.Source.ID, items, poll, now)
	if err != nil {
		return stats, fmt.Errorf("store the items of %s: %w", f.Source.ID, err)
	}
	return stats, nil
}

// itemsToKeep names the items' source and drops those older than the
// retention period, which would only be pruned again.
func (p *Poller) itemsToKeep(f store.Feed, items []store.FeedItem, now time.Time) []store.FeedItem {
	var cutoff time.Time
	if p.retain > 0 {
		cutoff = now.Add(-p.retain)
	}
	kept := items[:0]
	for _, it := range items {
		if !cutoff.IsZero() && !it.Article.PublishedAt.IsZero() && it.Article.PublishedAt.Before(cutoff) {
			continue
		}
		it.Article.Source = model.SourceRef{ID: f.Source.ID, Name: f.Source.Name}
		kept = append(kept, it)
	}
	return kept
}

// fillSource completes what the subscription left empty from the feed
// itself. What the user set (or an OPML file did) is never overwritten.
func fillSource(src model.Source, doc *normalise.Document) (model.Source, bool) {
	before := src
	if src.Name == "" {
		src.Name = doc.Title
	}
	if src.Description == "" {
		src.Description = doc.Description
	}
	if src.URL == "" {
		src.URL = doc.SiteURL
	}
	if src.Language == "" {
		src.Language = doc.Language
	}
	return src, src != before
}
