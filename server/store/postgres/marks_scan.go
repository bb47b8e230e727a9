package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"tidings/server/store"
)

// readSQL is the read rule of server/store (marks_tables.go) for the row
// a, its explicit marks m and its source's watermark w; $2 is the global
// watermark.
const readSQL = `COALESCE(m.read, a.id <= GREATEST($2::bigint, COALESCE(w.upto, $2::bigint)))`

// ScanIDs lists one page of ids. Unread articles are found above the
// scope's floor by the rule and below it among the owner's unread marks,
// so the scan never walks the read past; starred ones from the owner's
// starred marks. Parameters: $1 owner, $2 global watermark, $3 after,
// $4 before, $5 floor, $6 limit, $7 sources.
func (m marksSQL) ScanIDs(ctx context.Context, owner store.Owner, q store.IDScan) ([]int64, error) {
	srcs := q.Sources
	if srcs == nil {
		srcs = []string{}
	}
	args := []any{string(owner), q.Global, q.After, q.Before, max(q.Floor, q.After), q.Limit, srcs}
	order := " ORDER BY id DESC"
	if q.Oldest {
		order = " ORDER BY id ASC"
	}
	var query string
	switch {
	case q.Starred:
		query = scanSelect(`FROM marks m JOIN articles a ON a.id = m.article_id`, q) +
			` AND m.owner = $1 AND m.starred AND a.id > $3` + readCond(q.Read)
	case q.Read == store.OnlyUnread:
		query = `SELECT id FROM (` + scanSelect(`FROM articles a
			LEFT JOIN marks m ON m.owner = $1 AND m.article_id = a.id`, q) + ` AND a.id > $5 AND NOT ` + readSQL + `
			UNION ALL ` + scanSelect(`FROM marks m JOIN articles a ON a.id = m.article_id`, q) +
			` AND m.owner = $1 AND m.read = false AND a.id > $3 AND a.id <= $5) AS u`
	default:
		query = scanSelect(`FROM articles a LEFT JOIN marks m ON m.owner = $1 AND m.article_id = a.id`, q) +
			` AND a.id > $3` + readCond(q.Read)
	}
	// Every parameter is typed here, whether the plan uses it or not
	// (PostgreSQL refuses a parameter it cannot type).
	query = `WITH p AS (SELECT $1::text, $2::bigint, $3::bigint, $4::bigint, $5::bigint, $6::int, $7::text[]) ` +
		query + order + ` LIMIT $6`
	rows, err := m.s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, classify(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	return ids, classify(err)
}

// scanSelect selects the ids of from (which names a and m) in the scan's
// sources and below its upper bound, with w joined.
func scanSelect(from string, q store.IDScan) string {
	s := `SELECT a.id AS id ` + from + `
		LEFT JOIN mark_watermarks w ON w.owner = $1 AND w.grp = a.source_id
		WHERE a.id < $4`
	if !q.All {
		s += ` AND a.source_id = ANY($7::text[])`
	}
	return s
}

func readCond(f store.ReadFilter) string {
	switch f {
	case store.OnlyUnread:
		return ` AND NOT ` + readSQL
	case store.OnlyReadArticles:
		return ` AND ` + readSQL
	}
	return ""
}
