package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"tidings/server/store"
	"time"
)

// Writing polls: the items of SaveFeedItems and SaveFeedPolls, in
// transactions of feeds, each item handled as store.FeedItems plans it
// (the rule is stated there, once for every backend); this file holds
// only how the plan is carried out in SQLite.

// SaveFeedItems stores a poll's items and then its polling state, in
// transactions of at most feedBatchSize items (the state goes with the
// last). Each item is matched to a stored article as store.FeedItems
// rules. Generation changes only when an article did, so a
// poll that found nothing new keeps every cached answer valid. Stored
// articles have popularity 0: feeds carry no popularity data.
//
// Every item must have a URL and a GUID: otherwise nothing is stored and
// the error names the item. On another error the transactions already
// committed stay, and the polling state is not saved.
func (s *Store) SaveFeedItems(ctx context.Context, id string, items []store.FeedItem, p store.FeedPoll, seen time.Time) (store.FeedWriteStats, error) {
	stats, errs := s.SaveFeedPolls(ctx, []store.FeedPollResult{{ID: id, Items: items, Poll: p, Seen: seen}})
	return stats[0], errs[0]
}

// SaveFeedPolls stores polls as SaveFeedItems does each, several to a
// transaction: a transaction holds at most feedBatchSize items, whoever's
// they are, so a pass over many small feeds commits once per batch. That
// is most of the cost of a first pass (each commit writes every index
// page its rows touched, and FTS5 one segment): 1,000 feeds of 50 items
// took 30 s committed one by one, 13 s in batches of up to 5,000 items. A feed
// larger than a batch spans several, its polling state in the last. An
// error of one transaction is the error of every poll it held; polls of
// other transactions are unaffected.
func (s *Store) SaveFeedPolls(ctx context.Context, polls []store.FeedPollResult) ([]store.FeedWriteStats, []error) {
	stats := make([]store.FeedWriteStats, len(polls))
	errs := make([]error, len(polls))
	var group []feedPart
	size := 0
	commit := func() {
		if len(group) > 0 {
			s.saveFeedGroup(ctx, polls, group, stats, errs)
		}
		group, size = group[:0], 0
	}
	for i := range polls {
		p := &polls[i]
		if err := store.CheckItems(p.ID, p.Items); err != nil {
			errs[i] = err
			continue
		}
		w := &feedWriter{id: p.ID, plan: store.NewFeedItems(p.ID, p.Seen)}
		items := p.Items
		for {
			if size >= feedBatchSize || len(group) >= maxGroupFeeds {
				commit()
			}
			n := min(len(items), feedBatchSize-size)
			last := n == len(items)
			group = append(group, feedPart{poll: i, w: w, items: items[:n], last: last})
			size += n
			items = items[n:]
			if last {
				break
			}
		}
	}
	commit()
	return stats, errs
}

// maxGroupFeeds bounds the polls of one transaction when they carry few
// items (a pass of 304s).
const maxGroupFeeds = 200

// feedPart is the items of one poll that go in one transaction.
type feedPart struct {
	poll  int
	w     *feedWriter
	items []store.FeedItem
	last  bool // the poll's state goes with this part
}

// feedWriter is the state of one poll's items across its transactions.
type feedWriter struct {
	id   string
	plan *store.FeedItems // the rule, and the poll's items so far
	*txWriter
}

// txWriter is one transaction of SaveFeedPolls: its statements, and what
// it writes at its end (flush): the articles it inserts, and the entries
// whose URL is new or changed.
type txWriter struct {
	guidURL, stored, deleteArticle *sql.Stmt
	inserts                        []record
	stories                        storyWrite // what the transaction did to stories
	mappings                       []any      // feed id, guid, url; feed id, guid, url; …
	// queued is the feed of each URL inserts holds: another feed's item
	// at that URL is then left to it, as if it were stored already.
	queued map[string]string
}

// saveFeedGroup writes group in one transaction, adding its counts to
// stats, or its error to errs, poll by poll.
func (s *Store) saveFeedGroup(ctx context.Context, polls []store.FeedPollResult, group []feedPart,
	stats []store.FeedWriteStats, errs []error) {
	counts := make([]store.FeedWriteStats, len(group))
	wrote, err := s.writeFeedGroup(ctx, polls, group, counts, errs)
	if wrote && err == nil {
		// After the commit: a reader that cached an answer under the old
		// generation meanwhile has it invalidated now.
		s.changes.Bump()
	}
	for k, part := range group {
		i := part.poll
		switch {
		case errs[i] != nil:
		case err != nil:
			errs[i] = fmt.Errorf("save poll of feed %q: %w", polls[i].ID, err)
		default:
			stats[i].New += counts[k].New
			stats[i].Updated += counts[k].Updated
			stats[i].Unchanged += counts[k].Unchanged
		}
	}
}

