package postgres

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/query"
	"tidings/stories"
)

// RankWindow and MaxResults are the store's paging rules
// (store.RankWindow, store.MaxResults), as on SQLite.
const (
	RankWindow = store.RankWindow
	MaxResults = store.MaxResults
)

// Tests shrink these to reach their edges.
var (
	rankWindow int64 = RankWindow
	maxResults int64 = MaxResults
)

// ErrNoScope: a search without keywords names no source, domain or
// language to list the articles of.
var ErrNoScope = errors.New("a search without keywords needs sources, domains or a language")

// relevanceWeights are ts_rank_cd's weights for D, C, B and A: content
// (D) counts for nothing, as on SQLite, and the title (A) for two and a
// half times the description (B), SQLite's 10 to 4.
const relevanceWeights = "'{0, 0, 0.4, 1}'"

// search is an /articles query: q as tsquery text, its time range as id
// bounds, and its other filters as conditions on articles a.
type search struct {
	text   string                  // q's tsquery text; "" without q
	facets string                  // the filters as marker lexemes to AND with text (matches.go)
	lo, hi int64                   // id bounds, inclusive
	conds  []func(w *where) string // the filters besides q and the time range
	empty  bool                    // q's words can match nothing: no results
	story  bool                    // story= (in conds): one story's articles
}

// where is every condition of sr, with tsq (when not "") as the tsquery
// articles must match and id (an expression of a.id) within [lo, hi].
func (sr search) where(tsq string, id string, lo, hi int64) where {
	var w where
	if tsq != "" {
		w.add("a.tsv @@ " + w.arg(tsq) + "::tsquery")
	}
	if lo > math.MinInt64 {
		w.add(id + " >= " + w.arg(lo))
	}
	if hi < math.MaxInt64 {
		w.add(id + " <= " + w.arg(hi))
	}
	for _, c := range sr.conds {
		w.add(c(&w))
	}
	return w
}

func (s *Store) newSearch(ctx context.Context, q model.ArticlesQuery) (search, error) {
	sr := search{facets: facets(q), lo: math.MinInt64, hi: math.MaxInt64}
	if q.Story != "" {
		// A story's articles, newest first, through the story index
		// (COALESCE(story_id, id), id); the other filters are checked on
		// its rows.
		story, err := stories.ParseID(q.Story)
		if err != nil {
			return sr, store.NotAStory(q.Story)
		}
		if strings.TrimSpace(q.Q) != "" {
			return sr, model.ErrStoryWithQ
		}
		sr.story = true
		sr.conds = append(sr.conds, func(w *where) string { return "COALESCE(a.story_id, a.id) = " + w.arg(story) })
	} else if strings.TrimSpace(q.Q) == "" {
		if len(q.Sources) == 0 && len(q.Domains) == 0 && q.Language == "" {
			return sr, ErrNoScope
		}
	} else {
		parsed, err := query.Parse(q.Q)
		if err != nil {
			return sr, err
		}
		if sr.text, err = s.tsquery(ctx, parsed, q.Language); err != nil {
			return sr, err
		}
		if sr.text == "" {
			sr.empty = true
			return sr, nil
		}
	}
	from, to, err := q.TimeRange()
	if err != nil {
		return sr, err
	}
	// Ids are publication seconds << 16, so from/to is an id range.
	if !from.IsZero() {
		sr.lo = store.ClampSeconds(from.Unix()) << 16
	}
	if !to.IsZero() {
		sr.hi = store.ClampSeconds(to.Unix())<<16 | 0xffff
	}
	if q.Language != "" {
		sr.conds = append(sr.conds, func(w *where) string { return "a.language = " + w.arg(string(q.Language)) })
	}
	if len(q.Sources) > 0 {
		sr.conds = append(sr.conds, func(w *where) string {
			return "a.source_id = ANY(" + w.arg(q.Sources) + "::text[])"
		})
	}
	if len(q.Domains) > 0 {
		sr.conds = append(sr.conds, func(w *where) string { return domainCond(w, "a.rhost", q.Domains) })
	}
	if len(q.ExcludeDomains) > 0 {
		sr.conds = append(sr.conds, func(w *where) string { return "NOT " + domainCond(w, "a.rhost", q.ExcludeDomains) })
	}
	return sr, nil
}

