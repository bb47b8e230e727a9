package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"tidings/server/demodb"
	"tidings/server/store"
	"tidings/server/store/postgres"
	"tidings/server/store/sqlite"
)

// A --db value names the catalogue: a postgres:// or postgresql:// URL is
// a PostgreSQL database (several replicas can serve it), anything else a
// SQLite file.

// feedCatalogue is an open catalogue of either backend, with what the
// feeds commands need beyond the store's Catalogue.
type feedCatalogue interface {
	store.Catalogue
	store.FullTextSetter
}

var (
	_ feedCatalogue = (*sqlite.Store)(nil)
	_ feedCatalogue = (*postgres.Store)(nil)
)

// isPostgres reports whether db is a PostgreSQL connection URL.
func isPostgres(db string) bool {
	l := strings.ToLower(strings.TrimSpace(db))
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// openStore opens the catalogue db names (a SQLite file is created if
// missing; a PostgreSQL database must exist, its schema is migrated).
func openStore(ctx context.Context, db string) (feedCatalogue, error) {
	if isPostgres(db) {
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		st, err := postgres.Open(ctx, db, postgres.Options{})
		if err != nil {
			return nil, fmt.Errorf("open the catalogue %s: %w", displayDB(db), err)
		}
		return st, nil
	}
	st, err := sqlite.Open(db)
	if err != nil {
		return nil, fmt.Errorf("open the catalogue %s: %w", db, err)
	}
	return st, nil
}

// displayDB is db as messages may show it: a URL's password replaced.
func displayDB(db string) string {
	if !isPostgres(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "the PostgreSQL database"
	}
	u.RawQuery = "" // may hold password=…
	return u.Redacted()
}

// migrateCatalogue brings a catalogue's schema up to date, says so on
// out, and returns (for `tidings serve --migrate-only`); a SQLite file is
// migrated by opening it.
func migrateCatalogue(ctx context.Context, db string, out io.Writer) error {
	if isPostgres(db) {
		m, err := postgres.Upgrade(ctx, db)
		if err != nil {
			return fmt.Errorf("migrate %s: %w", displayDB(db), err)
		}
		fmt.Fprintln(out, migratedLine(displayDB(db), m))
		return nil
	}
	st, err := openStore(ctx, db)
	if err != nil {
		return err
	}
	if err := st.Close(); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: the schema is up to date.\n", db)
	return nil
}

// migratedLine says what --migrate-only did to a PostgreSQL catalogue.
func migratedLine(db string, m postgres.Migrated) string {
	switch {
	case m.From == m.To:
		return fmt.Sprintf("%s: the schema is at version %d already; nothing to do.", db, m.To)
	case m.Compacted > 0:
		return fmt.Sprintf("%s: the schema went from version %d to %d; the articles table, which that rewrote, was compacted in %s.",
			db, m.From, m.To, m.Compacted.Round(time.Millisecond))
	}
	return fmt.Sprintf("%s: the schema went from version %d to %d.", db, m.From, m.To)
}

// openCatalogue opens the store the service reads: the --db catalogue
// (after any --import), or the demo catalogue in memory.
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
	st, err := openStore(ctx, f.db)
	if err != nil {
		return nil, err
	}
	if f.importFile != "" {
		if err := importInto(ctx, st, f.importFile, logger); err != nil {
			st.Close()
			return nil, err
		}
	}
	// Other processes may write the file while it is served (tidings
	// import, tidings feeds …): its answers follow them.
	if w, ok := st.(store.Watcher); ok {
		if err := w.Watch(); err != nil {
			st.Close()
			return nil, fmt.Errorf("watch %s for other processes' writes: %w", f.db, err)
		}
	}
	return st, nil
}
