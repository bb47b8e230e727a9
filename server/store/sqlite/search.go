package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// RankWindow and MaxResults are the store's paging rules
// (store.RankWindow, store.MaxResults), named here for this package's
// readers.
const (
	RankWindow = store.RankWindow
	MaxResults = store.MaxResults
)

// rankWindow is RankWindow; tests shrink it to reach its edge.
var rankWindow int64 = RankWindow

// maxResults is MaxResults; tests shrink it.
var maxResults int64 = MaxResults

// search is an /articles query split into the parts each plan places
// differently: the MATCH expression, the row id range (from/to) and the
// conditions on the articles table.
type search struct {
	expr   string // the MATCH expression: q's words and the filters' facets
	lo, hi *int64 // row id bounds, inclusive; nil when open
	rows   where  // exact re-checks on articles a
	// story is story='s id: the search then reads the story index, not
	// the full-text index, and rows holds every filter.
	story *int64
}

// popularityKey is what sortBy=popularity ranks by: the popularity an
// article was imported with, else its story's coverage (distinct
// sources), read from the row.
const popularityKey = "CASE WHEN a.popularity_given THEN a.popularity ELSE a.story_size END"

// ErrNoScope: a search without keywords names no source, domain or
// language to list the articles of.
var ErrNoScope = errors.New("a search without keywords needs sources, domains or a language")

// shift is the store's (see Store.shift): from/to are taken back by it.
//
// q.Q may be empty when a source, domain or language narrows the search
// (NewsAPI's /everything allows that; the spec's /articles does not): the
// MATCH expression is then the filters' facet tokens alone, so the
// full-text index still lists the articles, newest first.
func newSearch(q model.ArticlesQuery, shift int64) (search, error) {
	var sr search
	var err error
	if q.Story != "" {
		id, err := stories.ParseID(q.Story)
		if err != nil {
			return sr, store.NotAStory(q.Story)
		}
		if strings.TrimSpace(q.Q) != "" {
			return sr, model.ErrStoryWithQ
		}
		sr.story = &id
	} else if strings.TrimSpace(q.Q) == "" {
		if len(q.Sources) == 0 && len(q.Domains) == 0 && q.Language == "" {
			return sr, ErrNoScope
		}
	} else if sr.expr, err = MatchExpression(q.Q); err != nil {
		return sr, err
	}
	from, to, err := q.TimeRange()
	if err != nil {
		return sr, err
	}
	// Row ids are publication seconds << 16, so from/to is a row id range.
	if !from.IsZero() {
		lo := store.ClampSeconds(from.Unix()-shift) << 16
		sr.lo = &lo
	}
	if !to.IsZero() {
		hi := store.ClampSeconds(to.Unix()-shift)<<16 | 0xffff
		sr.hi = &hi
	}
	if sr.story != nil {
		// A story's few articles are checked row by row.
		if q.Language != "" {
			sr.rows.add("a.language = ?", string(q.Language))
		}
		if len(q.ExcludeDomains) > 0 {
			cond, args := domainCond(q.ExcludeDomains)
			sr.rows.add("NOT "+cond, args...)
		}
	} else {
		sr.expr = sr.facetMatch(searchFilters{language: string(q.Language), sources: q.Sources,
			domains: q.Domains, excludeDomains: q.ExcludeDomains})
	}
	// Hashed facet tokens could collide: inclusions are re-checked exactly.
	if len(q.Sources) > 0 {
		sr.rows.add("a.source_id IN ("+placeholders(len(q.Sources))+")", anys(q.Sources)...)
	}
	if len(q.Domains) > 0 {
		cond, args := domainCond(q.Domains)
		sr.rows.add(cond, args...)
	}
	return sr, nil
}

