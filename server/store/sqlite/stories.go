package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"tidings/model"
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
	w.add("a.id >= ?", clampSeconds(from.Unix()-l.shift)<<16)
	if !to.IsZero() {
		w.add("a.id < ?", clampSeconds(to.Unix()-l.shift)<<16)
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

// storyWrite is what one write transaction did to stories: the rows it
// inserted (to group) and deleted (to forget), and the stories whose
// sizes it changed.
type storyWrite struct {
	added, removed []int64
	touched        map[int64]bool
}

func (w *storyWrite) insert(id int64) { w.added = append(w.added, id) }

func (w *storyWrite) remove(id, story int64) {
	w.removed = append(w.removed, id)
	w.touch(story)
}

// removeRows notes the deleted rows a DELETE … RETURNING id, story_id
// gives, and closes them.
func (w *storyWrite) removeRows(rows *sql.Rows) error {
	defer rows.Close()
	for rows.Next() {
		var id, story int64
		if err := rows.Scan(&id, &story); err != nil {
			return err
		}
		w.remove(id, story)
	}
	return rows.Err()
}

func (w *storyWrite) touch(story int64) {
	if w.touched == nil {
		w.touched = map[int64]bool{}
	}
	w.touched[story] = true
}

// groupWrite groups the rows w inserted, writes their story ids and
// recomputes the sizes of the stories w touched, in tx (begun by
// beginWrite). The caller holds writeMu, and calls dropGrouper before
// rolling tx back on any error.
func (s *Store) groupWrite(ctx context.Context, tx *sql.Tx, w *storyWrite) error {
	if len(w.added) == 0 && len(w.removed) == 0 {
		return nil
	}
	if err := s.forgetOthersWrites(ctx, tx); err != nil {
		return err
	}
	if s.grouper == nil {
		s.grouper = stories.New(0)
	}
	s.grouper.Remove(w.removed)
	if len(w.added) > 0 {
		if err := s.groupAdded(ctx, tx, w); err != nil {
			return err
		}
	}
	return recomputeSizes(ctx, tx, w.touched)
}

// dropGrouper forgets the Grouper after a failed write (see the comment
// at the top of this file). The caller holds writeMu.
func (s *Store) dropGrouper() { s.grouper = nil }

// groupAdded groups the rows w inserted (inserted as stories of their own)
// and moves those that joined another story.
func (s *Store) groupAdded(ctx context.Context, tx *sql.Tx, w *storyWrite) error {
	docs, err := readDocs(ctx, tx, w.added)
	if err != nil {
		return err
	}
	skip := make(map[int64]bool, len(docs))
	for i := range docs {
		skip[docs[i].ID] = true
	}
	ids, err := s.grouper.Group(ctx, storyLoader{q: tx, skip: skip}, docs)
	if err != nil {
		return fmt.Errorf("group articles: %w", err)
	}
	var moves []int64 // id, story; id, story; …
	for i := range docs {
		w.touch(ids[i])
		if ids[i] != docs[i].ID {
			moves = append(moves, docs[i].ID, ids[i])
		}
	}
	return moveToStories(ctx, tx, moves)
}

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

// regroupChunk is how many articles the grouping pass reads at a time.
const regroupChunk = 20_000

// passRetention is how long, in publication time, the pass keeps an
// article indexed after a newer one of its language: articles come oldest
// first, and none is grouped with one more than stories.Window older, so
// what is older than this only weighs in the statistics of the window
// (its words' rarity) and costs memory.
const passRetention = 2 * stories.Window

// passRow is an article as the grouping pass reads it.
type passRow struct {
	stories.Member
	size       int64
	url        string
	popularity float64
	given      bool
}

// passResult is what grouping a whole catalogue found to write.
type passResult struct {
	moves   []int64          // pairs of a row id and its new story id
	marks   map[bool][]int64 // rows whose popularity_given is to be the key
	touched map[int64]bool   // stories whose sizes are to be recomputed
}

// groupCatalogue groups every stored article again, oldest first, and
// returns what differs from what is stored: the rows that change story
// (and, in a legacy file, popularity_given) and the stories whose sizes
// must be recomputed (every story of more than one article, and those a
// row left). It writes nothing, so it can read through one connection
// while another builds the indexes.
//
// Stories never span languages (package stories compares an article only
// with those of its language), so each language is grouped by a Grouper
// of its own, in a goroutine of its own: the two cores share the work.
// Articles taken in time order need nothing read back: when one is
// grouped, every earlier one of its language has been. A pass cut off and
// run again finds the rows it wrote as they should be.
//
// legacy is for a file of schema version 3 or 4, which stored a
// popularity derived from the URL for an article imported without one:
// such a popularity, and a feed article's 0, are marked not given.
func groupCatalogue(ctx context.Context, q querier, legacy bool) (passResult, error) {
	res := passResult{marks: map[bool][]int64{}, touched: map[int64]bool{}}
	var feeds map[string]bool
	if legacy {
		var err error
		if feeds, err = feedIDs(ctx, q); err != nil {
			return res, err
		}
	}
	workers := map[model.Language]*langWorker{}
	var wg sync.WaitGroup
	readErr := func() error {
		defer func() {
			for _, w := range workers {
				close(w.in)
			}
			wg.Wait()
		}()
		for last := int64(math.MinInt64); ; {
			rows, err := readPassChunk(ctx, q, last)
			if err != nil || len(rows) == 0 {
				return err
			}
			last = rows[len(rows)-1].ID
			byLang := map[model.Language][]passRow{}
			for _, r := range rows {
				byLang[r.Language] = append(byLang[r.Language], r)
				if !legacy {
					continue
				}
				if given := legacyGiven(&r, feeds); given != r.given {
					res.marks[given] = append(res.marks[given], r.ID)
				}
			}
			for lang, part := range byLang {
				w := workers[lang]
				if w == nil {
					w = &langWorker{in: make(chan []passRow, 2), g: stories.New(0), touched: map[int64]bool{}}
					workers[lang] = w
					wg.Add(1)
					go func() { defer wg.Done(); w.run(ctx) }()
				}
				w.in <- part
			}
		}
	}()
	for _, w := range workers {
		if w.err != nil && readErr == nil {
			readErr = w.err
		}
		res.moves = append(res.moves, w.moves...)
		for id := range w.touched {
			res.touched[id] = true
		}
	}
	return res, readErr
}

// langWorker groups the articles of one language for groupCatalogue.
type langWorker struct {
	in      chan []passRow
	g       *stories.Grouper
	moves   []int64
	touched map[int64]bool
	err     error
	// indexed are the dated articles g holds, oldest first.
	indexed []indexedDoc
}

type indexedDoc struct {
	id int64
	t  time.Time
}

func (w *langWorker) run(ctx context.Context) {
	for rows := range w.in {
		if w.err == nil {
			w.err = w.group(ctx, rows)
		}
	}
}

func (w *langWorker) group(ctx context.Context, rows []passRow) error {
	docs := make([]stories.Doc, len(rows))
	for i := range rows {
		docs[i] = rows[i].Doc
	}
	ids, err := w.g.Group(ctx, nil, docs)
	if err != nil {
		return fmt.Errorf("group articles: %w", err)
	}
	var newest time.Time
	for i := range rows {
		r, story := &rows[i], ids[i]
		if story != r.ID || r.size != 1 {
			w.touched[story] = true
		}
		if story != r.Story {
			if r.Story != r.ID {
				w.touched[r.Story] = true
			}
			w.moves = append(w.moves, r.ID, story)
		}
		if !r.Published.IsZero() {
			w.indexed = append(w.indexed, indexedDoc{r.ID, r.Published})
			newest = r.Published
		}
	}
	w.retire(newest.Add(-passRetention))
	return nil
}

// retire forgets the indexed articles published before cutoff.
func (w *langWorker) retire(cutoff time.Time) {
	n := 0
	for n < len(w.indexed) && w.indexed[n].t.Before(cutoff) {
		n++
	}
	if n == 0 {
		return
	}
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = w.indexed[i].id
	}
	w.g.Remove(ids)
	w.indexed = slices.Delete(w.indexed, 0, n)
}

