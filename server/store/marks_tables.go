package store

import (
	"context"
	"math"
)

// The read rule, decided here once for every backend (which only run the
// SQL MarkTables asks for):
//
//   - An owner's article is read when the owner marked it so explicitly
//     (SetRead), and otherwise when its id is at or below the owner's
//     watermark for it: the higher of the owner's global watermark and the
//     watermark of the article's source. Ids sort as publication times do
//     (ids.go), so "read up to id w" is "everything published up to w's
//     second read".
//   - MarkAllRead of everything raises the global watermark; of a source,
//     a feed (a feed's id is its source's id), a category, a country or a
//     headlines query (all of which are sets of sources: articles carry
//     their source's category and country) it raises the watermarks of
//     those sources. Either way it forgets the owner's explicit read and
//     unread marks of the covered articles up to the watermark, so they
//     follow it. That costs a few rows, not one per article: marking
//     100,000 articles read is one watermark and a count.
//   - MarkAllRead of a search (a keyword, a domain, a time range) stores
//     an explicit read mark per article found (at most MaxScopeIDs).
//   - Articles published later than a watermark stay unread; so does an
//     article the owner marks unread after a MarkAllRead.
//
// In SQL the rule is, for article a, the owner's explicit mark m (outer
// joined, Read NULL when none) and the owner's watermark w of a's source
// (outer joined, Upto NULL when none), and the global watermark g:
//
//	COALESCE(m.read, a.id <= max(g, COALESCE(w.upto, g)))
//
// Starred is only ever explicit.

// GlobalGroup is the watermark group of every article; other groups are
// source ids. A source id cannot be "*" (model.ParseHeadlinesQuery refuses
// it), so the two never meet.
const GlobalGroup = "*"

// NoWatermark is the watermark of a group never marked read: below every
// id.
const NoWatermark int64 = math.MinInt64

// EndOfIDs is above every id.
const EndOfIDs int64 = math.MaxInt64

// StoredMark is an article's explicit marks as a backend stores them.
type StoredMark struct {
	ID      int64
	Source  string // the article's source id
	HasRead bool   // an explicit read (or unread) mark is stored
	Read    bool   // that mark, when HasRead
	Starred bool
}

// SourceRange is the articles of Source with Lo < id <= Hi.
type SourceRange struct {
	Source string
	Lo, Hi int64
}

// ReadFilter narrows an id scan by the read rule.
type ReadFilter int

// The read filters.
const (
	AnyRead ReadFilter = iota
	OnlyUnread
	OnlyReadArticles
)

// IDScan is one page of article ids a backend lists by the read rule.
type IDScan struct {
	All     bool     // every article; otherwise those of Sources
	Sources []string // when !All
	Global  int64    // the owner's global watermark (NoWatermark: none)
	// SourceMax is the highest source watermark above Global among the
	// scope's sources (NoWatermark: none): above it, and at or below
	// Global, an article's source need not be looked at.
	SourceMax int64
	Read      ReadFilter
	// Floor, for OnlyUnread, is the lowest watermark any article of the
	// scope has: below it only explicitly unread articles qualify, so the
	// scan reads the rows above it and the owner's unread marks, not the
	// whole read past.
	Floor   int64
	Starred bool  // only starred articles
	After   int64 // ids > After
	Before  int64 // ids < Before
	Oldest  bool  // ascending ids; otherwise descending
	Limit   int
}

// MarkTables is the SQL a backend runs for the rule above; the Marks it
// gives (NewMarks) hold the rule. Ids the store does not hold are ignored
// by every method.
type MarkTables interface {
	// Watermarks returns the owner's watermarks by group (GlobalGroup or
	// a source id).
	Watermarks(ctx context.Context, owner Owner) (map[string]int64, error)
	// RaiseWatermarks raises the watermark of each group to upto (a
	// higher one stays) and forgets the owner's explicit read marks of
	// the groups' articles with ids <= upto (starred marks stay).
	RaiseWatermarks(ctx context.Context, owner Owner, groups []string, upto int64) error
	// StoredMarks returns the stored articles among ids, with the owner's
	// explicit marks.
	StoredMarks(ctx context.Context, owner Owner, ids []int64) ([]StoredMark, error)
	// ExplicitReads returns the owner's explicit read and unread marks of
	// stored articles.
	ExplicitReads(ctx context.Context, owner Owner) ([]StoredMark, error)
	// WriteRead and WriteStarred store explicit marks of the stored
	// articles among ids.
	WriteRead(ctx context.Context, owner Owner, ids []int64, read bool) error
	WriteStarred(ctx context.Context, owner Owner, ids []int64, starred bool) error
	// CountIDs counts the articles with lo < id <= hi.
	CountIDs(ctx context.Context, lo, hi int64) (int, error)
	// CountBySource counts the articles with lo < id <= hi per source id.
	CountBySource(ctx context.Context, lo, hi int64) (map[string]int, error)
	// CountRanges counts the articles of each range.
	CountRanges(ctx context.Context, ranges []SourceRange) ([]int, error)
	// SourcesWhere lists the ids of the sources of a country and a
	// category ("" for any).
	SourcesWhere(ctx context.Context, country, category string) ([]string, error)
	// FeedIDs lists the ids of the catalogue's feeds.
	FeedIDs(ctx context.Context) ([]string, error)
	// ScanIDs lists the ids of one page of a scan.
	ScanIDs(ctx context.Context, owner Owner, q IDScan) ([]int64, error)
	// Version is a number that changes with every write of the owner's
	// marks (WriteRead, WriteStarred and RaiseWatermarks bump it in the
	// database, so every process and replica sees it).
	Version(ctx context.Context, owner Owner) (int64, error)
	// IDBound is the highest id of an article published at or before
	// the Unix second sec, as the backend stores times.
	IDBound(sec int64) int64
}

// MarksVersioner is a Marks that says when an owner's marks changed: an
// answer computed while MarksVersion returned v (and the catalogue's
// Generation g) stays true while both do, so it may be cached per owner.
type MarksVersioner interface {
	MarksVersion(ctx context.Context, owner Owner) (int64, error)
}
