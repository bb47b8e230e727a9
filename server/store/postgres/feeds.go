package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/jsonl"
)

// Feed subscriptions (store.FeedStore) live beside sources and articles,
// with the same rules as on SQLite (see its feeds.go): a feed's id is its
// source's id; an entry's identity is its canonical URL, its GUID within
// the feed the second key (feed_items); an item whose URL is another
// source's article leaves that article alone; an item without a date
// keeps the time it was first seen; ingested articles have no popularity
// of their own (they rank by their story's size). Items are grouped into
// stories like any write's articles (stories.go).
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
	if id == "" {
		return fmt.Errorf("add feed %s: its source has no id", f.URL)
	}
	if f.URL == "" {
		return fmt.Errorf("add feed %q: no feed URL", id)
	}
	if f.AddedAt.IsZero() {
		f.AddedAt = time.Now()
	}
	var n int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		switch other, err := feedByURL(ctx, tx, f.URL); {
		case err != nil:
			return err
		case other != "":
			return fmt.Errorf("%s is feed %q: %w", f.URL, other, store.ErrFeedExists)
		}
		var taken bool
		if err := tx.QueryRow(ctx, idTakenSQL, id).Scan(&taken); err != nil {
			return err
		}
		if taken {
			return fmt.Errorf("source id %q: %w", id, store.ErrIDTaken)
		}
		if err := writeRows(ctx, tx, &storyWrite{}, []model.Source{f.Source}, nil); err != nil {
			return err
		}
		args := append(pollArgs(id, f.Poll), f.URL, f.FullText, unixOrZero(f.AddedAt))
		if _, err := tx.Exec(ctx, insertFeedSQL, args...); err != nil {
			return err
		}
		var err error
		n, err = bumpTx(ctx, tx) // a new source
		return err
	})
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
		sw.remove(id, story)
		n++
	}
	return n, rows.Err()
}

