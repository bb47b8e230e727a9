// Package jsonl reads the catalogue's import format, JSON Lines of
// sources and articles in the spec's shapes, for every backend's
// ImportJSONL: one parser, so an import means the same on SQLite and
// PostgreSQL. It hands batches of parsed rows to the backend's sink.
//
// A line is a Source (it has "id" and "name" but no "title"), an Article
// in the spec's shape ("publishedAt" or "published_at"; an optional
// numeric "popularity"), or a list envelope holding "sources" and/or
// "articles" arrays. Blank lines are ignored. Invalid lines (and invalid
// items of envelopes) are skipped and counted, with their line numbers;
// only a read or sink failure stops the import.
//
// The rules are here, once, for every backend: a source needs an id; an
// article needs a title, an http(s) URL and, if it gives one, a date this
// package reads; an article whose source gives an id but no name must
// name a source of the file (before or after it) or of the catalogue,
// since its name is what the service shows. An article without a date
// is stored with none (publishedAt null), as feeds' undated items are.
//
// It must not write anything itself: storing is the sink's.
package jsonl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Stats is what an import did.
type Stats = store.ImportStats

// LineError is an input line that could not be imported.
type LineError = store.LineError

// MaxReportedErrors bounds Stats.Errors.
const MaxReportedErrors = store.MaxReportedErrors

// maxLineBytes bounds one line: a whole list envelope may sit on one line.
var maxLineBytes = 64 << 20

// Record is an imported article and the popularity the line gave it.
type Record struct {
	model.Article
	Popularity    float64
	HasPopularity bool // false: the line gave none
}

// Sink stores one batch of parsed sources and articles.
type Sink func(ctx context.Context, sources []model.Source, articles []Record) error

// KnownSources reports which of ids the catalogue already holds as
// sources (before this import). nil: none.
type KnownSources func(ctx context.Context, ids []string) (map[string]bool, error)

// Read parses r and hands its rows to sink in batches of at most batch
// rows (sources and articles together). The stats count what sink
// accepted and what was skipped. known is asked about the sources that
// articles name by id alone and the file does not hold (so far).
func Read(ctx context.Context, r io.Reader, batch int, sink Sink, known KnownSources) (Stats, error) {
	imp := importer{sink: sink, ctx: ctx, batch: max(batch, 1),
		refs: sourceRefs{known: known, inFile: map[string]bool{}, inCatalogue: map[string]bool{}}}
	return imp.run(r)
}

func (imp *importer) run(r io.Reader) (Stats, error) {
	ctx := imp.ctx
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		if err := ctx.Err(); err != nil {
			return imp.stats, fmt.Errorf("import stopped at line %d: %w", imp.stats.Lines, err)
		}
		line, err := readLine(br)
		if len(line) > 0 || err == nil || errors.Is(err, errLineTooLong) {
			imp.stats.Lines++
		}
		if errors.Is(err, errLineTooLong) {
			imp.skip(fmt.Errorf("line is longer than %d bytes", maxLineBytes))
			continue
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if ferr := imp.line(line); ferr != nil {
				return imp.stats, ferr
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return imp.stats, fmt.Errorf("read line %d: %w", imp.stats.Lines, err)
		}
	}
	if err := imp.flush(); err != nil {
		return imp.stats, err
	}
	return imp.stats, imp.finish()
}

var errLineTooLong = errors.New("line is too long")

// readLine returns the next line without its newline; a line over the
// limit is consumed and reported as errLineTooLong.
func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLineBytes {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, errLineTooLong
		}
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), err
	}
}

type importer struct {
	sink    Sink
	ctx     context.Context
	batch   int
	stats   Stats
	sources []model.Source
	recs    []Record
	refs    sourceRefs
}

// jsonLine holds every field any of the accepted line shapes can carry.
type jsonLine struct {
	ID          *string           `json:"id"`
	Name        *string           `json:"name"`
	Description string            `json:"description"`
	URL         string            `json:"url"`
	Category    string            `json:"category"`
	Language    string            `json:"language"`
	Country     string            `json:"country"`
	Source      *model.SourceRef  `json:"source"`
	Author      string            `json:"author"`
	Title       *string           `json:"title"`
	URLToImage  string            `json:"urlToImage"`
	PublishedAt string            `json:"publishedAt"`
	Published   string            `json:"published_at"`
	Content     string            `json:"content"`
	Popularity  *float64          `json:"popularity"`
	Sources     []json.RawMessage `json:"sources"`
	Articles    []json.RawMessage `json:"articles"`
}

