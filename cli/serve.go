package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tidings/server"
	"tidings/server/demodb"
	"tidings/server/store"
	"tidings/server/store/sqlite"
)

// serveFlags are the flags of `tidings serve`.
type serveFlags struct {
	listen     string
	apiKeys    []string
	rateLimit  int
	db         string
	importFile string
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
			"when none is given, from NEWS_API_KEY.",
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
	return server.Run(ctx, server.RunOptions{Addr: f.listen, Handler: h, Logger: logger})
}

// openCatalogue opens the store the service reads: the --db file (after
// any --import), or the demo catalogue in memory.
func openCatalogue(ctx context.Context, f serveFlags, logger *slog.Logger) (store.Catalogue, error) {
	if f.db == "" {
		// The same prebuilt, read-only image the reader's demo mode serves.
		st, err := demodb.Open(time.Now())
		if err != nil {
			return nil, fmt.Errorf("open the demo catalogue: %w", err)
		}
		logger.Info("serving the built-in demo catalogue (read-only)")
		return st, nil
	}
	st, err := sqlite.Open(f.db)
	if err != nil {
		return nil, fmt.Errorf("open the catalogue: %w", err)
	}
	if f.importFile != "" {
		if err := importInto(ctx, st, f.importFile, logger); err != nil {
			st.Close()
			return nil, err
		}
	}
	return st, nil
}