// domainCond matches articles whose host (rhost, the column's expression)
// is one of domains or a subdomain of one: rhost is the reversed host
// (byte-ordered), so a subdomain shares its prefix.
func domainCond(w *where, rhost string, domains []string) string {
	rhost += ` COLLATE "C"`
	parts := make([]string, len(domains))
	for i, d := range domains {
		r := store.ReverseDomain(d)
		parts[i] = fmt.Sprintf("%[1]s = %[2]s OR (%[1]s >= %[3]s AND %[1]s < %[4]s)", rhost, w.arg(r), w.arg(r+"."), w.arg(r+"/"))
	}
	return "(" + strings.Join(parts, " OR ") + ")"
}

// Articles searches the articles for q.Q with q's filters, in q.SortBy
// order (model.DefaultSortBy when empty).
func (s *Store) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	page := model.Page[model.Article]{Page: q.Page, PageSize: q.PageSize, Items: []model.Article{}}
	sr, err := s.newSearch(ctx, q)
	if err != nil || sr.empty {
		return page, err
	}
	ids, err := s.matches(ctx, sr)
	if err != nil {
		return page, fmt.Errorf("search articles: %w", err)
	}
	page.TotalResults = len(ids)
	limit, offset := store.LimitOffset(q.Page, q.PageSize)
	if offset >= int64(len(ids)) {
		return page, nil
	}
	// Without keywords there is nothing to be relevant to, and a story's
	// articles share their coverage: newest first.
	if !sr.story && (q.SortBy == model.SortPopularity || q.SortBy == model.SortRelevancy && sr.text != "") {
		if ids, err = s.rankMatches(ctx, sr, q.SortBy, ids); err != nil {
			return page, fmt.Errorf("search articles: %w", err)
		}
	}
	onPage := ids[offset:min(offset+limit, int64(len(ids)))]
	key := cacheKey("articles", string(q.SortBy), onPage)
	page.Items, err = cached(s, s.pages, key, func() ([]model.Article, error) { return s.articlesByID(ctx, onPage) })
	if err != nil {
		return page, fmt.Errorf("search articles: %w", err)
	}
	return page, nil
}

// popularityKey is what sortBy=popularity ranks by: the popularity an
// article was imported with, else its story's coverage (distinct
// sources), both read from the row.
const popularityKey = "COALESCE(a.popularity, a.story_size)"

// rankMatches orders ids (a search's matches, newest first) for sortBy:
// the rankWindow newest by relevancy (ts_rank_cd of q's own tsquery) or
// popularity (popularityKey), ties newest first, then the rest newest
// first. The order is cached until the next write, so paging through it
// ranks only once.
func (s *Store) rankMatches(ctx context.Context, sr search, sortBy model.SortBy, ids []int64) ([]int64, error) {
	window := ids[:min(int64(len(ids)), rankWindow)]
	key := popularityKey
	args := []any{window}
	if sortBy == model.SortRelevancy {
		key = "ts_rank_cd(" + relevanceWeights + ", a.tsv, $2::tsquery)"
		args = append(args, sr.text)
	}
	query := "SELECT a.id FROM articles a WHERE a.id = ANY($1::bigint[]) ORDER BY " + key + " DESC, a.id DESC"
	ranked, err := cached(s, s.ranks, cacheKey(query, args), func() ([]int64, error) {
		return s.ids(ctx, s.pool, query, args)
	})
	if err != nil {
		return nil, fmt.Errorf("rank matches: %w", err)
	}
	return append(ranked, ids[len(window):]...), nil
}

// ids runs a query of article ids on db.
func (s *Store) ids(ctx context.Context, db querier, query string, args []any) ([]int64, error) {
	rows, err := db.Query(ctx, query, args...)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("read article id: %w", classify(err))
		}
		ids = append(ids, id)
	}
	return ids, classify(rows.Err())
}

// articlesByID fetches the articles with the given ids, in that order.
func (s *Store) articlesByID(ctx context.Context, ids []int64) ([]model.Article, error) {
	query := "SELECT " + articleCols + " FROM unnest($1::bigint[]) WITH ORDINALITY AS u(id, ord)" +
		" JOIN articles a ON a.id = u.id ORDER BY u.ord"
	return s.articles(ctx, query, []any{ids})
}
