package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Schema migrations are SQL files embedded in the binary, named
// NNNN_what.sql; version NNNN is applied once, in order, and recorded in
// schema_migrations. A released file never changes: a change is a new one.

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationLock is the advisory lock key under which migrations run, so
// replicas starting together apply each version once.
const migrationLock int64 = 0x7469_6469_6e67_0001 // "tiding" 1

type migration struct {
	version int
	name    string
	sql     string
}

func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("migration file %s is not named NNNN_what.sql", e.Name())
		}
		b, err := migrationFiles.ReadFile("migrations/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// SchemaVersion is the newest schema this program knows.
func SchemaVersion() int {
	ms, _ := migrations()
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

// Migrated is what Upgrade did: the schema version it found (0: none)
// and the one it left, and how long compacting took (0: not needed).
type Migrated struct {
	From, To  int
	Compacted time.Duration
}

// rewrites reports the versions that write every stored article again (0002
// adds markers to each full-text vector, 0003 groups every article into
// its story), leaving the table and its indexes half as large again as
// their rows with the dead versions.
func rewrites(version int) bool { return version == 2 || version == 3 }

// Migrate connects to dsn and brings its schema up to date, then
// disconnects (as Open does when needed).
func Migrate(ctx context.Context, dsn string) error {
	_, err := upgrade(ctx, dsn, false)
	return err
}

// Upgrade is Migrate for operators who run migrations on their own
// (`tidings serve --migrate-only`, in a quiet hour) with a role allowed
// DDL, and start the replicas with one that is not: it also compacts the
// articles table when a migration it applied rewrote it (compact), which
// holds every reader off for a while, and says what it did.
func Upgrade(ctx context.Context, dsn string) (Migrated, error) {
	return upgrade(ctx, dsn, true)
}

func upgrade(ctx context.Context, dsn string, compacting bool) (Migrated, error) {
	cfg, err := poolConfig(dsn)
	if err != nil {
		return Migrated{}, err
	}
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return Migrated{}, fmt.Errorf("connect to PostgreSQL: %w", classify(err))
	}
	defer pool.Close()
	var m Migrated
	if m.From, err = appliedVersion(ctx, pool); err != nil {
		m.From = 0 // no schema_migrations: a new database
	}
	if err := migrate(ctx, pool); err != nil {
		return m, err
	}
	m.To = SchemaVersion()
	if !compacting || m.From == 0 {
		return m, nil // a new database has no rows to have rewritten
	}
	for v := m.From + 1; v <= m.To; v++ {
		if rewrites(v) {
			start := time.Now()
			if err := compact(ctx, pool); err != nil {
				return m, err
			}
			m.Compacted = max(time.Since(start), time.Nanosecond)
			break
		}
	}
	return m, nil
}

// migrate applies the missing migrations under an advisory lock held by
// one connection throughout, so replicas starting together apply each
// version once. A database already up to date is only read, so replicas
// whose role cannot run DDL start against a migrated database.
//
// The SQL of the missing versions runs in one transaction. A version with
// a Go step (migrationStep) ends that transaction after its SQL, then
// runs the step and records the version in one of its own, so the step's
// long work holds none of the locks the SQL's DDL took (see
// groupStored); until it is recorded, a cut-off run repeats that
// version's SQL, which is written to allow it, and then the step.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	ms, err := migrations()
	if err != nil {
		return fmt.Errorf("read migrations: %w", err)
	}
	latest := ms[len(ms)-1].version
	if v, err := appliedVersion(ctx, pool); err == nil && v == latest {
		return nil
	} else if err == nil && v > latest {
		return newerSchema(v, latest)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate the schema: %w", classify(err))
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("migrate the schema: wait for other replicas: %w", classify(err))
	}
	// A connection that fails to unlock is broken, and its session's
	// lock goes with it.
	defer conn.Exec(context.Background(), `SELECT pg_advisory_unlock($1)`, migrationLock)
	for {
		done, err := migrateStep(ctx, conn.Conn(), ms)
		if err != nil || done {
			return err
		}
	}
}

// migrateStep applies, in one transaction, the SQL of the missing
// migrations up to the first with a Go step, recording all but that one;
// and, when the next missing version's SQL is applied but its Go step
// not, that step and its record in another. done: the schema is current.
func migrateStep(ctx context.Context, conn *pgx.Conn, ms []migration) (done bool, err error) {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("migrate the schema: %w", classify(err))
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    integer PRIMARY KEY,
	name       text NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return false, fmt.Errorf("migrate the schema: create schema_migrations: %w", classify(err))
	}
	var current int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(max(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return false, fmt.Errorf("migrate the schema: read its version: %w", classify(err))
	}
	latest := ms[len(ms)-1].version
	if current > latest {
		return false, newerSchema(current, latest)
	}
	var step *migration // applied, its Go step still to run
	for i := range ms {
		m := &ms[i]
		if m.version <= current {
			continue
		}
		if _, err := tx.Exec(ctx, m.sql); err != nil {
			return false, fmt.Errorf("migrate the schema: apply %s: %w", m.name, classify(err))
		}
		if migrationStep(m.version) != nil {
			step = m
			break
		}
		if err := record(ctx, tx, m); err != nil {
			return false, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("migrate the schema: commit: %w", classify(err))
	}
	if step == nil {
		return true, nil
	}
	return false, runStep(ctx, conn, step)
}

// runStep runs m's Go step and records m, in one transaction.
func runStep(ctx context.Context, conn *pgx.Conn, m *migration) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return fmt.Errorf("migrate the schema: %s: %w", m.name, classify(err))
	}
	defer tx.Rollback(context.Background())
	if err := migrationStep(m.version)(ctx, tx); err != nil {
		return fmt.Errorf("migrate the schema: %s: %w", m.name, classify(err))
	}
	if err := record(ctx, tx, m); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migrate the schema: commit %s: %w", m.name, classify(err))
	}
	return nil
}

func record(ctx context.Context, tx pgx.Tx, m *migration) error {
	if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations(version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
		return fmt.Errorf("migrate the schema: record %s: %w", m.name, classify(err))
	}
	return nil
}

// migrationStep is the Go step of a migration, by version, or nil: work
// SQL cannot do, run after the version's SQL (see migrate).
func migrationStep(version int) func(ctx context.Context, tx pgx.Tx) error {
	switch version {
	case 3:
		return groupStored
	}
	return nil
}

// appliedVersion is the database's schema version, without locking; an
// error when there is no schema_migrations table yet.
func appliedVersion(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var v int
	err := pool.QueryRow(ctx, `SELECT COALESCE(max(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

func newerSchema(have, know int) error {
	return fmt.Errorf("the database has schema version %d, this program knows only up to %d: upgrade tidings", have, know)
}
