package sqlite

import (
	"context"
	"database/sql"
	"fmt"
)

// A bulk load is how ImportJSONL fills a store that holds no articles yet
// (`tidings import` into a new file). Keeping seven secondary indexes and
// the full-text index up to date row by row made a million-article import
// take 8 to 12 minutes: every row landed at a random place in eight
// B-trees, and FTS5 merged its segments again and again. A bulk load
// instead drops the secondary indexes and the full-text triggers, inserts
// the rows with only the URL index (needed to replace duplicates), then
// groups every article into stories in one pass, oldest first (see
// stories.go), builds each index once, in order, and the full-text index
// with one 'rebuild'. Its connection also skips fsync (synchronous=OFF) and has a
// larger page cache: a crash mid-import can lose the import, never
// earlier data, because there is none.
//
// While the load runs, user_version holds bulkVersion. Should the process
// die before it ends, the next Open sees the mark and finishes the job
// (stories, indexes, triggers and a full-text rebuild over the rows that
// did land),
// so the file is never left half-indexed.
const bulkVersion = bulkBase + schemaVersion

// bulkBase is added to the schema version to mark a bulk load.
const bulkBase = 1000

// bulkIndexes are the secondary indexes a bulk load builds at its end; the
// schema creates them again (IF NOT EXISTS), so only the names are here.
var bulkIndexes = []string{"articles_ids", "articles_country", "articles_category",
	"articles_country_category", "articles_source", "articles_language", "articles_rhost", "articles_story"}

var bulkTriggers = []string{"articles_ai", "articles_ad", "articles_au"}

// bulkCacheKiB is the page cache of the loading connection: large enough
// to hold the index builds' working set, bounded all the same.
const bulkCacheKiB = 256 << 10

// bulkLoad is one running bulk load on its own connection.
type bulkLoad struct {
	conn *sql.Conn
	// lateSources is set when a source arrives after articles: their
	// category, language and country are resolved once at the end (the
	// index that per-source updates would need is not there yet).
	lateSources bool
	articles    int
}

// beginBulk starts a bulk load when the store holds no articles; it
// returns nil (and no error) when the store has articles, or is in memory,
// and rows must be added one by one.
func (s *Store) beginBulk(ctx context.Context) (*bulkLoad, error) {
	if s.keep != nil {
		return nil, nil // in memory: nothing to fsync, and small
	}
	var any int
	err := s.db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM articles)").Scan(&any)
	if err != nil {
		return nil, fmt.Errorf("check for articles: %w", err)
	}
	if any == 1 {
		return nil, nil
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("start bulk load: %w", err)
	}
	b := &bulkLoad{conn: conn}
	stmts := []string{
		fmt.Sprintf("PRAGMA user_version = %d", bulkVersion),
		"PRAGMA synchronous = OFF",
		fmt.Sprintf("PRAGMA cache_size = -%d", bulkCacheKiB),
	}
	for _, t := range bulkTriggers {
		stmts = append(stmts, "DROP TRIGGER IF EXISTS "+t)
	}
	for _, ix := range bulkIndexes {
		stmts = append(stmts, "DROP INDEX IF EXISTS "+ix)
	}
	for _, q := range stmts {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			conn.Close()
			return nil, fmt.Errorf("start bulk load: %s: %w", q, err)
		}
	}
	return b, nil
}

// finish builds what the load left out and hands the connection back. It
// runs even when the load failed, so the rows that did land are indexed;
// it uses its own context so a cancelled import still leaves a whole
// database.
func (b *bulkLoad) finish(s *Store) error {
	ctx := context.Background()
	// The pass groups with a Grouper of its own: the store's, if a write
	// made one, knows none of the loaded articles.
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.dropGrouper()
	defer func() {
		// Back to the pool's settings before the connection is reused.
		b.conn.ExecContext(ctx, "PRAGMA synchronous = NORMAL")
		b.conn.ExecContext(ctx, "PRAGMA cache_size = -65536")
		b.conn.Close()
		s.changes.Bump()
	}()
	if b.lateSources {
		if _, err := b.conn.ExecContext(ctx, resolveAllSQL, langMarker); err != nil {
			return fmt.Errorf("finish bulk load: resolve sources: %w", err)
		}
	}
	// FTS5 writes its pending terms out as a new segment whenever they
	// pass 'hashsize' (1 MiB by default) and then merges segments: during
	// a rebuild of a million articles that merging was a third of the
	// work. A larger buffer for the rebuild only, then back to the default
	// for the row-by-row writes that follow.
	if _, err := b.conn.ExecContext(ctx, fmt.Sprintf(
		"INSERT INTO articles_fts(articles_fts, rank) VALUES ('hashsize', %d)", bulkHashBytes)); err != nil {
		return fmt.Errorf("finish bulk load: %w", err)
	}
	if err := finishIndexes(ctx, b.conn, s.db, false); err != nil {
		return err
	}
	if _, err := bumpCounter(ctx, b.conn); err != nil {
		return fmt.Errorf("finish bulk load: %w", err)
	}
	// Through FTS5, not the config table, so every connection rereads it.
	if _, err := b.conn.ExecContext(ctx, fmt.Sprintf(
		"INSERT INTO articles_fts(articles_fts, rank) VALUES ('hashsize', %d)", defaultHashBytes)); err != nil {
		return fmt.Errorf("finish bulk load: %w", err)
	}
	return nil
}

// bulkBatchSize is the rows of one bulk transaction: a page that several
// rows of a batch change is written once per commit, so larger batches
// write less (about 50 MB of rows held at a time).
const bulkBatchSize = 50_000

// bulkHashBytes is FTS5's pending-terms buffer during a bulk rebuild.
const bulkHashBytes = 64 << 20

// defaultHashBytes is FTS5's own default 'hashsize'.
const defaultHashBytes = 1 << 20

// resolveAllSQL gives every article its source's facets: what
// resolveArticlesSQL does for one source, for all of them at once.
const resolveAllSQL = `UPDATE articles SET category=s.category, language=s.language, country=s.country,
	facets = CASE WHEN instr(articles.facets, ?1) > 0 THEN substr(articles.facets, 1, instr(articles.facets, ?1) - 1) ELSE articles.facets END
		|| CASE WHEN s.language <> '' THEN ?1 || s.language ELSE '' END
FROM sources s WHERE s.id = articles.source_id
	AND NOT (articles.category=s.category AND articles.language=s.language AND articles.country=s.country)`

// finishIndexes groups the articles into stories (reading through
// reader, another connection than db's, while db builds the indexes),
// creates the schema's indexes and triggers (those present are kept),
// rebuilds the full-text index from the articles and clears the bulk
// mark. It is the end of a bulk load and the repair of one that died;
// legacy says the load was of schema version 3 or 4 (see groupCatalogue).
func finishIndexes(ctx context.Context, db dbConn, reader querier, legacy bool) error {
	err := upgradeStories(ctx, db, reader, legacy, "INSERT INTO articles_fts(articles_fts) VALUES ('rebuild')")
	if err != nil {
		return fmt.Errorf("finish bulk load: %w", err)
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", schemaVersion)); err != nil {
		return fmt.Errorf("finish bulk load: %w", err)
	}
	return nil
}
