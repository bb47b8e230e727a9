package sqlite

import (
	"context"
	"fmt"
	"io"
	"strings"

	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/jsonl"
)

// Stats is what an import did (the store package's shared type).
type Stats = store.ImportStats

// LineError is an input line that could not be imported.
type LineError = store.LineError

// MaxReportedErrors bounds Stats.Errors so a garbage file cannot exhaust
// memory; Skipped still counts them all.
const MaxReportedErrors = store.MaxReportedErrors

// ImportJSONL reads one JSON value per line and stores it; package jsonl
// parses the lines (the same reader the PostgreSQL backend uses): a
// Source, an Article in the spec's shape ("publishedAt" or "published_at";
// an optional numeric "popularity"), or a list envelope. Blank lines are
// ignored. Sources may come before or after their articles.
//
// Invalid lines are skipped and counted, with their line numbers, in Stats;
// only a read or database failure stops the import and returns an error.
// Rows are written in transactions of a few thousand, so memory stays
// bounded however long the input is; rows written before a failure stay.
//
// Into a store with no articles (a new file) the import is a bulk load:
// indexes are built once at the end rather than row by row (see bulk.go).
// Searches running meanwhile on the same store see an incomplete index.
func (s *Store) ImportJSONL(ctx context.Context, r io.Reader) (stats Stats, err error) {
	bulk, err := s.beginBulk(ctx)
	if err != nil {
		return stats, err
	}
	size := batchSize
	if bulk != nil {
		size = bulkBatchSize
		defer func() {
			if ferr := bulk.finish(s); ferr != nil && err == nil {
				err = ferr
			}
		}()
	}
	var recs []record
	return jsonl.Read(ctx, r, size, func(ctx context.Context, sources []model.Source, articles []jsonl.Record) error {
		recs = recs[:0]
		for _, a := range articles {
			recs = append(recs, record{Article: a.Article, popularity: a.Popularity, hasPopularity: a.HasPopularity})
		}
		return s.addTo(ctx, bulk, sources, recs)
	}, s.knownSources)
}

// knownSources reports which of ids are stored sources (for jsonl.Read,
// which refuses articles naming an unknown source by id alone).
func (s *Store) knownSources(ctx context.Context, ids []string) (map[string]bool, error) {
	known := map[string]bool{}
	for len(ids) > 0 {
		n := min(len(ids), 500) // below SQLite's bound on parameters
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		query := "SELECT id FROM sources WHERE id IN (?" + strings.Repeat(",?", n-1) + ")"
		rows, err := s.db.QueryContext(ctx, query, args...)
		if err != nil {
			return nil, fmt.Errorf("look up sources: %w", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, fmt.Errorf("look up sources: %w", err)
			}
			known[id] = true
		}
		if err := rows.Close(); err != nil {
			return nil, fmt.Errorf("look up sources: %w", err)
		}
		ids = ids[n:]
	}
	return known, nil
}
