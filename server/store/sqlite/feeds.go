package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Feeds: the store.FeedStore half of the catalogue. A feed is a row of
// feeds keyed by its source's id; its articles are ordinary articles of
// that source, rows made by the same code as Add's (articleArgs), so every
// query, index and cache treats them alike. feed_items remembers, per
// feed, which article URL each entry (GUID) was last stored under: the URL
// is an article's identity, the GUID the second key that keeps an entry
// whose URL changed one article instead of two.
//
// Writing a poll costs what its changes cost and no more: an item as
// stored is two index look-ups and no write, so a poll that found nothing
// new writes only the feed's row. New and changed articles are inserted
// together, one statement per transaction, oldest first, so that FTS5
// writes one index segment per poll rather than one per article (see
// insertArticlesSQL).

// feedBatchSize is the most items one SaveFeedPolls transaction holds.
// Readers see a transaction whole or not at all and never wait for it
// (WAL); other writers (Add, an import) do, about a quarter of a second
// per 1,000 new items on a 2-core machine. Every commit empties the
// service's response caches (the generation changes), so a service
// ingesting while it answers wants few large transactions: the poller
// gathers up to 5,000 items a write for that.
var feedBatchSize = 5000

const (
	// feedSelect reads a feed and its source; the caller adds the article
	// count as the last column, then FROM and WHERE.
	feedSelect = `SELECT f.id, f.url, f.full_text, f.added_at, f.etag, f.last_modified, f.last_attempt,
	f.last_success, f.last_error, f.failures, f.next_poll, f.disabled, f.min_interval,
	COALESCE(s.name, ''), COALESCE(s.description, ''), COALESCE(s.url, ''),
	COALESCE(s.category, ''), COALESCE(s.language, ''), COALESCE(s.country, ''), `
	// listFeedsSQL counts every feed's articles in one grouped pass over
	// the source index.
	listFeedsSQL = feedSelect + `COALESCE(c.n, 0)
FROM feeds f LEFT JOIN sources s ON s.id = f.id
LEFT JOIN (SELECT source_id, count(*) AS n FROM articles
	WHERE source_id IN (SELECT id FROM feeds) GROUP BY source_id) c ON c.source_id = f.id
ORDER BY f.id`
	// findFeedSQL prefers an id match should one feed's id be another's URL.
	findFeedSQL = feedSelect + `(SELECT count(*) FROM articles WHERE source_id = f.id)
FROM feeds f LEFT JOIN sources s ON s.id = f.id
WHERE f.id = ?1 OR f.url = ?1 ORDER BY f.id = ?1 DESC LIMIT 1`

	insertFeedSQL = `INSERT INTO feeds(id, url, full_text, added_at, etag, last_modified, last_attempt,
	last_success, last_error, failures, next_poll, disabled, min_interval)
VALUES (?1, ?11, ?12, ?13, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`
	// savePollSQL's arguments are id and pollArgs.
	savePollSQL = `UPDATE feeds SET etag=?2, last_modified=?3, last_attempt=?4, last_success=?5,
	last_error=?6, failures=?7, next_poll=?8, disabled=?9, min_interval=?10 WHERE id=?1`
	// savePollURLSQL also moves the feed to a new URL (?11).
	savePollURLSQL = `UPDATE feeds SET etag=?2, last_modified=?3, last_attempt=?4, last_success=?5,
	last_error=?6, failures=?7, next_poll=?8, disabled=?9, min_interval=?10, url=?11 WHERE id=?1`

	feedByURLSQL  = `SELECT id FROM feeds WHERE url = ?`
	feedExistsSQL = `SELECT EXISTS (SELECT 1 FROM feeds WHERE id = ?)`
	idTakenSQL    = `SELECT EXISTS (SELECT 1 FROM sources WHERE id = ?1) OR EXISTS (SELECT 1 FROM feeds WHERE id = ?1)
	OR EXISTS (SELECT 1 FROM articles WHERE source_id = ?1)`

	guidURLSQL = `SELECT url FROM feed_items WHERE feed_id = ? AND guid = ?`
	// storedArticleSQL reads what SaveFeedItems compares, by URL.
	storedArticleSQL = `SELECT source_id, author, title, description, url_to_image, published_at,
	content FROM articles WHERE url = ?`

	// A feed's articles older than ?1 (a row id: seconds<<16).
	pruneItemsSQL = `DELETE FROM feed_items WHERE url IN (SELECT url FROM articles
	WHERE id < ?1 AND source_id IN (SELECT id FROM feeds))`
	pruneArticlesSQL = `DELETE FROM articles WHERE id < ?1 AND source_id IN (SELECT id FROM feeds) RETURNING id, story_id`
)

