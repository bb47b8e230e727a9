package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

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

// Migrate connects to dsn and brings its schema up to date, then
// disconnects: for operators who run migrations on their own
// (`tidings serve --migrate-only`) with a role allowed DDL, and start the
// replicas with one that is not. Open does the same when needed.
func Migrate(ctx context.Context, dsn string) error {
	cfg, err := poolConfig(dsn)
	if err != nil {
		return err
	}
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return fmt.Errorf("connect to PostgreSQL: %w", classify(err))
	}
	defer pool.Close()
	return migrate(ctx, pool)
}

// migrate applies the missing migrations in one transaction under an
// advisory lock. A database already up to date is only read, so replicas
// whose role cannot run DDL start against a migrated database.
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
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("migrate the schema: %w", classify(err))
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("migrate the schema: wait for other replicas: %w", classify(err))
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    integer PRIMARY KEY,
	name       text NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("migrate the schema: create schema_migrations: %w", classify(err))
	}
	var current int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(max(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return fmt.Errorf("migrate the schema: read its version: %w", classify(err))
	}
	if current > latest {
		return newerSchema(current, latest)
	}
	for _, m := range ms {
		if m.version <= current {
			continue
		}
		if _, err := tx.Exec(ctx, m.sql); err != nil {
			return fmt.Errorf("migrate the schema: apply %s: %w", m.name, classify(err))
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations(version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
			return fmt.Errorf("migrate the schema: record %s: %w", m.name, classify(err))
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migrate the schema: commit: %w", classify(err))
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
