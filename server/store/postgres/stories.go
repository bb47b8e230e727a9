package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// Stories (migration 0003): every article row carries its story's id
// (story_id: what stories.Grouper.Group returned when the row was
// written, the id of the story's first article; NULL when that is the
// row itself, so the story's id is COALESCE(story_id, id), which the
// index articles_story is on) and its story's size (story_size: the
// story's distinct sources), kept on every member so that a read takes
// both from the row it reads anyway.
//
// Every write that adds or deletes articles does, in its transaction,
// under the Store's writeMu and a transaction-level advisory lock
// (writeLock) that serialises it with every other replica's and
// process's writes: the rows it inserted are grouped by the Store's one
// Grouper (which reads the stored stories it needs through storyLoader,
// inside the same transaction), those that joined another story get its
// id, and the sizes of every story the write touched (of inserted and
// deleted rows, old and new) are recomputed. With the writes serialised,
// each recount sees every committed member. Should the transaction fail,
// the Grouper is dropped: its memory holds rows that do not exist, and
// the next write builds a new one from what was committed.
//
// A Grouper reads a stretch of time from the database the first time a
// write needs it, and from then on adds its own Store's writes. Another
// process's write (an import beside the poller, or the poller moving to
// another replica and back) moves the change counter past where this
// Store's last write left it (groupedAt): the next write sees that under
// writeLock and drops the Grouper, so a new one reads the stretch again,
// the other's articles with it (forgetOthersWrites). Sizes are exact
// either way: each write recounts the stories it touched from the rows.

// writeLock is the transaction-level advisory lock key every write of
// articles takes (see above).
const writeLock int64 = 0x7469_6469_6e67_0003 // "tiding" 3

// storyDocCols are what grouping reads of a row, in scanMember's order.
// Of the text only the first 2,000 characters: the Grouper reads only its
// opening words, and holds a window of stored articles in memory.
const storyDocCols = "a.id, a.source_id, a.language, a.published_at, a.title, a.description, left(a.content, 2000), COALESCE(a.story_id, a.id)"

// storyLoader is a stories.Loader over the articles q sees.
type storyLoader struct {
	q querier
	// skip are rows a write is grouping now: they are not grouped yet,
	// and must not be offered to the Grouper as if they were.
	skip []int64
}

// Grouped returns the dated articles published in [from, to) (no upper
// bound when to is zero) with their stories, oldest first.
func (l storyLoader) Grouped(ctx context.Context, from, to time.Time) ([]stories.Member, error) {
	var w where
	w.add("a.published_at IS NOT NULL")
	w.add("a.id >= " + w.arg(store.ClampSeconds(from.Unix())<<16))
	if !to.IsZero() {
		w.add("a.id < " + w.arg(store.ClampSeconds(to.Unix())<<16))
	}
	if len(l.skip) > 0 {
		w.add("NOT (a.id = ANY(" + w.arg(l.skip) + "::bigint[]))")
	}
	rows, err := l.q.Query(ctx, "SELECT "+storyDocCols+" FROM articles a"+w.sql()+" ORDER BY a.id", w.args...)
	if err != nil {
		return nil, fmt.Errorf("read stored stories: %w", classify(err))
	}
	defer rows.Close()
	var out []stories.Member
	for rows.Next() {
		m, err := scanMember(rows)
		if err != nil {
			return nil, fmt.Errorf("read stored stories: %w", classify(err))
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read stored stories: %w", classify(err))
	}
	return out, nil
}

// Grouped implements stories.Loader over the committed catalogue.
func (s *Store) Grouped(ctx context.Context, from, to time.Time) ([]stories.Member, error) {
	return storyLoader{q: s.pool}.Grouped(ctx, from, to)
}

// scanMember reads a row of storyDocCols.
func scanMember(rows pgx.Rows) (stories.Member, error) {
	var m stories.Member
	var lang string
	var published *int64
	if err := rows.Scan(&m.ID, &m.Source, &lang, &published, &m.Title, &m.Description, &m.Content, &m.Story); err != nil {
		return m, err
	}
	m.Language = model.Language(lang)
	if published != nil {
		m.Published = time.Unix(*published, 0).UTC()
	}
	return m, nil
}

// storyWrite is what one write transaction did to stories: the books
// store.StoryWrite keeps, and what grouping reads of the inserted rows.
type storyWrite struct {
	store.StoryWrite
	docs map[int64]stories.Doc // of each inserted row; Language is filled in by groupWrite
	// resolved: a source's language was copied onto stored articles, so
	// a Grouper's copy of them is stale.
	resolved bool
}

// insert notes the row id written for a; a's publication time is the
// row's.
func (w *storyWrite) insert(id int64, a *model.Article) {
	d := stories.Doc{ID: id, Source: a.Source.ID, Title: a.Title, Description: a.Description, Content: a.Content}
	if !a.PublishedAt.IsZero() {
		d.Published = time.Unix(store.ClampSeconds(a.PublishedAt.Unix()), 0).UTC()
	}
	if w.docs == nil {
		w.docs = map[int64]stories.Doc{}
	}
	w.docs[id] = d
	w.Insert(id)
}

// live are the docs of the inserted rows still there at the end of the
// write.
func (w *storyWrite) live() []stories.Doc {
	ids := w.Added()
	out := make([]stories.Doc, len(ids))
	for i, id := range ids {
		out[i] = w.docs[id]
	}
	return out
}

// writeArticles runs fn in a write transaction that may add or delete
// articles, then (when group) groups what fn noted in its storyWrite and
// recomputes the sizes of the stories it touched, in the same transaction
// (see the top of this file). Only a bulk load, which groups everything
// at its end (groupAll), leaves group false.
func (s *Store) writeArticles(ctx context.Context, group bool, fn func(tx pgx.Tx, sw *storyWrite) error) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	var after int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, writeLock); err != nil {
			return fmt.Errorf("wait for other writers: %w", err)
		}
		if err := s.forgetOthersWrites(ctx, tx); err != nil {
			return err
		}
		var sw storyWrite
		if err := fn(tx, &sw); err != nil {
			return err
		}
		if group {
			if err := s.groupWrite(ctx, tx, &sw); err != nil {
				return err
			}
		}
		var err error
		after, err = readCounter(ctx, tx)
		return err
	})
	if err != nil {
		s.grouper = nil // it may hold rows the rollback took back
		return err
	}
	s.groupedAt = after
	return nil
}