// readPassChunk reads the regroupChunk articles after row id last.
func readPassChunk(ctx context.Context, q querier, last int64) ([]passRow, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+storyDocCols+
		", a.story_size, a.url, a.popularity, a.popularity_given FROM articles a WHERE a.id > ? ORDER BY a.id LIMIT ?",
		last, regroupChunk)
	if err != nil {
		return nil, fmt.Errorf("read articles to group: %w", err)
	}
	defer rows.Close()
	out := make([]passRow, 0, regroupChunk)
	for rows.Next() {
		var r passRow
		var lang string
		var published sql.NullInt64
		if err := rows.Scan(&r.ID, &r.Source, &lang, &published, &r.Title, &r.Description, &r.Content, &r.Story,
			&r.size, &r.url, &r.popularity, &r.given); err != nil {
			return nil, fmt.Errorf("read articles to group: %w", err)
		}
		r.Language = model.Language(lang)
		if published.Valid {
			r.Published = time.Unix(published.Int64, 0).UTC()
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read articles to group: %w", err)
	}
	return out, nil
}

// passWriteRows is how many rows one transaction of writePass changes.
const passWriteRows = 100_000

// writePass writes what groupCatalogue found, in transactions of
// passWriteRows rows.
func writePass(ctx context.Context, db dbConn, res passResult) error {
	for moves := res.moves; len(moves) > 0; {
		part := moves[:min(len(moves), 2*passWriteRows)]
		moves = moves[len(part):]
		if err := inTx(ctx, db, func(tx *sql.Tx) error { return moveToStories(ctx, tx, part) }); err != nil {
			return err
		}
	}
	for given, ids := range res.marks {
		for len(ids) > 0 {
			part := ids[:min(len(ids), passWriteRows)]
			ids = ids[len(part):]
			err := inTx(ctx, db, func(tx *sql.Tx) error {
				_, err := tx.ExecContext(ctx, `UPDATE articles SET popularity_given = ?
WHERE id IN (SELECT value FROM json_each(?))`, given, jsonInts(part))
				return err
			})
			if err != nil {
				return fmt.Errorf("mark imported popularity: %w", err)
			}
		}
	}
	return nil
}