// AddFeed stores a new subscription and its source. The feed URL must be
// new (store.ErrFeedExists), and the source's id set and unused: not a
// stored source's, nor the source id of any stored article
// (store.ErrIDTaken), since a feed's articles are its source's and would
// otherwise take in, and later prune or remove, articles of an import. A
// zero AddedAt is taken as now.
func (s *Store) AddFeed(ctx context.Context, f store.Feed) (err error) {
	id := f.Source.ID
	if id == "" {
		return fmt.Errorf("add feed %s: its source has no id", f.URL)
	}
	if f.URL == "" {
		return fmt.Errorf("add feed %q: no feed URL", id)
	}
	if f.AddedAt.IsZero() {
		f.AddedAt = time.Now()
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("add feed %q: %w", id, err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	switch other, err := feedByURL(ctx, tx, f.URL); {
	case err != nil:
		return fmt.Errorf("add feed %q: %w", id, err)
	case other != "":
		return fmt.Errorf("add feed %q: %s is feed %q: %w", id, f.URL, other, store.ErrFeedExists)
	}
	var taken bool
	if err := tx.QueryRowContext(ctx, idTakenSQL, id).Scan(&taken); err != nil {
		return fmt.Errorf("add feed %q: %w", id, err)
	}
	if taken {
		return fmt.Errorf("add feed %s: source id %q: %w", f.URL, id, store.ErrIDTaken)
	}
	var st batchStmts
	closeStmts, err := prepareAll(ctx, tx, []stmtDef{{&st.upsertSource, upsertSourceSQL}, {&st.resolve, resolveArticlesSQL}})
	if err != nil {
		return fmt.Errorf("add feed %q: %w", id, err)
	}
	defer closeStmts()
	if _, err := writeSource(ctx, st, f.Source, nil); err != nil {
		return fmt.Errorf("add feed %q: %w", id, err)
	}
	args := append(pollArgs(id, f.Poll), f.URL, f.FullText, unixOrZero(f.AddedAt))
	if _, err := tx.ExecContext(ctx, insertFeedSQL, args...); err != nil {
		return fmt.Errorf("add feed %q: %w", id, err)
	}
	// Without writeMu: groupedAt stays behind, so the next grouped write
	// reads its stretch again, the new source's language with it.
	if _, err := bumpCounter(ctx, tx); err != nil {
		return fmt.Errorf("add feed %q: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("add feed %q: commit: %w", id, err)
	}
	s.changes.Bump() // a new source
	return nil
}

// Feeds lists every subscription by id, with its article count.
func (s *Store) Feeds(ctx context.Context) ([]store.Feed, error) {
	rows, err := s.db.QueryContext(ctx, listFeedsSQL)
	if err != nil {
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	defer rows.Close()
	feeds := []store.Feed{}
	for rows.Next() {
		f, err := scanFeed(rows)
		if err != nil {
			return nil, fmt.Errorf("list feeds: %w", err)
		}
		feeds = append(feeds, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	return feeds, nil
}

// FindFeed returns the feed whose id, or else feed URL, is idOrURL.
func (s *Store) FindFeed(ctx context.Context, idOrURL string) (store.Feed, error) {
	f, err := scanFeed(s.db.QueryRowContext(ctx, findFeedSQL, idOrURL))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Feed{}, fmt.Errorf("feed %q: %w", idOrURL, store.ErrFeedNotFound)
	}
	if err != nil {
		return store.Feed{}, fmt.Errorf("find feed %q: %w", idOrURL, err)
	}
	return f, nil
}

// RemoveFeed deletes the subscription and what the store remembers of its
// entries; unless keepArticles, also its source and every article of it.
// It returns how many articles went.
func (s *Store) RemoveFeed(ctx context.Context, id string, keepArticles bool) (n int, err error) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.beginWrite(ctx, s.db)
	if err != nil {
		return 0, fmt.Errorf("remove feed %q: %w", id, err)
	}
	defer func() {
		if err != nil {
			s.dropGrouper()
			tx.Rollback()
		}
	}()
	res, err := tx.ExecContext(ctx, `DELETE FROM feeds WHERE id = ?`, id)
	if err != nil {
		return 0, fmt.Errorf("remove feed %q: %w", id, err)
	}
	if gone, _ := res.RowsAffected(); gone == 0 {
		return 0, fmt.Errorf("remove feed %q: %w", id, store.ErrFeedNotFound)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM feed_items WHERE feed_id = ?`, id); err != nil {
		return 0, fmt.Errorf("remove feed %q: %w", id, err)
	}
	if !keepArticles {
		// The full-text index follows through the delete trigger, the
		// stories the articles were in lose a source.
		var sw storyWrite
		err := deleteReturning(ctx, tx, &sw, `DELETE FROM articles WHERE source_id = ? RETURNING id, story_id`, id)
		if err != nil {
			return 0, fmt.Errorf("remove feed %q: articles: %w", id, err)
		}
		n = len(sw.removed)
		if _, err := tx.ExecContext(ctx, `DELETE FROM sources WHERE id = ?`, id); err != nil {
			return 0, fmt.Errorf("remove feed %q: source: %w", id, err)
		}
		if err := s.groupWrite(ctx, tx, &sw); err != nil {
			return 0, fmt.Errorf("remove feed %q: %w", id, err)
		}
	}
	if err := s.commitWrite(ctx, tx, !keepArticles); err != nil {
		return 0, fmt.Errorf("remove feed %q: %w", id, err)
	}
	if !keepArticles {
		s.changes.Bump()
	}
	return n, nil
}

// SaveFeedPoll records a poll that stored no items: the polling state and
// the feed URL. It does not change Generation: no answer of the service
// depends on polling state. A URL that is another feed's is refused
// (wrapping store.ErrFeedExists), as is an empty one.
func (s *Store) SaveFeedPoll(ctx context.Context, id, url string, p store.FeedPoll) (err error) {
	if url == "" {
		return fmt.Errorf("save poll of feed %q: empty feed URL", id)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save poll of feed %q: %w", id, err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	switch other, err := feedByURL(ctx, tx, url); {
	case err != nil:
		return fmt.Errorf("save poll of feed %q: %w", id, err)
	case other != "" && other != id:
		return fmt.Errorf("save poll of feed %q: its new URL %s is feed %q's: %w", id, url, other, store.ErrFeedExists)
	}
	res, err := tx.ExecContext(ctx, savePollURLSQL, append(pollArgs(id, p), url)...)
	if err != nil {
		return fmt.Errorf("save poll of feed %q: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("save poll of feed %q: %w", id, store.ErrFeedNotFound)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save poll of feed %q: commit: %w", id, err)
	}
	return nil
}

// SaveFeedItems stores a poll's items and then its polling state, in
// transactions of at most feedBatchSize items (the state goes with the
// last). Each item is matched to a stored article by its GUID within the
// feed, then by its URL:
//
//   - matched by neither: stored as a new article of the feed's source,
//     published at its PublishedAt, or at seen when it has none;
//   - matched to an article of the feed: compared field by field, and
//     rewritten in place (under its new URL, if that changed) only when
//     something differs. An undated item keeps the stored time. If the
//     GUID's article and the one at the new URL are two articles of the
//     feed, they become one;
//   - its URL is another source's article: that article is left alone
//     (and an article of this feed the GUID pointed to is deleted, the
//     entry having moved to a URL the feed does not own).
//
// An item whose GUID or URL an earlier item of the same call had is
// counted unchanged and otherwise ignored (feeds list their newest
// version first). Generation changes only when an article did, so a
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
		if err := checkItems(p.ID, p.Items); err != nil {
			errs[i] = err
			continue
		}
		w := &feedWriter{id: p.ID, seen: p.Seen, guids: map[string]bool{}, urls: map[string]bool{}}
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

func checkItems(id string, items []store.FeedItem) error {
	for i, it := range items {
		if it.Article.URL == "" || it.GUID == "" {
			return fmt.Errorf("save items of feed %q: item %d (guid %q, url %q, title %q) lacks a URL or GUID",
				id, i, it.GUID, it.Article.URL, it.Article.Title)
		}
	}
	return nil
}

// feedWriter is the state of one poll's items across its transactions.
type feedWriter struct {
	id   string
	seen time.Time
	// guids and urls are those of the items handled so far.
	guids, urls map[string]bool
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
		if errs[part.poll], err = checkFeed(ctx, tx, polls[part.poll]); errs[part.poll] != nil || err != nil {
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

// checkFeed returns the poll's own error (its feed is gone, or its new
// URL another feed's), or err when the store could not tell.
func checkFeed(ctx context.Context, tx *sql.Tx, p store.FeedPollResult) (pollErr, err error) {
	var exists bool
	if err := tx.QueryRowContext(ctx, feedExistsSQL, p.ID).Scan(&exists); err != nil {
		return nil, err
	}
	if !exists {
		return fmt.Errorf("save poll of feed %q: %w", p.ID, store.ErrFeedNotFound), nil
	}
	if p.URL == "" {
		return nil, nil
	}
	switch other, err := feedByURL(ctx, tx, p.URL); {
	case err != nil:
		return nil, err
	case other != "" && other != p.ID:
		return fmt.Errorf("save poll of feed %q: its new URL %s is feed %q's: %w", p.ID, p.URL, other, store.ErrFeedExists), nil
	}
	return nil, nil
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
		switch res {
		case itemNew:
			c.New++
		case itemUpdated:
			c.Updated++
		case itemUnchanged:
			c.Unchanged++
		}
		wrote = wrote || res != itemUnchanged
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
			t.stories.insert(id)
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
			return err
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
			t.stories.insert(id)
		}
	}
	return nil
}

type itemResult int

const (
	itemUnchanged itemResult = iota
	itemNew
	itemUpdated
)

// storedArticle is what SaveFeedItems compares an item with.
type storedArticle struct {
	url, sourceID, author, title, description, image, content string
	published                                                 sql.NullInt64
}

// item handles one item (see SaveFeedItems): it reads what is stored and
// deletes what goes at once, while what it inserts waits for the batch's
// flush. Its result says what it wrote, even alongside an error, so the
// caller knows a write happened.
//
// Within a poll no two items handled share a GUID or URL, so no item
// needs to read what an earlier one left for the flush; a URL another
// feed of the transaction left for it is in queued.
func (w *feedWriter) item(ctx context.Context, it store.FeedItem) (itemResult, error) {
	a := it.Article
	if w.guids[it.GUID] || w.urls[a.URL] {
		return itemUnchanged, nil
	}
	w.guids[it.GUID], w.urls[a.URL] = true, true
	// The article belongs to the feed's source whatever the entry says;
	// an empty name is filled from the source row as it is inserted.
	a.Source = model.SourceRef{ID: w.id}

	mapped, err := w.mappedURL(ctx, it.GUID)
	if err != nil {
		return itemUnchanged, err
	}
	if mapped != a.URL {
		w.mappings = append(w.mappings, w.id, it.GUID, a.URL)
	}
	var cur *storedArticle // the feed's article for this entry
	if mapped != "" {
		if cur, err = w.article(ctx, mapped); err != nil {
			return itemUnchanged, err
		}
		if cur != nil && cur.sourceID != w.id {
			cur = nil // replaced since by another source's article of that URL
		}
	}
	var atURL *storedArticle // the article the item's URL already names
	if cur == nil || cur.url != a.URL {
		if atURL, err = w.article(ctx, a.URL); err != nil {
			return itemUnchanged, err
		}
		if owner, ok := w.queued[a.URL]; ok && atURL == nil && owner != w.id {
			// Another feed of this transaction stores that URL first.
			atURL = &storedArticle{url: a.URL, sourceID: owner}
		}
	}
	result := itemUnchanged
	switch {
	case atURL != nil && atURL.sourceID != w.id:
		// Another source's article: leave it be, and drop the feed's own
		// copy under the entry's old URL rather than keep a duplicate.
		if cur != nil {
			result = itemUpdated
			return result, w.delete(ctx, cur.url)
		}
		return result, nil
	case cur != nil && atURL != nil:
		// The entry moved to a URL another entry of the feed has: one
		// article, the one at the new URL, takes the item.
		if err := w.delete(ctx, cur.url); err != nil {
			return itemUpdated, err
		}
		result, cur = itemUpdated, atURL
	case cur == nil:
		cur = atURL
	}

	if cur == nil {
		if a.PublishedAt.IsZero() {
			a.PublishedAt = w.seen
		}
		w.inserts = append(w.inserts, record{Article: a}) // no popularity: it ranks by coverage
		w.queued[a.URL] = w.id
		return itemNew, nil
	}
	if a.PublishedAt.IsZero() && cur.published.Valid {
		// Undated: the time it was first seen stays its time.
		a.PublishedAt = time.Unix(cur.published.Int64, 0)
	}
	if result == itemUnchanged && cur.same(&a) {
		return result, nil
	}
	// Replaced: the old row goes now, the new one with the flush.
	if err := w.delete(ctx, cur.url); err != nil {
		return itemUpdated, err
	}
	w.inserts = append(w.inserts, record{Article: a})
	w.queued[a.URL] = w.id
	return itemUpdated, nil
}

// same reports whether storing a would change nothing a reader sees. a
// is undated only if the stored article is too (item fills in its time).
func (cur *storedArticle) same(a *model.Article) bool {
	var published sql.NullInt64
	if !a.PublishedAt.IsZero() {
		published = sql.NullInt64{Int64: clampSeconds(a.PublishedAt.Unix()), Valid: true}
	}
	return published == cur.published && cur.url == a.URL && cur.author == a.Author &&
		cur.title == a.Title && cur.description == a.Description && cur.image == a.URLToImage &&
		cur.content == a.Content
}

// mappedURL is the URL the feed's entry guid was last stored under; ""
// when the entry is new to the store.
func (w *feedWriter) mappedURL(ctx context.Context, guid string) (string, error) {
	var u string
	err := w.guidURL.QueryRowContext(ctx, w.id, guid).Scan(&u)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("look up entry %q: %w", guid, err)
	}
	return u, nil
}

// article is the stored article at url, nil when there is none.
func (t *txWriter) article(ctx context.Context, url string) (*storedArticle, error) {
	c := storedArticle{url: url}
	err := t.stored.QueryRowContext(ctx, url).Scan(&c.sourceID, &c.author, &c.title, &c.description,
		&c.image, &c.published, &c.content)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("look up article %s: %w", url, err)
	}
	return &c, nil
}

func (t *txWriter) delete(ctx context.Context, url string) error {
	if err := deleteArticle(ctx, t.deleteArticle, url, &t.stories); err != nil {
		return fmt.Errorf("delete article %s: %w", url, err)
	}
	return nil
}

// PruneArticles deletes the articles of feeds published before cutoff (and
// those without a time), with what the store remembers of their entries.
// Articles of sources that are not feeds (imported ones) are never pruned.
func (s *Store) PruneArticles(ctx context.Context, cutoff time.Time) (n int, err error) {
	// Row ids are publication seconds<<16 plus a tie-breaker below 1<<16,
	// so "published before cutoff" is a row id range.
	bound := clampSeconds(cutoff.Unix()) << 16
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.beginWrite(ctx, s.db)
	if err != nil {
		return 0, fmt.Errorf("prune articles: %w", err)
	}
	defer func() {
		if err != nil {
			s.dropGrouper()
			tx.Rollback()
		}
	}()
	if _, err := tx.ExecContext(ctx, pruneItemsSQL, bound); err != nil {
		return 0, fmt.Errorf("prune articles: entries: %w", err)
	}
	// The stories of pruned articles shrink (or go) with them.
	var sw storyWrite
	if err := deleteReturning(ctx, tx, &sw, pruneArticlesSQL, bound); err != nil {
		return 0, fmt.Errorf("prune articles: %w", err)
	}
	deleted := len(sw.removed)
	if err := s.groupWrite(ctx, tx, &sw); err != nil {
		return 0, fmt.Errorf("prune articles: %w", err)
	}
	if err := s.commitWrite(ctx, tx, deleted > 0); err != nil {
		return 0, fmt.Errorf("prune articles: %w", err)
	}
	if deleted > 0 {
		s.changes.Bump()
	}
	return deleted, nil
}

// deleteReturning runs query, a DELETE that returns the id and story_id
// of each row it deletes, noting them in sw.
func deleteReturning(ctx context.Context, tx *sql.Tx, sw *storyWrite, query string, args ...any) error {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	return sw.removeRows(rows)
}

// feedByURL is the id of the feed at url, "" when none is.
func feedByURL(ctx context.Context, tx *sql.Tx, url string) (string, error) {
	var id string
	err := tx.QueryRowContext(ctx, feedByURLSQL, url).Scan(&id)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("look up feed %s: %w", url, err)
	}
	return id, nil
}

// pollArgs are the arguments ?1 to ?10 of savePollSQL.
func pollArgs(id string, p store.FeedPoll) []any {
	return []any{id, p.ETag, p.LastModified, unixOrZero(p.LastAttempt), unixOrZero(p.LastSuccess),
		p.LastError, p.Failures, unixOrZero(p.NextPoll), p.Disabled, int64(p.MinInterval / time.Second)}
}

// unixOrZero stores a time as unix seconds, the zero time as 0.
func unixOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix()
}

// timeOrZero reads what unixOrZero stored.
func timeOrZero(secs int64) time.Time {
	if secs == 0 {
		return time.Time{}
	}
	return time.Unix(secs, 0).UTC()
}

// scanFeed reads a row of feedSelect and its article count.
func scanFeed(row interface{ Scan(...any) error }) (store.Feed, error) {
	var f store.Feed
	var added, attempt, success, next, interval int64
	var cat, lang, country string
	err := row.Scan(&f.Source.ID, &f.URL, &f.FullText, &added, &f.Poll.ETag, &f.Poll.LastModified,
		&attempt, &success, &f.Poll.LastError, &f.Poll.Failures, &next, &f.Poll.Disabled, &interval,
		&f.Source.Name, &f.Source.Description, &f.Source.URL, &cat, &lang, &country, &f.Articles)
	if err != nil {
		return store.Feed{}, err
	}
	f.Source.Category, f.Source.Language, f.Source.Country = model.Category(cat), model.Language(lang), model.Country(country)
	f.AddedAt, f.Poll.LastAttempt, f.Poll.LastSuccess, f.Poll.NextPoll =
		timeOrZero(added), timeOrZero(attempt), timeOrZero(success), timeOrZero(next)
	f.Poll.MinInterval = time.Duration(interval) * time.Second
	return f, nil
}

// stmtDef is a statement to prepare and where to keep it.
type stmtDef struct {
	dst   **sql.Stmt
	query string
}

// prepareAll prepares defs on tx; the returned func closes them.
func prepareAll(ctx context.Context, tx *sql.Tx, defs []stmtDef) (func(), error) {
	var done []*sql.Stmt
	closeAll := func() {
		for _, st := range done {
			st.Close()
		}
	}
	for _, d := range defs {
		st, err := tx.PrepareContext(ctx, d.query)
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("prepare write: %w", err)
		}
		*d.dst = st
		done = append(done, st)
	}
	return closeAll, nil
}

// SetFeedFullText marks the feed id full-text (on) or not: whether
// ingestion stores each new article's extracted page text as its content.
// It changes no stored article, nor Generation. An unknown id is
// store.ErrFeedNotFound.
func (s *Store) SetFeedFullText(ctx context.Context, id string, on bool) error {
	res, err := s.db.ExecContext(ctx, `UPDATE feeds SET full_text = ? WHERE id = ?`, on, id)
	if err != nil {
		return fmt.Errorf("set full text of feed %q: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("set full text of feed %q: %w", id, store.ErrFeedNotFound)
	}
	return nil
}

// StoredFeedContents tells which of a poll's items of feed id the
// catalogue holds already, matched as SaveFeedItems matches them (the
// feed's entry GUID, then the URL), and the content stored for each: the
// map has an entry for item i exactly when SaveFeedItems would not store
// it as a new article (its URL may also be another source's article,
// which SaveFeedItems leaves alone). It writes nothing. The feed poller
// uses it to fetch the pages of new items only, and to keep the text it
// extracted for the others.
func (s *Store) StoredFeedContents(ctx context.Context, id string, items []store.FeedItem) (map[int]string, error) {
	out := map[int]string{}
	if len(items) == 0 {
		return out, nil
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("look up items of feed %q: %w", id, err)
	}
	defer conn.Close()
	guidURL, err := conn.PrepareContext(ctx, guidURLSQL)
	if err != nil {
		return nil, fmt.Errorf("look up items of feed %q: %w", id, err)
	}
	defer guidURL.Close()
	byURL, err := conn.PrepareContext(ctx, `SELECT source_id, content FROM articles WHERE url = ?`)
	if err != nil {
		return nil, fmt.Errorf("look up items of feed %q: %w", id, err)
	}
	defer byURL.Close()
	article := func(url string) (source, content string, ok bool, err error) {
		err = byURL.QueryRowContext(ctx, url).Scan(&source, &content)
		if errors.Is(err, sql.ErrNoRows) {
			return "", "", false, nil
		}
		return source, content, err == nil, err
	}
	for i, it := range items {
		var mapped string
		if err := guidURL.QueryRowContext(ctx, id, it.GUID).Scan(&mapped); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("look up entry %q of feed %q: %w", it.GUID, id, err)
		}
		if mapped != "" && mapped != it.Article.URL {
			src, content, ok, err := article(mapped)
			if err != nil {
				return nil, fmt.Errorf("look up article %s: %w", mapped, err)
			}
			if ok && src == id {
				out[i] = content // the entry's article, unless its new URL has one
			}
		}
		_, content, ok, err := article(it.Article.URL)
		if err != nil {
			return nil, fmt.Errorf("look up article %s: %w", it.Article.URL, err)
		}
		if ok {
			out[i] = content
		}
	}
	return out, nil
}
