package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tidings/feeds"
	"tidings/server"
	"tidings/server/store"
)

// serveFlags are the flags of `tidings serve`.
type serveFlags struct {
	listen     string
	apiKeys    []string
	rateLimit  int
	db         string
	importFile string
	polling    refreshFlags
}

func newServeCommand(getenv func(string) string) *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the news service (the HTTP API the reader reads)",
		Long: "serve runs the news service of shared/spec/news-service.md under /v2.\n\n" +
			"With no --db it serves the built-in demo catalogue from memory; with --db it\n" +
			"serves (and keeps) the catalogue in that SQLite file, optionally loading\n" +
			"--import FILE.jsonl into it first. Keys come from --api-key (repeatable) or,\n" +
			"when none is given, from NEWS_API_KEY.\n\n" +
			"The feeds of a --db catalogue (see `tidings feeds`) are polled in the background\n" +
			"while serving, each on its own schedule (--refresh 0 turns polling off).",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := f.check(getenv); err != nil {
				return err
			}
			return runServe(cmd.Context(), f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.listen, "listen", "127.0.0.1:8080", "address to listen on")
	fl.StringArrayVar(&f.apiKeys, "api-key", nil, "an API key the service accepts (repeat for several)")
	fl.IntVar(&f.rateLimit, "rate-limit", 100, "requests per minute allowed per API key (0: unlimited)")
	fl.StringVar(&f.db, "db", "", "SQLite file holding the catalogue (default: the demo catalogue in memory)")
	fl.StringVar(&f.importFile, "import", "", "JSONL file of sources and articles to load into --db before serving")
	fl.StringVar(&f.polling.interval, "refresh", "15m", "how often each feed of --db is polled (30m, 1h; 0: do not poll)")
	fl.StringVar(&f.polling.retain, "retain", "", "delete feed articles older than this (90d, 2w; default: keep everything)")
	return cmd
}

func (f *serveFlags) check(getenv func(string) string) error {
	keys := f.apiKeys[:0:0]
	for _, k := range f.apiKeys {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		if k := strings.TrimSpace(getenv("NEWS_API_KEY")); k != "" {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return usagef("serve needs at least one API key: --api-key KEY (or NEWS_API_KEY)")
	}
	f.apiKeys = keys
	if f.rateLimit < 0 {
		return usagef("invalid --rate-limit %d: use 0 (unlimited) or a positive number of requests per minute", f.rateLimit)
	}
	if f.importFile != "" && f.db == "" {
		return usagef("--import needs --db FILE: the imported catalogue is kept in that database")
	}
	if _, _, err := f.polling.parse(); err != nil {
		return err
	}
	return nil
}

func runServe(ctx context.Context, f serveFlags) error {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	st, err := openCatalogue(ctx, f, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	h, err := server.New(st, server.Config{APIKeys: f.apiKeys, RateLimit: f.rateLimit, Logger: logger})
	if err != nil {
		return fmt.Errorf("set up the service: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	polled := startPolling(ctx, st, f, logger)
	err = server.Run(ctx, server.RunOptions{Addr: f.listen, Handler: h, Logger: logger})
	cancel()
	<-polled // the poller's last write lands before the store closes
	return err
}

// startPolling polls the feeds of a --db catalogue in the background until
// ctx ends; the channel closes when it has stopped.
func startPolling(ctx context.Context, st store.Catalogue, f serveFlags, logger *slog.Logger) <-chan struct{} {
	stopped := make(chan struct{})
	interval, retain, _ := f.polling.parse() // checked by serveFlags.check
	fs, ok := st.(feeds.Store)
	if f.db == "" || interval == 0 || !ok {
		close(stopped)
		return stopped
	}
	logger.Info("polling feeds", "every", interval.String())
	p := newPoller(fs, feeds.Options{Interval: interval, Retain: retain, Logger: logger, WriteShare: backgroundWriteShare,
		OnPass: func(pass feeds.Pass) {
			if pass.Summary.Feeds > 0 {
				logger.Info("feeds polled", "summary", summaryLine(pass.Summary), "took", pass.Finished.Sub(pass.Started).Round(time.Millisecond).String())
			}
		}})
	go func() {
		defer close(stopped)
		_ = p.Run(ctx)
	}()
	return stopped
}
