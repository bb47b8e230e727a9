package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"tidings/model"
)

// MaxStreamIDs is the most ids one StreamIDs page holds (Google Reader's
// n); DefaultStreamIDs is a page when the stream asks no limit.
const (
	MaxStreamIDs     = 10_000
	DefaultStreamIDs = 20
)

// badContinuation is the error for a continuation this service did not
// give.
func badContinuation(c string) error {
	return &model.ValidationError{Param: "c", Kind: model.KindParameter,
		Message: fmt.Sprintf("continuation %q is not one this service gave: start again without c", c)}
}

// StreamIDs implements Marks. The continuation is the last id of the
// page, in decimal.
func (r *ruleMarks) StreamIDs(ctx context.Context, owner Owner, s Stream) ([]int64, string, error) {
	limit := s.Limit
	if limit <= 0 {
		limit = DefaultStreamIDs
	}
	limit = min(limit, MaxStreamIDs)
	q := IDScan{After: NoWatermark, Before: EndOfIDs, Oldest: s.OldestFirst, Starred: s.OnlyStarred, Limit: limit + 1}
	switch {
	case s.ExcludeRead:
		q.Read = OnlyUnread
	case s.OnlyRead:
		q.Read = OnlyReadArticles
	}
	if !s.After.IsZero() {
		q.After = r.idBound(s.After)
	}
	if !s.Before.IsZero() {
		q.Before = r.idBound(s.Before.Add(-1e9)) + 1 // before nt's second
	}
	if s.Continuation != "" {
		last, err := strconv.ParseInt(s.Continuation, 10, 64)
		if err != nil {
			return nil, "", badContinuation(s.Continuation)
		}
		if s.OldestFirst {
			q.After = max(q.After, last)
		} else {
			q.Before = min(q.Before, last)
		}
	}
	res, err := resolve(ctx, r.t, s.Scope)
	if err != nil {
		return nil, "", err
	}
	var ids []int64
	switch {
	case res.search != nil:
		ids, err = r.searchStream(ctx, owner, *res.search, q)
	case res.all || len(res.sources) > 0:
		ids, err = r.scan(ctx, owner, res, q)
	}
	if err != nil {
		return nil, "", err
	}
	if len(ids) <= limit {
		return ids, "", nil
	}
	ids = ids[:limit]
	return ids, strconv.FormatInt(ids[limit-1], 10), nil
}

// scan runs q over every article or a set of sources.
func (r *ruleMarks) scan(ctx context.Context, owner Owner, res resolved, q IDScan) ([]int64, error) {
	w, err := r.watermarks(ctx, owner)
	if err != nil {
		return nil, err
	}
	q.All, q.Sources, q.Global = res.all, res.sources, w.global
	q.Floor, q.SourceMax = w.global, NoWatermark
	for src, upto := range w.by {
		if src != GlobalGroup && upto > w.global && (res.all || slices.Contains(res.sources, src)) {
			q.SourceMax = max(q.SourceMax, upto)
		}
	}
	if !res.all {
		q.Floor = EndOfIDs
		for _, src := range res.sources {
			q.Floor = min(q.Floor, w.of(src))
		}
	}
	ids, err := r.t.ScanIDs(ctx, owner, q)
	if err != nil {
		return nil, fmt.Errorf("list the ids of the stream: %w", err)
	}
	return ids, nil
}

// searchStream filters a search scope's ids in memory: there are at most
// MaxScopeIDs.
func (r *ruleMarks) searchStream(ctx context.Context, owner Owner, search model.ArticlesQuery, q IDScan) ([]int64, error) {
	ids, err := searchIDs(ctx, r.r, search)
	if err != nil {
		return nil, err
	}
	marks, err := r.MarksOf(ctx, owner, ids)
	if err != nil {
		return nil, err
	}
	var out []int64
	for _, id := range ids {
		m := marks[id]
		switch {
		case id <= q.After || id >= q.Before,
			q.Starred && !m.Starred,
			q.Read == OnlyUnread && m.Read,
			q.Read == OnlyReadArticles && !m.Read:
			continue
		}
		out = append(out, id)
	}
	slices.Sort(out)
	if !q.Oldest {
		slices.Reverse(out)
	}
	return out[:min(len(out), q.Limit)], nil
}
