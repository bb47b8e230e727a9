package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/model"
	"tidings/server/store"
)

// Feed subscriptions (store.FeedStore) live beside sources and articles:
// a feed's id is its source's id; feed_items remembers, per feed, the URL
// each entry (GUID) was last stored under. Which item becomes which
// article is store.FeedItems's rule (feeditems.go carries it out); items
// are grouped into stories like any write's articles (stories.go).
// Writes that change articles bump the change counter; polling state
// alone does not.

const (
	feedSelect = `SELECT f.id, f.url, f.full_text, f.added_at, f.etag, f.last_modified, f.last_attempt,
	f.last_success, f.last_error, f.failures, f.next_poll, f.disabled, f.min_interval,
	COALESCE(s.name, ''), COALESCE(s.description, ''), COALESCE(s.url, ''),
	COALESCE(s.category, ''), COALESCE(s.language, ''), COALESCE(s.country, ''), `
	listFeedsSQL = feedSelect + `COALESCE(c.n, 0)
FROM feeds f LEFT JOIN sources s ON s.id = f.id
LEFT JOIN (SELECT source_id, count(*) AS n FROM articles
	WHERE source_id IN (SELECT id FROM feeds) GROUP BY source_id) c ON c.source_id = f.id
ORDER BY f.id COLLATE "C"`
	findFeedSQL = feedSelect + `(SELECT count(*) FROM articles WHERE source_id = f.id)
FROM feeds f LEFT JOIN sources s ON s.id = f.id
WHERE f.id = $1 OR f.url = $1 ORDER BY f.id = $1 DESC LIMIT 1`

	insertFeedSQL = `INSERT INTO feeds(id, etag, last_modified, last_attempt, last_success, last_error,
	failures, next_poll, disabled, min_interval, url, full_text, added_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`
	savePollSQL = `UPDATE feeds SET etag = $2, last_modified = $3, last_attempt = $4, last_success = $5,
	last_error = $6, failures = $7, next_poll = $8, disabled = $9, min_interval = $10 WHERE id = $1`
	savePollURLSQL = `UPDATE feeds SET etag = $2, last_modified = $3, last_attempt = $4, last_success = $5,
	last_error = $6, failures = $7, next_poll = $8, disabled = $9, min_interval = $10, url = $11 WHERE id = $1`

	idTakenSQL = `SELECT EXISTS (SELECT 1 FROM sources WHERE id = $1) OR EXISTS (SELECT 1 FROM feeds WHERE id = $1)
	OR EXISTS (SELECT 1 FROM articles WHERE source_id = $1)`
	feedExistsSQL    = `SELECT EXISTS (SELECT 1 FROM feeds WHERE id = $1)`
	guidURLSQL       = `SELECT url FROM feed_items WHERE feed_id = $1 AND guid = $2`
	storedArticleSQL = `SELECT source_id, author, title, description, url_to_image, published_at,
	content, popularity FROM articles WHERE url = $1`
	mapGUIDSQL = `INSERT INTO feed_items(feed_id, guid, url) VALUES ($1, $2, $3)
ON CONFLICT (feed_id, guid) DO UPDATE SET url = excluded.url`

	pruneItemsSQL = `DELETE FROM feed_items WHERE url IN (SELECT url FROM articles
	WHERE id < $1 AND source_id IN (SELECT id FROM feeds))`
	pruneArticlesSQL = `DELETE FROM articles WHERE id < $1 AND source_id IN (SELECT id FROM feeds)
RETURNING id, COALESCE(story_id, id)`
)

// AddFeed stores a new subscription and its source (see store.FeedStore).
func (s *Store) AddFeed(ctx context.Context, f store.Feed) error {
	id := f.Source.ID
	if err := store.CheckFeedShape(f); err != nil {
		return err
	}
	if f.AddedAt.IsZero() {
		f.AddedAt = time.Now()
	}
	var n int64
	var refused error // the feed's own error, returned as the shared rule words it
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if refused, err = store.CheckAddFeed(f, feedLookups(ctx, tx)); err != nil {
			return err
		}
		if refused != nil {
			return refused // rolls back; returned unwrapped below
		}
		if err := writeRows(ctx, tx, &storyWrite{}, []model.Source{f.Source}, nil); err != nil {
			return err
		}
		args := append(pollArgs(id, f.Poll), f.URL, f.FullText, unixOrZero(f.AddedAt))
		if _, err := tx.Exec(ctx, insertFeedSQL, args...); err != nil {
			return err
		}
		n, err = bumpTx(ctx, tx) // a new source
		return err
	})
	if refused != nil {
		return refused
	}
	if err != nil {
		return fmt.Errorf("add feed %q: %w", id, err)
	}
	s.wrote(n)
	return nil
}