// line imports one line; it returns an error only when storing fails.
func (imp *importer) line(b []byte) error {
	var l jsonLine
	if err := json.Unmarshal(b, &l); err != nil {
		imp.skip(fmt.Errorf("not a JSON object: %w", err))
		return nil
	}
	switch {
	case l.Sources != nil || l.Articles != nil:
		for _, raw := range l.Sources {
			if err := imp.item(raw, true); err != nil {
				return err
			}
		}
		for _, raw := range l.Articles {
			if err := imp.item(raw, false); err != nil {
				return err
			}
		}
		return nil
	case l.Title != nil:
		return imp.article(l)
	case l.ID != nil && l.Name != nil:
		return imp.source(l)
	}
	imp.skip(errors.New(`neither a source (needs "id" and "name"), an article (needs "title") nor a list envelope`))
	return nil
}

func (imp *importer) item(raw json.RawMessage, isSource bool) error {
	var l jsonLine
	if err := json.Unmarshal(raw, &l); err != nil {
		imp.skip(fmt.Errorf("list item is not a JSON object: %w", err))
		return nil
	}
	if isSource {
		return imp.source(l)
	}
	return imp.article(l)
}

func (imp *importer) source(l jsonLine) error {
	src, err := l.toSource()
	if err != nil {
		imp.skip(err)
		return nil
	}
	imp.sources = append(imp.sources, src)
	imp.refs.inFile[src.ID] = true
	return imp.maybeFlush()
}

func (imp *importer) article(l jsonLine) error {
	rec, err := l.toRecord()
	if err != nil {
		imp.skip(err)
		return nil
	}
	if !imp.refs.resolved(rec) {
		imp.refs.waiting = append(imp.refs.waiting, waitingRecord{Record: rec, line: imp.stats.Lines})
		return nil
	}
	imp.recs = append(imp.recs, rec)
	return imp.maybeFlush()
}

func (imp *importer) skip(err error) { imp.skipAt(imp.stats.Lines, err) }

// skipAt counts line as skipped for err.
func (imp *importer) skipAt(line int, err error) {
	imp.stats.Skipped++
	if len(imp.stats.Errors) < MaxReportedErrors {
		imp.stats.Errors = append(imp.stats.Errors, LineError{Line: line, Err: err})
	}
}

func (imp *importer) maybeFlush() error {
	if len(imp.sources)+len(imp.recs) < imp.batch {
		return nil
	}
	return imp.flush()
}

func (imp *importer) flush() error {
	ready, err := imp.refs.settle(imp.ctx)
	if err != nil {
		return fmt.Errorf("import near line %d: %w", imp.stats.Lines, err)
	}
	imp.recs = append(imp.recs, ready...)
	if err := imp.sink(imp.ctx, imp.sources, imp.recs); err != nil {
		return fmt.Errorf("import near line %d: %w", imp.stats.Lines, err)
	}
	imp.stats.Sources += len(imp.sources)
	imp.stats.Articles += len(imp.recs)
	imp.sources, imp.recs = imp.sources[:0], imp.recs[:0]
	return nil
}

func (l jsonLine) toSource() (model.Source, error) {
	src := model.Source{Description: l.Description, URL: l.URL}
	if l.ID == nil || strings.TrimSpace(*l.ID) == "" {
		return src, errors.New(`source has no "id"`)
	}
	src.ID = strings.TrimSpace(*l.ID)
	if l.Name != nil {
		src.Name = *l.Name
	}
	var err error
	if src.Category, err = model.ParseCategory(l.Category); err != nil {
		return src, fmt.Errorf("source %q: %w", src.ID, err)
	}
	if src.Language, err = model.ParseLanguage(l.Language); err != nil {
		return src, fmt.Errorf("source %q: %w", src.ID, err)
	}
	if src.Country, err = model.ParseCountry(l.Country); err != nil {
		return src, fmt.Errorf("source %q: %w", src.ID, err)
	}
	return src, nil
}

func (l jsonLine) toRecord() (Record, error) {
	r := Record{Article: model.Article{Author: l.Author, Description: l.Description,
		URL: strings.TrimSpace(l.URL), URLToImage: l.URLToImage, Content: l.Content}}
	if l.Title != nil {
		r.Title = *l.Title
	}
	if l.Source != nil {
		r.Source = *l.Source
	}
	if r.URL == "" {
		return r, fmt.Errorf(`article %q has no "url"`, r.Title)
	}
	if !isWebURL(r.URL) {
		return r, fmt.Errorf("url %q is not an http(s) URL", r.URL)
	}
	if strings.TrimSpace(r.Title) == "" {
		return r, fmt.Errorf("article %s has an empty title", r.URL)
	}
	published := l.PublishedAt
	if published == "" {
		published = l.Published
	}
	t, err := parsePublished(published)
	if err != nil {
		return r, fmt.Errorf("article %s: %w", r.URL, err)
	}
	r.PublishedAt = t
	if l.Popularity != nil {
		r.Popularity, r.HasPopularity = *l.Popularity, true
	}
	return r, nil
}

var publishedLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"}

// parsePublished reads a publication time; "" is unknown (the zero time).
func parsePublished(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range publishedLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("publishedAt %q is not an ISO 8601 time like 2026-11-20T08:00:00Z", s)
}