// SaveFeedPoll records a poll that stored no items.
func (s *Store) SaveFeedPoll(ctx context.Context, id, url string, p store.FeedPoll) error {
	if url == "" {
		return fmt.Errorf("save poll of feed %q: empty feed URL", id)
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		switch other, err := feedByURL(ctx, tx, url); {
		case err != nil:
			return err
		case other != "" && other != id:
			return fmt.Errorf("its new URL %s is feed %q's: %w", url, other, store.ErrFeedExists)
		}
		tag, err := tx.Exec(ctx, savePollURLSQL, append(pollArgs(id, p), url)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrFeedNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("save poll of feed %q: %w", id, err)
	}
	return nil
}

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
	for i, it := range p.Items {
		if it.Article.URL == "" || it.GUID == "" {
			return c, fmt.Errorf("save items of feed %q: item %d (guid %q, url %q, title %q) lacks a URL or GUID",
				p.ID, i, it.GUID, it.Article.URL, it.Article.Title)
		}
	}
	var n int64
	wrote := false
	err := s.writeArticles(ctx, true, func(tx pgx.Tx, sw *storyWrite) error {
		c = store.FeedWriteStats{}
		if err := checkFeed(ctx, tx, p); err != nil {
			return err
		}
		w := &feedWriter{tx: tx, sw: sw, id: p.ID, seen: p.Seen, guids: map[string]bool{}, urls: map[string]bool{}}
		var err error
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

// checkFeed refuses a poll of a feed that is gone, or whose new URL is
// another feed's.
func checkFeed(ctx context.Context, tx pgx.Tx, p store.FeedPollResult) error {
	var exists bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM feeds WHERE id = $1)`, p.ID).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		return store.ErrFeedNotFound
	}
	if p.URL == "" {
		return nil
	}
	switch other, err := feedByURL(ctx, tx, p.URL); {
	case err != nil:
		return err
	case other != "" && other != p.ID:
		return fmt.Errorf("its new URL %s is feed %q's: %w", p.URL, other, store.ErrFeedExists)
	}
	return nil
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
	tx          pgx.Tx
	sw          *storyWrite // the rows written, to group
	id          string
	seen        time.Time
	guids, urls map[string]bool    // items of this poll already handled
	ids         *store.IDAllocator // nil until a preferred id is taken
}

type itemResult int

const (
	itemUnchanged itemResult = iota
	itemNew
	itemUpdated
)

func (w *feedWriter) items(ctx context.Context, items []store.FeedItem, c *store.FeedWriteStats) (wrote bool, err error) {
	for _, it := range items {
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

// storedArticle is what an item is compared with.
type storedArticle struct {
	url, sourceID, author, title, description, image, content string
	published                                                 *int64
	popularity                                                *float64 // nil: none given
}

// item stores one entry: the article its GUID maps to (if still the
// feed's) is updated in place, else the article at its URL (if the
// feed's), else a new one; an article of another source at its URL wins.
func (w *feedWriter) item(ctx context.Context, it store.FeedItem) (itemResult, error) {
	a := it.Article
	if w.guids[it.GUID] || w.urls[a.URL] {
		return itemUnchanged, nil // a repeat within the feed: the first wins
	}
	w.guids[it.GUID], w.urls[a.URL] = true, true
	a.Source = model.SourceRef{ID: w.id}

	var mapped string
	if err := w.tx.QueryRow(ctx, guidURLSQL, w.id, it.GUID).Scan(&mapped); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return itemUnchanged, fmt.Errorf("look up entry %q: %w", it.GUID, err)
	}
	if mapped != a.URL {
		if _, err := w.tx.Exec(ctx, mapGUIDSQL, w.id, it.GUID, a.URL); err != nil {
			return itemUnchanged, fmt.Errorf("record entry %q: %w", it.GUID, err)
		}
	}
	var cur *storedArticle // the feed's article for this entry
	var err error
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
	}
	result := itemUnchanged
	switch {
	case atURL != nil && atURL.sourceID != w.id:
		// Another source's article: it keeps its URL; the entry's old
		// article, if any, goes (its URL now names the other).
		if cur != nil {
			return itemUpdated, w.delete(ctx, cur.url)
		}
		return result, nil
	case cur != nil && atURL != nil:
		// The entry moved onto a URL the feed already has: one article.
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
		return itemNew, w.insert(ctx, jsonl.Record{Article: a})
	}
	if a.PublishedAt.IsZero() && cur.published != nil {
		a.PublishedAt = time.Unix(*cur.published, 0)
	}
	if result == itemUnchanged && cur.same(&a) {
		return result, nil
	}
	if err := w.delete(ctx, cur.url); err != nil {
		return itemUpdated, err
	}
	r := jsonl.Record{Article: a}
	if cur.popularity != nil {
		r.Popularity, r.HasPopularity = *cur.popularity, true
	}
	return itemUpdated, w.insert(ctx, r)
}

func (cur *storedArticle) same(a *model.Article) bool {
	var published *int64
	if !a.PublishedAt.IsZero() {
		p := clampSeconds(a.PublishedAt.Unix())
		published = &p
	}
	samePublished := (published == nil) == (cur.published == nil) && (published == nil || *published == *cur.published)
	return samePublished && cur.url == a.URL && cur.author == a.Author && cur.title == a.Title &&
		cur.description == a.Description && cur.image == a.URLToImage && cur.content == a.Content
}

func (w *feedWriter) article(ctx context.Context, url string) (*storedArticle, error) {
	c := storedArticle{url: url}
	err := w.tx.QueryRow(ctx, storedArticleSQL, url).Scan(&c.sourceID, &c.author, &c.title, &c.description,
		&c.image, &c.published, &c.content, &c.popularity)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("look up article %s: %w", url, err)
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

// PruneArticles deletes articles of feeds published before cutoff.
func (s *Store) PruneArticles(ctx context.Context, cutoff time.Time) (int, error) {
	bound := clampSeconds(cutoff.Unix()) << 16
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
	out := map[int]string{}
	if len(items) == 0 {
		return out, nil
	}
	article := func(url string) (source, content string, ok bool, err error) {
		err = s.pool.QueryRow(ctx, `SELECT source_id, content FROM articles WHERE url = $1`, url).Scan(&source, &content)
		if errors.Is(err, pgx.ErrNoRows) {
			return "", "", false, nil
		}
		return source, content, err == nil, classify(err)
	}
	for i, it := range items {
		var mapped string
		if err := s.pool.QueryRow(ctx, guidURLSQL, id, it.GUID).Scan(&mapped); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("look up entry %q of feed %q: %w", it.GUID, id, classify(err))
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