// Feeds lists every subscription, by id, with its article count.
func (s *Store) Feeds(ctx context.Context) ([]store.Feed, error) {
	rows, err := s.pool.Query(ctx, listFeedsSQL)
	if err != nil {
		return nil, fmt.Errorf("list feeds: %w", classify(err))
	}
	defer rows.Close()
	feeds := []store.Feed{}
	for rows.Next() {
		f, err := scanFeed(rows)
		if err != nil {
			return nil, fmt.Errorf("list feeds: %w", classify(err))
		}
		feeds = append(feeds, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list feeds: %w", classify(err))
	}
	return feeds, nil
}

// FindFeed returns the feed whose id or feed URL is idOrURL.
func (s *Store) FindFeed(ctx context.Context, idOrURL string) (store.Feed, error) {
	f, err := scanFeed(s.pool.QueryRow(ctx, findFeedSQL, idOrURL))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Feed{}, fmt.Errorf("feed %q: %w", idOrURL, store.ErrFeedNotFound)
	}
	if err != nil {
		return store.Feed{}, fmt.Errorf("find feed %q: %w", idOrURL, classify(err))
	}
	return f, nil
}

// RemoveFeed deletes the subscription, and unless keepArticles its source
// and articles, returning how many articles went.
func (s *Store) RemoveFeed(ctx context.Context, id string, keepArticles bool) (int, error) {
	deleted, n := 0, int64(0)
	err := s.writeArticles(ctx, true, func(tx pgx.Tx, sw *storyWrite) error {
		tag, err := tx.Exec(ctx, `DELETE FROM feeds WHERE id = $1`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrFeedNotFound
		}
		if _, err := tx.Exec(ctx, `DELETE FROM feed_items WHERE feed_id = $1`, id); err != nil {
			return err
		}
		if keepArticles {
			return nil
		}
		if deleted, err = deleteArticles(ctx, tx, sw, `DELETE FROM articles WHERE source_id = $1
RETURNING id, COALESCE(story_id, id)`, id); err != nil {
			return fmt.Errorf("articles: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sources WHERE id = $1`, id); err != nil {
			return fmt.Errorf("source: %w", err)
		}
		n, err = bumpTx(ctx, tx)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("remove feed %q: %w", id, err)
	}
	if !keepArticles {
		s.wrote(n)
	}
	return deleted, nil
}

// deleteArticles runs a DELETE … RETURNING id, story, noting each deleted
// row in sw, and returns how many went.
func deleteArticles(ctx context.Context, tx pgx.Tx, sw *storyWrite, query string, args ...any) (int, error) {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id, story int64
		if err := rows.Scan(&id, &story); err != nil {
			return 0, err
		}
		sw.Remove(id, story)
		n++
	}
	return n, rows.Err()
}

// SaveFeedPoll records a poll that stored no items.
func (s *Store) SaveFeedPoll(ctx context.Context, id, url string, p store.FeedPoll) error {
	if err := store.CheckPollURL(id, url); err != nil {
		return err
	}
	var refused error // the poll's own error, returned as the shared rule words it
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if refused, err = store.CheckPollTarget(id, url, feedLookups(ctx, tx)); err != nil {
			return err
		}
		if refused != nil {
			return refused // rolls back; returned unwrapped below
		}
		tag, err := tx.Exec(ctx, savePollURLSQL, append(pollArgs(id, p), url)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			refused = store.PollOfMissingFeed(id)
			return refused
		}
		return nil
	})
	if refused != nil {
		return refused
	}
	if err != nil {
		return fmt.Errorf("save poll of feed %q: %w", id, err)
	}
	return nil
}

