package feeds

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tidings/feeds/normalise"
	"tidings/model"
	"tidings/server/store"
)

// fetched is one feed's poll, fetched and parsed, waiting to be stored.
type fetched struct {
	out Outcome
	// save is what to store: the items and new polling state; the state
	// alone after a 304 or a failure.
	save store.FeedPollResult
	// source is the feed's source with what the feed told of itself
	// filled in, when that changed it.
	source *model.Source
	// skip: nothing to store (the pass was cancelled mid-fetch, which is
	// not the feed's failure).
	skip bool
}

// fetchOne fetches and parses one feed, and works out its new polling
// state. It writes nothing: the pass's writer stores what it returns.
//
// All of it runs under the per-feed deadline (Options.FeedTimeout): a feed
// that trickles its bytes, or whose pages do, fails with a deadline error
// rather than holding its worker, and the pass goes on. ctx is the pass's:
// its end is not the feed's failure.
func (p *Poller) fetchOne(pass context.Context, f store.Feed) fetched {
	now := p.now()
	r := fetched{out: Outcome{Feed: f}, save: store.FeedPollResult{ID: f.Source.ID, Poll: f.Poll, Seen: now}}
	ctx, cancel := context.WithTimeout(pass, p.feedTimeout)
	defer cancel()
	r = p.fetchWithin(ctx, f, r, now)
	if r.out.Err != nil && pass.Err() == nil && ctx.Err() != nil {
		// The feed's own deadline passed, not the pass's: its failure.
		r.skip = false
		r.out.Err = nil
		r.save.Poll = f.Poll
		r.save.Poll.LastAttempt = now
		r.save.Items, r.save.URL, r.source = nil, "", nil
		return p.failed(pass, r, &FetchError{Kind: KindTimeout,
			Msg: fmt.Sprintf("gave up on the feed after %s, the per-feed deadline (fetching, parsing and reading its pages)", p.feedTimeout)})
	}
	return r
}

// fetchWithin is fetchOne under the feed's deadline ctx.
func (p *Poller) fetchWithin(ctx context.Context, f store.Feed, r fetched, now time.Time) fetched {
	poll := &r.save.Poll
	poll.LastAttempt = now
	resp, err := p.fetchFeed(ctx, f.URL, Validators{ETag: poll.ETag, LastModified: poll.LastModified})
	if err != nil {
		return p.failed(ctx, r, err)
	}
	if resp.MovedTo != "" && resp.MovedTo != f.URL {
		r.save.URL = resp.MovedTo
		p.log.Info("feed moved permanently", "feed", f.Source.ID, "from", f.URL, "to", resp.MovedTo)
	}
	if resp.NotModified {
		p.succeeded(poll, resp.FreshFor, now)
		r.out.NotModified = true
		return r
	}
	doc, err := p.parse(resp, now)
	if err != nil {
		r.save.URL = "" // keep the address a working feed was found at
		return p.failed(ctx, r, err)
	}
	poll.ETag, poll.LastModified = resp.Validators.ETag, resp.Validators.LastModified
	poll.MinInterval = doc.MinInterval
	p.succeeded(poll, resp.FreshFor, now)
	for _, s := range doc.Skipped {
		p.log.Warn("feed item skipped", "feed", f.Source.ID, "item", s.Index, "title", s.Title, "reason", s.Reason)
	}
	r.out.Skipped = len(doc.Skipped)
	r.save.Items = p.itemsToKeep(f, p.bounded(f, doc.Items, now, &r.out), now)
	p.fullText(ctx, f, r.save.Items, &r.out)
	if f.FullText && ctx.Err() != nil {
		// Cut short while reading pages: store nothing rather than the
		// unread new items with the feed's text for good; the next pass
		// fetches the feed again (its validators are not saved either).
		r.out.Err, r.skip = ctx.Err(), true
		return r
	}
	if src, changed := fillSource(f.Source, doc); changed {
		r.source = &src
	}
	return r
}

// fetchFeed fetches a feed document in its host's turn, which page reads
// share: one request at a time per host.
func (p *Poller) fetchFeed(ctx context.Context, rawURL string, v Validators) (*Response, error) {
	release, err := p.hosts.lock(ctx, hostOf(rawURL))
	if err != nil {
		return nil, err
	}
	defer release()
	return p.fetch.Fetch(ctx, rawURL, v)
}

func (p *Poller) succeeded(poll *store.FeedPoll, fresh time.Duration, now time.Time) {
	poll.LastSuccess = now
	poll.LastError = ""
	poll.Failures = 0
	poll.Disabled = ""
	poll.NextPoll = p.sched.afterSuccess(*poll, fresh, now)
}

// failed records a failed fetch in r's polling state. A fetch cut short by
// ctx (the user quit) is not the feed's failure and is not recorded.
func (p *Poller) failed(ctx context.Context, r fetched, err error) fetched {
	if ctx.Err() != nil {
		r.out.Err, r.skip = ctx.Err(), true
		return r
	}
	var fe *FetchError
	if !errors.As(err, &fe) {
		fe = &FetchError{Kind: KindNetwork, Msg: err.Error()}
	}
	poll := &r.save.Poll
	poll.Failures++
	poll.LastError = fe.Msg
	if fe.Kind == KindGone {
		poll.Disabled = fe.Msg
	}
	poll.NextPoll = p.sched.afterFailure(*poll, fe.RetryAfter, poll.LastAttempt)
	p.log.Warn("feed poll failed", "feed", r.out.Feed.Source.ID, "url", r.out.Feed.URL, "err", fe.Msg)
	r.out.Err = fe
	return r
}

// parse parses a fetched body, one at a time when the poller shares the
// machine with readers (WriteShare): parsing is most of a pass's CPU after
// writing, and a pass of many feeds would otherwise take every core.
func (p *Poller) parse(resp *Response, now time.Time) (*normalise.Document, error) {
	if p.parsing != nil {
		p.parsing <- struct{}{}
		defer func() { <-p.parsing }()
	}
	return parseDocument(resp, now)
}

// bounded keeps the newest p.maxItems of a feed's items, noting in out
// what it dropped, and logs it.
func (p *Poller) bounded(f store.Feed, items []store.FeedItem, now time.Time, out *Outcome) []store.FeedItem {
	kept, dropped := newestItems(items, p.maxItems, now)
	out.Kept, out.Dropped = len(kept), dropped
	if dropped > 0 {
		p.log.Warn("feed has more items than a poll stores", "feed", f.Source.ID, "url", f.URL,
			"note", droppedNote(dropped, len(kept)))
	}
	return kept
}
