package server

import (
	"context"
	"net/url"

	"tidings/model"
	"tidings/server/store"
)

// pathFeeds is our extension listing the catalogue's feeds and how their
// polling stands (the reader's Feeds screen against a remote tidings
// serve --db). It is read-only: feeds are managed with `tidings feeds`
// on the machine that holds the catalogue.
const pathFeeds = "/v2/feeds"

// feedsBody is the answer of /v2/feeds.
type feedsBody struct {
	Status       string             `json:"status"`
	TotalResults int                `json:"totalResults"`
	Feeds        []model.FeedStatus `json:"feeds"`
}

// uncachedPath reports the paths answered from the store every time:
// polling state changes without the store's generation moving (only
// article writes move it), so a cached body would go stale.
func uncachedPath(path string) bool { return path == pathFeeds }

// feedList answers /v2/feeds: every feed, by id. A catalogue that keeps
// no feeds (an imported one) lists none.
func (h *handler) feedList(ctx context.Context, v url.Values) (any, error) {
	body := feedsBody{Status: "ok", Feeds: []model.FeedStatus{}}
	fs, ok := h.st.(store.FeedStore)
	if !ok {
		return body, nil
	}
	list, err := fs.Feeds(ctx)
	if err != nil {
		return nil, err
	}
	for _, f := range list {
		body.Feeds = append(body.Feeds, store.FeedStatusOf(f))
	}
	body.TotalResults = len(body.Feeds)
	return body, nil
}