func (s *Store) writeFeedGroup(ctx context.Context, polls []store.FeedPollResult, group []feedPart,
	counts []store.FeedWriteStats, errs []error) (wrote bool, err error) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.beginWrite(ctx, s.db)
	if err != nil {
		return false, err
	}
	defer func() {
		if err != nil {
			s.dropGrouper()
			tx.Rollback()
		}
	}()
	t := &txWriter{queued: map[string]string{}}
	closeStmts, err := prepareAll(ctx, tx, []stmtDef{{&t.guidURL, guidURLSQL}, {&t.stored, storedArticleSQL},
		{&t.deleteArticle, deleteArticleSQL}})
	if err != nil {
		return false, err
	}
	defer closeStmts()
	for k, part := range group {
		if errs[part.poll] != nil {
			continue
		}
		if errs[part.poll], err = store.CheckPoll(polls[part.poll], feedLookups(ctx, tx)); errs[part.poll] != nil || err != nil {
			if err != nil {
				return false, err
			}
			continue
		}
		part.w.txWriter = t
		w, err := part.w.items(ctx, part.items, &counts[k])
		wrote = wrote || w
		if err != nil {
			return false, err
		}
		if part.last {
			if err := savePoll(ctx, tx, polls[part.poll]); err != nil {
				return false, err
			}
		}
	}
	if err := t.flush(ctx, tx); err != nil {
		return false, err
	}
	if err := s.groupWrite(ctx, tx, &t.stories); err != nil {
		return false, err
	}
	if err := s.commitWrite(ctx, tx, wrote); err != nil {
		return false, err
	}
	return wrote, nil
}

func savePoll(ctx context.Context, tx *sql.Tx, p store.FeedPollResult) error {
	var err error
	if p.URL == "" {
		_, err = tx.ExecContext(ctx, savePollSQL, pollArgs(p.ID, p.Poll)...)
	} else {
		_, err = tx.ExecContext(ctx, savePollURLSQL, append(pollArgs(p.ID, p.Poll), p.URL)...)
	}
	if err != nil {
		return fmt.Errorf("save poll of feed %q: %w", p.ID, err)
	}
	return nil
}

// items handles a part's items, counting what each did; wrote says
// whether any changed an article (even alongside an error).
func (w *feedWriter) items(ctx context.Context, items []store.FeedItem, c *store.FeedWriteStats) (wrote bool, err error) {
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return wrote, err
		}
		res, err := w.item(ctx, it)
		res.Count(c)
		wrote = wrote || res != store.ItemUnchanged
		if err != nil {
			return wrote, err
		}
	}
	return wrote, nil
}

// flush writes the transaction's new and changed articles with as few
// statements as it can (see insertArticlesSQL), then the entries' URLs.
func (t *txWriter) flush(ctx context.Context, tx *sql.Tx) error {
	if n := len(t.inserts); n > 0 {
		rows := make([][]any, n)
		for i := range t.inserts {
			rows[i] = articleArgs(&t.inserts[i])
		}
		// Oldest first: FTS5 also writes its pending terms out whenever
		// a row id is lower than the last one's, and feeds list their
		// newest entries first.
		slices.SortFunc(rows, func(a, b []any) int { return cmp.Compare(a[0].(int64), b[0].(int64)) })
		ids, err := insertRows(ctx, tx, rows)
		if err != nil {
			return err
		}
		for _, id := range ids {
			t.stories.Insert(id)
		}
		if len(ids) < n {
			// Some preferred ids were taken (articles of the same
			// second): those rows go in one by one, under ids the
			// allocator gives.
			if err := t.insertLeftOut(ctx, tx); err != nil {
				return err
			}
		}
	}
	if len(t.mappings) > 0 {
		query := `INSERT INTO feed_items(feed_id, guid, url) SELECT * FROM (VALUES ` +
			strings.Repeat("(?, ?, ?),", len(t.mappings)/3-1) + `(?, ?, ?)) WHERE true
ON CONFLICT(feed_id, guid) DO UPDATE SET url = excluded.url`
		if _, err := tx.ExecContext(ctx, query, t.mappings...); err != nil {
			return fmt.Errorf("record entries: %w", err)
		}
	}
	return nil
}

// maxInsertRows bounds the rows of one insert statement: SQLite takes at
// most 32,766 arguments to a statement.
const maxInsertRows = 2000

