package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/query"
)

// RankWindow is how many of the newest matches sortBy=relevancy and
// sortBy=popularity rank, as on SQLite (see its RankWindow): past them
// results continue newest first, so a search costs the same however many
// articles match.
const RankWindow = 500

// MaxResults is the most results one search returns and the largest total
// it reports, as on SQLite: the count stops there.
const MaxResults = 10_000

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

// search is an /articles query as conditions on articles a.
type search struct {
	w     where
	tsq   string // the tsquery's placeholder; "" when q is empty
	empty bool   // q's words can match nothing: no results
}

// filter adds a condition on the articles (col names a column of a).
func (sr *search) filter(cond func(w *where, col func(string) string) string) {
	sr.w.add(cond(&sr.w, func(c string) string { return "a." + c }))
}

func (s *Store) newSearch(ctx context.Context, q model.ArticlesQuery) (search, error) {
	var sr search
	if q.Story != "" {
		return sr, store.ErrStoriesUnsupported
	}
	if strings.TrimSpace(q.Q) == "" {
		if len(q.Sources) == 0 && len(q.Domains) == 0 && q.Language == "" {
			return sr, ErrNoScope
		}
	} else {
		parsed, err := query.Parse(q.Q)
		if err != nil {
			return sr, err
		}
		text, err := s.tsquery(ctx, parsed, q.Language)
		if err != nil {
			return sr, err
		}
		if text == "" {
			sr.empty = true
			return sr, nil
		}
		sr.tsq = sr.w.arg(text) + "::tsquery"
		sr.w.add("a.tsv @@ " + sr.tsq)
	}
	from, to, err := q.TimeRange()
	if err != nil {
		return sr, err
	}
	// Ids are publication seconds << 16, so from/to is an id range (an
	// indexed one: a range narrows the GIN bitmap).
	if !from.IsZero() {
		lo := clampSeconds(from.Unix()) << 16
		sr.filter(func(w *where, _ func(string) string) string { return "a.id >= " + w.arg(lo) })
	}
	if !to.IsZero() {
		hi := clampSeconds(to.Unix())<<16 | 0xffff
		sr.filter(func(w *where, _ func(string) string) string { return "a.id <= " + w.arg(hi) })
	}
	if q.Language != "" {
		sr.filter(func(w *where, col func(string) string) string {
			return col("language") + " = " + w.arg(string(q.Language))
		})
	}
	if len(q.Sources) > 0 {
		sr.filter(func(w *where, col func(string) string) string {
			return col("source_id") + " = ANY(" + w.arg(q.Sources) + "::text[])"
		})
	}
	if len(q.Domains) > 0 {
		sr.filter(func(w *where, col func(string) string) string { return domainCond(w, col("rhost"), q.Domains) })
	}
	if len(q.ExcludeDomains) > 0 {
		sr.filter(func(w *where, col func(string) string) string {
			return "NOT " + domainCond(w, col("rhost"), q.ExcludeDomains)
		})
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
		r := reverseDomain(d)
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
	// Counting stops at maxResults: past it a count would read every
	// match of a common word.
	cw := sr.w.clone()
	countSQL := "SELECT count(*) FROM (SELECT 1 FROM articles a" + cw.sql() + " LIMIT " + cw.arg(maxResults) + ") c"
	limit, offset := limitOffset(q.Page, q.PageSize)
	key := cacheKey("articles", string(q.SortBy), sr.w.sql(), sr.w.args, limit, offset)
	load := func() ([]model.Article, error) {
		switch {
		case q.SortBy == model.SortRelevancy && sr.tsq != "":
			return s.ranked(ctx, sr, "ts_rank_cd("+relevanceWeights+", a.tsv, "+sr.tsq+")", limit, offset)
		case q.SortBy == model.SortPopularity:
			return s.ranked(ctx, sr, "a.popularity", limit, offset)
		default:
			return s.newestFirst(ctx, sr.w, limit, offset)
		}
	}
	total, err := s.count(ctx, countSQL, cw.args)
	if err != nil {
		return page, fmt.Errorf("count search results: %w", err)
	}
	page.TotalResults = total
	if offset >= int64(total) {
		return page, nil
	}
	// Read the matches by the GIN index when that is cheaper (see plan).
	if sr.tsq != "" && int64(total) < maxResults {
		depth := offset + limit
		if q.SortBy == model.SortRelevancy || q.SortBy == model.SortPopularity {
			depth = max(depth, rankWindow)
		}
		n, err := s.tableRows(ctx)
		if err != nil {
			return page, fmt.Errorf("search articles: %w", err)
		}
		sr.w.few = walkIsLonger(int64(total), depth, n)
	}
	items, err := cached(s, s.pages, key, load)
	if err != nil {
		return page, fmt.Errorf("search articles: %w", err)
	}
	// The last page stops at the cap.
	page.Items = items[:min(int64(len(items)), int64(total)-offset)]
	return page, nil
}

// ranked sorts the rankWindow newest matches by key, ties newest first;
// later pages continue newest first. The ranked window is cached until
// the next write, so paging through it ranks only once.
func (s *Store) ranked(ctx context.Context, sr search, key string, limit, offset int64) ([]model.Article, error) {
	var items []model.Article
	if offset < rankWindow {
		ids, err := s.rankedWindow(ctx, sr, key)
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
		rest, err := s.newestFirst(ctx, sr.w, limit, offset)
		if err != nil {
			return nil, err
		}
		items = append(items, rest...)
	}
	return items, nil
}

// rankedWindow returns the ids of the rankWindow newest matches in key
// order, best first.
func (s *Store) rankedWindow(ctx context.Context, sr search, key string) ([]int64, error) {
	w := sr.w.clone()
	query := "SELECT id FROM (SELECT a.id, " + key + " AS k FROM articles a" + w.sql() +
		" ORDER BY a.id DESC LIMIT " + w.arg(rankWindow) + ") win ORDER BY k DESC, id DESC"
	ids, err := cached(s, s.ranks, cacheKey(query, w.args), func() ([]int64, error) {
		ids := make([]int64, 0, rankWindow)
		err := s.plan(ctx, w.few, func(db querier) error {
			rows, err := db.Query(ctx, query, w.args...)
			if err != nil {
				return classify(err)
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					return fmt.Errorf("read ranked id: %w", classify(err))
				}
				ids = append(ids, id)
			}
			return classify(rows.Err())
		})
		return ids, err
	})
	if err != nil {
		return nil, fmt.Errorf("rank matches: %w", err)
	}
	return ids, nil
}

