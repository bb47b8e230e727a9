package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"tidings/feeds"
	"tidings/server/store"
	"tidings/server/store/sqlite"
	"tidings/ui/common"
)

// Personal mode: when the user's own catalogue holds feeds, plain
// `tidings` reads it through the in-process service, as the demo is read,
// and polls its feeds in the background.

// openPersonal opens the user's catalogue when it exists and holds feeds;
// nil (and no error) when it does not, for the demo to start instead. The
// file is never created here: only the feeds commands do that.
func openPersonal(ctx context.Context, path string) (*sqlite.Store, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	st, err := sqlite.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open your catalogue %s: %w", path, err)
	}
	list, err := st.Feeds(ctx)
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("read the feeds of %s: %w", path, err)
	}
	if len(list) == 0 {
		st.Close()
		return nil, nil
	}
	// Another reader window, serve or a feeds command may write it.
	if err := st.Watch(); err != nil {
		st.Close()
		return nil, fmt.Errorf("watch your catalogue %s for other processes' writes: %w", path, err)
	}
	return st, nil
}

// personal is the running personal mode: the service and the poller.
type personal struct {
	svc    *localService
	bridge *feedsBridge // nil when polling is off
	stop   func()
}

// feedsPolling is how personal mode polls the user's feeds.
type feedsPolling struct {
	// interval is how often each feed is polled in the background (the
	// config's feeds.refresh_interval); 0: feeds.DefaultInterval.
	interval time.Duration
	// manual polls only when the user asks (r on Headlines): the config's
	// refresh_interval = "0".
	manual bool
	// maxItems is the config's feeds.max_items_per_feed; 0:
	// feeds.DefaultMaxItems.
	maxItems int
	// off starts no poller at all: for commands that only read the
	// catalogue (watch check), never for the reader.
	off bool
}

// startPersonal serves st in-process and starts polling its feeds as
// polling says. The first frame never waits for a pass: polling starts
// beside the UI.
func startPersonal(ctx context.Context, st *sqlite.Store, logger *slog.Logger, polling feedsPolling) (*personal, error) {
	svc, err := startLocal(ctx, func() (store.Catalogue, error) { return st, nil })
	if err != nil {
		st.Close()
		return nil, err
	}
	if polling.off {
		return &personal{svc: svc, stop: svc.stop}, nil
	}
	bridge := newFeedsBridge(st)
	poller := newPoller(st, feeds.Options{Interval: polling.interval, MaxItems: polling.maxItems, Logger: logger, OnPass: bridge.passEnded,
		OnLead: bridge.lead, WriteShare: backgroundWriteShare})
	bridge.poller = poller
	pollCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	if polling.manual {
		bridge.wake = make(chan struct{}, 1)
		wg.Go(func() { pollWhenAsked(pollCtx, poller, bridge.wake, logger) })
	} else {
		wg.Go(func() { _ = poller.Run(pollCtx) })
		wg.Go(func() { bridge.follow(pollCtx, followEvery) })
	}
	wg.Go(func() { bridge.publish(pollCtx, common.FeedsStatus{}) })
	stop := func() {
		cancel()
		wg.Wait() // the poller's last write lands before the store closes
		svc.stop()
	}
	return &personal{svc: svc, bridge: bridge, stop: stop}, nil
}

// pollWhenAsked runs a pass over every feed each time wake fires, and
// nothing in between: polling when the user set no interval.
func pollWhenAsked(ctx context.Context, p *feeds.Poller, wake <-chan struct{}, logger *slog.Logger) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-wake:
			if _, err := p.Refresh(ctx, feeds.RefreshOptions{All: true}); err != nil && ctx.Err() == nil && logger != nil {
				logger.Error("feed polling pass", "err", err)
			}
		}
	}
}

// feedsBridge is common.Feeds over a Poller: the UI asks for passes and
// hears how polling stands.
type feedsBridge struct {
	st      store.FeedStore
	poller  *feeds.Poller
	wake    chan struct{} // when set, asks pollWhenAsked for a pass instead of waking the poller's own loop
	updates chan common.FeedsStatus

	mu        sync.Mutex
	requested bool // a pass the user asked for is pending or running
	// leading: this process polls the catalogue's feeds; another one
	// (a second reader of the file, or serve) may instead (store.Leader).
	leading atomic.Bool
	passes  atomic.Int64 // passes this process ran, for follow
}

// followEvery is how often a reader that does not poll its catalogue's
// feeds (another process does) looks for that process's passes.
var followEvery = 15 * time.Second

// lead is the poller's OnLead.
func (b *feedsBridge) lead(on bool) { b.leading.Store(on) }

// follow tells the UI about the passes another process makes while this
// one does not poll: every interval, when a feed's last successful poll
// or the feeds' article count moved, it publishes the status with the
// articles gained since (new ones less pruned ones; an article changed in
// place is not counted), so the lists offer to load them as after a pass
// of its own.
func (b *feedsBridge) follow(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	var seen time.Time
	articles, passes := -1, b.passes.Load()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if b.leading.Load() {
			// Its own passes report themselves (passEnded); should it lose
			// the lead, the next look takes its bearings afresh.
			articles = -1
			continue
		}
		list, err := b.st.Feeds(ctx)
		if err != nil {
			continue // the next tick tries again
		}
		updated, total := time.Time{}, 0
		for _, f := range list {
			total += f.Articles
			if f.Poll.LastSuccess.After(updated) {
				updated = f.Poll.LastSuccess
			}
		}
		// A pass of this process's own since the last look was reported
		// by passEnded already.
		own := b.passes.Load()
		// Poll times are kept to the second: the count catches a pass
		// within the second of the last one seen.
		if own == passes && articles >= 0 && (updated.After(seen) || total != articles) {
			b.publish(ctx, common.FeedsStatus{Changed: max(0, total-articles)})
		}
		seen, articles, passes = updated, total, own
	}
}

func newFeedsBridge(st store.FeedStore) *feedsBridge {
	return &feedsBridge{st: st, updates: make(chan common.FeedsStatus, 1)}
}

// Refresh implements common.Feeds.
func (b *feedsBridge) Refresh() {
	b.mu.Lock()
	b.requested = true
	b.mu.Unlock()
	b.publish(context.Background(), common.FeedsStatus{Refreshing: true})
	if b.wake != nil {
		select {
		case b.wake <- struct{}{}:
		default: // a pass is asked for already
		}
		return
	}
	b.poller.Wake()
}

// Updates implements common.Feeds.
func (b *feedsBridge) Updates() <-chan common.FeedsStatus { return b.updates }

// passEnded is the poller's OnPass.
func (b *feedsBridge) passEnded(p feeds.Pass) {
	b.passes.Add(1)
	b.mu.Lock()
	requested := b.requested && p.All // a background pass may end first
	if requested {
		b.requested = false
	}
	b.mu.Unlock()
	b.publish(context.Background(), common.FeedsStatus{
		Changed: p.Summary.New + p.Summary.Updated, Requested: requested})
}

// publish sends the store's polling status with the pass details given,
// replacing a status the UI has not taken yet: it wants the latest, not a
// backlog, and the poller must never wait for the UI.
func (b *feedsBridge) publish(ctx context.Context, s common.FeedsStatus) {
	st, err := feeds.ReadStatus(ctx, b.st)
	if err != nil {
		return // the next pass tries again; the status line keeps the last one
	}
	s.Feeds, s.Failing, s.Updated = st.Feeds, st.Failing, st.Updated
	for {
		select {
		case b.updates <- s:
			return
		default:
		}
		select {
		case <-b.updates: // drop the stale one
		default:
		}
	}
}