// insertRows inserts rows (of articleArgs) with as few statements as the
// argument limit allows, and returns the ids of those that went in.
func insertRows(ctx context.Context, tx *sql.Tx, rows [][]any) ([]int64, error) {
	ids := make([]int64, 0, len(rows))
	for len(rows) > 0 {
		chunk := rows[:min(len(rows), maxInsertRows)]
		rows = rows[len(chunk):]
		args := make([]any, 0, len(chunk)*insertArticleArgs)
		for _, r := range chunk {
			args = append(args, r...)
		}
		res, err := tx.QueryContext(ctx, insertArticlesSQL(len(chunk)), args...)
		if err != nil {
			return ids, fmt.Errorf("store articles: %w", err)
		}
		for res.Next() {
			var id int64
			if err := res.Scan(&id); err != nil {
				res.Close()
				return ids, fmt.Errorf("store articles: %w", err)
			}
			ids = append(ids, id)
		}
		res.Close()
		if err := res.Err(); err != nil {
			return ids, fmt.Errorf("store articles: %w", err)
		}
	}
	return ids, nil
}

// insertLeftOut inserts the transaction's articles that the one statement
// left out: those whose preferred id
// was taken go in under ids a store.IDAllocator gives, one lookup per
// second and no probing; those whose URL is stored already are left.
func (t *txWriter) insertLeftOut(ctx context.Context, tx *sql.Tx) error {
	insert, err := tx.PrepareContext(ctx, insertArticleSQL)
	if err != nil {
		return fmt.Errorf("prepare write: %w", err)
	}
	defer insert.Close()
	alloc := store.NewIDAllocator(secondLookup(tx))
	for i := range t.inserts {
		r := &t.inserts[i]
		// Stored: by the one statement, or already (another source's).
		got, err := t.article(ctx, r.URL)
		if err != nil {
			return fmt.Errorf("look up article %s: %w", r.URL, err)
		}
		if got != nil {
			continue
		}
		stored := func() (bool, error) {
			got, err := t.article(ctx, r.URL)
			return got != nil, err
		}
		id, ignored, err := insertAllocated(ctx, insert, alloc, articleArgs(r), r.URL, stored)
		if err != nil {
			return err
		}
		if !ignored {
			t.stories.Insert(id)
		}
	}
	return nil
}

// item stores one item as store.FeedItems plans it: it reads what is
// stored and deletes what goes at once, while what it inserts waits for
// the batch's flush. Its result says what it wrote, even alongside an
// error, so the caller knows a write happened.
//
// Within a poll no two items handled share a GUID or URL, so no item
// needs to read what an earlier one left for the flush; a URL another
// feed of the transaction left for it is in queued (StoredArticle).
func (w *feedWriter) item(ctx context.Context, it store.FeedItem) (store.ItemOutcome, error) {
	plan, err := w.plan.Plan(ctx, w, it)
	if err != nil {
		return store.ItemUnchanged, err
	}
	if plan.Remap {
		w.mappings = append(w.mappings, w.id, it.GUID, it.Article.URL)
	}
	for _, u := range plan.Delete {
		if err := w.delete(ctx, u); err != nil {
			return plan.Outcome, err
		}
	}
	if plan.Store {
		// No popularity: a feed's article ranks by its story's coverage.
		w.inserts = append(w.inserts, record{Article: plan.Article})
		w.queued[plan.Article.URL] = w.id
	}
	return plan.Outcome, nil
}

// MappedURL implements store.ItemLookup.
func (w *feedWriter) MappedURL(ctx context.Context, feedID, guid string) (string, error) {
	return scanURL(w.guidURL.QueryRowContext(ctx, feedID, guid))
}

// scanURL reads a feed_items URL; "" when there is no row.
func scanURL(row *sql.Row) (string, error) {
	var u string
	if err := row.Scan(&u); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	return u, nil
}

// StoredArticle implements store.ItemLookup: the stored article at url,
// or, when none is, the URL another feed's item of this transaction
// stores first (as that feed's).
func (w *feedWriter) StoredArticle(ctx context.Context, url string) (*store.StoredItem, error) {
	got, err := w.article(ctx, url)
	if err != nil || got != nil {
		return got, err
	}
	if owner, ok := w.queued[url]; ok && owner != w.id {
		return &store.StoredItem{URL: url, SourceID: owner}, nil
	}
	return nil, nil
}

// article is the stored article at url, nil when there is none.
func (t *txWriter) article(ctx context.Context, url string) (*store.StoredItem, error) {
	c := store.StoredItem{URL: url}
	var published sql.NullInt64
	err := t.stored.QueryRowContext(ctx, url).Scan(&c.SourceID, &c.Author, &c.Title, &c.Description,
		&c.Image, &published, &c.Content)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c.Published, c.Dated = published.Int64, published.Valid
	return &c, nil
}

func (t *txWriter) delete(ctx context.Context, url string) error {
	if err := deleteArticle(ctx, t.deleteArticle, url, &t.stories); err != nil {
		return fmt.Errorf("delete article %s: %w", url, err)
	}
	return nil
}
