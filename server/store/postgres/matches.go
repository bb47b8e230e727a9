package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"tidings/model"
	"tidings/server/store"
)

// A search with keywords answers from its matches: the ids of its newest
// maxResults matching articles, newest first. Their number is the total,
// any page is a slice of them and the ranked window their first
// rankWindow, so one read serves every page and order of a search until
// the next write.
//
// The GIN index cannot hand out matches newest first, and reading every
// match of a common word (a fifth of a million articles at 1M) to keep
// the newest 10,000 costs hundreds of milliseconds. So the matches are
// read a span of time at a time, newest first, each span through the
// GIN index: every article's tsvector holds the marker lexeme 'b N' of
// its time bucket (N = id >> bucketShift; migration 0002) and a span is
// q & ('b N' | 'b N-1' | …), which the index answers from the markers'
// lists, skipping through q's. A span costs about the articles and
// matches in it, never all of q's matches. The first span is one bucket;
// each next one is as many buckets as the matches found so far say the
// rest of the cap needs. When they say the remaining buckets will not
// fill the cap (a rare word, or a narrow range), the rest is read in one
// query without markers: q's own lists are short then.

// bucketShift cuts ids into time buckets: id >> bucketShift is the
// publication second >> 21, spans of 2^21 s (about 24 days, some 13,000
// articles at the benchmark's million).
const bucketShift = 37

// maxSpan bounds the buckets one query's tsquery names.
const maxSpan = 64

// maxCachedMatches bounds the cached match lists (up to 80 kB each).
const maxCachedMatches = 128

// matches returns the ids of the newest maxResults articles sr matches,
// newest first, cached until the next write. A search without keywords
// (sources, domains or a language) walks those filters' indexes newest
// first instead.
func (s *Store) matches(ctx context.Context, sr search) ([]int64, error) {
	w := sr.where(sr.text, "a.id", sr.lo, sr.hi)
	return cached(s, s.matched, cacheKey("matches", w.sql(), w.args), func() ([]int64, error) {
		if sr.text == "" {
			query := "SELECT a.id FROM articles a" + w.sql() + " ORDER BY a.id DESC LIMIT " + w.arg(maxResults)
			return s.ids(ctx, s.pool, query, w.args)
		}
		return s.readMatches(ctx, sr)
	})
}

// readMatches reads sr's matches span by span in one read-only
// repeatable-read transaction, so the spans see one snapshot.
func (s *Store) readMatches(ctx context.Context, sr search) ([]int64, error) {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, classify(err)
	}
	defer tx.Rollback(context.Background())
	var newest, oldest, first, last *int64 // in the range, and the catalogue's first and last
	var perBucket float64                  // articles in a bucket, on average
	if err := tx.QueryRow(ctx, `SELECT max(id), min(id), (SELECT min(id) FROM articles), (SELECT max(id) FROM articles), COALESCE(
	(SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'articles'::regclass)
	/ (((SELECT max(id) FROM articles) >> 37) - ((SELECT min(id) FROM articles) >> 37) + 1), 0)::float8
FROM articles WHERE id BETWEEN $1 AND $2`, sr.lo, sr.hi).Scan(&newest, &oldest, &first, &last, &perBucket); err != nil {
		return nil, fmt.Errorf("find the time range: %w", classify(err))
	}
	if newest == nil {
		return []int64{}, nil
	}
	// Only bitmap plans: walking the id index newest first and checking
	// each row's tsvector is what the spans are there to avoid (the
	// planner, taking q's words and the markers to be independent, would
	// choose it for words that rarely meet). And no parallel workers: a
	// span reads a few thousand rows, and starting workers for it took
	// 150-190 ms at 1M (measured), more than the whole read.
	if _, err := tx.Exec(ctx, "SET LOCAL enable_indexscan = off; SET LOCAL enable_seqscan = off; "+
		"SET LOCAL max_parallel_workers_per_gather = 0"); err != nil {
		return nil, classify(err)
	}
	top, bottom, start := *newest>>bucketShift, *oldest>>bucketShift, *first>>bucketShift
	// The GIN index knows no time: reading by q's own lists reads q's
	// matches in every bucket of the catalogue, those already read too.
	catalogue := *last>>bucketShift - start + 1
	bucketCost := perBucket * markerCost
	if strings.Contains(sr.text, "<->") {
		bucketCost /= phraseRowCost
	}
	ids := []int64{}
	span, marked := int64(1), true
	for cur := top; cur >= bottom && int64(len(ids)) < maxResults; {
		from := cur - span + 1
		hi := min(sr.hi, cur<<bucketShift|(1<<bucketShift-1))
		tsq := "( " + sr.text + " )" + sr.facets
		if marked {
			tsq += " & ( " + buckets(from, cur) + " )"
		} else {
			from = bottom // the rest, by q's own lists
		}
		query, args := spanQuery(sr, tsq, hi, maxResults-int64(len(ids)))
		found, err := s.ids(ctx, tx, query, args)
		if err != nil {
			return nil, err
		}
		ids = append(ids, found...)
		cur = from - 1
		span, marked = nextSpan(int64(len(ids)), float64(*newest-from<<bucketShift+1), cur-bottom+1, catalogue, bucketCost)
	}
	return ids, classify(tx.Commit(ctx))
}