// articlesByID fetches the articles with the given ids, in that order.
func (s *Store) articlesByID(ctx context.Context, ids []int64) ([]model.Article, error) {
	query := "SELECT " + articleCols + " FROM unnest($1::bigint[]) WITH ORDINALITY AS u(id, ord)" +
		" JOIN articles a ON a.id = u.id ORDER BY u.ord"
	return s.articles(ctx, query, []any{ids})
}

// walkIsLonger reports whether reading all total matches (through the
// GIN index, then sorting) reads fewer rows than walking the id index
// newest first to the depth-th match, which, matches spread evenly over
// the n articles, reads depth·n/total rows. So a few matches are read
// whole, and a page near the top of many matches is walked to.
func walkIsLonger(total, depth, n int64) bool {
	return float64(total)*float64(total) < float64(depth)*float64(n)
}

// tableRows is the planner's estimate of the articles (pg_class), read
// once per generation: the walk's length in walkIsLonger needs no more.
func (s *Store) tableRows(ctx context.Context) (int64, error) {
	const key = "articles: estimated rows"
	gen := s.gen.Load()
	if n, ok := s.counts.get(key, gen); ok {
		return int64(n), nil
	}
	var n float64
	if err := s.pool.QueryRow(ctx, `SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'articles'::regclass`).Scan(&n); err != nil {
		return 0, fmt.Errorf("estimate the articles: %w", classify(err))
	}
	s.counts.put(key, gen, int(n))
	return int64(n), nil
}
