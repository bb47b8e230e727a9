package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// where collects SQL conditions and their arguments, numbering the
// placeholders as they are added.
type where struct {
	conds []string
	args  []any
}

// arg adds v to the arguments and returns its placeholder.
func (w *where) arg(v any) string {
	w.args = append(w.args, v)
	return "$" + strconv.Itoa(len(w.args))
}

func (w *where) add(cond string) { w.conds = append(w.conds, cond) }

func (w where) sql() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// clone copies w so that conditions added to the copy leave w alone.
func (w where) clone() where {
	return where{conds: append([]string(nil), w.conds...), args: append([]any(nil), w.args...)}
}

// Sources lists the sources matching q, by name (ASCII case ignored),
// then id.
func (s *Store) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	page := model.Page[model.Source]{Page: q.Page, PageSize: q.PageSize, Items: []model.Source{}}
	var w where
	if q.Category != "" {
		w.add("category = " + w.arg(string(q.Category)))
	}
	if q.Language != "" {
		w.add("language = " + w.arg(string(q.Language)))
	}
	if q.Country != "" {
		w.add("country = " + w.arg(string(q.Country)))
	}
	total, err := s.count(ctx, "SELECT count(*) FROM sources"+w.sql(), w.args)
	if err != nil {
		return page, fmt.Errorf("count sources: %w", err)
	}
	page.TotalResults = total
	limit, offset := store.LimitOffset(q.Page, q.PageSize)
	if offset >= int64(total) {
		return page, nil
	}
	query := "SELECT id, name, description, url, category, language, country FROM sources" + w.sql() +
		` ORDER BY lower(name COLLATE "C"), id COLLATE "C" LIMIT ` + w.arg(limit) + " OFFSET " + w.arg(offset)
	page.Items, err = cached(s, s.srcs, cacheKey(query, w.args), func() ([]model.Source, error) {
		return s.sourcesPage(ctx, query, w.args)
	})
	if err != nil {
		return page, fmt.Errorf("list sources: %w", err)
	}
	return page, nil
}

func (s *Store) sourcesPage(ctx context.Context, query string, args []any) ([]model.Source, error) {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	items := []model.Source{}
	for rows.Next() {
		var src model.Source
		var cat, lang, country string
		if err := rows.Scan(&src.ID, &src.Name, &src.Description, &src.URL, &cat, &lang, &country); err != nil {
			return nil, fmt.Errorf("read source: %w", classify(err))
		}
		src.Category, src.Language, src.Country = model.Category(cat), model.Language(lang), model.Country(country)
		items = append(items, src)
	}
	return items, classify(rows.Err())
}

// articleCols are read by articlesOn, in its order, from alias a. The
// story and its size are the row's own (stories.go): no join per row.
const articleCols = "a.source_id, a.source_name, a.author, a.title, a.description, a.url, a.url_to_image, a.published_at, a.content, " +
	"COALESCE(a.story_id, a.id), a.story_size, a.id"

// Headlines lists the newest articles matching q's country and category;
// its total counts them all.
func (s *Store) Headlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	page := model.Page[model.Article]{Page: q.Page, PageSize: q.PageSize, Items: []model.Article{}}
	var w where
	if q.Country != "" {
		w.add("a.country = " + w.arg(string(q.Country)))
	}
	if q.Category != "" {
		w.add("a.category = " + w.arg(string(q.Category)))
	}
	total, err := s.count(ctx, "SELECT count(*) FROM articles a"+w.sql(), w.args)
	if err != nil {
		return page, fmt.Errorf("count headlines: %w", err)
	}
	page.TotalResults = total
	limit, offset := store.LimitOffset(q.Page, q.PageSize)
	if offset >= int64(total) {
		return page, nil
	}
	page.Items, err = cached(s, s.pages, cacheKey("headlines", w.sql(), w.args, limit, offset), func() ([]model.Article, error) {
		return s.newestFirst(ctx, w, limit, offset)
	})
	if err != nil {
		return page, fmt.Errorf("list headlines: %w", err)
	}
	return page, nil
}

