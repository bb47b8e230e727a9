package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/jsonl"
)

// batchSize is how many rows one write transaction holds.
const batchSize = 5000

const (
	upsertSourceSQL = `INSERT INTO sources(id, name, description, url, category, language, country)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (id) DO UPDATE SET name = $2, description = $3, url = $4, category = $5, language = $6, country = $7`
	// A source's category, language and country are copied onto its
	// articles (so filters need no join), whichever arrives first.
	resolveArticlesSQL = `UPDATE articles SET category = $2, language = $3, country = $4
WHERE source_id = $1 AND NOT (category = $2 AND language = $3 AND country = $4)`
	// A replaced or deleted article's story loses a member (stories.go).
	deleteArticleSQL = `DELETE FROM articles WHERE url = $1 RETURNING id, COALESCE(story_id, id)`
	// An article takes its source's name when it has none, and its
	// source's category, language and country. It is a story of its own
	// until it is grouped (stories.go).
	insertArticleSQL = `INSERT INTO articles(id, url, source_id, source_name, author, title, description,
	url_to_image, published_at, content, popularity, rhost, category, language, country)
SELECT $1, $2, $3, COALESCE(NULLIF($4::text, ''), s.name, ''), $5, $6, $7, $8, $9, $10, $11, $12,
	COALESCE(s.category, ''), COALESCE(s.language, ''), COALESCE(s.country, '')
FROM (SELECT 1) AS one LEFT JOIN sources s ON s.id = $3
ON CONFLICT (id) DO NOTHING`
)

// Add upserts sources by id and articles by URL (the later one wins).
func (s *Store) Add(ctx context.Context, sources []model.Source, articles []model.Article) error {
	recs := make([]jsonl.Record, len(articles))
	for i, a := range articles {
		recs[i] = jsonl.Record{Article: a}
	}
	return s.add(ctx, sources, recs)
}

