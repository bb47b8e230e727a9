package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// where collects SQL conditions and their arguments.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

func (w *where) sql() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// Sources lists the sources matching q, by name.
func (s *Store) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	page := model.Page[model.Source]{Page: q.Page, PageSize: q.PageSize, Items: []model.Source{}}
	var w where
	if q.Category != "" {
		w.add("category = ?", string(q.Category))
	}
	if q.Language != "" {
		w.add("language = ?", string(q.Language))
	}
	if q.Country != "" {
		w.add("country = ?", string(q.Country))
	}
	total, err := s.count(ctx, "SELECT count(*) FROM sources"+w.sql(), w.args)
	if err != nil {
		return page, err
	}
	page.TotalResults = total
	limit, offset := store.LimitOffset(q.Page, q.PageSize)
	if offset >= int64(total) {
		return page, nil
	}
	query := "SELECT id, name, description, url, category, language, country FROM sources" + w.sql() +
		" ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?"
	args := append(w.args, limit, offset)
	gen := s.changes.Generation()
	key := pageKey("sources", query, args, limit, offset)
	if items, ok := s.sourcePages.Get(key, gen); ok {
		page.Items = slices.Clone(items)
		return page, nil
	}
	if page.Items, err = s.sourcesPage(ctx, query, args); err != nil {
		return page, err
	}
	s.sourcePages.Put(key, gen, slices.Clone(page.Items))
	return page, nil
}

func (s *Store) sourcesPage(ctx context.Context, query string, args []any) ([]model.Source, error) {
	rows, err := s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []model.Source{}
	for rows.Next() {
		var src model.Source
		var cat, lang, country string
		if err := rows.Scan(&src.ID, &src.Name, &src.Description, &src.URL, &cat, &lang, &country); err != nil {
			return nil, fmt.Errorf("read source: %w", err)
		}
		src.Category, src.Language, src.Country = model.Category(cat), model.Language(lang), model.Country(country)
		items = append(items, src)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sources: %w", err)
	}
	return items, nil
}

// articleCols are read by Store.articles, in its order, from alias a. The
// story's size is the row's own copy (stories.go): no join per row.
const articleCols = "a.source_id, a.source_name, a.author, a.title, a.description, a.url, a.url_to_image, a.published_at, a.content, a.story_id, a.story_size, a.id"

// Headlines lists the newest articles matching q's country and category.
func (s *Store) Headlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	page := model.Page[model.Article]{Page: q.Page, PageSize: q.PageSize, Items: []model.Article{}}
	var w where
	if q.Country != "" {
		w.add("country = ?", string(q.Country))
	}
	if q.Category != "" {
		w.add("category = ?", string(q.Category))
	}
	total, err := s.count(ctx, "SELECT count(*) FROM articles"+w.sql(), w.args)
	if err != nil {
		return page, err
	}
	page.TotalResults = total
	limit, offset := store.LimitOffset(q.Page, q.PageSize)
	if offset >= int64(total) {
		return page, nil
	}
	page.Items, err = s.cachedPage(ctx, pageKey("headlines", w.sql(), w.args, limit, offset), func() ([]model.Article, error) {
		// A deep page starts from the nearest anchor below it, so the
		// index walk is short.
		from, skip, err := s.headlineAnchor(ctx, w, offset)
		if err != nil {
			return nil, err
		}
		if from != nil {
			w.add("id <= ?", *from)
		}
		// Page through the narrow index first, then fetch only the page's rows.
		query := "SELECT " + articleCols + " FROM (SELECT id FROM articles" + w.sql() +
			" ORDER BY id DESC LIMIT ? OFFSET ?) AS p CROSS JOIN articles a ON a.id = p.id ORDER BY p.id DESC"
		return s.articles(ctx, query, append(w.args, limit, skip))
	})
	return page, err
}

// anchorStep is the distance between cached positions in a headline list.
var anchorStep int64 = 2000

// headlineAnchor finds, for a page at offset in the list w selects, the id
// at the nearest multiple of anchorStep at or below offset, and the offset
// left from there. Anchors are cached until the next write and each is
// found from the one before, so paging deep costs one walk per write, not
// one per request. from is nil when offset is below the first anchor.
func (s *Store) headlineAnchor(ctx context.Context, w where, offset int64) (from *int64, skip int64, err error) {
	n := offset / anchorStep
	if n == 0 {
		return nil, offset, nil
	}
	gen := s.changes.Generation()
	keyOf := func(i int64) string { return fmt.Sprintf("%s\x00%q\x00%d", w.sql(), w.args, i) }
	i, id := n, int64(0) // walk back to the nearest cached anchor…
	for ; i > 0; i-- {
		if v, ok := s.anchors.Get(keyOf(i), gen); ok {
			id = v
			break
		}
	}
	for ; i < n; i++ { // …then forward from it, one step at a time
		step := where{conds: append([]string(nil), w.conds...), args: append([]any(nil), w.args...)}
		if i > 0 {
			step.add("id <= ?", id) // the previous anchor is position 0 here
		}
		rows, err := s.query(ctx, "SELECT id FROM articles"+step.sql()+" ORDER BY id DESC LIMIT 1 OFFSET ?",
			append(step.args, anchorStep)...)
		if err != nil {
			return nil, 0, err
		}
		found := rows.Next()
		if found {
			err = rows.Scan(&id)
		}
		if cerr := rows.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, 0, fmt.Errorf("find page anchor: %w", err)
		}
		if !found { // rows vanished since the count: start past the end
			id = math.MinInt64
		}
		s.anchors.Put(keyOf(i+1), gen, id)
	}
	return &id, offset - n*anchorStep, nil
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func (s *Store) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := s.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	var rows *sql.Rows
	if st != nil {
		rows, err = st.QueryContext(ctx, args...)
	} else {
		rows, err = s.db.QueryContext(ctx, query, args...)
	}
	if err != nil {
		return nil, fmt.Errorf("query: %w", err)
	}
	return rows, nil
}

// count runs a count(*) query, or answers it from the cache when nothing
// was written since it last ran.
func (s *Store) count(ctx context.Context, query string, args []any) (int, error) {
	key := query + fmt.Sprintf("\x00%#v", args) // %#v: %q would print every large int64 as the same invalid rune
	gen := s.changes.Generation()
	if n, ok := s.counts.Get(key, gen); ok {
		return n, nil
	}
	st, err := s.stmt(ctx, query)
	if err != nil {
		return 0, err
	}
	row := s.db.QueryRowContext
	if st != nil {
		row = func(ctx context.Context, _ string, args ...any) *sql.Row { return st.QueryRowContext(ctx, args...) }
	}
	var n int
	if err := row(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count results: %w", err)
	}
	s.counts.Put(key, gen, n)
	return n, nil
}

func (s *Store) articles(ctx context.Context, query string, args []any) ([]model.Article, error) {
	rows, err := s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []model.Article{}
	for rows.Next() {
		var a model.Article
		var published sql.NullInt64
		var story, id int64
		if err := rows.Scan(&a.Source.ID, &a.Source.Name, &a.Author, &a.Title, &a.Description,
			&a.URL, &a.URLToImage, &published, &a.Content, &story, &a.StorySize, &id); err != nil {
			return nil, fmt.Errorf("read article: %w", err)
		}
		a.StoryID = stories.FormatID(story)
		a.ID = strconv.FormatInt(id, 10) // the marks extension's article id (docs/marks.md)
		if published.Valid {
			a.PublishedAt = time.Unix(published.Int64+s.shift, 0).UTC()
		}
		items = append(items, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list articles: %w", err)
	}
	return items, nil
}
