package state

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tidings/model"
)

// MaxWatchName is the longest watch name, in characters.
const MaxWatchName = 64

// Watch is a watched search: a query kept under a name.
type Watch struct {
	// Name is unique among watches, ignoring ASCII case.
	Name string
	// Query is the search, every parameter as it was given. From and To
	// may be relative ("3d", "2w", "today", "yesterday"): a rolling
	// watch, resolved at each check (NewQuery, Expired) and each time it
	// is opened, never fixed when it is saved. Watches saved before kept
	// absolute dates, which read the same way.
	Query model.ArticlesQuery
	// Created is when the watch was added, in UTC.
	Created time.Time
	// LastSeen is when the watch was last opened, in UTC; the zero time
	// when it never was.
	LastSeen time.Time
}

// Since is the time from which an article counts as new: LastSeen, or
// Created for a watch never opened.
func (w Watch) Since() time.Time {
	if w.LastSeen.IsZero() {
		return w.Created
	}
	return w.LastSeen
}

// NewQuery is the query that counts the watch's new articles at now:
// Query with its relative From and To resolved at now, From set to
// [Watch.Since] (or left as it is when the watch's own From is later),
// page 1 and a page size of 1, as the count is the answer's totalResults
// and one article is the least a page may hold. Every other parameter,
// To included, is kept.
//
// From is written as the spec's yyyy-MM-ddTHH:mm:ssZ, to the second, the
// service's granularity, and rounded down: an article published in the
// same second as the last look counts as new rather than being missed.
//
// A Watch with neither LastSeen nor Created keeps its own From.
//
// When the watch's To is before Since, nothing can be new and the query
// asks for from after to, which [model.ArticlesQuery.Validate] rejects:
// check [Watch.Expired] first.
func (w Watch) NewQuery(now time.Time) model.ArticlesQuery {
	q := cloneQuery(w.Query).ResolveRelativeTimes(now)
	since := w.Since().UTC().Truncate(time.Second)
	if own, _, err := q.TimeRange(); !since.IsZero() && (err != nil || !own.After(since)) {
		q.From = since.Format("2006-01-02T15:04:05Z")
	}
	q.Page = 1
	q.PageSize = 1
	return q
}

// Expired reports whether the watch's own To, resolved at now, ends
// before [Watch.Since], so that no article can be new. A rolling To
// ("yesterday") moves on: such a watch is expired only until its To
// passes the last look (see [Watch.RollingTo]).
func (w Watch) Expired(now time.Time) bool {
	_, to, err := w.Query.ResolveRelativeTimes(now).TimeRange()
	return err == nil && !to.IsZero() && to.Before(w.Since().UTC().Truncate(time.Second))
}

// RollingTo reports whether the watch's To is relative, so that it moves
// with the clock.
func (w Watch) RollingTo() bool {
	return w.Query.To != "" && model.ResolveRelativeTime(w.Query.To, true, time.Time{}) != w.Query.To
}

func cloneQuery(q model.ArticlesQuery) model.ArticlesQuery {
	q.Sources = cloneList(q.Sources)
	q.Domains = cloneList(q.Domains)
	q.ExcludeDomains = cloneList(q.ExcludeDomains)
	return q
}

func cloneList(l []string) []string {
	if l == nil {
		return nil
	}
	return append([]string{}, l...)
}

// watchQuery is a query as stored: spelled out here rather than
// marshalled from model.ArticlesQuery, so that renaming a field there
// cannot silently lose a parameter of a stored watch.
type watchQuery struct {
	Q              string   `json:"q"`
	Sources        []string `json:"sources"`
	Domains        []string `json:"domains"`
	ExcludeDomains []string `json:"excludeDomains"`
	From           string   `json:"from"`
	To             string   `json:"to"`
	Language       string   `json:"language"`
	SortBy         string   `json:"sortBy"`
	Story          string   `json:"story,omitempty"`
	Unread         bool     `json:"unread,omitempty"`
	Starred        bool     `json:"starred,omitempty"`
	Page           int      `json:"page"`
	PageSize       int      `json:"pageSize"`
}

func encodeQuery(q model.ArticlesQuery) (string, error) {
	b, err := json.Marshal(watchQuery{
		Q: q.Q, Sources: q.Sources, Domains: q.Domains, ExcludeDomains: q.ExcludeDomains,
		From: q.From, To: q.To, Language: string(q.Language), SortBy: string(q.SortBy), Story: q.Story,
		Unread: q.Unread, Starred: q.Starred, Page: q.Page, PageSize: q.PageSize,
	})
	return string(b), err
}

func decodeQuery(s string) (model.ArticlesQuery, error) {
	var w watchQuery
	if err := json.Unmarshal([]byte(s), &w); err != nil {
		return model.ArticlesQuery{}, err
	}
	return model.ArticlesQuery{
		Q: w.Q, Sources: w.Sources, Domains: w.Domains, ExcludeDomains: w.ExcludeDomains,
		From: w.From, To: w.To, Language: model.Language(w.Language), SortBy: model.SortBy(w.SortBy), Story: w.Story,
		Unread: w.Unread, Starred: w.Starred, Page: w.Page, PageSize: w.PageSize,
	}, nil
}

