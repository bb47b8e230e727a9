package cli

// The Google Reader API of `tidings serve` (server/greader, docs/sync.md):
// which keys may add and remove feeds through it (--feed-manager-keys-file)
// and what does the adding.

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"syscall"

	"tidings/feeds"
	"tidings/model"
	"tidings/netguard"
	"tidings/server"
	"tidings/server/store"
)

// feedManagerKeysUsage is --feed-manager-keys-file's help.
const feedManagerKeysUsage = "file of API keys (one a line, # comments, reloaded on SIGHUP) that may add and remove feeds " +
	"through the Google Reader API (subscription/quickadd, subscription/edit); each must also be an accepted key " +
	"(default: no key may)"

// setUpGReader fills in cfg's feed managers and what subscribes for them,
// from --feed-manager-keys-file, and reloads that file on SIGHUP until ctx
// ends. apiKeys are the accepted keys, for a warning about managers that
// cannot log in.
func setUpGReader(ctx context.Context, f serveFlags, cfg *server.Config, st store.Catalogue, apiKeys []string, logger *slog.Logger) error {
	if f.feedManagerKeysFile == "" {
		return nil
	}
	list, err := readFeedManagerKeys(f.feedManagerKeysFile, apiKeys, logger)
	if err != nil {
		return err
	}
	managers, err := server.NewKeys(list)
	if err != nil {
		return fmt.Errorf("the feed manager keys: %w", err)
	}
	cfg.FeedManagers = managers
	if fs, ok := st.(feeds.Store); ok && f.db != "" {
		guard := fetchGuard(f.allowPrivateFetch, "serve --allow-private-fetch allows it")
		p := newGuardedPoller(fs, feeds.Options{MaxItems: f.polling.maxItems, Logger: logger}, guard, f.contact)
		cfg.FeedManager = feedManager{poller: p, st: fs, guard: guard}
	}
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		defer signal.Stop(hup)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				next, err := readFeedManagerKeys(f.feedManagerKeysFile, nil, logger)
				if err == nil {
					err = managers.Replace(next)
				}
				if err != nil {
					logger.Error("SIGHUP: the feed manager keys were not reloaded; the old ones stay", "err", err)
					continue
				}
				logger.Info("SIGHUP: feed manager keys reloaded", "file", f.feedManagerKeysFile, "keys", managers.Len())
			}
		}
	}()
	return nil
}

// readFeedManagerKeys reads the feed manager keys file (the API keys
// file's format), warning about keys that are not accepted API keys
// (apiKeys; nil: not checked), which can never log in.
func readFeedManagerKeys(path string, apiKeys []string, logger *slog.Logger) ([]string, error) {
	keys, err := readKeysFile(path, logger)
	if err != nil {
		return nil, fmt.Errorf("--feed-manager-keys-file: %w", err)
	}
	if apiKeys != nil {
		stray := 0
		for _, k := range keys {
			if !slices.Contains(apiKeys, k) {
				stray++
			}
		}
		if stray > 0 {
			logger.Warn("feed manager keys that are not API keys of the service cannot log in", "file", path, "keys", stray)
		}
	}
	return keys, nil
}

// feedManager subscribes as `tidings feeds add` does and unsubscribes as
// `tidings feeds remove` does. Unlike `feeds add`, whose user chooses any
// address, a client's address is held to the fetch policy first: a feed
// manager cannot point the service at loopback, private or link-local
// hosts (cloud metadata) unless --allow-private-fetch.
type feedManager struct {
	poller *feeds.Poller
	st     store.FeedStore
	guard  *netguard.Guard
}

func (m feedManager) Subscribe(ctx context.Context, address string, category model.Category) (store.Feed, error) {
	if err := feeds.CheckURL(address); err != nil {
		return store.Feed{}, err
	}
	u, err := url.Parse(address)
	if err != nil {
		return store.Feed{}, fmt.Errorf("%q is not an address: %w", address, err)
	}
	if err := m.guard.Check(ctx, u.Hostname()); err != nil {
		return store.Feed{}, err
	}
	f, _, err := m.poller.Subscribe(ctx, feeds.Subscription{URL: address, Category: category})
	return f, err
}

func (m feedManager) Unsubscribe(ctx context.Context, id string) error {
	_, err := m.st.RemoveFeed(ctx, id, false)
	return err
}
