package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// Stories (schema version 5): every article row carries the id of its
// story (story_id: what stories.Grouper.Group returned when the row was
// written, the id of the story's first article; an undated article's own
// id) and the story's size (story_size: its distinct sources), kept on
// every member so that a read takes both from the row it reads anyway.
//
// Every write that adds or deletes articles does, in its own transaction
// and under writeMu: the rows it inserted are grouped by the store's one
// Grouper (which reads the stored stories it needs back through
// storyLoader, inside the same transaction), their story ids written, and
// the sizes of every story the write touched (the stories of inserted and
// deleted rows, old and new) recomputed from the story index. Should the
// write fail, the Grouper is dropped before the rollback: its memory then
// holds rows that do not exist, and the next write builds a new one from
// what was committed.
//
// A bulk load, and the upgrade of an older file, group every stored
// article once, oldest first, in one pass with a Grouper per language
// (groupCatalogue), then recompute the sizes of every story of two or
// more articles once the story index is built (upgradeStories).

// storyDocCols are what grouping reads of a row, in scanMember's order.
// Of the text only the first 2,000 characters: the Grouper reads only its
// opening words, and holds a window of stored articles in memory while it
// indexes them.
const storyDocCols = "a.id, a.source_id, a.language, a.published_at, a.title, a.description, substr(a.content, 1, 2000), a.story_id"