// inTx runs f in a transaction of db.
func inTx(ctx context.Context, db dbConn, f func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("write stories: %w", err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("write stories: %w", err)
	}
	return nil
}

// legacyGiven tells, in a file of schema version 3 or 4, whether an
// article's popularity was imported with it: not when it is the one
// derived from its URL (version 4 stored one for every article imported
// without), nor for a feed's article (feeds give none).
func legacyGiven(r *passRow, feeds map[string]bool) bool {
	return !feeds[r.Source] && r.popularity != legacyDerivedPopularity(r.url)
}

// legacyDerivedPopularity is the popularity schema versions 3 and 4
// stored for an article imported without one: the URL's FNV-1a hash
// modulo 10,000.
func legacyDerivedPopularity(u string) float64 { return float64(urlHash(u) % 10000) }

// feedIDs are the ids of the feeds, none in a file from before feeds.
func feedIDs(ctx context.Context, q querier) (map[string]bool, error) {
	ids := map[string]bool{}
	rows, err := q.QueryContext(ctx, "SELECT id FROM feeds")
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return ids, nil
		}
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("list feeds: %w", err)
		}
		ids[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	return ids, nil
}

// storyColumns are the columns version 5 added to articles.
var storyColumns = []struct{ name, decl string }{
	{"story_id", "INTEGER NOT NULL DEFAULT 0"},
	{"story_size", "INTEGER NOT NULL DEFAULT 1"},
	{"popularity_given", "INTEGER NOT NULL DEFAULT 0"},
}

// addStoryColumns adds to an older file's articles the columns it lacks.
func addStoryColumns(ctx context.Context, q querier) error {
	rows, err := q.QueryContext(ctx, "SELECT name FROM pragma_table_info('articles')")
	if err != nil {
		return fmt.Errorf("read the articles' columns: %w", err)
	}
	have := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return fmt.Errorf("read the articles' columns: %w", err)
		}
		have[name] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read the articles' columns: %w", err)
	}
	if len(have) == 0 {
		return errors.New("the database has no articles table")
	}
	for _, c := range storyColumns {
		if have[c.name] {
			continue
		}
		if _, err := q.ExecContext(ctx, "ALTER TABLE articles ADD COLUMN "+c.name+" "+c.decl); err != nil {
			return fmt.Errorf("add column %s: %w", c.name, err)
		}
	}
	return nil
}

// upgradeStories gives every stored article its story: it adds the story
// columns an older file lacks, groups every article oldest first
// (reading through reader, a connection other than db's) while db runs
// meanwhile (the index builds, which need nothing of the stories), writes
// the story ids, then builds the story index and recomputes the size of
// every story of more than one article. It is the end of a bulk load and
// the upgrade of a version 3 or 4 file (legacy).
func upgradeStories(ctx context.Context, db dbConn, reader querier, legacy bool, meanwhile ...string) error {
	if err := addStoryColumns(ctx, db); err != nil {
		return err
	}
	type result struct {
		res passResult
		err error
	}
	done := make(chan result, 1)
	go func() {
		res, err := groupCatalogue(ctx, reader, legacy)
		done <- result{res, err}
	}()
	var werr error
	for _, q := range append([]string{schemaCore}, meanwhile...) {
		if _, werr = db.ExecContext(ctx, q); werr != nil {
			werr = fmt.Errorf("build indexes: %w", werr)
			break
		}
	}
	pass := <-done // always waited for: it reads the database db may close
	if werr != nil {
		return werr
	}
	if pass.err != nil {
		return pass.err
	}
	if err := writePass(ctx, db, pass.res); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, storyIndexSQL); err != nil {
		return fmt.Errorf("build the story index: %w", err)
	}
	return recomputeSizes(ctx, db, pass.res.touched)
}
