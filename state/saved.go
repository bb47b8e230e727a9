package state

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"tidings/extract"
	"tidings/model"
)

// SavedArticle is a saved article: every field of the article as it was
// when saved, so it reads offline, with when it was saved and, once
// fetched, its full text.
type SavedArticle struct {
	model.Article
	// Key identifies the article: [Key] of it.
	Key string `json:"key"`
	// SavedAt is when it was (first) saved, in UTC.
	SavedAt time.Time `json:"savedAt"`
	// FullText is the readable page, nil until [Store.SetFullText].
	FullText *extract.Article `json:"fullText,omitempty"`
}

// Key is what the state identifies an article by: its URL, trimmed; for an
// article without one, "sha256:" and the hex SHA-256 of its title, source
// id, source name and publication time (RFC 3339, UTC), each followed by
// a NUL byte. Use it for [Store.MarkRead] too, so that read and saved
// agree.
func Key(a model.Article) string { return model.ArticleKey(a) }

// Save keeps a (under [Key](a)) as saved at at. Saving an article that is
// saved already refreshes its fields and keeps its SavedAt and full text.
func (s *Store) Save(ctx context.Context, a model.Article, at time.Time) error {
	body, err := json.Marshal(a)
	if err != nil {
		return err
	}
	return s.write(ctx, "save article", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			`INSERT INTO saved(key, saved_at, article) VALUES (?, ?, ?)
			 ON CONFLICT(key) DO UPDATE SET article = excluded.article`, Key(a), nanos(at), string(body))
		return err
	})
}

// Unsave forgets the saved article identified by key, with its full text.
// Unsaving an article that is not saved does nothing.
func (s *Store) Unsave(ctx context.Context, key string) error {
	return s.write(ctx, "unsave article", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM saved WHERE key = ?`, key)
		return err
	})
}

// IsSaved reports whether the article identified by key is saved.
func (s *Store) IsSaved(ctx context.Context, key string) (bool, error) {
	var one int
	err := s.db.QueryRowContext(ctx, `SELECT 1 FROM saved WHERE key = ?`, key).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, s.wrap("look up saved article", err)
	}
	return true, nil
}

// SavedKeys returns the keys of all saved articles, for marking them in a
// list without asking article by article.
func (s *Store) SavedKeys(ctx context.Context) (map[string]struct{}, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT key FROM saved`)
	if err != nil {
		return nil, s.wrap("load saved articles", err)
	}
	defer rows.Close()
	keys := map[string]struct{}{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, s.wrap("load saved articles", err)
		}
		keys[k] = struct{}{}
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("load saved articles", err)
	}
	return keys, nil
}

// SetFullText keeps text as the full text of the saved article identified
// by key. It is ErrNotFound when that article is not saved.
func (s *Store) SetFullText(ctx context.Context, key string, text extract.Article) error {
	body, err := json.Marshal(text)
	if err != nil {
		return err
	}
	return s.write(ctx, "save full text", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE saved SET full_text = ? WHERE key = ?`, string(body), key)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("saved article", key)
		}
		return nil
	})
}

// Saved returns every saved article, newest saved first (articles saved at
// the same instant: last saved first).
func (s *Store) Saved(ctx context.Context) ([]SavedArticle, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT key, saved_at, article, full_text FROM saved ORDER BY saved_at DESC, rowid DESC`)
	if err != nil {
		return nil, s.wrap("load saved articles", err)
	}
	defer rows.Close()
	var out []SavedArticle
	for rows.Next() {
		var (
			sa       SavedArticle
			at       int64
			body     string
			fullText sql.NullString
		)
		if err := rows.Scan(&sa.Key, &at, &body, &fullText); err != nil {
			return nil, s.wrap("load saved articles", err)
		}
		sa.SavedAt = fromNanos(at)
		if err := json.Unmarshal([]byte(body), &sa.Article); err != nil {
			return nil, s.wrap("load saved article "+sa.Key, err)
		}
		if fullText.Valid {
			sa.FullText = new(extract.Article)
			if err := json.Unmarshal([]byte(fullText.String), sa.FullText); err != nil {
				return nil, s.wrap("load full text of "+sa.Key, err)
			}
		}
		out = append(out, sa)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("load saved articles", err)
	}
	return out, nil
}

// notFound is ErrNotFound naming what was looked for.
func notFound(what, key string) error {
	return &notFoundError{what: what, key: key}
}

type notFoundError struct{ what, key string }

func (e *notFoundError) Error() string { return "no " + e.what + " " + quote(e.key) }
func (e *notFoundError) Unwrap() error { return ErrNotFound }

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
