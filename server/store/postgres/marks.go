package postgres

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/model"
	"tidings/server/store"
)

// The PostgreSQL store keeps marks (migration 0004) and looks articles up
// by id.
var (
	_ store.Marks        = (*Store)(nil)
	_ store.ArticlesByID = (*Store)(nil)
	_ store.MarkTables   = marksSQL{}
)

// storeMarks are the Marks of each open Store: the shared rule over its
// SQL, made on first use (a map, so the Store's struct stays as it is).
var storeMarks sync.Map // *Store -> store.Marks

func (s *Store) marks() store.Marks {
	if m, ok := storeMarks.Load(s); ok {
		return m.(store.Marks)
	}
	m, _ := storeMarks.LoadOrStore(s, store.NewMarks(marksSQL{s}, s))
	return m.(store.Marks)
}

// forgetMarks drops the Store's Marks when it closes.
func (s *Store) forgetMarks() { storeMarks.Delete(s) }

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
		items, err := s.articlesByID(ctx, part)
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
const bumpVersionSQL = `INSERT INTO mark_versions (owner, v) VALUES ($1, 1) ON CONFLICT (owner) DO UPDATE SET v = mark_versions.v + 1`

func (m marksSQL) Version(ctx context.Context, owner store.Owner) (int64, error) {
	var v int64
	err := m.s.pool.QueryRow(ctx, `SELECT COALESCE((SELECT v FROM mark_versions WHERE owner = $1), 0)`, string(owner)).Scan(&v)
	return v, classify(err)
}

// exec runs a statement and the owner's version bump in one transaction.
func (m marksSQL) exec(ctx context.Context, owner store.Owner, query string, args ...any) error {
	return classify(pgx.BeginFunc(ctx, m.s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, query, args...); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, bumpVersionSQL, string(owner))
		return err
	}))
}

func (m marksSQL) Watermarks(ctx context.Context, owner store.Owner) (map[string]int64, error) {
	rows, err := m.s.pool.Query(ctx, `SELECT grp, upto FROM mark_watermarks WHERE owner = $1`, string(owner))
	if err != nil {
		return nil, classify(err)
	}
	out := map[string]int64{}
	var grp string
	var upto int64
	_, err = pgx.ForEachRow(rows, []any{&grp, &upto}, func() error { out[grp] = upto; return nil })
	return out, classify(err)
}

func (m marksSQL) RaiseWatermarks(ctx context.Context, owner store.Owner, groups []string, upto int64) error {
	return classify(pgx.BeginFunc(ctx, m.s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO mark_watermarks (owner, grp, upto) SELECT $1, g, $3 FROM unnest($2::text[]) AS g
			ON CONFLICT (owner, grp) DO UPDATE SET upto = GREATEST(mark_watermarks.upto, excluded.upto)`,
			string(owner), groups, upto); err != nil {
			return err
		}
		forget := `UPDATE marks SET read = NULL WHERE owner = $1 AND read IS NOT NULL AND article_id <= $2`
		args := []any{string(owner), upto}
		if len(groups) != 1 || groups[0] != store.GlobalGroup {
			// Per explicit mark (few), not per article of the groups (many).
			forget += ` AND EXISTS (SELECT 1 FROM articles a WHERE a.id = marks.article_id AND a.source_id = ANY($3))`
			args = append(args, groups)
		}
		if _, err := tx.Exec(ctx, forget, args...); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM marks WHERE owner = $1 AND read IS NULL AND NOT starred`, string(owner)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, bumpVersionSQL, string(owner))
		return err
	}))
}

func (m marksSQL) StoredMarks(ctx context.Context, owner store.Owner, ids []int64) ([]store.StoredMark, error) {
	return m.storedMarks(ctx, `SELECT a.id, a.source_id, m.read, COALESCE(m.starred, false)
		FROM articles a LEFT JOIN marks m ON m.owner = $1 AND m.article_id = a.id
		WHERE a.id = ANY($2)`, string(owner), ids)
}

func (m marksSQL) ExplicitReads(ctx context.Context, owner store.Owner) ([]store.StoredMark, error) {
	return m.storedMarks(ctx, `SELECT a.id, a.source_id, m.read, m.starred
		FROM marks m JOIN articles a ON a.id = m.article_id
		WHERE m.owner = $1 AND m.read IS NOT NULL`, string(owner))
}

