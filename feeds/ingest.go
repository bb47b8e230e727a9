package feeds

import (
	"context"
	"errors"
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

// write stores a batch of fetched polls, the sources' new details first
// (a feed imported from OPML learns its language on its first poll), and
// returns each poll's outcome with what storing it did.
func (p *Poller) write(ctx context.Context, batch []fetched) []Outcome {
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	var sources []model.Source
	var saves []store.FeedPollResult
	var index []int // batch position of each save
	for i, f := range batch {
		if f.skip {
			continue
		}
		if f.source != nil {
			sources = append(sources, *f.source)
		}
		saves = append(saves, f.save)
		index = append(index, i)
	}
	if len(sources) > 0 {
		if err := p.st.Add(ctx, sources, nil); err != nil {
			p.log.Error("update sources from their feeds", "err", err)
		}
	}
	stats, errs := p.saveMoving(ctx, saves)
	outs := make([]Outcome, len(batch))
	for i, f := range batch {
		outs[i] = f.out
	}
	for k, i := range index {
		outs[i].Stats = stats[k]
		if errs[k] != nil {
			p.log.Error("store a feed's poll", "feed", saves[k].ID, "err", errs[k])
			if outs[i].Err == nil {
				outs[i].Err = errs[k]
			}
		}
	}
	return outs
}

// saveMoving stores polls; a poll refused only because its new address
// (a permanent redirect) is another feed's is stored again at the old one.
func (p *Poller) saveMoving(ctx context.Context, saves []store.FeedPollResult) ([]store.FeedWriteStats, []error) {
	stats, errs := p.st.SaveFeedPolls(ctx, saves)
	for k, err := range errs {
		if err != nil && saves[k].URL != "" && errors.Is(err, store.ErrFeedExists) {
			p.log.Warn("keep the feed's old address", "feed", saves[k].ID, "moved to", saves[k].URL, "err", err)
			retry := saves[k]
			retry.URL = ""
			s, e := p.st.SaveFeedPolls(ctx, []store.FeedPollResult{retry})
			stats[k], errs[k] = s[0], e[0]
		}
	}
	return stats, errs
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