// forgetOthersWrites drops the Grouper when another process wrote since
// this Store's last write: the database's change counter is not where
// that write left it. The Grouper would miss the other's articles in the
// stretch it holds, so a later report of their event would start a story
// of its own; a new one reads the stretch again. The caller holds
// writeMu and writeLock, so no other write lands until it commits.
func (s *Store) forgetOthersWrites(ctx context.Context, tx pgx.Tx) error {
	if s.grouper == nil {
		return nil
	}
	n, err := readCounter(ctx, tx)
	if err != nil {
		return err
	}
	if n != s.groupedAt {
		s.grouper = nil
	}
	return nil
}

// readCounter reads the database's change counter (catalogue_generation).
func readCounter(ctx context.Context, q querier) (int64, error) {
	var n int64
	if err := q.QueryRow(ctx, `SELECT n FROM catalogue_generation WHERE id = 1`).Scan(&n); err != nil {
		return 0, fmt.Errorf("read the change counter: %w", classify(err))
	}
	return n, nil
}

// groupWrite groups the rows sw inserted (stories of their own until
// now) as store.GroupWrite rules, and writes the story of those that
// joined another and the sizes of the stories sw touched, in tx. The
// caller holds writeMu.
func (s *Store) groupWrite(ctx context.Context, tx pgx.Tx, sw *storyWrite) error {
	if sw.resolved {
		s.grouper = nil // read them back with their language
	}
	added := sw.live()
	if len(added) == 0 && len(sw.Removed()) == 0 {
		return nil
	}
	if s.grouper == nil {
		s.grouper = stories.New(0)
	}
	skip := make([]int64, len(added))
	if len(added) > 0 {
		if err := fillLanguages(ctx, tx, added); err != nil {
			return err
		}
		for i := range added {
			skip[i] = added[i].ID
		}
	}
	moved, to, err := store.GroupWrite(ctx, s.grouper, storyLoader{q: tx, skip: skip}, &sw.StoryWrite, added)
	if err != nil {
		return err
	}
	return writeStories(ctx, tx, moved, to, sw.Touched())
}

// fillLanguages sets each doc's language to its source's, as the insert
// copied it onto the row.
func fillLanguages(ctx context.Context, tx pgx.Tx, docs []stories.Doc) error {
	seen := map[string]bool{}
	var ids []string
	for i := range docs {
		if !seen[docs[i].Source] {
			seen[docs[i].Source] = true
			ids = append(ids, docs[i].Source)
		}
	}
	rows, err := tx.Query(ctx, `SELECT id, language FROM sources WHERE id = ANY($1::text[])`, ids)
	if err != nil {
		return fmt.Errorf("read the new articles' languages: %w", err)
	}
	langs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
		var p [2]string
		return p, r.Scan(&p[0], &p[1])
	})
	if err != nil {
		return fmt.Errorf("read the new articles' languages: %w", err)
	}
	byID := make(map[string]model.Language, len(langs))
	for _, p := range langs {
		byID[p[0]] = model.Language(p[1])
	}
	for i := range docs {
		docs[i].Language = byID[docs[i].Source]
	}
	return nil
}

// writeStoriesSQL moves rows $1 to stories $2 and sets every member of
// the stories $3 (those of $2 among them) to its story's count of
// distinct sources, as the story will be: each row it changes is written
// once, and rows whose story and size stay are not written. The members
// are found through the story index, the moved rows by id.
const writeStoriesSQL = `WITH moved AS (SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS m(id, story)),
members AS (SELECT a.id, COALESCE(m.story, a.story_id, a.id) AS story, a.source_id, m.story AS moved_to
	FROM articles a LEFT JOIN moved m ON m.id = a.id
	WHERE COALESCE(a.story_id, a.id) = ANY($3::bigint[]) OR a.id = ANY($1::bigint[])),
sizes AS (SELECT story, count(DISTINCT source_id)::int AS n FROM members GROUP BY story)
UPDATE articles a SET story_id = COALESCE(m.moved_to, a.story_id), story_size = c.n
FROM members m JOIN sizes c ON c.story = m.story
WHERE a.id = m.id AND (m.moved_to IS NOT NULL OR a.story_size <> c.n)`

// writeStories writes the moves (rows moved to stories to) and the sizes
// of the stories touched.
func writeStories(ctx context.Context, tx pgx.Tx, moved, to []int64, touched map[int64]bool) error {
	if len(touched) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(touched))
	for id := range touched {
		ids = append(ids, id)
	}
	if moved == nil {
		moved, to = []int64{}, []int64{}
	}
	if _, err := tx.Exec(ctx, writeStoriesSQL, moved, to, ids); err != nil {
		return fmt.Errorf("write stories: %w", err)
	}
	return nil
}
