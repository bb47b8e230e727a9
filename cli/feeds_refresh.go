package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"tidings/feeds"
	"tidings/model"
	"tidings/server/store"
	"tidings/wording"
)

// refreshFlags are the polling flags `feeds refresh` shares with serve.
type refreshFlags struct {
	interval string // the schedule the pass sets for each feed's next poll
	retain   string
	maxItems int // --max-items-per-feed
}

// maxItemsUsage is --max-items-per-feed's help, shared by every command
// that polls. A function, so that nothing is formatted at start-up.
func maxItemsUsage() string {
	return fmt.Sprintf("store at most this many items of one feed per poll, the newest by date (document order if undated); the rest are reported and dropped (default %d)", feeds.DefaultMaxItems)
}

// checkMaxItems refuses a negative bound; 0 is the default.
func checkMaxItems(n int) error {
	if n < 0 {
		return usagef("invalid --max-items-per-feed %d: store at least 1 item per feed and poll, or 0 for the default (%d)", n, feeds.DefaultMaxItems)
	}
	return nil
}

func (r *refreshFlags) parse() (interval, retain time.Duration, err error) {
	if r.interval != "" && r.interval != "0" {
		if interval, err = model.ParseAge(r.interval); err != nil {
			return 0, 0, usagef("invalid --refresh: %v", err)
		}
		if interval < time.Minute {
			return 0, 0, usagef("invalid --refresh %s: poll at most once a minute (or 0 to not poll)", r.interval)
		}
	}
	if err := checkMaxItems(r.maxItems); err != nil {
		return 0, 0, err
	}
	if r.retain != "" {
		if retain, err = model.ParseAge(r.retain); err != nil {
			return 0, 0, usagef("invalid --retain: %v", err)
		}
		if retain <= 0 {
			return 0, 0, usagef("invalid --retain %s: keep articles for a positive span, or leave --retain out to keep everything", r.retain)
		}
	}
	return interval, retain, nil
}

func newFeedsRefreshCommand(db *feedsDB, getenv func(string) string) *cobra.Command {
	var all bool
	var rf refreshFlags
	cmd := &cobra.Command{
		Use:     "refresh",
		Example: "  tidings feeds refresh\n  tidings feeds refresh --all --db /var/lib/tidings/news.db",
		Short:   "Poll every feed that is due, once",
		Long: "refresh runs one polling pass over the feeds that are due (--all: every feed,\n" +
			"disabled ones included), fetching several at once but one at a time per site,\n" +
			"with conditional requests. It shows a progress bar on a terminal and a line per\n" +
			"feed otherwise, then a summary. The exit status is 0 unless every feed failed.",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			interval, retain, err := rf.parse()
			if err != nil {
				return err
			}
			st, _, err := db.openWithFeeds(background(cmd), cmd.OutOrStdout())
			if st == nil {
				return err
			}
			defer st.Close()
			ctx, release, err := leadPolling(background(cmd), st)
			if err != nil {
				return err
			}
			defer release()
			report := newRefreshReport(cmd.ErrOrStderr())
			p, err := db.poller(st, feeds.Options{Interval: interval, Retain: retain, MaxItems: rf.maxItems,
				Logger: quietLogger(getenv, cmd.ErrOrStderr())})
			if err != nil {
				return err
			}
			sum, err := p.Refresh(ctx, feeds.RefreshOptions{All: all, OnStart: report.start, OnDone: report.done})
			report.finish()
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), summaryLine(sum))
			if sum.Feeds == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "No feed is due; --all polls every feed now.")
			}
			if sum.Feeds > 0 && sum.Unreachable == sum.Feeds {
				return fmt.Errorf("no feed could be reached: is this machine offline? (each one's error is in `tidings feeds list`)")
			}
			if sum.Feeds > 0 && sum.Failed == sum.Feeds {
				return fmt.Errorf("every feed failed (see `tidings feeds list` for each one's error)")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "poll every feed, due or not")
	cmd.Flags().StringVar(&rf.interval, "refresh", "", "the interval the next polls are scheduled at (default 15m)")
	cmd.Flags().StringVar(&rf.retain, "retain", "", "delete feed articles older than this (90d, 2w; default: keep everything)")
	cmd.Flags().IntVar(&rf.maxItems, "max-items-per-feed", feeds.DefaultMaxItems, maxItemsUsage())
	return cmd
}

// summaryLine is the pass in one sentence.
func summaryLine(s feeds.Summary) string {
	n := wording.Thousands
	line := fmt.Sprintf("Polled %s: %s new, %s updated, %s unchanged %s", wording.Count(s.Feeds, "feed", "feeds"),
		n(s.New), n(s.Updated), n(s.Unchanged), wording.Noun(s.Unchanged, "article", "articles"))
	if s.NotModified > 0 {
		line += fmt.Sprintf("; %s not modified", n(s.NotModified))
	}
	line += fmt.Sprintf("; %s failed", n(s.Failed))
	if s.Dropped > 0 {
		line += fmt.Sprintf("; %s over the per-feed bound left out of %s",
			wording.Count(s.Dropped, "item", "items"), wording.Count(s.DroppedFeeds, "feed", "feeds"))
	}
	if s.Pruned > 0 {
		line += fmt.Sprintf("; %s pruned", wording.Count(s.Pruned, "old article", "old articles"))
	}
	return line + "."
}

// errAnotherPoller: `feeds refresh` found another process polling the
// catalogue.
var errAnotherPoller = errors.New("another tidings process is polling this catalogue's feeds now " +
	"(a reader open on it, or a `tidings serve` replica: it holds the catalogue's poll lock), " +
	"so this refresh would fetch every feed a second time and race it to record each poll: " +
	"it already polls every feed when due; press r in that reader, or stop that replica's polling, to refresh now")

// leadPolling takes the catalogue's poll lock for a pass by hand
// (store.Leader: a PostgreSQL advisory lock, or a lock on the SQLite
// file's .poll-lock beside it), and refuses while another process holds
// it: two pollers would fetch each feed twice and overwrite each other's
// polling state. Processes that do not lead wait for the lock, so a
// refresh by hand holds them off only for its pass. The context returned
// ends if the lock is lost mid-pass; release gives the lock back. A
// catalogue that elects no poller leaves ctx as it is.
func leadPolling(ctx context.Context, st any) (context.Context, func(), error) {
	l, ok := st.(store.Leader)
	if !ok {
		return ctx, func() {}, nil
	}
	lease, ok, err := l.TryLead(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("take the catalogue's poll lock: %w", err)
	}
	if !ok {
		return nil, nil, errAnotherPoller
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		select {
		case <-lease.Lost():
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() { cancel(); lease.Release() }, nil
}
