package feeds

import (
	"context"
	"fmt"

	"tidings/server/store"
)

// DisabledByUser is FeedPoll.Disabled for a feed the user switched off
// (d on the reader's Feeds screen). Unlike a feed disabled by its server
// (410 Gone), it is skipped by every pass, a pass over all feeds
// included, and it does not count as failing: only SetEnabled turns it
// back on.
const DisabledByUser = "disabled by the user"

// RefreshFeed polls one feed now, due or not, disabled or not (the user
// asked), and returns what the poll did. It waits for a pass running to
// end, as passes do for each other, and reports to Options.OnPass like a
// pass of one feed.
func (p *Poller) RefreshFeed(ctx context.Context, id string) (Outcome, error) {
	p.passMu.Lock()
	defer p.passMu.Unlock()
	f, err := p.st.FindFeed(ctx, id)
	if err != nil {
		return Outcome{}, fmt.Errorf("find feed %q: %w", id, err)
	}
	if f.Poll.Disabled == DisabledByUser {
		// Asked for by name: poll it, and keep it off afterwards.
		defer p.keepDisabled(ctx, id)
	}
	started := p.now()
	var out Outcome
	var sum Summary
	p.pollFeeds(ctx, []store.Feed{f}, func(o Outcome) { out = o; sum.add(o) })
	if p.onPass != nil {
		p.onPass(Pass{Started: started, Finished: p.now(), Summary: sum})
	}
	return out, ctx.Err()
}

// keepDisabled switches a feed the user had switched off back off after
// a poll asked for by name cleared it (a success clears Disabled).
func (p *Poller) keepDisabled(ctx context.Context, id string) {
	if err := p.setDisabled(ctx, id, DisabledByUser); err != nil {
		p.log.Error("keep feed disabled", "feed", id, "err", err)
	}
}

// SetEnabled switches polling of one feed on or off. Off, the feed is
// never polled until switched on again; on, it is due at once. It waits
// for a pass running to end, so the pass cannot write the old state back
// over it.
func (p *Poller) SetEnabled(ctx context.Context, id string, enabled bool) error {
	p.passMu.Lock()
	defer p.passMu.Unlock()
	why := DisabledByUser
	if enabled {
		why = ""
	}
	return p.setDisabled(ctx, id, why)
}

func (p *Poller) setDisabled(ctx context.Context, id, why string) error {
	f, err := p.st.FindFeed(ctx, id)
	if err != nil {
		return fmt.Errorf("find feed %q: %w", id, err)
	}
	poll := f.Poll
	poll.Disabled = why
	if why == "" {
		poll.NextPoll = p.now() // due now
	}
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	if err := p.st.SaveFeedPoll(ctx, f.Source.ID, f.URL, poll); err != nil {
		return fmt.Errorf("save feed %q: %w", id, err)
	}
	return nil
}