// querier runs queries: the pool, a connection or a transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// dbConn is the pool or one connection of it: a querier that begins
// transactions.
type dbConn interface {
	querier
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// storyLoader is a stories.Loader over the articles q sees.
type storyLoader struct {
	q     querier
	shift int64
	// skip are rows a write is grouping now: they are not grouped yet,
	// and must not be offered to the Grouper as if they were.
	skip map[int64]bool
}

// Grouped returns the dated articles published in [from, to) (no upper
// bound when to is zero) with their stories.
func (l storyLoader) Grouped(ctx context.Context, from, to time.Time) ([]stories.Member, error) {
	var w where
	w.add("a.published_at IS NOT NULL")
	w.add("a.id >= ?", store.ClampSeconds(from.Unix()-l.shift)<<16)
	if !to.IsZero() {
		w.add("a.id < ?", store.ClampSeconds(to.Unix()-l.shift)<<16)
	}
	rows, err := l.q.QueryContext(ctx, "SELECT "+storyDocCols+" FROM articles a"+w.sql()+" ORDER BY a.id", w.args...)
	if err != nil {
		return nil, fmt.Errorf("read stored stories: %w", err)
	}
	defer rows.Close()
	var out []stories.Member
	for rows.Next() {
		m, err := scanMember(rows, l.shift)
		if err != nil {
			return nil, fmt.Errorf("read stored stories: %w", err)
		}
		if !l.skip[m.ID] {
			out = append(out, m)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read stored stories: %w", err)
	}
	return out, nil
}

// Grouped implements stories.Loader over the committed catalogue, with
// publication times as the store presents them.
func (s *Store) Grouped(ctx context.Context, from, to time.Time) ([]stories.Member, error) {
	return storyLoader{q: s.db, shift: s.shift}.Grouped(ctx, from, to)
}

// scanMember reads a row of storyDocCols.
func scanMember(rows *sql.Rows, shift int64) (stories.Member, error) {
	var m stories.Member
	var lang string
	var published sql.NullInt64
	if err := rows.Scan(&m.ID, &m.Source, &lang, &published, &m.Title, &m.Description, &m.Content, &m.Story); err != nil {
		return m, err
	}
	m.Language = model.Language(lang)
	if published.Valid {
		m.Published = time.Unix(published.Int64+shift, 0).UTC()
	}
	return m, nil
}

// storyWrite is what one write transaction did to stories
// (store.StoryWrite keeps the books).
type storyWrite = store.StoryWrite

// removeRows notes in w the deleted rows a DELETE … RETURNING id,
// story_id gives, and closes them.
func removeRows(w *storyWrite, rows *sql.Rows) error {
	defer rows.Close()
	for rows.Next() {
		var id, story int64
		if err := rows.Scan(&id, &story); err != nil {
			return err
		}
		w.Remove(id, story)
	}
	return rows.Err()
}

// groupWrite groups the rows w inserted, writes their story ids and
// recomputes the sizes of the stories w touched, in tx (begun by
// beginWrite), as store.GroupWrite rules. The caller holds writeMu, and
// calls dropGrouper before rolling tx back on any error.
func (s *Store) groupWrite(ctx context.Context, tx *sql.Tx, w *storyWrite) error {
	added := w.Added()
	if len(added) == 0 && len(w.Removed()) == 0 {
		return nil
	}
	if err := s.forgetOthersWrites(ctx, tx); err != nil {
		return err
	}
	if s.grouper == nil {
		s.grouper = stories.New(0)
	}
	var docs []stories.Doc
	skip := map[int64]bool{}
	if len(added) > 0 {
		var err error
		if docs, err = readDocs(ctx, tx, added); err != nil {
			return err
		}
		for i := range docs {
			skip[docs[i].ID] = true
		}
	}
	moved, to, err := store.GroupWrite(ctx, s.grouper, storyLoader{q: tx, skip: skip}, w, docs)
	if err != nil {
		return err
	}
	moves := make([]int64, 0, 2*len(moved)) // id, story; id, story; …
	for i := range moved {
		moves = append(moves, moved[i], to[i])
	}
	if err := moveToStories(ctx, tx, moves); err != nil {
		return err
	}
	return recomputeSizes(ctx, tx, w.Touched())
}

// dropGrouper forgets the Grouper after a failed write (see the comment
// at the top of this file). The caller holds writeMu.
func (s *Store) dropGrouper() { s.grouper = nil }

// readDocs reads what grouping needs of the rows ids.
func readDocs(ctx context.Context, q querier, ids []int64) ([]stories.Doc, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+storyDocCols+
		" FROM json_each(?) AS j CROSS JOIN articles a ON a.id = j.value", jsonInts(ids))
	if err != nil {
		return nil, fmt.Errorf("read new articles to group: %w", err)
	}
	defer rows.Close()
	docs := make([]stories.Doc, 0, len(ids))
	for rows.Next() {
		m, err := scanMember(rows, 0)
		if err != nil {
			return nil, fmt.Errorf("read new articles to group: %w", err)
		}
		docs = append(docs, m.Doc)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read new articles to group: %w", err)
	}
	return docs, nil
}

// moveToStories sets the story of rows: moves holds pairs of a row id and
// its story id.
func moveToStories(ctx context.Context, q querier, moves []int64) error {
	if len(moves) == 0 {
		return nil
	}
	const chunk = 2 * maxInsertRows // pairs of arguments, under SQLite's limit
	for len(moves) > 0 {
		part := moves[:min(len(moves), chunk)]
		moves = moves[len(part):]
		// One statement for the lot: the ids arrive as a JSON array of
		// [id, story] pairs, each looked up by row id.
		var b strings.Builder
		b.WriteByte('[')
		for i := 0; i < len(part); i += 2 {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "[%d,%d]", part[i], part[i+1])
		}
		b.WriteByte(']')
		if _, err := q.ExecContext(ctx, moveToStoriesSQL, b.String()); err != nil {
			return fmt.Errorf("write story ids: %w", err)
		}
	}
	return nil
}

const moveToStoriesSQL = `UPDATE articles SET story_id = m.story
FROM (SELECT j.value ->> 0 AS id, j.value ->> 1 AS story FROM json_each(?1) AS j) AS m
WHERE articles.id = m.id`

// storySizesSQL recomputes the size of the stories listed (a JSON array),
// through the story index, writing only the rows whose size changed.
const storySizesSQL = `UPDATE articles SET story_size = c.n
FROM (SELECT s.story_id AS story, count(DISTINCT s.source_id) AS n
	FROM json_each(?1) AS j CROSS JOIN articles s ON s.story_id = j.value GROUP BY s.story_id) AS c
WHERE articles.story_id = c.story AND articles.story_size <> c.n`

// recomputeSizes sets every member of the stories listed to the story's
// count of distinct sources.
func recomputeSizes(ctx context.Context, q querier, touched map[int64]bool) error {
	ids := make([]int64, 0, min(len(touched), 10_000))
	flush := func() error {
		if len(ids) == 0 {
			return nil
		}
		if _, err := q.ExecContext(ctx, storySizesSQL, jsonInts(ids)); err != nil {
			return fmt.Errorf("recompute story sizes: %w", err)
		}
		ids = ids[:0]
		return nil
	}
	for id := range touched {
		ids = append(ids, id)
		if len(ids) == cap(ids) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