// ftsDriven is the FROM and WHERE of a plan that reads the full-text index
// first (newest first, as FTS5 streams row ids in descending order) and
// joins articles only when a condition needs them.
func (sr search) ftsDriven(join bool) (string, []any) {
	var w where
	w.add("articles_fts MATCH ?", sr.expr)
	if sr.lo != nil {
		w.add("f.rowid >= ?", *sr.lo)
	}
	if sr.hi != nil {
		w.add("f.rowid <= ?", *sr.hi)
	}
	w.conds = append(w.conds, sr.rows.conds...)
	w.args = append(w.args, sr.rows.args...)
	from := " FROM articles_fts f"
	if join || len(sr.rows.conds) > 0 {
		// CROSS JOIN keeps the full-text index as the outer loop.
		from += " CROSS JOIN articles a ON a.id = f.rowid"
	}
	return from + w.sql(), w.args
}

// storyDriven is the FROM and WHERE of a story= plan: the story index
// lists the story's rows newest first. The row id bounds are kept off
// that index (+a.id), so a wide from/to does not make SQLite walk the
// table's time range instead.
func (sr search) storyDriven() (string, []any) {
	var w where
	w.add("a.story_id = ?", *sr.story)
	if sr.lo != nil {
		w.add("+a.id >= ?", *sr.lo)
	}
	if sr.hi != nil {
		w.add("+a.id <= ?", *sr.hi)
	}
	w.conds = append(w.conds, sr.rows.conds...)
	w.args = append(w.args, sr.rows.args...)
	return " FROM articles a" + w.sql(), w.args
}

// plan is the FROM and WHERE of the search's plan and the expression of
// the matching row's id in it.
func (sr search) plan() (body string, args []any, id string) {
	if sr.story != nil {
		body, args = sr.storyDriven()
		return body, args, "a.id"
	}
	body, args = sr.ftsDriven(false)
	return body, args, "f.rowid"
}

// Articles searches the articles for q.Q with q's filters, or lists the
// articles of q.Story, in q.SortBy order (model.DefaultSortBy when empty;
// a story is always newest first, since its articles share their
// coverage).
func (s *Store) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	page := model.Page[model.Article]{Page: q.Page, PageSize: q.PageSize, Items: []model.Article{}}
	sr, err := newSearch(q, s.shift)
	if err != nil {
		return page, err
	}
	body, args, _ := sr.plan()
	// Counting stops at maxResults: past it a count would read every
	// match of a common word (hundreds of milliseconds at a million).
	total, err := s.count(ctx, "SELECT count(*) FROM (SELECT 1"+body+" LIMIT ?)", append(args, maxResults))
	if err != nil {
		return page, err
	}
	page.TotalResults = total
	limit, offset := store.LimitOffset(q.Page, q.PageSize)
	if offset >= int64(total) {
		return page, nil
	}
	limit = min(limit, int64(total)-offset) // the last page stops at the cap
	key := pageKey("articles/"+string(q.SortBy), body, args, limit, offset)
	page.Items, err = s.cachedPage(ctx, key, func() ([]model.Article, error) {
		switch {
		case sr.story != nil:
			return s.newestFirst(ctx, sr, limit, offset)
		case q.SortBy == model.SortRelevancy:
			return s.ranked(ctx, sr, relevanceKey, "", limit, offset)
		case q.SortBy == model.SortPopularity:
			return s.ranked(ctx, sr, popularityKey, "k DESC", limit, offset)
		default:
			return s.newestFirst(ctx, sr, limit, offset)
		}
	})
	return page, err
}

// pageQuery wraps an inner query selecting (id, k) in sorted order, with
// LIMIT and OFFSET, into one that fetches the page's articles in order.
func pageQuery(inner, outerOrder string) string {
	return "SELECT " + articleCols + " FROM (" + inner + " LIMIT ? OFFSET ?) AS p" +
		" CROSS JOIN articles a ON a.id = p.id ORDER BY " + outerOrder
}

func (s *Store) newestFirst(ctx context.Context, sr search, limit, offset int64) ([]model.Article, error) {
	body, args, id := sr.plan()
	query := pageQuery("SELECT "+id+" AS id"+body+" ORDER BY "+id+" DESC", "p.id DESC")
	return s.articles(ctx, query, append(args, limit, offset))
}

