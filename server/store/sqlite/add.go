package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"tidings/model"
	"tidings/server/store"
)

// batchSize is how many rows one write transaction holds: large enough to
// amortise the commit, small enough to bound memory and lock time.
const batchSize = 5000

// record is an article with the fields the spec's shape lacks.
type record struct {
	model.Article
	popularity    float64
	hasPopularity bool
}

// Add stores sources and articles. Sources are upserted by id and articles
// by URL (the later one wins). Articles take category, language and country
// from their source, whichever of the two was added first.
func (s *Store) Add(ctx context.Context, sources []model.Source, articles []model.Article) error {
	recs := make([]record, len(articles))
	for i, a := range articles {
		recs[i] = record{Article: a}
	}
	return s.add(ctx, sources, recs)
}

func (s *Store) add(ctx context.Context, sources []model.Source, recs []record) error {
	return s.addTo(ctx, nil, sources, recs)
}

// addTo adds in batches through the pool, or through bulk's connection
// during a bulk load (see bulk.go).
func (s *Store) addTo(ctx context.Context, bulk *bulkLoad, sources []model.Source, recs []record) error {
	for len(sources) > 0 || len(recs) > 0 {
		size := batchSize
		if bulk != nil {
			size = bulkBatchSize
		}
		ns := min(len(sources), size)
		na := min(len(recs), size-ns)
		if err := s.addBatch(ctx, bulk, sources[:ns], recs[:na]); err != nil {
			return err
		}
		sources, recs = sources[ns:], recs[na:]
	}
	return nil
}

const (
	upsertSourceSQL = `INSERT INTO sources(id, name, description, url, category, language, country)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
ON CONFLICT(id) DO UPDATE SET name=?2, description=?3, url=?4, category=?5, language=?6, country=?7`
	// Articles added before their source get its facets now.
	resolveArticlesSQL = `UPDATE articles SET category=?2, language=?3, country=?4,
	facets = CASE WHEN instr(facets, ?5) > 0 THEN substr(facets, 1, instr(facets, ?5) - 1) ELSE facets END
		|| CASE WHEN ?3 <> '' THEN ?5 || ?3 ELSE '' END
WHERE source_id=?1 AND NOT (category=?2 AND language=?3 AND country=?4)`
	// The story of a deleted article loses a member (stories.go).
	deleteArticleSQL = `DELETE FROM articles WHERE url=? RETURNING id, story_id`
	// A new article is a story of its own until it is grouped.
	insertArticleSQL = `INSERT OR IGNORE INTO articles(id, url, source_id, source_name, author, title,
	description, url_to_image, published_at, content, popularity, rhost, category, language, country, facets,
	story_id, popularity_given)
SELECT ?1, ?2, ?3, COALESCE(NULLIF(?4, ''), s.name, ''), ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
	COALESCE(s.category, ''), COALESCE(s.language, ''), COALESCE(s.country, ''),
	?13 || COALESCE(?14 || NULLIF(s.language, ''), ''), ?1, ?15
FROM (SELECT 1) LEFT JOIN sources s ON s.id = ?3`
)

// insertArticlesSQL is insertArticleSQL for n rows at once, each row
// taking insertArticleArgs arguments in the same order. Like it, it
// ignores a row whose id is taken; the caller gives those ids of a
// store.IDAllocator (insertLeftOut). It
// returns the ids of the rows it inserted. It exists for FTS5's sake: every writing statement in a transaction opens a
// savepoint, at which FTS5 writes its pending terms out as a new index
// segment, so n one-row inserts write n tiny segments and merge them
// again, where one n-row insert writes one.
func insertArticlesSQL(n int) string {
	var b strings.Builder
	b.WriteString(`INSERT OR IGNORE INTO articles(id, url, source_id, source_name, author, title,
	description, url_to_image, published_at, content, popularity, rhost, category, language, country, facets,
	story_id, popularity_given)
SELECT v.column1, v.column2, v.column3, COALESCE(NULLIF(v.column4, ''), s.name, ''), v.column5, v.column6,
	v.column7, v.column8, v.column9, v.column10, v.column11, v.column12,
	COALESCE(s.category, ''), COALESCE(s.language, ''), COALESCE(s.country, ''),
	v.column13 || COALESCE(v.column14 || NULLIF(s.language, ''), ''), v.column1, v.column15
FROM (VALUES `)
	row := "(" + strings.Repeat("?,", insertArticleArgs-1) + "?)"
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(row)
	}
	b.WriteString(") AS v LEFT JOIN sources s ON s.id = v.column3 RETURNING id")
	return b.String()
}

type batchStmts struct {
	upsertSource, resolve, deleteArticle, insertArticle *sql.Stmt
	// ids gives the articles whose preferred id is taken theirs.
	ids *store.IDAllocator
}

