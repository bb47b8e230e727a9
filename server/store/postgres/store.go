package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"tidings/model"
	"tidings/server/store/changes"
	"tidings/server/store/gencache"
	"tidings/stories"
)

// Store is an open PostgreSQL catalogue. It is safe for concurrent use,
// and any number of Stores (replicas) may share one database.
type Store struct {
	pool *pgxpool.Pool
	cfg  *pgxpool.Config

	// changes is what Generation returns: moved by this Store's own
	// writes at once, and whenever the database's counter
	// (catalogue_generation, which every replica's writes bump) is seen to
	// move.
	changes changes.Counter

	counts  *gencache.Cache[int]
	ranks   *gencache.Cache[[]int64]
	matched *gencache.Cache[[]int64] // a search's matches, see matches.go
	anchors *gencache.Cache[int64]
	pages   *gencache.Cache[[]model.Article]
	srcs    *gencache.Cache[[]model.Source]
	tsq     *gencache.Cache[string] // q and language -> tsquery text; never stale

	// writeMu serialises this Store's writes of articles (stories.go):
	// grouper is not safe for concurrent use, and a write's grouping must
	// see the stories of every write before it.
	writeMu sync.Mutex
	grouper *stories.Grouper // nil until a write needs it
	// groupedAt is the change counter as this Store's last write of
	// articles left it: another value means another process wrote since,
	// and grouper is dropped (stories.go).
	groupedAt int64
}

// Options configure Open.
type Options struct {
	// WatchInterval is how often the database's change counter is read
	// (DefaultWatchInterval): the bound on how long an answer cached by
	// this replica can outlive another replica's write.
	WatchInterval time.Duration
	// MaxConns bounds the connection pool (default: pgx's, 4 per CPU, at
	// least 4); the DSN's pool_max_conns wins.
	MaxConns int32
}

// DefaultWatchInterval: see Options.WatchInterval.
const DefaultWatchInterval = 250 * time.Millisecond

// Open connects to the database at dsn (a postgres:// URL or key=value
// string), brings its schema up to date (Migrate) and starts watching its
// change counter. The database must exist.
func Open(ctx context.Context, dsn string, o Options) (*Store, error) {
	cfg, err := poolConfig(dsn)
	if err != nil {
		return nil, err
	}
	if o.MaxConns > 0 && !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = o.MaxConns
	}
	// A cold search on a new connection would first load the text-search
	// dictionaries and unaccent's rules (12-24 ms at 1M, measured): each
	// connection loads them once as it opens, and the pool keeps a few
	// open, so readers rarely meet a fresh one.
	cfg.AfterConnect = warmConnection
	if !strings.Contains(dsn, "pool_min_conns") {
		cfg.MinConns = min(cfg.MaxConns, 4)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect to PostgreSQL: %w", classify(err))
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	s := &Store{pool: pool, cfg: cfg, counts: gencache.New[int](4096), ranks: gencache.New[[]int64](512), matched: gencache.New[[]int64](maxCachedMatches),
		anchors: gencache.New[int64](8192), pages: gencache.New[[]model.Article](maxCachedPages),
		srcs: gencache.New[[]model.Source](maxCachedPages), tsq: gencache.New[string](4096)}
	n, err := s.counter(ctx)
	if err != nil {
		pool.Close()
		return nil, err
	}
	s.changes.Observe(n)
	every := o.WatchInterval
	if every <= 0 {
		every = DefaultWatchInterval
	}
	s.changes.Watch(every, s.counter)
	return s, nil
}

// warmSQL uses every text-search configuration searches use, and
// unaccent, so the connection has loaded their dictionaries; and plans a
// search, so it has loaded the full-text column's statistics, which the
// planner reads for every tsquery (the first plan on a connection took
// 126 ms at 1M, measured; the next ones under 1 ms).
var warmSQL = []string{
	`SELECT count(phraseto_tsquery(tidings_ts_config(l), unaccent('public.unaccent', 'warm up')))
FROM unnest(ARRAY['', 'ar', 'de', 'en', 'es', 'fr', 'it', 'nl', 'no', 'pt', 'ru', 'se']) AS l`,
	`EXPLAIN SELECT 1 FROM articles WHERE tsv @@ 'warm & up'::tsquery`,
}

// warmConnection runs warmSQL on a new connection. It never fails the
// connection: on a database not yet migrated the functions are missing,
// and a failed statement leaves the connection usable.
func warmConnection(ctx context.Context, conn *pgx.Conn) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for _, q := range warmSQL {
		_, _ = conn.Exec(ctx, q)
	}
	return nil
}

// poolConfig parses dsn and sets what every connection needs.
func poolConfig(dsn string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		// pgx's message quotes the DSN, password included: say only what
		// is wrong with it.
		return nil, errors.New("the PostgreSQL connection string is not valid: use postgres://user:password@host:5432/database")
	}
	rt := cfg.ConnConfig.RuntimeParams
	if rt == nil {
		rt = map[string]string{}
		cfg.ConnConfig.RuntimeParams = rt
	}
	if _, ok := rt["application_name"]; !ok {
		rt["application_name"] = "tidings"
	}
	// Searches pass their tsquery as a parameter; a generic plan would
	// plan a rare word and a common one alike, and the two want opposite
	// plans (the GIN index, or the id index newest first).
	rt["plan_cache_mode"] = "force_custom_plan"
	// Every query here reads at most some tens of thousands of rows, where
	// compiling it to machine code costs more than it saves: JIT added
	// 13-100 ms to searches that run in 70 (the planner's costs for a
	// common word pass jit_above_cost at 1M; measured).
	if _, ok := rt["jit"]; !ok {
		rt["jit"] = "off"
	}
	if cfg.HealthCheckPeriod == time.Minute { // pgx's default
		cfg.HealthCheckPeriod = 5 * time.Second
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = 5 * time.Second
	}
	return cfg, nil
}

// Generation changes with every write to the catalogue, by this replica
// (at once) or by any other (within Options.WatchInterval, while the
// database answers). Anything computed while it returned g may be cached
// until it returns something else.
func (s *Store) Generation() uint64 { return s.changes.Generation() }

// counter reads the database's change counter.
func (s *Store) counter(ctx context.Context) (int64, error) { return readCounter(ctx, s.pool) }

// bumpTx marks a write in tx: every replica sees the counter move once
// the transaction commits. Call wrote after the commit.
func bumpTx(ctx context.Context, tx pgx.Tx) (int64, error) {
	var n int64
	if err := tx.QueryRow(ctx, `UPDATE catalogue_generation SET n = n + 1 WHERE id = 1 RETURNING n`).Scan(&n); err != nil {
		return 0, fmt.Errorf("mark the write: %w", err)
	}
	return n, nil
}

// wrote records this replica's committed write (n from bumpTx, or 0 when
// the write failed and may or may not have landed).
func (s *Store) wrote(n int64) { s.changes.Wrote(n) }

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("ping PostgreSQL: %w", classify(err))
	}
	return nil
}

// Close stops watching and closes the pool.
func (s *Store) Close() error {
	s.changes.Stop()
	s.pool.Close()
	s.forgetMarks()
	return nil
}
