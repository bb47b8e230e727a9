package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// marksSchema holds the owners' read and starred state (docs/marks.md;
// the rule is server/store's, marks_tables.go). Open creates it in every
// catalogue, new or old: the tables are only added, so files of schema
// version 5 gain them in place and older programs still read the file.
//
// marks holds explicit marks: read NULL follows the watermarks.
// mark_watermarks holds, per owner, the id up to which a group of
// articles (a source, or "*" for all) is read.
const marksSchema = `
CREATE TABLE IF NOT EXISTS marks (
	owner      TEXT NOT NULL,
	article_id INTEGER NOT NULL,
	read       INTEGER,
	starred    INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (owner, article_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS marks_explicit ON marks(owner, article_id) WHERE read IS NOT NULL;
CREATE INDEX IF NOT EXISTS marks_starred ON marks(owner, article_id) WHERE starred = 1;
CREATE TABLE IF NOT EXISTS mark_versions (
	owner TEXT PRIMARY KEY,
	v     INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mark_watermarks (
	owner TEXT NOT NULL,
	grp   TEXT NOT NULL,
	upto  INTEGER NOT NULL,
	PRIMARY KEY (owner, grp)
) WITHOUT ROWID;
`

// The SQLite store keeps marks and looks articles up by id.
var (
	_ store.Marks        = (*Store)(nil)
	_ store.ArticlesByID = (*Store)(nil)
	_ store.MarkTables   = marksSQL{}
)

// marks is the store's Marks: the shared rule over this store's SQL.
func (s *Store) marks() store.Marks {
	s.marksOnce.Do(func() { s.marksRule = store.NewMarks(marksSQL{s}, s) })
	return s.marksRule
}

// SetRead implements store.Marks.
func (s *Store) SetRead(ctx context.Context, owner store.Owner, ids []int64, read bool) (int, error) {
	return s.marks().SetRead(ctx, owner, ids, read)
}

// SetStarred implements store.Marks.
func (s *Store) SetStarred(ctx context.Context, owner store.Owner, ids []int64, starred bool) (int, error) {
	return s.marks().SetStarred(ctx, owner, ids, starred)
}

// MarkAllRead implements store.Marks.
func (s *Store) MarkAllRead(ctx context.Context, owner store.Owner, scope store.Scope, before time.Time) (int, error) {
	return s.marks().MarkAllRead(ctx, owner, scope, before)
}

// MarksOf implements store.Marks.
func (s *Store) MarksOf(ctx context.Context, owner store.Owner, ids []int64) (map[int64]store.ArticleMarks, error) {
	return s.marks().MarksOf(ctx, owner, ids)
}

// UnreadCount implements store.Marks.
func (s *Store) UnreadCount(ctx context.Context, owner store.Owner, scope store.Scope) (int, error) {
	return s.marks().UnreadCount(ctx, owner, scope)
}

// UnreadBy implements store.Marks.
func (s *Store) UnreadBy(ctx context.Context, owner store.Owner, by model.UnreadGrouping) (map[string]int, error) {
	return s.marks().UnreadBy(ctx, owner, by)
}

// StreamIDs implements store.Marks.
func (s *Store) StreamIDs(ctx context.Context, owner store.Owner, st store.Stream) ([]int64, string, error) {
	return s.marks().StreamIDs(ctx, owner, st)
}

// ArticlesByID implements store.ArticlesByID, in the order of ids.
func (s *Store) ArticlesByID(ctx context.Context, ids []int64) ([]model.Article, error) {
	out := []model.Article{}
	for len(ids) > 0 {
		part := ids[:min(len(ids), store.MaxMarkIDs)]
		ids = ids[len(part):]
		query := "SELECT " + articleCols + " FROM json_each(?) AS j CROSS JOIN articles a ON a.id = j.value ORDER BY j.key"
		items, err := s.articles(ctx, query, []any{jsonInts(part)})
		if err != nil {
			return nil, fmt.Errorf("look up %d articles by id: %w", len(part), err)
		}
		out = append(out, items...)
	}
	return out, nil
}

// MarksVersion implements store.MarksVersioner.
func (s *Store) MarksVersion(ctx context.Context, owner store.Owner) (int64, error) {
	return s.marks().(store.MarksVersioner).MarksVersion(ctx, owner)
}

