package feeds

import (
	"context"
	"time"

	"tidings/server/store"
)

// Several processes may serve one catalogue (replicas of `tidings serve`
// over one PostgreSQL database, or two readers of one SQLite file); only
// one of them should poll its feeds, or every feed would be fetched once
// per process. A Store that can be shared so implements Leader, and Run
// then polls only while this process holds the lead; a pass asked for
// with Wake runs at once all the same. A Store that is not shared does
// not implement it, and Run polls as always.

// Leader elects one poller among the processes sharing a catalogue; see
// store.Leader.
type Leader = store.Leader

// Lease is a held lead; see store.Lease.
type Lease = store.Lease

// leaderRetry is how often a process that does not lead tries again: a
// quarter of the polling interval, at most a minute, so a dead leader's
// feeds are taken over well within one refresh interval.
func leaderRetry(interval time.Duration) time.Duration {
	return max(min(interval/4, time.Minute), 100*time.Millisecond)
}

// runLed is Run for a Store that elects its poller: poll while leading,
// and try to lead again every leaderRetry while not.
func (p *Poller) runLed(ctx context.Context, l Leader) error {
	retry := leaderRetry(p.sched.every())
	for {
		lease, ok, err := l.TryLead(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			p.log.Warn("feed polling: cannot reach the catalogue to elect the poller", "err", err)
		case ok:
			p.log.Info("feed polling: this process polls the feeds")
			p.lead(ctx, lease)
			if ctx.Err() == nil {
				p.log.Warn("feed polling: lost the lead; another process may poll now")
			}
		}
		timer := time.NewTimer(retry)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil
		case <-timer.C:
		case <-p.wake:
			// A pass asked for (the reader's r) runs here even while
			// another process leads: the user wants the feeds now, and
			// the leader's next pass may be minutes away.
			timer.Stop()
			if _, err := p.Refresh(ctx, RefreshOptions{All: true}); err != nil && ctx.Err() == nil {
				p.log.Error("feed polling pass", "err", err)
			}
		}
	}
}

// lead polls until ctx ends or the lease is lost, then releases it.
func (p *Poller) lead(ctx context.Context, lease Lease) {
	defer lease.Release()
	if p.onLead != nil {
		p.onLead(true)
		defer p.onLead(false)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-lease.Lost():
			cancel()
		case <-ctx.Done():
		}
	}()
	p.runPasses(ctx)
}