// ranked sorts the rankWindow newest matches by key (relevanceKey, see
// relevance.go, or a column such as popularity), ties newest
// first; later pages continue newest first. The ranked window is cached
// until the next write, so paging through it ranks only once.
func (s *Store) ranked(ctx context.Context, sr search, key, order string, limit, offset int64) ([]model.Article, error) {
	var items []model.Article
	if offset < rankWindow {
		ids, err := s.rankedWindow(ctx, sr, key, order)
		if err != nil {
			return nil, err
		}
		end := min(int64(len(ids)), offset+limit)
		if offset < end {
			if items, err = s.articlesByID(ctx, ids[offset:end]); err != nil {
				return nil, err
			}
		}
		limit -= end - offset
		offset = end
		if int64(len(ids)) < rankWindow {
			return items, nil // the window held every match
		}
	}
	if limit > 0 {
		rest, err := s.newestFirst(ctx, sr, limit, offset)
		if err != nil {
			return nil, err
		}
		items = append(items, rest...)
	}
	return items, nil
}

// rankedWindow returns the row ids of the rankWindow newest matches in key
// order.
func (s *Store) rankedWindow(ctx context.Context, sr search, key, order string) ([]int64, error) {
	if key == relevanceKey {
		return s.relevanceWindow(ctx, sr)
	}
	body, args := sr.ftsDriven(key == popularityKey)
	window := "SELECT f.rowid AS id, " + key + " AS k" + body + " ORDER BY f.rowid DESC LIMIT ?"
	query := "SELECT id FROM (" + window + ") ORDER BY " + order + ", id DESC"
	args = append(args, rankWindow)
	return s.cachedWindow(ctx, query, args, func(rows *sql.Rows) ([]int64, error) {
		ids := make([]int64, 0, rankWindow)
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return nil, fmt.Errorf("read ranked id: %w", err)
			}
			ids = append(ids, id)
		}
		return ids, nil
	})
}

// cachedWindow runs a ranking query at most once per write generation:
// rank reads its rows into row ids, best first, and the ids are cached
// under the query and its arguments.
func (s *Store) cachedWindow(ctx context.Context, query string, args []any, rank func(*sql.Rows) ([]int64, error)) ([]int64, error) {
	cacheKey := query + fmt.Sprintf("\x00%#v", args) // %#v: see count
	gen := s.changes.Generation()
	if ids, ok := s.ranks.Get(cacheKey, gen); ok {
		return ids, nil
	}
	rows, err := s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids, err := rank(rows)
	if err != nil {
		return nil, err
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("rank matches: %w", err)
	}
	s.ranks.Put(cacheKey, gen, ids)
	return ids, nil
}

// articlesByID fetches the articles with the given row ids, in that order.
func (s *Store) articlesByID(ctx context.Context, ids []int64) ([]model.Article, error) {
	// The ids arrive as a JSON array so the statement's shape, and so its
	// prepared form, is the same for every page size.
	query := "SELECT " + articleCols + " FROM json_each(?) AS j CROSS JOIN articles a ON a.id = j.value ORDER BY j.key"
	return s.articles(ctx, query, []any{jsonInts(ids)})
}

// domainCond matches articles whose host is one of domains or a subdomain
// of one: rhost is the reversed host, so a subdomain shares its prefix.
func domainCond(domains []string) (string, []any) {
	var parts []string
	var args []any
	for _, d := range domains {
		r := store.ReverseDomain(d)
		parts = append(parts, "a.rhost = ? OR (a.rhost >= ? AND a.rhost < ?)")
		args = append(args, r, r+".", r+"/") // '/' sorts right after '.'
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

// jsonInts encodes ids as a JSON array.
func jsonInts(ids []int64) string {
	b := make([]byte, 0, len(ids)*18+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return string(append(b, ']'))
}