// marksSQL is the SQL of the marks rule (store.MarkTables).
type marksSQL struct{ s *Store }

// bumpVersionSQL moves the owner's marks version (mark_versions).
const bumpVersionSQL = `INSERT INTO mark_versions(owner, v) VALUES (?, 1) ON CONFLICT(owner) DO UPDATE SET v = v + 1`

func (m marksSQL) Version(ctx context.Context, owner store.Owner) (int64, error) {
	var v int64
	err := m.s.db.QueryRowContext(ctx, `SELECT COALESCE((SELECT v FROM mark_versions WHERE owner = ?), 0)`, string(owner)).Scan(&v)
	return v, err
}

// exec runs the statements in one transaction, the owner's version bump
// last.
func (m marksSQL) exec(ctx context.Context, owner store.Owner, stmts ...stmtArgs) error {
	tx, err := m.s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, st := range append(stmts, stmtArgs{bumpVersionSQL, []any{string(owner)}}) {
		if _, err := tx.ExecContext(ctx, st.sql, st.args...); err != nil {
			return err
		}
	}
	return tx.Commit()
}

type stmtArgs struct {
	sql  string
	args []any
}

func (m marksSQL) Watermarks(ctx context.Context, owner store.Owner) (map[string]int64, error) {
	rows, err := m.s.query(ctx, `SELECT grp, upto FROM mark_watermarks WHERE owner = ?`, string(owner))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var grp string
		var upto int64
		if err := rows.Scan(&grp, &upto); err != nil {
			return nil, err
		}
		out[grp] = upto
	}
	return out, rows.Err()
}