func (s *Store) addBatch(ctx context.Context, bulk *bulkLoad, sources []model.Source, recs []record) (err error) {
	var db txBeginner = s.db
	if bulk != nil {
		db = bulk.conn
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.beginWrite(ctx, db)
	if err != nil {
		return fmt.Errorf("begin write: %w", err)
	}
	defer func() {
		if err != nil {
			s.dropGrouper()
			tx.Rollback()
		}
		s.changes.Bump() // even a failed write may have raced a count
	}()
	st := batchStmts{ids: store.NewIDAllocator(secondLookup(tx))}
	for _, p := range []struct {
		dst **sql.Stmt
		sql string
	}{{&st.upsertSource, upsertSourceSQL}, {&st.resolve, resolveArticlesSQL},
		{&st.deleteArticle, deleteArticleSQL}, {&st.insertArticle, insertArticleSQL}} {
		if *p.dst, err = tx.PrepareContext(ctx, p.sql); err != nil {
			return fmt.Errorf("prepare write: %w", err)
		}
		defer (*p.dst).Close()
	}
	for _, src := range sources {
		resolved, err := writeSource(ctx, st, src, bulk)
		if err != nil {
			return err
		}
		if resolved {
			// The Grouper indexed those articles without their source's
			// language: it is read back, with it, at the next grouping.
			s.dropGrouper()
		}
	}
	var sw storyWrite
	for i := range recs {
		if err = writeArticle(ctx, st, &recs[i], &sw); err != nil {
			return err
		}
	}
	if bulk == nil {
		// A bulk load groups every article once, at its end (bulk.go).
		if err = s.groupWrite(ctx, tx, &sw); err != nil {
			return err
		}
	}
	if err = s.commitWrite(ctx, tx, true); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if bulk != nil {
		bulk.articles += len(recs)
	}
	return nil
}

// writeSource upserts src and gives its articles its facets; resolved
// says some articles changed.
func writeSource(ctx context.Context, st batchStmts, src model.Source, bulk *bulkLoad) (resolved bool, err error) {
	if src.ID == "" {
		return false, fmt.Errorf("source %q has no id", src.Name)
	}
	cat, lang, country := string(src.Category), string(src.Language), string(src.Country)
	if _, err := st.upsertSource.ExecContext(ctx, src.ID, src.Name, src.Description, src.URL,
		cat, lang, country); err != nil {
		return false, fmt.Errorf("store source %q: %w", src.ID, err)
	}
	if bulk != nil {
		// Without the source index each update would read every article:
		// the bulk load resolves them all at once when it ends.
		bulk.lateSources = bulk.lateSources || bulk.articles > 0
		return false, nil
	}
	res, err := st.resolve.ExecContext(ctx, src.ID, cat, lang, country, langMarker)
	if err != nil {
		return false, fmt.Errorf("update articles of source %q: %w", src.ID, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// writeArticle stores r, replacing the article of its URL, and notes both
// in sw.
func writeArticle(ctx context.Context, st batchStmts, r *record, sw *storyWrite) error {
	a := &r.Article
	if a.URL == "" {
		return fmt.Errorf("article %q has no url", a.Title)
	}
	if err := deleteArticle(ctx, st.deleteArticle, a.URL, sw); err != nil {
		return fmt.Errorf("replace article %s: %w", a.URL, err)
	}
	id, err := insertArticle(ctx, st, r)
	if err != nil {
		return err
	}
	sw.Insert(id)
	return nil
}

// deleteArticle deletes the article at url, if any, with del (a
// statement of deleteArticleSQL), and notes it in sw.
func deleteArticle(ctx context.Context, del *sql.Stmt, url string, sw *storyWrite) error {
	rows, err := del.QueryContext(ctx, url)
	if err != nil {
		return err
	}
	return removeRows(sw, rows)
}

// insertArticle stores r, whose URL must not be stored yet (writeArticle
// replaces one that is), and returns its row id: its preferred id, or,
// when that is taken or its second crowded, one st.ids gives (the rule is
// store.IDAllocator's).
func insertArticle(ctx context.Context, st batchStmts, r *record) (int64, error) {
	args := articleArgs(r)
	if !st.ids.Crowded(store.IDSecond(args[0].(int64))) {
		res, err := st.insertArticle.ExecContext(ctx, args...)
		if err != nil {
			return 0, fmt.Errorf("store article %s: %w", r.URL, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return args[0].(int64), nil
		}
	}
	id, _, err := insertAllocated(ctx, st.insertArticle, st.ids, args, r.URL, nil)
	return id, err
}

// insertArticleArgs is how many arguments insertArticleSQL takes.
const insertArticleArgs = 15

// articleArgs are insertArticleSQL's arguments for r, in order; the first
// is the row id to try first.
func articleArgs(r *record) []any {
	a := &r.Article
	var published any // NULL when unknown
	secs := int64(0)
	if !a.PublishedAt.IsZero() {
		secs = store.ClampSeconds(a.PublishedAt.Unix())
		published = secs
	}
	// Without a popularity of its own an article ranks by its story's
	// coverage (search.go): 0 is stored, and not marked given.
	pop := 0.0
	if r.hasPopularity {
		pop = r.popularity
	}
	rhost := store.ReversedHost(a.URL)
	facets := baseFacets(a.Source.ID, rhost)
	id := store.PreferredID(secs, a.URL)
	return []any{id, a.URL, a.Source.ID, a.Source.Name, a.Author, a.Title, a.Description, a.URLToImage,
		published, a.Content, pop, rhost, facets, langMarker, r.hasPopularity}
}