// CleanWatchName trims name and checks it: not empty, at most
// [MaxWatchName] characters, valid UTF-8 without control characters. The
// error is ErrInvalidName, saying what is wrong.
func CleanWatchName(name string) (string, error) {
	n := strings.TrimSpace(name)
	switch {
	case n == "":
		return "", fmt.Errorf("%w: a watch needs a name", ErrInvalidName)
	case !utf8.ValidString(n):
		return "", fmt.Errorf("%w: the name is not valid UTF-8 text", ErrInvalidName)
	case utf8.RuneCountInString(n) > MaxWatchName:
		return "", fmt.Errorf("%w: the name is longer than %d characters", ErrInvalidName, MaxWatchName)
	case strings.IndexFunc(n, func(r rune) bool { return unicode.IsControl(r) || isBidi(r) }) >= 0:
		return "", fmt.Errorf("%w: the name holds control characters", ErrInvalidName)
	}
	return n, nil
}

// AddWatch keeps q under name (trimmed; see [CleanWatchName]), created at
// at and never seen. q must pass [model.ArticlesQuery.ValidateFilters]
// (ErrInvalidQuery otherwise), which lets NewsAPI's dialect watch sources
// without keywords. A name in use, in any ASCII case, is ErrDuplicateName.
func (s *Store) AddWatch(ctx context.Context, name string, q model.ArticlesQuery, at time.Time) error {
	n, err := CleanWatchName(name)
	if err != nil {
		return err
	}
	// Relative dates are kept as written; they must make a valid search
	// when resolved, as they will be at every check.
	if err := q.ResolveRelativeTimes(at).ValidateFilters(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidQuery, err)
	}
	body, err := encodeQuery(q)
	if err != nil {
		return err
	}
	return s.write(ctx, "add watch", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO watches(name, query, created) VALUES (?, ?, ?)`, n, body, nanos(at))
		if isUniqueViolation(err) {
			return duplicate(n)
		}
		return err
	})
}

// Watches returns every watch, oldest created first.
func (s *Store) Watches(ctx context.Context) ([]Watch, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT name, query, created, last_seen FROM watches ORDER BY created, rowid`)
	if err != nil {
		return nil, s.wrap("load watches", err)
	}
	defer rows.Close()
	var out []Watch
	for rows.Next() {
		var (
			w             Watch
			body          string
			created, seen int64
		)
		if err := rows.Scan(&w.Name, &body, &created, &seen); err != nil {
			return nil, s.wrap("load watches", err)
		}
		if w.Query, err = decodeQuery(body); err != nil {
			return nil, s.wrap("load watch "+quote(w.Name), err)
		}
		w.Created, w.LastSeen = fromNanos(created), fromNanos(seen)
		out = append(out, w)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("load watches", err)
	}
	return out, nil
}

// MarkSeen records that the watch name was opened at at. LastSeen only
// moves forward: of two tidings marking it, the later look wins. An
// unknown name is ErrNotFound.
func (s *Store) MarkSeen(ctx context.Context, name string, at time.Time) error {
	return s.updateWatch(ctx, "mark watch seen", name,
		`UPDATE watches SET last_seen = max(last_seen, ?) WHERE name = ?`, nanos(at), strings.TrimSpace(name))
}

// RemoveWatch forgets the watch name. An unknown name is ErrNotFound.
func (s *Store) RemoveWatch(ctx context.Context, name string) error {
	return s.updateWatch(ctx, "remove watch", name, `DELETE FROM watches WHERE name = ?`, strings.TrimSpace(name))
}

// RenameWatch renames the watch from to to (checked as by
// [CleanWatchName]). An unknown from is ErrNotFound; a to in use by
// another watch is ErrDuplicateName. Changing only the case is allowed.
func (s *Store) RenameWatch(ctx context.Context, from, to string) error {
	n, err := CleanWatchName(to)
	if err != nil {
		return err
	}
	return s.updateWatch(ctx, "rename watch", from, `UPDATE watches SET name = ? WHERE name = ?`, n, strings.TrimSpace(from))
}

func (s *Store) updateWatch(ctx context.Context, op, name, query string, args ...any) error {
	return s.write(ctx, op, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if newName, ok := args[0].(string); ok && isUniqueViolation(err) {
			return duplicate(newName) // only a rename sets a name
		}
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("watch", strings.TrimSpace(name))
		}
		return nil
	})
}

func duplicate(name string) error {
	return fmt.Errorf("%w: %s", ErrDuplicateName, quote(name))
}

// isUniqueViolation reports a UNIQUE constraint failure
// (SQLITE_CONSTRAINT_UNIQUE).
func isUniqueViolation(err error) bool {
	const constraintUnique = 2067
	var e interface{ Code() int }
	return errors.As(err, &e) && e.Code() == constraintUnique
}