// ImportJSONL streams sources and articles in the spec's JSON shapes (see
// package jsonl), in transactions of batchSize rows; rows written before
// a failure stay.
//
// Into an empty catalogue it is a bulk load: the batches are written
// ungrouped (each article a story of its own meanwhile), then every
// article is grouped once, oldest first (groupAll), as the migration
// does. A file is seldom in time order (gencat's, say, is source by
// source), and grouping it batch by batch had the Grouper read back and
// index again, for nearly every batch, the stretch of time the previous
// batch had moved past: 76 s instead of 28 s for 100,000 articles
// (measured). Rows a bulk load wrote before a failure are grouped too;
// those of a process that died are left stories of their own. A bulk
// load ends by compacting the table (compact).
func (s *Store) ImportJSONL(ctx context.Context, r io.Reader) (store.ImportStats, error) {
	var empty bool
	if err := s.pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM articles)`).Scan(&empty); err != nil {
		return store.ImportStats{}, fmt.Errorf("import: look at the catalogue: %w", classify(err))
	}
	if !empty {
		return jsonl.Read(ctx, r, batchSize, s.add, s.knownSources)
	}
	stats, err := jsonl.Read(ctx, r, batchSize, func(ctx context.Context, sources []model.Source, recs []jsonl.Record) error {
		return s.addEach(ctx, sources, recs, false)
	}, s.knownSources)
	if stats.Articles > 0 {
		if gerr := s.groupAll(ctx); gerr != nil {
			err = errors.Join(err, gerr)
		} else if cerr := compact(ctx, s.pool); cerr != nil {
			err = errors.Join(err, cerr)
		}
	}
	return stats, err
}

// compact rewrites the articles table and its indexes without the row
// versions a bulk load or a migration leaves dead: groupAll's UPDATE
// writes again every row whose story it changes, about two in three, so
// the table and indexes of a fresh import were 1.6 times their size
// (100,000 articles: 376 MB, 240 MB compacted in 3.9 s; a million: about
// 3.75 GB against 2.41, 39 s). Readers wait meanwhile (it locks the table).
// A plain VACUUM follows: FULL leaves the visibility map empty, and until
// it is filled every count (headlines' totals, from index-only scans)
// reads the rows themselves: a country's first page took 32 ms instead
// of 4 at a million articles, measured. A role that does not own the
// table cannot compact it: PostgreSQL then skips it with a warning, and
// docs/deploy.md says to run both as the owner.
func compact(ctx context.Context, pool *pgxpool.Pool) error {
	for _, q := range []string{`VACUUM FULL articles`, `VACUUM (ANALYZE) articles`} {
		if _, err := pool.Exec(ctx, q); err != nil {
			return fmt.Errorf("compact the articles table: %s: %w", q, classify(err))
		}
	}
	return nil
}

// knownSources reports which of ids are stored sources (for jsonl.Read,
// which refuses articles naming an unknown source by id alone).
func (s *Store) knownSources(ctx context.Context, ids []string) (map[string]bool, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM sources WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("look up sources: %w", classify(err))
	}
	defer rows.Close()
	known := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("look up sources: %w", classify(err))
		}
		known[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look up sources: %w", classify(err))
	}
	return known, nil
}

func (s *Store) add(ctx context.Context, sources []model.Source, recs []jsonl.Record) error {
	return s.addEach(ctx, sources, recs, true)
}

// addEach writes batches of at most batchSize rows, grouping their
// articles unless group is false (a bulk load's batches).
func (s *Store) addEach(ctx context.Context, sources []model.Source, recs []jsonl.Record, group bool) error {
	for len(sources) > 0 || len(recs) > 0 {
		ns := min(len(sources), batchSize)
		na := min(len(recs), batchSize-ns)
		if err := s.addBatch(ctx, sources[:ns], recs[:na], group); err != nil {
			return err
		}
		sources, recs = sources[ns:], recs[na:]
	}
	return nil
}

// addBatch writes one transaction: every statement is pipelined in one
// round trip, then the inserts whose preferred id was taken by an article
// of the same second go in, in one more, under ids a store.IDAllocator
// gives.
func (s *Store) addBatch(ctx context.Context, sources []model.Source, recs []jsonl.Record, group bool) (err error) {
	for _, src := range sources {
		if src.ID == "" {
			return fmt.Errorf("source %q has no id", src.Name)
		}
	}
	for i := range recs {
		if recs[i].URL == "" {
			return fmt.Errorf("article %q has no url", recs[i].Title)
		}
	}
	var n int64
	defer func() { s.wrote(n) }() // even a failed write may have raced a cached count
	err = s.writeArticles(ctx, group, func(tx pgx.Tx, sw *storyWrite) error {
		if err := writeRows(ctx, tx, sw, sources, recs); err != nil {
			return err
		}
		n, err = bumpTx(ctx, tx)
		return err
	})
	if err != nil {
		n = 0
		return fmt.Errorf("store %d sources and %d articles: %w", len(sources), len(recs), err)
	}
	return nil
}

// writeRows upserts sources and replaces articles by URL, noting in sw
// the rows it deleted and inserted.
func writeRows(ctx context.Context, tx pgx.Tx, sw *storyWrite, sources []model.Source, recs []jsonl.Record) error {
	b := &pgx.Batch{}
	for _, src := range sources {
		cat, lang, country := string(src.Category), string(src.Language), string(src.Country)
		b.Queue(upsertSourceSQL, src.ID, src.Name, src.Description, src.URL, cat, lang, country)
		b.Queue(resolveArticlesSQL, src.ID, cat, lang, country)
	}
	args := make([][]any, len(recs))
	for i := range recs {
		args[i] = articleArgs(&recs[i])
		b.Queue(deleteArticleSQL, recs[i].URL)
		b.Queue(insertArticleSQL, args[i]...)
	}
	res := tx.SendBatch(ctx, b)
	for _, src := range sources {
		for range 2 {
			tag, err := res.Exec()
			if err != nil {
				res.Close()
				return fmt.Errorf("store source %q: %w", src.ID, err)
			}
			if tag.Update() && tag.RowsAffected() > 0 {
				sw.resolved = true // stored articles changed language
			}
		}
	}
	var retry []int
	for i := range recs {
		var id, story int64
		switch err := res.QueryRow().Scan(&id, &story); {
		case err == nil:
			sw.Remove(id, story)
		case !errors.Is(err, pgx.ErrNoRows):
			res.Close()
			return fmt.Errorf("replace article %s: %w", recs[i].URL, err)
		}
		tag, err := res.Exec()
		if err != nil {
			res.Close()
			return fmt.Errorf("store article %s: %w", recs[i].URL, err)
		}
		if tag.RowsAffected() == 0 {
			retry = append(retry, i)
		} else {
			sw.insert(args[i][0].(int64), &recs[i].Article)
		}
	}
	if err := res.Close(); err != nil {
		return err
	}
	if len(retry) == 0 {
		return nil
	}
	// Their preferred ids were taken (articles of the same second): they
	// go in under ids the allocator gives, in one more round trip.
	rows, urls := make([][]any, len(retry)), make([]string, len(retry))
	for k, i := range retry {
		rows[k], urls[k] = args[i], recs[i].URL
	}
	if err := insertAllocated(ctx, tx, store.NewIDAllocator(secondLookup(tx)), rows, urls); err != nil {
		return err
	}
	for _, i := range retry {
		sw.insert(args[i][0].(int64), &recs[i].Article)
	}
	return nil
}

// inTx runs fn in a transaction, committing when it returns nil.
func (s *Store) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return classify(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback(context.Background())
		return classify(err)
	}
	if err := tx.Commit(ctx); err != nil {
		return classify(fmt.Errorf("commit: %w", err))
	}
	return nil
}

// articleArgs are insertArticleSQL's arguments for r.
func articleArgs(r *jsonl.Record) []any {
	a := &r.Article
	var published *int64 // NULL when unknown
	secs := int64(0)
	if !a.PublishedAt.IsZero() {
		secs = store.ClampSeconds(a.PublishedAt.Unix())
		published = &secs
	}
	var pop *float64 // NULL: none given, the story's size stands in
	if r.HasPopularity {
		pop = &r.Popularity
	}
	id := store.PreferredID(secs, a.URL)
	return []any{id, a.URL, a.Source.ID, a.Source.Name, a.Author, a.Title, a.Description, a.URLToImage,
		published, a.Content, pop, store.ReversedHost(a.URL)}
}