// spanQuery is the query of one read: the newest limit articles matching
// tsq (sr's words, facets and span markers) up to id hi, with sr's
// other conditions. Those and the id bounds are checked on the rows of
// tsq's matches, never read from their own indexes to AND with the GIN
// bitmap (OFFSET 0 keeps the planner from pushing them into the scan):
// the markers already narrow the index read to the span and the filters,
// while the planner, taking q's words to be independent, expects many
// matches and would read hundreds of thousands of keys to narrow a few
// thousand: the primary key's range (250 ms at 1M, measured), or a
// language's 355,650 keys for every span (58 against 25 ms a span of
// "opposition" in English, measured).
func spanQuery(sr search, tsq string, hi, limit int64) (string, []any) {
	w := sr.where("", "a.id", sr.lo, hi)
	query := "SELECT a.id FROM (SELECT a.id, a.language, a.source_id, a.rhost, a.story_id FROM articles a WHERE a.tsv @@ " +
		w.arg(tsq) + "::tsquery OFFSET 0) a" + w.sql() + " ORDER BY a.id DESC LIMIT " + w.arg(limit)
	return query, w.args
}

// markerCost is what reading one article's time marker through the GIN
// index costs, in rows read. It was a fifth (0.3 µs against 1.5 µs at
// 1M) with a marker a bucket; with a few coarse ones a span (migration
// 0005) it is about a hundredth: "char expected" read 8,999 matches in
// 37 buckets in 37 ms, and all its 23,830 by its own lists in 74 ms
// (2026-12-02, at 1M).
const markerCost = 0.02

// phraseRowCost is what a row costs a phrase search, in plain rows: the
// GIN index knows no word positions, so every article holding the
// phrase's words is read and its tsvector decompressed and checked, a
// few times a plain row's cost and often for several rows a match.
const phraseRowCost = 8

// nextSpan is how the next read goes, having found n matches in the
// newest scanned ids (a span of ids, newest to the oldest scanned
// bucket's start: the newest bucket is seldom full), with left buckets of
// the search's range still to read, all buckets of the catalogue, and
// reading one bucket's markers costing bucketCost rows. Spans
// are as many buckets as the matches so far say the cap needs (a tenth
// more, so a span seldom falls just short), or all that are left when
// they will not fill it, read through the buckets' markers: a span costs
// its articles' markers and the rows it reads. Reading the rest by q's
// own lists instead (marked false) costs a row for every match of the
// catalogue, whatever the range and those already read (the GIN index
// knows no time): that is the cheaper way for matches too sparse for
// spans to pay.
func nextSpan(n int64, scanned float64, left, all int64, bucketCost float64) (span int64, marked bool) {
	need := maxResults - n
	if n == 0 {
		return left, false // nothing to go by; and q's lists met nothing yet
	}
	perBucket := float64(n) / scanned * (1 << bucketShift)
	span = left
	if perBucket*float64(left) > float64(need) {
		span = int64(float64(need)*1.1/perBucket) + 1
	}
	spans := float64(min(span, left))*bucketCost + min(perBucket*float64(span), float64(need))
	if perBucket*float64(all) <= spans {
		return left, false
	}
	return max(1, min(span, maxSpan, left)), true
}

// spanLevels are the time markers' block sizes, largest first, as
// log2 of buckets: 'b64 N', 'b16 N' and 'b4 N' (migration 0005) name
// aligned blocks of 64, 16 and 4 buckets, 'b N' (0002) one bucket.
var spanLevels = []struct {
	shift  uint
	prefix string
}{{6, "b64 "}, {4, "b16 "}, {2, "b4 "}, {0, "b "}}

// buckets is the tsquery text matching the marker of any bucket from
// first to last: the fewest aligned blocks that cover them exactly,
// newest first. The GIN index takes each candidate as the least item
// over every ORed marker, so a span costs more the more markers name it
// (1.8 µs a row at 3 markers, 2.8 µs at 24, measured): a span of 24
// buckets is a handful of blocks instead of 24 markers.
func buckets(first, last int64) string {
	var parts []string
	for b := last; b >= first; {
		for _, l := range spanLevels {
			size := int64(1) << l.shift
			// The block ending at b, when b ends one and it fits.
			if (b+1)%size == 0 && b-size+1 >= first {
				parts = append(parts, quoteLexeme(l.prefix+strconv.FormatInt(b>>l.shift, 10)))
				b -= size
				break
			}
		}
	}
	return strings.Join(parts, " | ")
}

// facets are q's filters as marker lexemes (migration 0002) ANDed to a
// search's tsquery, so the GIN index narrows a common word to one
// language, source or domain instead of the rows being read and dropped.
// The filters stay conditions on the rows too (search.conds); a marker
// only ever narrows to what they keep. Excluded domains are left to the
// rows: excluding one domain narrows little, and a negated entry is one
// more list the index checks every candidate against.
func facets(q model.ArticlesQuery) string {
	var out strings.Builder
	oneOf := func(prefix string, values []string) string {
		parts := make([]string, len(values))
		for i, v := range values {
			parts[i] = quoteLexeme(prefix + v)
		}
		return "( " + strings.Join(parts, " | ") + " )"
	}
	if q.Language != "" {
		out.WriteString(" & " + quoteLexeme("l "+string(q.Language)))
	}
	if len(q.Sources) > 0 {
		out.WriteString(" & " + oneOf("s ", q.Sources))
	}
	if d, ok := reversedDomains(q.Domains); ok && len(d) > 0 {
		out.WriteString(" & " + oneOf("d ", d))
	}
	return out.String()
}

// reversedDomains are domains as their markers name them; not ok when one
// is empty (no marker names it, so the rows alone must decide).
func reversedDomains(domains []string) ([]string, bool) {
	out := make([]string, len(domains))
	for i, d := range domains {
		if out[i] = store.ReverseDomain(d); out[i] == "" {
			return nil, false
		}
	}
	return out, true
}

// quoteLexeme quotes s as one tsquery lexeme.
func quoteLexeme(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s) + "'"
}
