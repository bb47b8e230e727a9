package cli

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"tidings/server/demodb"
	"tidings/server/store"
	"tidings/server/store/sqlite"
)

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
