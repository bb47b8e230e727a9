package store

import (
	"context"
	"strings"

	"tidings/model"
)

// Bounds that keep a search's cost independent of how many articles match.
const (
	// RelevancyWindow is how many of the newest matches relevancy ranks by
	// bm25. Scoring every match of a common word would cost seconds on a
	// large store; past the window, results continue newest first. In news
	// the most relevant article is rarely an old one.
	RelevancyWindow = 1000
)

// popularityScanLimit is the match count above which a popularity sort
// walks the popularity index instead of sorting every match.
var popularityScanLimit = 5000

// relevancyWindow is RelevancyWindow; tests shrink it to reach its edge.
var relevancyWindow int64 = RelevancyWindow

// search is an /articles query split into the parts each plan places
// differently: the MATCH expression, the row id range (from/to) and the
// conditions on the articles table.
type search struct {
	expr   string
	lo, hi *int64 // row id bounds, inclusive; nil when open
	rows   where  // conditions on articles a
}

func newSearch(q model.ArticlesQuery) (search, error) {
	var sr search
	var err error
	if sr.expr, err = MatchExpression(q.Q); err != nil {
		return sr, err
	}
	from, to, err := q.TimeRange()
	if err != nil {
		return sr, err
	}
	// Row ids are publication seconds << 16, so from/to is a row id range.
	if !from.IsZero() {
		lo := clampSeconds(from.Unix()) << 16
		sr.lo = &lo
	}
	if !to.IsZero() {
		hi := clampSeconds(to.Unix())<<16 | 0xffff
		sr.hi = &hi
	}
	if q.Language != "" {
		sr.rows.add("a.language = ?", string(q.Language))
	}
	if len(q.Sources) > 0 {
		sr.rows.add("a.source_id IN ("+placeholders(len(q.Sources))+")", anys(q.Sources)...)
	}
	if len(q.Domains) > 0 {
		cond, args := domainCond(q.Domains)
		sr.rows.add(cond, args...)
	}
	if len(q.ExcludeDomains) > 0 {
		cond, args := domainCond(q.ExcludeDomains)
		sr.rows.add("NOT "+cond, args...)
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

// Articles searches the articles for q.Q with q's filters, in q.SortBy order
// (model.DefaultSortBy when empty).
func (s *Store) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	page := model.Page[model.Article]{Page: q.Page, PageSize: q.PageSize, Items: []model.Article{}}
	sr, err := newSearch(q)
	if err != nil {
		return page, err
	}
	body, args := sr.ftsDriven(false)
	total, err := s.count(ctx, "SELECT count(*)"+body, args)
	if err != nil {
		return page, err
	}
	page.TotalResults = total
	limit, offset := limitOffset(q.Page, q.PageSize)
	if offset >= int64(total) {
		return page, nil
	}
	switch q.SortBy {
	case model.SortRelevancy:
		page.Items, err = s.byRelevancy(ctx, sr, limit, offset)
	case model.SortPopularity:
		page.Items, err = s.byPopularity(ctx, sr, total, limit, offset)
	default:
		page.Items, err = s.newestFirst(ctx, sr, limit, offset)
	}
	return page, err
}

// pageQuery wraps an inner query selecting (id, k) in sorted order, with
// LIMIT and OFFSET, into one that fetches the page's articles in order.
func pageQuery(inner, outerOrder string) string {
	return "SELECT " + articleCols + " FROM (" + inner + " LIMIT ? OFFSET ?) AS p" +
		" CROSS JOIN articles a ON a.id = p.id ORDER BY " + outerOrder
}

func (s *Store) newestFirst(ctx context.Context, sr search, limit, offset int64) ([]model.Article, error) {
	body, args := sr.ftsDriven(false)
	query := pageQuery("SELECT f.rowid AS id"+body+" ORDER BY f.rowid DESC", "p.id DESC")
	return s.articles(ctx, query, append(args, limit, offset))
}

// byRelevancy ranks the RelevancyWindow newest matches by bm25 (title
// weighted over description over content); later pages continue newest
// first, so every match is still reachable exactly once.
func (s *Store) byRelevancy(ctx context.Context, sr search, limit, offset int64) ([]model.Article, error) {
	var items []model.Article
	if offset < relevancyWindow {
		body, args := sr.ftsDriven(false)
		window := "SELECT f.rowid AS id, f.rank AS k" + body + " ORDER BY f.rowid DESC LIMIT ?"
		query := pageQuery("SELECT id, k FROM ("+window+") ORDER BY k, id DESC", "p.k, p.id DESC")
		n := min(limit, relevancyWindow-offset)
		ranked, err := s.articles(ctx, query, append(args, relevancyWindow, n, offset))
		if err != nil {
			return nil, err
		}
		items = ranked
		offset, limit = offset+n, limit-n
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

// byPopularity sorts few matches directly; many matches are found faster by
// walking the popularity index and keeping the rows that match.
func (s *Store) byPopularity(ctx context.Context, sr search, total int, limit, offset int64) ([]model.Article, error) {
	if total <= popularityScanLimit {
		body, args := sr.ftsDriven(true)
		query := pageQuery("SELECT f.rowid AS id, a.popularity AS k"+body+" ORDER BY k DESC, id DESC",
			"p.k DESC, p.id DESC")
		return s.articles(ctx, query, append(args, limit, offset))
	}
	var match where
	match.add("articles_fts MATCH ?", sr.expr)
	if sr.lo != nil {
		match.add("rowid >= ?", *sr.lo)
	}
	if sr.hi != nil {
		match.add("rowid <= ?", *sr.hi)
	}
	var w where
	w.add("a.id IN (SELECT rowid FROM articles_fts"+match.sql()+")", match.args...)
	w.conds = append(w.conds, sr.rows.conds...)
	w.args = append(w.args, sr.rows.args...)
	inner := "SELECT a.id AS id, a.popularity AS k FROM articles a INDEXED BY articles_popularity" + w.sql() +
		" ORDER BY a.popularity DESC, a.id DESC"
	return s.articles(ctx, pageQuery(inner, "p.k DESC, p.id DESC"), append(w.args, limit, offset))
}

// domainCond matches articles whose host is one of domains or a subdomain
// of one: rhost is the reversed host, so a subdomain shares its prefix.
func domainCond(domains []string) (string, []any) {
	var parts []string
	var args []any
	for _, d := range domains {
		r := reverseDomain(d)
		parts = append(parts, "a.rhost = ? OR (a.rhost >= ? AND a.rhost < ?)")
		args = append(args, r, r+".", r+"/") // '/' sorts right after '.'
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}
