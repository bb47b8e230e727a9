package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
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
//
// A catalogue this process cannot write (a read-only folder, file or
// mount) is opened read-only: readOnly is then true, and the reader reads
// it without polling and says so (readOnlyHint).
func openPersonal(ctx context.Context, path string) (st *sqlite.Store, readOnly bool, err error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	st, err = sqlite.Open(path)
	if sqlite.CannotWrite(err) {
		readOnly = true
		st, err = sqlite.OpenReadOnly(path)
	}
	if err != nil {
		return nil, false, fmt.Errorf("open your catalogue %s: %w", path, err)
	}
	list, err := st.Feeds(ctx)
	if err != nil {
		st.Close()
		return nil, false, fmt.Errorf("read the feeds of %s: %w", path, err)
	}
	if len(list) == 0 {
		st.Close()
		return nil, false, nil
	}
	// Another reader window, serve or a feeds command may write it.
	if err := st.Watch(); err != nil {
		st.Close()
		return nil, false, fmt.Errorf("watch your catalogue %s for other processes' writes: %w", path, err)
	}
	return st, readOnly, nil
}

// readOnlyHint is what the status line says about a catalogue opened
// read-only.
func readOnlyHint(path string) string {
	return "Read-only: " + filepath.Base(path) + " cannot be written here; feeds are not polled"
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
	// allowPrivateFetch lifts the fetch policy for the feeds' pages and
	// redirects: the config's reader.allow_private_fetch.
	allowPrivateFetch bool
	// config is the settings file whose refresh_interval the running
	// reader follows (personal_config.go); "": none.
	config string
	// contact is named in the poller's User-Agent (feeds.contact).
	contact string
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
	bridge.manual, bridge.config.path = polling.manual, polling.config
	bridge.config.take() // its state now: only a later edit is news
	poller := newGuardedPoller(st, feeds.Options{Interval: polling.interval, MaxItems: polling.maxItems, Logger: logger, OnPass: bridge.passEnded,
		OnLead: bridge.lead, WriteShare: backgroundWriteShare},
		fetchGuard(polling.allowPrivateFetch, readerAllowHint), polling.contact)
	bridge.poller = poller
	pollCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	if polling.manual {
		bridge.wake = make(chan struct{}, 1)
		wg.Go(func() { pollWhenAsked(pollCtx, poller, bridge.wake, logger) })
	} else {
		wg.Go(func() { _ = poller.Run(pollCtx) })
	}
	wg.Go(func() { bridge.follow(pollCtx, followEvery) })
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

	// manual: feeds are polled only when asked (refresh_interval "0").
	manual bool
	// config is the settings file followed for refresh_interval.
	config configWatch

	// count is the catalogue's article count the UI was last told of,
	// shared by follow and passEnded, so that each reports the articles
	// the other has not.
	count articleCount
}

// articleCount is the number of articles the catalogue's feeds held when
// the UI was last told, and the newest successful poll then; n < 0: not
// read yet.
type articleCount struct {
	mu      sync.Mutex
	n       int
	updated time.Time
}

// followEvery is how often a reader looks for articles that another
// process stored: a `tidings feeds add` in another terminal, or the
// passes of another reader (or serve) that polls the catalogue's feeds
// while this one does not.
var followEvery = 15 * time.Second

// lead is the poller's OnLead.
func (b *feedsBridge) lead(on bool) { b.leading.Store(on) }

// generationer is a store that says when another process wrote it
// (sqlite.Store with Watch, store.Catalogue).
type generationer interface{ Generation() uint64 }

// follow tells the UI about the articles other processes store, leading
// or not: every interval it reads the feed list (the leader only once
// the store's change counter moved, so an idle catalogue costs it no
// read) and, when the article count or a feed's last successful poll
// moved since the UI was last told, publishes the status with the
// articles gained since (new ones less pruned ones; an article changed
// in place is not counted), so the lists offer to load them as after a
// pass of its own. A pass of this process's own moves the count too:
// what follow reports of it while it writes, passEnded leaves out.
func (b *feedsBridge) follow(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	gen, watched := b.st.(generationer)
	var seenGen uint64
	if watched {
		seenGen = gen.Generation()
	}
	b.recount(ctx, nil) // the bearings
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		b.followConfig(ctx)
		// The leader's own passes report the poll times; another process's
		// change no article when nothing is new, so the counter would not
		// tell of them: a reader that waits to lead reads every time. One
		// that polls only at r shows no poll time but its own.
		if watched && (b.leading.Load() || b.manual) {
			g := gen.Generation()
			if g == seenGen {
				continue
			}
			seenGen = g
		}
		b.recount(ctx, func(gained int, moved bool) {
			if moved {
				b.publish(ctx, common.FeedsStatus{Changed: max(0, gained)})
			}
		})
	}
}

// recount reads the feeds' article count and last poll, takes them as
// what the UI knows, and calls report (when not nil) with the articles
// gained since the last count and whether anything moved. It reports
// nothing when there was no count before, or the read fails (the next
// one tries again).
func (b *feedsBridge) recount(ctx context.Context, report func(gained int, moved bool)) {
	list, err := b.st.Feeds(ctx)
	if err != nil {
		return
	}
	updated, total := time.Time{}, 0
	for _, f := range list {
		total += f.Articles
		if f.Poll.LastSuccess.After(updated) {
			updated = f.Poll.LastSuccess
		}
	}
	c := &b.count
	c.mu.Lock()
	known := c.n >= 0
	gained, moved := total-c.n, total != c.n || updated.After(c.updated)
	c.n, c.updated = total, updated
	c.mu.Unlock()
	if known && report != nil {
		report(gained, moved)
	}
}

func newFeedsBridge(st store.FeedStore) *feedsBridge {
	return &feedsBridge{st: st, updates: make(chan common.FeedsStatus, 1), count: articleCount{n: -1}}
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

// passEnded is the poller's OnPass. The articles it reports are the
// pass's changed ones and what the article count gained since the UI was
// last told, pruned ones added back: the pass's new articles, less those
// follow reported while the pass was writing them, and those another
// process stored in the meantime (a feed added in another terminal a
// moment before r). So what the UI hears adds up to what the list gains.
func (b *feedsBridge) passEnded(p feeds.Pass) {
	b.mu.Lock()
	requested := b.requested && p.All // a background pass may end first
	if requested {
		b.requested = false
	}
	b.mu.Unlock()
	added := p.Summary.New // without an earlier count to compare with
	b.recount(context.Background(), func(gained int, _ bool) { added = gained + p.Summary.Pruned })
	b.publish(context.Background(), common.FeedsStatus{
		Changed: p.Summary.Updated + max(0, added), Requested: requested})
}

// publish sends the store's polling status with the pass details given,
// replacing a status the UI has not taken yet: it wants the latest, not a
// backlog, and the poller must never wait for the UI.
func (b *feedsBridge) publish(ctx context.Context, s common.FeedsStatus) {
	st, err := feeds.ReadStatus(ctx, b.st)
	if err != nil {
		return // the next pass tries again; the status line keeps the last one
	}
	s.Feeds, s.Failing, s.Updated, s.FailingNames = st.Feeds, st.Failing, st.Updated, st.FailingNames
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