func (m marksSQL) RaiseWatermarks(ctx context.Context, owner store.Owner, groups []string, upto int64) error {
	tx, err := m.s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, g := range groups {
		if _, err := tx.ExecContext(ctx, `INSERT INTO mark_watermarks(owner, grp, upto) VALUES (?, ?, ?)
			ON CONFLICT(owner, grp) DO UPDATE SET upto = max(upto, excluded.upto)`, string(owner), g, upto); err != nil {
			return err
		}
	}
	forget := `UPDATE marks SET read = NULL WHERE owner = ? AND read IS NOT NULL AND article_id <= ?`
	args := []any{string(owner), upto}
	if len(groups) != 1 || groups[0] != store.GlobalGroup {
		// Per explicit mark (few), not per article of the groups (many).
		forget += ` AND EXISTS (SELECT 1 FROM articles a WHERE a.id = marks.article_id
			AND a.source_id IN (SELECT value FROM json_each(?)))`
		args = append(args, jsonStrings(groups))
	}
	if _, err := tx.ExecContext(ctx, forget, args...); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM marks WHERE owner = ? AND read IS NULL AND starred = 0`, string(owner)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, bumpVersionSQL, string(owner)); err != nil {
		return err
	}
	return tx.Commit()
}

func (m marksSQL) StoredMarks(ctx context.Context, owner store.Owner, ids []int64) ([]store.StoredMark, error) {
	return m.storedMarks(ctx, `SELECT a.id, a.source_id, m.read, COALESCE(m.starred, 0)
		FROM json_each(?) AS j CROSS JOIN articles a ON a.id = j.value
		LEFT JOIN marks m ON m.owner = ? AND m.article_id = a.id`, jsonInts(ids), string(owner))
}

func (m marksSQL) ExplicitReads(ctx context.Context, owner store.Owner) ([]store.StoredMark, error) {
	return m.storedMarks(ctx, `SELECT a.id, a.source_id, m.read, m.starred
		FROM marks m CROSS JOIN articles a ON a.id = m.article_id
		WHERE m.owner = ? AND m.read IS NOT NULL`, string(owner))
}

func (m marksSQL) storedMarks(ctx context.Context, query string, args ...any) ([]store.StoredMark, error) {
	rows, err := m.s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.StoredMark
	for rows.Next() {
		var sm store.StoredMark
		var read sql.NullBool
		if err := rows.Scan(&sm.ID, &sm.Source, &read, &sm.Starred); err != nil {
			return nil, err
		}
		sm.HasRead, sm.Read = read.Valid, read.Bool
		out = append(out, sm)
	}
	return out, rows.Err()
}

func (m marksSQL) WriteRead(ctx context.Context, owner store.Owner, ids []int64, read bool) error {
	return m.exec(ctx, owner, stmtArgs{`INSERT INTO marks(owner, article_id, read)
		SELECT ?, a.id, ? FROM json_each(?) AS j CROSS JOIN articles a ON a.id = j.value WHERE true
		ON CONFLICT(owner, article_id) DO UPDATE SET read = excluded.read`, []any{string(owner), read, jsonInts(ids)}})
}

func (m marksSQL) WriteStarred(ctx context.Context, owner store.Owner, ids []int64, starred bool) error {
	args := []any{string(owner), jsonInts(ids)}
	if !starred {
		return m.exec(ctx, owner,
			stmtArgs{`UPDATE marks SET starred = 0 WHERE owner = ? AND article_id IN (SELECT value FROM json_each(?))`, args},
			stmtArgs{`DELETE FROM marks WHERE owner = ? AND read IS NULL AND starred = 0
				AND article_id IN (SELECT value FROM json_each(?))`, args})
	}
	return m.exec(ctx, owner, stmtArgs{`INSERT INTO marks(owner, article_id, starred)
		SELECT ?, a.id, 1 FROM json_each(?) AS j CROSS JOIN articles a ON a.id = j.value WHERE true
		ON CONFLICT(owner, article_id) DO UPDATE SET starred = 1`, args})
}

// rangeCountSQL counts the articles of source src with lo < id <= hi on
// the source index; from the start of ids, as the source's total less
// those above hi, so a long past costs nothing.
const rangeCountSQL = `CASE WHEN %[2]s = -9223372036854775808
	THEN COALESCE((SELECT n FROM mark_source_counts c WHERE c.source_id = %[1]s), 0)
		- (SELECT count(*) FROM articles a WHERE a.source_id = %[1]s AND a.id > %[3]s)
	ELSE (SELECT count(*) FROM articles a WHERE a.source_id = %[1]s AND a.id > %[2]s AND a.id <= %[3]s) END`

func (m marksSQL) CountBySource(ctx context.Context, lo, hi int64) (map[string]int, error) {
	query := `SELECT source_id, n FROM mark_source_counts WHERE n > 0`
	var args []any
	if lo != store.NoWatermark || hi != store.EndOfIDs {
		query = `SELECT s.source_id, ` + fmt.Sprintf(rangeCountSQL, "s.source_id", "?1", "?2") +
			` FROM mark_source_counts s WHERE s.n > 0`
		args = []any{lo, hi}
	}
	rows, err := m.s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var src string
		var n int
		if err := rows.Scan(&src, &n); err != nil {
			return nil, err
		}
		if n > 0 {
			out[src] = n
		}
	}
	return out, rows.Err()
}

func (m marksSQL) CountRanges(ctx context.Context, ranges []store.SourceRange) ([]int, error) {
	var b strings.Builder
	args := make([]any, 0, 4*len(ranges))
	for i, r := range ranges {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("(?,?,?,?)")
		args = append(args, i, r.Source, r.Lo, r.Hi)
	}
	rows, err := m.s.db.QueryContext(ctx, `WITH r(i, src, lo, hi) AS (VALUES `+b.String()+`)
		SELECT r.i, `+fmt.Sprintf(rangeCountSQL, "r.src", "r.lo", "r.hi")+` FROM r`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]int, len(ranges))
	for rows.Next() {
		var i, n int
		if err := rows.Scan(&i, &n); err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, rows.Err()
}

func (m marksSQL) SourcesWhere(ctx context.Context, country, category string) ([]string, error) {
	return m.strings(ctx, `SELECT id FROM sources WHERE (?1 = '' OR country = ?1) AND (?2 = '' OR category = ?2)`, country, category)
}

func (m marksSQL) FeedIDs(ctx context.Context) ([]string, error) {
	return m.strings(ctx, `SELECT id FROM feeds`)
}

func (m marksSQL) strings(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := m.s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (m marksSQL) IDBound(sec int64) int64 {
	_, hi := store.SecondIDs(clampSeconds(sec - m.s.shift))
	return hi
}

// jsonStrings is ss as a JSON array, for json_each.
func jsonStrings(ss []string) string {
	b, _ := json.Marshal(ss) // strings always marshal
	return string(b)
}
