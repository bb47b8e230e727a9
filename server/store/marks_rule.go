package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tidings/model"
	"tidings/server/store/gencache"
)

// MaxMarkIDs is how many ids one backend call is given: longer lists are
// split, so no statement grows past a backend's limits.
const MaxMarkIDs = 1000

// NewMarks returns the Marks of a backend: the rule of this package over
// the backend's tables t and its reader r (for search scopes and the
// generation its counts are cached at).
func NewMarks(t MarkTables, r Reader) Marks {
	return &ruleMarks{t: t, r: r, totals: gencache.New[map[string]int](64)}
}

// ruleMarks is the read rule (marks_tables.go) over one backend.
type ruleMarks struct {
	t MarkTables
	r Reader
	// totals caches per-source article counts above a watermark (all of
	// them: what an owner who never marked anything has unread) for the
	// generation they were counted at: articles change only with the
	// catalogue, not with marks, so an owner's counts asked again (the
	// reader refreshing its Sources screen) count no articles.
	totals *gencache.Cache[map[string]int]
}

// watermarks is an owner's watermarks with the rule's lookup.
type watermarks struct {
	global int64
	by     map[string]int64
}

func (r *ruleMarks) watermarks(ctx context.Context, owner Owner) (watermarks, error) {
	if neverMarked(ctx, owner) {
		return watermarks{global: NoWatermark}, nil
	}
	by, err := r.t.Watermarks(ctx, owner)
	if err != nil {
		return watermarks{}, fmt.Errorf("read the watermarks: %w", err)
	}
	w := watermarks{global: NoWatermark, by: by}
	if g, ok := by[GlobalGroup]; ok {
		w.global = g
	}
	return w, nil
}

// explicitReads is the owner's read and unread marks that differ from
// their watermarks' say.
func (r *ruleMarks) explicitReads(ctx context.Context, owner Owner) ([]StoredMark, error) {
	if neverMarked(ctx, owner) {
		return nil, nil
	}
	explicit, err := r.t.ExplicitReads(ctx, owner)
	if err != nil {
		return nil, fmt.Errorf("read the explicit marks: %w", err)
	}
	return explicit, nil
}

// of is the watermark of source's articles.
func (w watermarks) of(source string) int64 {
	if s, ok := w.by[source]; ok && s > w.global {
		return s
	}
	return w.global
}

// read is the rule for one article.
func (w watermarks) read(m StoredMark) bool {
	if m.HasRead {
		return m.Read
	}
	return m.ID <= w.of(m.Source)
}

