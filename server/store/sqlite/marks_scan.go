package sqlite

import (
	"context"
	"database/sql"
	"strings"

	"tidings/server/store"
)

// readSQL is the read rule of server/store (marks_tables.go) for the row
// a and its explicit marks m; the global watermark is :g, the highest
// source watermark above it :smax. The CASE looks a's source's watermark
// up only between the two, so a scan of every article above the global
// watermark reads the narrow id index, not the article rows.
const readSQL = `COALESCE(m.read, CASE WHEN a.id <= :g THEN 1 WHEN a.id > :smax THEN 0
	ELSE a.id <= COALESCE((SELECT w.upto FROM mark_watermarks w WHERE w.owner = :o AND w.grp = a.source_id), :g) END)`

// ScanIDs lists one page of ids. Unread articles are found above the
// scope's floor by the rule and below it among the owner's unread marks,
// so the scan never walks the read past; starred ones from the owner's
// starred marks.
func (m marksSQL) ScanIDs(ctx context.Context, owner store.Owner, q store.IDScan) ([]int64, error) {
	args := []any{
		sql.Named("o", string(owner)), sql.Named("g", q.Global), sql.Named("after", q.After),
		sql.Named("before", q.Before), sql.Named("floor", max(q.Floor, q.After)), sql.Named("lim", q.Limit),
		sql.Named("srcs", jsonStrings(q.Sources)), sql.Named("smax", q.SourceMax),
	}
	order := " ORDER BY id DESC"
	if q.Oldest {
		order = " ORDER BY id ASC"
	}
	var query string
	switch {
	case q.Starred:
		query = scanSelect(`FROM marks m CROSS JOIN articles a ON a.id = m.article_id`, q) +
			` AND m.owner = :o AND m.starred = 1 AND a.id > :after` + readCond(q.Read)
	case q.Read == store.OnlyUnread:
		query = `SELECT id FROM (` + scanSelect(`FROM `+articlesOf(q)+`
			LEFT JOIN marks m ON m.owner = :o AND m.article_id = a.id`, q) + ` AND a.id > :floor AND NOT ` + readSQL + `
			UNION ALL ` + scanSelect(`FROM marks m CROSS JOIN articles a ON a.id = m.article_id`, q) +
			` AND m.owner = :o AND m.read = 0 AND a.id > :after AND a.id <= :floor)`
	default:
		query = scanSelect(`FROM `+articlesOf(q)+` LEFT JOIN marks m ON m.owner = :o AND m.article_id = a.id`, q) +
			` AND a.id > :after` + readCond(q.Read)
	}
	rows, err := m.s.query(ctx, query+order+` LIMIT :lim`, args...)
	if err != nil && q.All && strings.Contains(err.Error(), "no such index") {
		// A bulk import is building its indexes (bulk.go): read the rows.
		query = strings.ReplaceAll(query, " INDEXED BY articles_ids", "")
		rows, err = m.s.query(ctx, query+order+` LIMIT :lim`, args...)
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// articlesOf is the articles a scan reads: every article through the
// narrow id index (a row is read only for its source's watermark), or
// the rows of the scan's sources.
func articlesOf(q store.IDScan) string {
	if q.All {
		return `articles a INDEXED BY articles_ids`
	}
	return `articles a`
}

// scanSelect selects the ids of from (which names a and m) in the scan's
// sources and below its upper bound.
func scanSelect(from string, q store.IDScan) string {
	s := `SELECT a.id AS id ` + from + `
		WHERE a.id < :before`
	if !q.All {
		s += ` AND a.source_id IN (SELECT value FROM json_each(:srcs))`
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
