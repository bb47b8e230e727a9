package feeds

import (
	"context"
	"time"
)

// Several processes may serve one catalogue (replicas of `tidings serve`
// over one PostgreSQL database); only one of them should poll its feeds,
// or every feed would be fetched once per replica. A Store that is shared
// so implements Leader, and Run then polls only while this process holds
// the lead. A Store that is not (SQLite: one process) does not, and Run
// polls as always.

// Leader elects one poller among the processes sharing a catalogue.
type Leader interface {
	// TryLead tries once, without waiting, to become the poller. ok is
	// false when another process leads. A Lease held is lost when the
	// process dies or loses its connection to the catalogue, so another
	// can take over.
	TryLead(ctx context.Context) (lease Lease, ok bool, err error)
}

// Lease is a held lead.
type Lease interface {
	// Lost is closed when the lead is no longer held.
	Lost() <-chan struct{}
	// Release gives the lead up.
	Release()
}

// leaderRetry is how often a process that does not lead tries again: a
// quarter of the polling interval, at most a minute, so a dead leader's
// feeds are taken over well within one refresh interval.
func leaderRetry(interval time.Duration) time.Duration {
	return max(min(interval/4, time.Minute), 100*time.Millisecond)
}

// runLed is Run for a Store that elects its poller: poll while leading,
// and try to lead again every leaderRetry while not.
func (p *Poller) runLed(ctx context.Context, l Leader) error {
	retry := leaderRetry(p.sched.interval)
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