// chunks calls f with ids MaxMarkIDs at a time.
func chunks(ids []int64, f func([]int64) error) error {
	for len(ids) > 0 {
		n := min(len(ids), MaxMarkIDs)
		if err := f(ids[:n]); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

func (r *ruleMarks) stored(ctx context.Context, owner Owner, ids []int64) ([]StoredMark, error) {
	var out []StoredMark
	err := chunks(ids, func(part []int64) error {
		ms, err := r.t.StoredMarks(ctx, owner, part)
		out = append(out, ms...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the marks of %d articles: %w", len(ids), err)
	}
	return out, nil
}

// SetRead implements Marks.
func (r *ruleMarks) SetRead(ctx context.Context, owner Owner, ids []int64, read bool) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	w, err := r.watermarks(ctx, owner)
	if err != nil {
		return 0, err
	}
	ms, err := r.stored(ctx, owner, ids)
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, m := range ms {
		if w.read(m) != read {
			changed++
		}
	}
	err = chunks(ids, func(part []int64) error { return r.t.WriteRead(ctx, owner, part, read) })
	if err != nil {
		return 0, fmt.Errorf("mark %d articles read: %w", len(ids), err)
	}
	return changed, nil
}

// SetStarred implements Marks.
func (r *ruleMarks) SetStarred(ctx context.Context, owner Owner, ids []int64, starred bool) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	ms, err := r.stored(ctx, owner, ids)
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, m := range ms {
		if m.Starred != starred {
			changed++
		}
	}
	err = chunks(ids, func(part []int64) error { return r.t.WriteStarred(ctx, owner, part, starred) })
	if err != nil {
		return 0, fmt.Errorf("star %d articles: %w", len(ids), err)
	}
	return changed, nil
}

// MarksOf implements Marks.
func (r *ruleMarks) MarksOf(ctx context.Context, owner Owner, ids []int64) (map[int64]ArticleMarks, error) {
	out := make(map[int64]ArticleMarks, len(ids))
	if len(ids) == 0 || neverMarked(ctx, owner) { // absent: unread, not starred
		return out, nil
	}
	w, err := r.watermarks(ctx, owner)
	if err != nil {
		return nil, err
	}
	ms, err := r.stored(ctx, owner, ids)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		out[m.ID] = ArticleMarks{Read: w.read(m), Starred: m.Starred}
	}
	return out, nil
}

// idBound is the highest id of an article published at or before t; the
// zero time bounds nothing.
func (r *ruleMarks) idBound(t time.Time) int64 {
	if t.IsZero() {
		return EndOfIDs
	}
	return r.t.IDBound(ClampSeconds(t.Unix()))
}

// MarkAllRead implements Marks.
func (r *ruleMarks) MarkAllRead(ctx context.Context, owner Owner, scope Scope, before time.Time) (int, error) {
	res, err := resolve(ctx, r.t, scope)
	if err != nil {
		return 0, err
	}
	hi := r.idBound(before)
	if res.search != nil {
		ids, err := searchIDs(ctx, r.r, *res.search)
		if err != nil {
			return 0, err
		}
		covered := ids[:0]
		for _, id := range ids {
			if id <= hi {
				covered = append(covered, id)
			}
		}
		return r.SetRead(ctx, owner, covered, true)
	}
	if !res.all && len(res.sources) == 0 {
		return 0, nil
	}
	n, err := r.unreadTotal(ctx, owner, res, hi)
	if err != nil {
		return 0, err
	}
	groups := res.sources
	if res.all {
		groups = []string{GlobalGroup}
	}
	if err := r.t.RaiseWatermarks(ctx, owner, groups, hi); err != nil {
		return 0, fmt.Errorf("mark all read: %w", err)
	}
	return n, nil
}

func sum(counts map[string]int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// UnreadCount implements Marks.
func (r *ruleMarks) UnreadCount(ctx context.Context, owner Owner, scope Scope) (int, error) {
	res, err := resolve(ctx, r.t, scope)
	if err != nil {
		return 0, err
	}
	if res.search != nil {
		ids, err := searchIDs(ctx, r.r, *res.search)
		if err != nil {
			return 0, err
		}
		marks, err := r.MarksOf(ctx, owner, ids)
		if err != nil {
			return 0, err
		}
		n := 0
		for _, id := range ids {
			if !marks[id].Read {
				n++
			}
		}
		return n, nil
	}
	counts, err := r.unread(ctx, owner, res, EndOfIDs)
	if err != nil {
		return 0, err
	}
	return sum(counts), nil
}

// UnreadBy implements Marks.
func (r *ruleMarks) UnreadBy(ctx context.Context, owner Owner, by model.UnreadGrouping) (map[string]int, error) {
	if by != model.UnreadBySource && by != model.UnreadByFeed {
		return nil, fmt.Errorf("unread counts by %q: counts are by source or by feed", by)
	}
	counts, err := r.unread(ctx, owner, resolved{all: true}, EndOfIDs)
	if err != nil {
		return nil, err
	}
	if by == model.UnreadBySource {
		return counts, nil
	}
	feeds, err := r.t.FeedIDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("list the feeds: %w", err)
	}
	out := make(map[string]int, len(feeds))
	for _, f := range feeds {
		if n := counts[f]; n > 0 {
			out[f] = n
		}
	}
	return out, nil
}

// unread counts the owner's unread articles of res with ids <= hi per
// source: the articles above each source's watermark, less those marked
// read there, plus those marked unread below it.
func (r *ruleMarks) unread(ctx context.Context, owner Owner, res resolved, hi int64) (map[string]int, error) {
	w, err := r.watermarks(ctx, owner)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	var ranges []SourceRange
	if res.all {
		if counts, err = r.countAbove(ctx, w.global, hi); err != nil {
			return nil, err
		}
		for src, upto := range w.by {
			if src != GlobalGroup && upto > w.global {
				ranges = append(ranges, SourceRange{Source: src, Lo: upto, Hi: hi})
			}
		}
	} else {
		for _, src := range res.sources {
			if _, dup := counts[src]; !dup {
				counts[src] = 0
				ranges = append(ranges, SourceRange{Source: src, Lo: w.of(src), Hi: hi})
			}
		}
	}
	if err := r.countRanges(ctx, ranges, counts); err != nil {
		return nil, err
	}
	explicit, err := r.explicitReads(ctx, owner)
	if err != nil {
		return nil, err
	}
	for _, m := range explicit {
		if _, in := counts[m.Source]; (!res.all && !in) || m.ID > hi {
			continue
		}
		switch above := m.ID > w.of(m.Source); {
		case m.Read && above:
			counts[m.Source]--
		case !m.Read && !above:
			counts[m.Source]++
		}
	}
	for src, n := range counts {
		if n <= 0 {
			delete(counts, src)
		}
	}
	return counts, nil
}

// countAbove counts the articles with lo < id <= hi per source, cached
// per generation.
func (r *ruleMarks) countAbove(ctx context.Context, lo, hi int64) (map[string]int, error) {
	gen := r.r.Generation()
	key := fmt.Sprintf("%d:%d", lo, hi)
	if c, ok := r.totals.Get(key, gen); ok {
		return clone(c), nil
	}
	c, err := r.t.CountBySource(ctx, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("count the articles per source: %w", err)
	}
	r.totals.Put(key, gen, clone(c))
	return c, nil
}

func clone(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// countRanges sets counts[range.Source] to each range's count.
func (r *ruleMarks) countRanges(ctx context.Context, ranges []SourceRange, counts map[string]int) error {
	var ask []SourceRange
	for _, rg := range ranges {
		if rg.Lo >= rg.Hi {
			counts[rg.Source] = 0
			continue
		}
		ask = append(ask, rg)
	}
	for len(ask) > 0 {
		part := ask[:min(len(ask), MaxMarkIDs)]
		ask = ask[len(part):]
		ns, err := r.t.CountRanges(ctx, part)
		if err != nil {
			return fmt.Errorf("count the unread articles of %d sources: %w", len(part), err)
		}
		if len(ns) != len(part) {
			return errors.New("count the unread articles: the backend answered the wrong number of counts")
		}
		for i, rg := range part {
			counts[rg.Source] = ns[i]
		}
	}
	return nil
}

// unreadTotal counts the owner's unread articles of res with ids <= hi,
// without counting per source where it need not: everything is the
// articles above the global watermark, less those read by a higher
// source watermark, corrected by the explicit marks.
func (r *ruleMarks) unreadTotal(ctx context.Context, owner Owner, res resolved, hi int64) (int, error) {
	if !res.all {
		counts, err := r.unread(ctx, owner, res, hi)
		return sum(counts), err
	}
	w, err := r.watermarks(ctx, owner)
	if err != nil {
		return 0, err
	}
	n, err := r.t.CountIDs(ctx, w.global, hi)
	if err != nil {
		return 0, fmt.Errorf("count the articles: %w", err)
	}
	var ranges []SourceRange
	for src, upto := range w.by {
		if src != GlobalGroup && upto > w.global {
			ranges = append(ranges, SourceRange{Source: src, Lo: w.global, Hi: min(upto, hi)})
		}
	}
	read := map[string]int{}
	if err := r.countRanges(ctx, ranges, read); err != nil {
		return 0, err
	}
	n -= sum(read)
	explicit, err := r.explicitReads(ctx, owner)
	if err != nil {
		return 0, err
	}
	for _, m := range explicit {
		if m.ID > hi {
			continue
		}
		switch above := m.ID > w.of(m.Source); {
		case m.Read && above:
			n--
		case !m.Read && !above:
			n++
		}
	}
	return max(n, 0), nil
}

// MarksVersion implements MarksVersioner.
func (r *ruleMarks) MarksVersion(ctx context.Context, owner Owner) (int64, error) {
	v, err := r.t.Version(ctx, owner)
	if err != nil {
		return 0, fmt.Errorf("read the marks version: %w", err)
	}
	return v, nil
}
