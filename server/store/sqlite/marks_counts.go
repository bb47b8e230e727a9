package sqlite

import (
	"context"
	"database/sql"
	"fmt"
)

// Counting articles is what the marks rule asks most (how many a
// MarkAllRead covers, unread per source), and SQLite reads about two
// million index entries a second here: 100,000 articles would take 50 ms.
// So two small tables, kept by triggers on articles, hold the counts:
// mark_source_counts (articles per source) and mark_id_buckets (articles
// per bucket of 2^28 ids, about 68 minutes of publication time). A range
// of ids is then the whole buckets inside it plus the two edge buckets
// counted on the id index. A catalogue opened without them gets them
// filled once (marksCountsFill), in about a second at a million
// articles.
const marksCountsSchema = `
CREATE TABLE IF NOT EXISTS mark_source_counts (
	source_id TEXT PRIMARY KEY,
	n         INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mark_id_buckets (
	bucket INTEGER PRIMARY KEY,
	n      INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS mark_counts_ai AFTER INSERT ON articles BEGIN
	INSERT INTO mark_source_counts(source_id, n) VALUES (new.source_id, 1)
		ON CONFLICT(source_id) DO UPDATE SET n = n + 1;
	INSERT INTO mark_id_buckets(bucket, n) VALUES (new.id >> 28, 1)
		ON CONFLICT(bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS mark_counts_ad AFTER DELETE ON articles BEGIN
	UPDATE mark_source_counts SET n = n - 1 WHERE source_id = old.source_id;
	UPDATE mark_id_buckets SET n = n - 1 WHERE bucket = old.id >> 28;
END;
CREATE TRIGGER IF NOT EXISTS mark_counts_au AFTER UPDATE OF id, source_id ON articles BEGIN
	UPDATE mark_source_counts SET n = n - 1 WHERE source_id = old.source_id;
	UPDATE mark_id_buckets SET n = n - 1 WHERE bucket = old.id >> 28;
	INSERT INTO mark_source_counts(source_id, n) VALUES (new.source_id, 1)
		ON CONFLICT(source_id) DO UPDATE SET n = n + 1;
	INSERT INTO mark_id_buckets(bucket, n) VALUES (new.id >> 28, 1)
		ON CONFLICT(bucket) DO UPDATE SET n = n + 1;
END;
`

// bucketShift: an id's bucket is id >> bucketShift.
const bucketShift = 28

// migrateMarks creates the marks tables and, when the count tables are
// new, fills them from the stored articles, in one transaction.
func (s *Store) migrateMarks(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("create the marks tables: %w", err)
	}
	defer tx.Rollback()
	var had int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'mark_source_counts'`).Scan(&had); err != nil {
		return fmt.Errorf("create the marks tables: %w", err)
	}
	if _, err := tx.ExecContext(ctx, marksSchema+marksCountsSchema); err != nil {
		return fmt.Errorf("create the marks tables: %w", err)
	}
	if had == 0 {
		if _, err := tx.ExecContext(ctx, marksCountsFill); err != nil {
			return fmt.Errorf("count the stored articles: %w", err)
		}
	}
	return tx.Commit()
}

// marksCountsFill counts the stored articles into the count tables.
const marksCountsFill = `
DELETE FROM mark_source_counts;
DELETE FROM mark_id_buckets;
INSERT INTO mark_source_counts(source_id, n) SELECT source_id, count(*) FROM articles GROUP BY source_id;
INSERT INTO mark_id_buckets(bucket, n) SELECT id >> 28, count(*) FROM articles GROUP BY id >> 28;
`

// CountIDs counts the articles with lo < id <= hi: the whole buckets
// between from their counts, the edges on the id index.
func (m marksSQL) CountIDs(ctx context.Context, lo, hi int64) (int, error) {
	if lo >= hi {
		return 0, nil
	}
	var n sql.NullInt64
	err := m.s.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM articles WHERE id > ?1 AND id <= min(?2, ((?1 >> 28) + 1 << 28) - 1))
		+ CASE WHEN ?1 >> 28 < ?2 >> 28 THEN
			(SELECT count(*) FROM articles WHERE id >= ((?2 >> 28) << 28) AND id <= ?2)
			+ COALESCE((SELECT sum(n) FROM mark_id_buckets WHERE bucket > ?1 >> 28 AND bucket < ?2 >> 28), 0)
		ELSE 0 END`, lo, hi).Scan(&n)
	return int(n.Int64), err
}