// newestFirst is a page of the articles w selects, newest first. A deep
// page seeks from the nearest anchor (keyset pagination), so OFFSET
// never walks far.
func (s *Store) newestFirst(ctx context.Context, w where, limit, offset int64) ([]model.Article, error) {
	from, skip, err := s.anchor(ctx, w, offset)
	if err != nil {
		return nil, err
	}
	w = w.clone()
	if from != nil {
		w.add("a.id <= " + w.arg(*from))
	}
	query := "SELECT " + articleCols + " FROM articles a" + w.sql() +
		" ORDER BY a.id DESC LIMIT " + w.arg(limit) + " OFFSET " + w.arg(skip)
	return s.articles(ctx, query, w.args)
}

// anchorStep is the distance between cached positions in a list.
var anchorStep int64 = 2000

// anchor finds, for a page at offset in the list w selects, the id at the
// nearest multiple of anchorStep at or below offset, and the offset left
// from there. Anchors are cached until the next write and each is found
// from the one before (an index seek and a short walk), so paging deep
// costs one walk per write, not one per request. from is nil when offset
// is below the first anchor.
func (s *Store) anchor(ctx context.Context, w where, offset int64) (from *int64, skip int64, err error) {
	n := offset / anchorStep
	if n == 0 {
		return nil, offset, nil
	}
	gen := s.changes.Generation()
	keyOf := func(i int64) string { return cacheKey(w.sql(), w.args, i) }
	i, id := n, int64(0) // walk back to the nearest cached anchor…
	for ; i > 0; i-- {
		if v, ok := s.anchors.Get(keyOf(i), gen); ok {
			id = v
			break
		}
	}
	for ; i < n; i++ { // …then forward from it, one step at a time
		step := w.clone()
		if i > 0 {
			step.add("a.id <= " + step.arg(id)) // the previous anchor is position 0 here
		}
		query := "SELECT a.id FROM articles a" + step.sql() + " ORDER BY a.id DESC LIMIT 1 OFFSET " + step.arg(anchorStep)
		err := s.pool.QueryRow(ctx, query, step.args...).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			id = -1 << 63 // rows vanished since the count: start past the end
		} else if err != nil {
			return nil, 0, fmt.Errorf("find page anchor: %w", classify(err))
		}
		s.anchors.Put(keyOf(i+1), gen, id)
	}
	return &id, offset - n*anchorStep, nil
}

// cachedCount is count's answer when the cache holds it.
func (s *Store) cachedCount(query string, args []any) (int, bool) {
	return s.counts.Get(cacheKey(query, args), s.changes.Generation())
}

// count runs a count(*) query, or answers it from the cache when nothing
// was written since it last ran.
func (s *Store) count(ctx context.Context, query string, args []any) (int, error) {
	key := cacheKey(query, args)
	gen := s.changes.Generation()
	if n, ok := s.counts.Get(key, gen); ok {
		return n, nil
	}
	var n int
	if err := s.pool.QueryRow(ctx, query, args...).Scan(&n); err != nil {
		return 0, classify(err)
	}
	s.counts.Put(key, gen, n)
	return n, nil
}

func (s *Store) articles(ctx context.Context, query string, args []any) ([]model.Article, error) {
	return s.articlesOn(ctx, s.pool, query, args)
}

// querier is the pool, or a transaction of plan's.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func (s *Store) articlesOn(ctx context.Context, db querier, query string, args []any) ([]model.Article, error) {
	rows, err := db.Query(ctx, query, args...)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	items := []model.Article{}
	for rows.Next() {
		var a model.Article
		var published *int64
		var story, id int64
		if err := rows.Scan(&a.Source.ID, &a.Source.Name, &a.Author, &a.Title, &a.Description,
			&a.URL, &a.URLToImage, &published, &a.Content, &story, &a.StorySize, &id); err != nil {
			return nil, fmt.Errorf("read article: %w", classify(err))
		}
		a.StoryID = stories.FormatID(story)
		a.ID = strconv.FormatInt(id, 10) // the marks extension's article id (docs/marks.md)
		if published != nil {
			a.PublishedAt = time.Unix(*published, 0).UTC()
		}
		items = append(items, a)
	}
	return items, classify(rows.Err())
}
