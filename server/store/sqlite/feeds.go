package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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
	if err := store.CheckFeedShape(f); err != nil {
		return err
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
	switch refused, err := store.CheckAddFeed(f, feedLookups(ctx, tx)); {
	case err != nil:
		return fmt.Errorf("add feed %q: %w", id, err)
	case refused != nil:
		return refused
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
		n = len(sw.Removed())
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
	if err := store.CheckPollURL(id, url); err != nil {
		return err
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
	switch refused, err := store.CheckPollTarget(id, url, feedLookups(ctx, tx)); {
	case err != nil:
		return fmt.Errorf("save poll of feed %q: %w", id, err)
	case refused != nil:
		return refused
	}
	res, err := tx.ExecContext(ctx, savePollURLSQL, append(pollArgs(id, p), url)...)
	if err != nil {
		return fmt.Errorf("save poll of feed %q: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.PollOfMissingFeed(id)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save poll of feed %q: commit: %w", id, err)
	}
	return nil
}

// PruneArticles deletes the articles of feeds published before cutoff (and
// those without a time), with what the store remembers of their entries.
// Articles of sources that are not feeds (imported ones) are never pruned.
func (s *Store) PruneArticles(ctx context.Context, cutoff time.Time) (n int, err error) {
	// Row ids are publication seconds<<16 plus a tie-breaker below 1<<16,
	// so "published before cutoff" is a row id range.
	bound := store.ClampSeconds(cutoff.Unix()) << 16
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
	deleted := len(sw.Removed())
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
	return removeRows(sw, rows)
}

// feedLookups answer the shared feed checks (store.FeedLookups) from tx.
func feedLookups(ctx context.Context, tx *sql.Tx) store.FeedLookups {
	return store.FeedLookups{
		FeedByURL:  func(url string) (string, error) { return feedByURL(ctx, tx, url) },
		IDTaken:    askBool(ctx, tx, idTakenSQL),
		FeedExists: askBool(ctx, tx, feedExistsSQL),
	}
}

// askBool asks tx a yes-or-no query of one id.
func askBool(ctx context.Context, tx *sql.Tx, query string) func(id string) (bool, error) {
	return func(id string) (yes bool, err error) {
		err = tx.QueryRowContext(ctx, query, id).Scan(&yes)
		return yes, err
	}
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
	if len(items) == 0 {
		return map[int]string{}, nil
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("look up items of feed %q: %w", id, err)
	}
	defer conn.Close()
	var l contentLookup
	for _, d := range []stmtDef{{&l.guidURL, guidURLSQL}, {&l.byURL, `SELECT source_id, content FROM articles WHERE url = ?`}} {
		if *d.dst, err = conn.PrepareContext(ctx, d.query); err != nil {
			return nil, fmt.Errorf("look up items of feed %q: %w", id, err)
		}
		defer (*d.dst).Close()
	}
	return store.StoredContents(ctx, l, id, items)
}

// contentLookup is store.ContentLookup over one connection.
type contentLookup struct{ guidURL, byURL *sql.Stmt }

func (l contentLookup) MappedURL(ctx context.Context, feedID, guid string) (string, error) {
	return scanURL(l.guidURL.QueryRowContext(ctx, feedID, guid))
}

func (l contentLookup) StoredContent(ctx context.Context, url string) (source, content string, ok bool, err error) {
	err = l.byURL.QueryRowContext(ctx, url).Scan(&source, &content)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", false, nil
	}
	return source, content, err == nil, err
}
