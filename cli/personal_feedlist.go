package cli

import (
	"context"
	"errors"

	"tidings/model"
	"tidings/server/store"
	"tidings/ui/common"
)

// The Feeds screen's share of the bridge (common.Feeds): the feed list,
// and one feed polled or switched off and on through the poller, which
// orders these writes with its passes.

// List implements common.Feeds.
func (b *feedsBridge) List(ctx context.Context) ([]model.FeedStatus, error) {
	list, err := b.st.Feeds(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]model.FeedStatus, len(list))
	for i, f := range list {
		out[i] = store.FeedStatusOf(f)
	}
	return out, nil
}

// RefreshFeed implements common.Feeds.
func (b *feedsBridge) RefreshFeed(ctx context.Context, id string) (int, error) {
	if b.poller == nil {
		return 0, errors.New("feeds are not polled by this reader")
	}
	out, err := b.poller.RefreshFeed(ctx, id)
	if err != nil {
		return 0, err
	}
	return out.Stats.New + out.Stats.Updated, out.Err
}

// SetEnabled implements common.Feeds.
func (b *feedsBridge) SetEnabled(ctx context.Context, id string, enabled bool) error {
	if b.poller == nil {
		return errors.New("feeds are not polled by this reader")
	}
	if err := b.poller.SetEnabled(ctx, id, enabled); err != nil {
		return err
	}
	// No pass tells the status line: a feed switched off no longer
	// counts as failing, one switched on may again.
	b.publish(ctx, common.FeedsStatus{})
	return nil
}
