package feeds

import (
	"context"
	"errors"
	"fmt"

	"tidings/feeds/opml"
	"tidings/model"
	"tidings/server/store"
)

// ImportResult is what importing a subscription list did.
type ImportResult struct {
	Added   []store.Feed // new subscriptions, due at once
	Present int          // outlines already subscribed (by feed address), left as they are
}

// Import subscribes to every outline not subscribed yet, without fetching
// anything: the feeds are due at once and the first poll fills in what
// the list did not say (the feed's own language, say). Importing the same
// list twice adds nothing.
func (p *Poller) Import(ctx context.Context, outlines []opml.Outline) (ImportResult, error) {
	var res ImportResult
	now := p.now()
	for _, o := range outlines {
		if err := p.notSubscribed(ctx, o.XMLURL); err != nil {
			if errors.Is(err, store.ErrFeedExists) {
				res.Present++
				continue
			}
			return res, err
		}
		site := o.HTMLURL
		if site == "" {
			site = siteOf(o.XMLURL)
		}
		// A missing title is filled in from the feed by its first poll.
		name := o.Title
		f := store.Feed{URL: o.XMLURL, AddedAt: now, FullText: o.FullText, Source: model.Source{
			ID: Slug(name, site), Name: name, Description: o.Description, URL: site,
			Category: o.Category, Language: o.Language, Country: o.Country,
		}}
		added, err := p.addFeed(ctx, f)
		if err != nil {
			return res, fmt.Errorf("import %s: %w", o.XMLURL, err)
		}
		res.Added = append(res.Added, added)
	}
	return res, nil
}

// Outlines lists every subscription as a subscription list, for export.
func Outlines(ctx context.Context, st store.FeedStore) ([]opml.Outline, error) {
	feeds, err := st.Feeds(ctx)
	if err != nil {
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	out := make([]opml.Outline, len(feeds))
	for i, f := range feeds {
		out[i] = opml.Outline{Title: f.Source.Name, XMLURL: f.URL, HTMLURL: f.Source.URL,
			Description: f.Source.Description, Category: f.Source.Category,
			Language: f.Source.Language, Country: f.Source.Country, FullText: f.FullText}
	}
	return out, nil
}
