package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"sync"

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
	return st, nil
}

// personal is the running personal mode: the service and the poller.
type personal struct {
	svc    *localService
	bridge *feedsBridge
	stop   func()
}

// startPersonal serves st in-process and starts polling its feeds. The
// first frame never waits for a pass: polling starts beside the UI.
func startPersonal(ctx context.Context, st *sqlite.Store, logger *slog.Logger) (*personal, error) {
	svc, err := startLocal(ctx, func() (store.Catalogue, error) { return st, nil })
	if err != nil {
		st.Close()
		return nil, err
	}
	bridge := newFeedsBridge(st)
	poller := newPoller(st, feeds.Options{Logger: logger, OnPass: bridge.passEnded, WriteShare: backgroundWriteShare})
	bridge.poller = poller
	pollCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { _ = poller.Run(pollCtx) })
	wg.Go(func() { bridge.publish(pollCtx, common.FeedsStatus{}) })
	stop := func() {
		cancel()
		wg.Wait() // the poller's last write lands before the store closes
		svc.stop()
	}
	return &personal{svc: svc, bridge: bridge, stop: stop}, nil
}

// feedsBridge is common.Feeds over a Poller: the UI asks for passes and
// hears how polling stands.
type feedsBridge struct {
	st      store.FeedStore
	poller  *feeds.Poller
	updates chan common.FeedsStatus

	mu        sync.Mutex
	requested bool // a pass the user asked for is pending or running
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
	b.poller.Wake()
}

// Updates implements common.Feeds.
func (b *feedsBridge) Updates() <-chan common.FeedsStatus { return b.updates }

// passEnded is the poller's OnPass.
func (b *feedsBridge) passEnded(p feeds.Pass) {
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
