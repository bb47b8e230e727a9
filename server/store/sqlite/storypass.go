package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
	"time"
)

// The grouping pass: every stored article grouped again, oldest first,
// at the end of a bulk load and in the upgrade of an older file (see
// stories.go for the writes, server/store/storywindow.go for its window).

// regroupChunk is how many articles the grouping pass reads at a time.
const regroupChunk = 20_000

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
				if given := store.LegacyPopularityGiven(r.Source, r.url, r.popularity, feeds); given != r.given {
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
	}
	return nil
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
