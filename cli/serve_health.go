package cli

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"tidings/feeds"
	"tidings/server"
)

// pollerStaleAfter is how long the feed poller may go without finishing a
// pass before readiness calls it stuck. The poller starts a pass at least
// once a minute (it wakes that often to look for due feeds, whatever
// --refresh says), and a pass is bounded by its fetches (60 s each, 8 at
// once) and its paced writes; a first pass over 1,000 new feeds takes a
// couple of minutes. Fifteen minutes is several passes late.
const pollerStaleAfter = 15 * time.Minute

// pollerHealth remembers when the poller started and last finished a
// pass, and when it last stored a feed's poll, for the "feeds" readiness
// check: a pass over many feeds may run long, but while feed after feed
// is stored (each bounded by the per-feed deadline) it is not stuck.
// Failing feeds do not make the service unready — it still serves what
// it has, and the metrics count failures — only a poller that has
// stopped finishing passes and storing feeds does (a store that cannot
// list feeds, a pass wedged on something).
//
// Over a catalogue that elects its poller (PostgreSQL shared by replicas),
// only the leading replica polls: the others are healthy while they wait,
// and a replica that takes the lead gets the same grace for its first pass
// as a process that has just started.
type pollerHealth struct {
	now      func() time.Time
	elects   bool         // the store elects one poller among replicas
	leading  atomic.Bool  // this process polls (always, when !elects)
	started  atomic.Int64 // UnixNano polling started here (or the lead was taken)
	lastPass atomic.Int64 // UnixNano of the last finished pass; 0: none yet
	// lastFeed is UnixNano of the last feed's poll stored: a long pass
	// that keeps storing feeds is moving, not stuck.
	lastFeed atomic.Int64
}

func newPollerHealth(now func() time.Time, elects bool) *pollerHealth {
	p := &pollerHealth{now: now, elects: elects}
	p.started.Store(now().UnixNano())
	p.leading.Store(!elects)
	return p
}

// lead records that this process started (or stopped) polling.
func (p *pollerHealth) lead(on bool) {
	if on {
		p.started.Store(p.now().UnixNano())
		p.lastPass.Store(0)
		p.lastFeed.Store(0)
	}
	p.leading.Store(on)
}

// passed records a finished pass.
func (p *pollerHealth) passed(pass feeds.Pass) { p.lastPass.Store(pass.Finished.UnixNano()) }

// progressed records a feed's poll stored mid-pass.
func (p *pollerHealth) progressed(feeds.Outcome) { p.lastFeed.Store(p.now().UnixNano()) }

// check is the readiness check.
func (p *pollerHealth) check(context.Context) error {
	if !p.leading.Load() {
		return nil // another replica polls; this one is ready to take over
	}
	now := p.now()
	if fed := p.lastFeed.Load(); fed != 0 && now.Sub(time.Unix(0, fed)) <= pollerStaleAfter {
		return nil // a pass is long, but storing feed after feed
	}
	last := p.lastPass.Load()
	if last == 0 {
		if since := now.Sub(time.Unix(0, p.started.Load())); since > pollerStaleAfter {
			return fmt.Errorf("no feed polling pass has finished since polling started %s ago (one is expected at least every %s)",
				since.Round(time.Second), pollerStaleAfter)
		}
		return nil // the first pass is under way
	}
	if since := now.Sub(time.Unix(0, last)); since > pollerStaleAfter {
		return fmt.Errorf("the last feed polling pass finished %s ago, and no feed was stored since (one is expected at least every %s)",
			since.Round(time.Second), pollerStaleAfter)
	}
	return nil
}

// feedPassMetrics is a pass as the service's metrics count it.
func feedPassMetrics(pass feeds.Pass) server.FeedPass {
	s := pass.Summary
	return server.FeedPass{Started: pass.Started, Finished: pass.Finished,
		OK: s.Feeds - s.NotModified - s.Failed, NotModified: s.NotModified, Failed: s.Failed,
		NewArticles: s.New, Updated: s.Updated, Pruned: s.Pruned}
}