func (m marksSQL) storedMarks(ctx context.Context, query string, args ...any) ([]store.StoredMark, error) {
	rows, err := m.s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, classify(err)
	}
	var out []store.StoredMark
	var sm store.StoredMark
	var read *bool
	_, err = pgx.ForEachRow(rows, []any{&sm.ID, &sm.Source, &read, &sm.Starred}, func() error {
		sm.HasRead, sm.Read = read != nil, read != nil && *read
		out = append(out, sm)
		return nil
	})
	return out, classify(err)
}

func (m marksSQL) WriteRead(ctx context.Context, owner store.Owner, ids []int64, read bool) error {
	return m.exec(ctx, owner, `INSERT INTO marks (owner, article_id, read)
		SELECT $1, a.id, $2 FROM articles a WHERE a.id = ANY($3)
		ON CONFLICT (owner, article_id) DO UPDATE SET read = excluded.read`, string(owner), read, ids)
}

func (m marksSQL) WriteStarred(ctx context.Context, owner store.Owner, ids []int64, starred bool) error {
	if !starred {
		return m.exec(ctx, owner, `WITH u AS (UPDATE marks SET starred = false WHERE owner = $1 AND article_id = ANY($2) RETURNING article_id, read)
			DELETE FROM marks WHERE owner = $1 AND article_id IN (SELECT article_id FROM u WHERE read IS NULL)`, string(owner), ids)
	}
	return m.exec(ctx, owner, `INSERT INTO marks (owner, article_id, starred)
		SELECT $1, a.id, true FROM articles a WHERE a.id = ANY($2)
		ON CONFLICT (owner, article_id) DO UPDATE SET starred = true`, string(owner), ids)
}

func (m marksSQL) CountIDs(ctx context.Context, lo, hi int64) (int, error) {
	var n int
	err := m.s.pool.QueryRow(ctx, `SELECT count(*) FROM articles WHERE id > $1 AND id <= $2`, lo, hi).Scan(&n)
	return n, classify(err)
}

func (m marksSQL) CountBySource(ctx context.Context, lo, hi int64) (map[string]int, error) {
	query := `SELECT source_id, count(*) FROM articles WHERE id > $1 AND id <= $2 GROUP BY source_id`
	args := []any{lo, hi}
	if lo == store.NoWatermark && hi == store.EndOfIDs {
		query, args = `SELECT source_id, count(*) FROM articles GROUP BY source_id`, nil
	}
	rows, err := m.s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, classify(err)
	}
	out := map[string]int{}
	var src string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&src, &n}, func() error { out[src] = n; return nil })
	return out, classify(err)
}

func (m marksSQL) CountRanges(ctx context.Context, ranges []store.SourceRange) ([]int, error) {
	srcs := make([]string, len(ranges))
	los := make([]int64, len(ranges))
	his := make([]int64, len(ranges))
	for i, r := range ranges {
		srcs[i], los[i], his[i] = r.Source, r.Lo, r.Hi
	}
	rows, err := m.s.pool.Query(ctx, `SELECT r.i, (SELECT count(*) FROM articles a WHERE a.source_id = r.src AND a.id > r.lo AND a.id <= r.hi)
		FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS r(src, lo, hi, i)`, srcs, los, his)
	if err != nil {
		return nil, classify(err)
	}
	out := make([]int, len(ranges))
	var i int64
	var n int
	_, err = pgx.ForEachRow(rows, []any{&i, &n}, func() error {
		if i >= 1 && int(i) <= len(out) {
			out[i-1] = n
		}
		return nil
	})
	return out, classify(err)
}

func (m marksSQL) SourcesWhere(ctx context.Context, country, category string) ([]string, error) {
	return m.strings(ctx, `SELECT id FROM sources WHERE ($1 = '' OR country = $1) AND ($2 = '' OR category = $2)`, country, category)
}

func (m marksSQL) FeedIDs(ctx context.Context) ([]string, error) {
	return m.strings(ctx, `SELECT id FROM feeds`)
}

func (m marksSQL) strings(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := m.s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, classify(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return out, classify(err)
}

func (m marksSQL) IDBound(sec int64) int64 {
	_, hi := store.SecondIDs(store.ClampSeconds(sec))
	return hi
}
