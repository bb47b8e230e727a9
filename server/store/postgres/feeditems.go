package postgres

import (
	"context"
	"errors"
	"fmt"
	"tidings/server/store"
	"tidings/server/store/jsonl"
	"time"

	"github.com/jackc/pgx/v5"
)

// Writing polls: each poll's items in a transaction of its own, each item
// handled as store.FeedItems plans it (the rule is stated there, once for
// every backend); this file holds only how the plan is carried out.

// SaveFeedItems stores one poll's items and its polling state.
func (s *Store) SaveFeedItems(ctx context.Context, id string, items []store.FeedItem, p store.FeedPoll, seen time.Time) (store.FeedWriteStats, error) {
	stats, errs := s.SaveFeedPolls(ctx, []store.FeedPollResult{{ID: id, Items: items, Poll: p, Seen: seen}})
	return stats[0], errs[0]
}

// SaveFeedPolls stores several polls, each in its own transaction: a
// network round trip costs little next to SQLite's commit, so batching
// feeds together would only make one feed's failure undo another's.
func (s *Store) SaveFeedPolls(ctx context.Context, polls []store.FeedPollResult) ([]store.FeedWriteStats, []error) {
	stats := make([]store.FeedWriteStats, len(polls))
	errs := make([]error, len(polls))
	for i := range polls {
		stats[i], errs[i] = s.savePoll(ctx, polls[i])
	}
	return stats, errs
}

func (s *Store) savePoll(ctx context.Context, p store.FeedPollResult) (store.FeedWriteStats, error) {
	var c store.FeedWriteStats
	if err := store.CheckItems(p.ID, p.Items); err != nil {
		return c, err
	}
	var n int64
	wrote := false
	var refused error // the poll's own error, returned as the shared rule words it
	err := s.writeArticles(ctx, true, func(tx pgx.Tx, sw *storyWrite) error {
		c = store.FeedWriteStats{}
		var err error
		if refused, err = store.CheckPoll(p, feedLookups(ctx, tx)); err != nil {
			return err
		}
		if refused != nil {
			return refused // rolls back; returned unwrapped below
		}
		w := &feedWriter{tx: tx, sw: sw, id: p.ID, plan: store.NewFeedItems(p.ID, p.Seen)}
		if wrote, err = w.items(ctx, p.Items, &c); err != nil {
			return err
		}
		if err := savePollState(ctx, tx, p); err != nil {
			return err
		}
		if wrote {
			n, err = bumpTx(ctx, tx)
		}
		return err
	})
	if refused != nil {
		return store.FeedWriteStats{}, refused
	}
	if err != nil {
		if wrote {
			s.wrote(0)
		}
		return store.FeedWriteStats{}, fmt.Errorf("save poll of feed %q: %w", p.ID, err)
	}
	if wrote {
		s.wrote(n)
	}
	return c, nil
}

func savePollState(ctx context.Context, tx pgx.Tx, p store.FeedPollResult) error {
	var err error
	if p.URL == "" {
		_, err = tx.Exec(ctx, savePollSQL, pollArgs(p.ID, p.Poll)...)
	} else {
		_, err = tx.Exec(ctx, savePollURLSQL, append(pollArgs(p.ID, p.Poll), p.URL)...)
	}
	return err
}

// feedWriter stores one poll's items in one transaction.
type feedWriter struct {
	tx   pgx.Tx
	sw   *storyWrite // the rows written, to group
	id   string
	plan *store.FeedItems   // the rule, and the poll's items so far
	ids  *store.IDAllocator // nil until a preferred id is taken
}

func (w *feedWriter) items(ctx context.Context, items []store.FeedItem, c *store.FeedWriteStats) (wrote bool, err error) {
	for _, it := range items {
		res, err := w.item(ctx, it)
		res.Count(c)
		wrote = wrote || res != store.ItemUnchanged
		if err != nil {
			return wrote, err
		}
	}
	return wrote, nil
}

// item stores one entry as store.FeedItems plans it.
func (w *feedWriter) item(ctx context.Context, it store.FeedItem) (store.ItemOutcome, error) {
	plan, err := w.plan.Plan(ctx, w, it)
	if err != nil {
		return store.ItemUnchanged, err
	}
	if plan.Remap {
		if _, err := w.tx.Exec(ctx, mapGUIDSQL, w.id, it.GUID, it.Article.URL); err != nil {
			return store.ItemUnchanged, fmt.Errorf("record entry %q: %w", it.GUID, err)
		}
	}
	for _, u := range plan.Delete {
		if err := w.delete(ctx, u); err != nil {
			return plan.Outcome, err
		}
	}
	if !plan.Store {
		return plan.Outcome, nil
	}
	r := jsonl.Record{Article: plan.Article}
	if plan.Replaces != nil && plan.Replaces.Popularity != nil {
		r.Popularity, r.HasPopularity = *plan.Replaces.Popularity, true
	}
	return plan.Outcome, w.insert(ctx, r)
}

// MappedURL implements store.ItemLookup.
func (w *feedWriter) MappedURL(ctx context.Context, feedID, guid string) (string, error) {
	return mappedURL(ctx, w.tx, feedID, guid)
}

// mappedURL is the URL entry guid of feed feedID was last stored under.
func mappedURL(ctx context.Context, q querier, feedID, guid string) (string, error) {
	var u string
	if err := q.QueryRow(ctx, guidURLSQL, feedID, guid).Scan(&u); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", classify(err)
	}
	return u, nil
}

// StoredArticle implements store.ItemLookup.
func (w *feedWriter) StoredArticle(ctx context.Context, url string) (*store.StoredItem, error) {
	c := store.StoredItem{URL: url}
	var published *int64
	err := w.tx.QueryRow(ctx, storedArticleSQL, url).Scan(&c.SourceID, &c.Author, &c.Title, &c.Description,
		&c.Image, &published, &c.Content, &c.Popularity)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if published != nil {
		c.Published, c.Dated = *published, true
	}
	return &c, nil
}

func (w *feedWriter) delete(ctx context.Context, url string) error {
	if _, err := deleteArticles(ctx, w.tx, w.sw, deleteArticleSQL, url); err != nil {
		return fmt.Errorf("delete article %s: %w", url, err)
	}
	return nil
}

// insert stores r under its preferred id, or, when that is taken or its
// second crowded already, under one the transaction's allocator gives.
func (w *feedWriter) insert(ctx context.Context, r jsonl.Record) error {
	args := articleArgs(&r)
	if w.ids == nil || !w.ids.Crowded(store.IDSecond(args[0].(int64))) {
		tag, err := w.tx.Exec(ctx, insertArticleSQL, args...)
		if err != nil {
			return fmt.Errorf("store article %s: %w", r.URL, err)
		}
		if tag.RowsAffected() == 1 {
			w.sw.insert(args[0].(int64), &r.Article)
			return nil
		}
	}
	if w.ids == nil {
		w.ids = store.NewIDAllocator(secondLookup(w.tx))
	}
	if err := insertAllocated(ctx, w.tx, w.ids, [][]any{args}, []string{r.URL}); err != nil {
		return err
	}
	w.sw.insert(args[0].(int64), &r.Article)
	return nil
}