// PruneArticles deletes articles of feeds published before cutoff.
func (s *Store) PruneArticles(ctx context.Context, cutoff time.Time) (int, error) {
	bound := store.ClampSeconds(cutoff.Unix()) << 16
	var deleted int
	var n int64
	err := s.writeArticles(ctx, true, func(tx pgx.Tx, sw *storyWrite) error {
		if _, err := tx.Exec(ctx, pruneItemsSQL, bound); err != nil {
			return fmt.Errorf("entries: %w", err)
		}
		var err error
		if deleted, err = deleteArticles(ctx, tx, sw, pruneArticlesSQL, bound); err != nil {
			return err
		}
		if deleted > 0 {
			n, err = bumpTx(ctx, tx)
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("prune articles: %w", err)
	}
	if deleted > 0 {
		s.wrote(n)
	}
	return deleted, nil
}

// SetFeedFullText marks a feed full-text or not.
func (s *Store) SetFeedFullText(ctx context.Context, id string, on bool) error {
	tag, err := s.pool.Exec(ctx, `UPDATE feeds SET full_text = $1 WHERE id = $2`, on, id)
	if err != nil {
		return fmt.Errorf("set full text of feed %q: %w", id, classify(err))
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("set full text of feed %q: %w", id, store.ErrFeedNotFound)
	}
	return nil
}

// StoredFeedContents says which of a poll's items are stored already,
// with their content (feeds.ContentStore): item i has an entry exactly
// when storing the poll would not make it a new article.
func (s *Store) StoredFeedContents(ctx context.Context, id string, items []store.FeedItem) (map[int]string, error) {
	return store.StoredContents(ctx, contentLookup{s.pool}, id, items)
}

// contentLookup is store.ContentLookup over the pool.
type contentLookup struct{ q querier }

func (l contentLookup) MappedURL(ctx context.Context, feedID, guid string) (string, error) {
	return mappedURL(ctx, l.q, feedID, guid)
}

func (l contentLookup) StoredContent(ctx context.Context, url string) (source, content string, ok bool, err error) {
	err = l.q.QueryRow(ctx, `SELECT source_id, content FROM articles WHERE url = $1`, url).Scan(&source, &content)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", false, nil
	}
	return source, content, err == nil, classify(err)
}

// feedLookups answer the shared feed checks (store.FeedLookups) from tx.
func feedLookups(ctx context.Context, tx pgx.Tx) store.FeedLookups {
	return store.FeedLookups{
		FeedByURL:  func(url string) (string, error) { return feedByURL(ctx, tx, url) },
		IDTaken:    askBool(ctx, tx, idTakenSQL),
		FeedExists: askBool(ctx, tx, feedExistsSQL),
	}
}

// askBool asks tx a yes-or-no query of one id.
func askBool(ctx context.Context, tx pgx.Tx, query string) func(id string) (bool, error) {
	return func(id string) (yes bool, err error) {
		err = tx.QueryRow(ctx, query, id).Scan(&yes)
		return yes, err
	}
}

func feedByURL(ctx context.Context, tx pgx.Tx, url string) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `SELECT id FROM feeds WHERE url = $1`, url).Scan(&id)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("look up feed %s: %w", url, err)
	}
	return id, nil
}

func pollArgs(id string, p store.FeedPoll) []any {
	return []any{id, p.ETag, p.LastModified, unixOrZero(p.LastAttempt), unixOrZero(p.LastSuccess),
		p.LastError, p.Failures, unixOrZero(p.NextPoll), p.Disabled, int64(p.MinInterval / time.Second)}
}

func unixOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix()
}

func timeOrZero(secs int64) time.Time {
	if secs == 0 {
		return time.Time{}
	}
	return time.Unix(secs, 0).UTC()
}

func scanFeed(row pgx.Row) (store.Feed, error) {
	var f store.Feed
	var added, attempt, success, next, interval int64
	var cat, lang, country string
	var articles int64
	err := row.Scan(&f.Source.ID, &f.URL, &f.FullText, &added, &f.Poll.ETag, &f.Poll.LastModified,
		&attempt, &success, &f.Poll.LastError, &f.Poll.Failures, &next, &f.Poll.Disabled, &interval,
		&f.Source.Name, &f.Source.Description, &f.Source.URL, &cat, &lang, &country, &articles)
	if err != nil {
		return store.Feed{}, err
	}
	f.Articles = int(articles)
	f.Source.Category, f.Source.Language, f.Source.Country = model.Category(cat), model.Language(lang), model.Country(country)
	f.AddedAt, f.Poll.LastAttempt, f.Poll.LastSuccess, f.Poll.NextPoll =
		timeOrZero(added), timeOrZero(attempt), timeOrZero(success), timeOrZero(next)
	f.Poll.MinInterval = time.Duration(interval) * time.Second
	return f, nil
}
