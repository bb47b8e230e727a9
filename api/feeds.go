package api

import (
	"context"
	"errors"

	"tidings/model"
)

// pathFeeds is tidings serve's read-only extension listing a catalogue's
// feeds (server/feeds.go); services that keep no feeds answer 404.
const pathFeeds = "/feeds"

// ErrNoFeeds: the service lists no feeds (NewsAPI, or a spec service
// without the /v2/feeds extension).
var ErrNoFeeds = errors.New("the service does not list feeds")

type feedsEnvelope struct {
	envelopeHeader
	Feeds *[]model.FeedStatus `json:"feeds"`
}

// Feeds lists the catalogue's feeds and how their polling stands (GET
// /feeds, an extension of tidings serve --db). A service without it fails
// with [ErrNoFeeds] (errors.Is also matches [ErrNotFound] when it
// answered 404).
func (c *Client) Feeds(ctx context.Context) ([]model.FeedStatus, error) {
	if c.dialect != DialectSpec {
		return nil, ErrNoFeeds
	}
	body, err := c.get(ctx, pathFeeds, nil)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, errors.Join(ErrNoFeeds, err)
		}
		return nil, err
	}
	var env feedsEnvelope
	if err := unmarshalEnvelope(body, &env); err != nil {
		return nil, err
	}
	if err := env.checkStatus(body, env.Feeds != nil, "feeds", c.redact); err != nil {
		return nil, err
	}
	if env.Feeds == nil {
		return []model.FeedStatus{}, nil
	}
	out := *env.Feeds
	for i := range out {
		out[i].Status = out[i].State() // the fields decide, whatever the service called it
	}
	return out, nil
}
