package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"tidings/model"
)

// The marks extension of tidings serve (docs/marks.md): read and starred
// state kept by the service, per key. Whether a service keeps marks is
// learnt, not configured by the user:
//
//   - the in-process service of personal mode and the demo always does
//     (the reader builds its client WithMarks(true));
//   - for any other spec service, ProbeMarks asks GET /marks/unread once:
//     200 means it keeps marks, 404 that it keeps none;
//   - a list answer carrying unreadResults says so too;
//   - NewsAPI keeps none: no request is sent.
//
// Marks reports what is known; until then it is false, and the reader
// keeps read state in its state.db as before.

// Paths of the marks extension, below the base URL.
const (
	pathMarks        = "/marks"
	pathMarksReadAll = "/marks/read-all"
	pathMarksUnread  = "/marks/unread"
)

// MaxMarkIDs is the most ids one POST /marks list holds; longer lists are
// sent in several requests. MaxReadKeys likewise for readKeys.
const (
	MaxMarkIDs  = 1000
	MaxReadKeys = 50_000
)

// ErrNoMarks is the error of a marks call to a service that keeps none.
var ErrNoMarks = errors.New("this news service keeps no read or starred state")

// WithMarks tells the client whether its service keeps marks (the reader
// knows it of its own in-process service).
func WithMarks(keeps bool) Option {
	return func(s *settings) { s.marks = &keeps }
}

// Marks reports whether the service is known to keep read and starred
// state (see ProbeMarks).
func (c *Client) Marks() bool { return c.dialect == DialectSpec && c.marks.Load() }

// ProbeMarks asks the service whether it keeps marks, once per client: a
// spec service answering GET /marks/unread does; a 404 says it keeps
// none. Other failures are returned and nothing is recorded.
func (c *Client) ProbeMarks(ctx context.Context) (bool, error) {
	if c.dialect != DialectSpec {
		return false, nil
	}
	if c.marks.Load() || c.probed.Load() {
		return c.marks.Load(), nil
	}
	_, err := c.get(ctx, pathMarksUnread, url.Values{"by": {"source"}})
	var apiErr *Error
	switch {
	case err == nil:
		c.marks.Store(true)
	case errors.As(err, &apiErr) && (apiErr.Status == http.StatusNotFound || apiErr.Status == http.StatusMethodNotAllowed):
		err = nil
	default:
		return false, err
	}
	c.probed.Store(true)
	return c.marks.Load(), nil
}

// noteMarks records that a list answer showed the service keeps marks.
func (c *Client) noteMarks(p model.Page[model.Article]) {
	if p.UnreadKnown && c.dialect == DialectSpec {
		c.marks.Store(true)
	}
}

// SetRead marks the articles ids (model.Article.ID) read or unread.
func (c *Client) SetRead(ctx context.Context, ids []string, read bool) error {
	field := "unread"
	if read {
		field = "read"
	}
	return c.postIDs(ctx, field, ids)
}

// SetStarred stars or unstars the articles ids.
func (c *Client) SetStarred(ctx context.Context, ids []string, starred bool) error {
	field := "unstarred"
	if starred {
		field = "starred"
	}
	return c.postIDs(ctx, field, ids)
}

// postIDs sends ids under field of POST /marks, MaxMarkIDs at a time.
func (c *Client) postIDs(ctx context.Context, field string, ids []string) error {
	for len(ids) > 0 {
		part := ids[:min(len(ids), MaxMarkIDs)]
		ids = ids[len(part):]
		if _, err := c.postMarks(ctx, pathMarks, map[string][]string{field: part}); err != nil {
			return fmt.Errorf("mark %d articles %s: %w", len(part), field, err)
		}
	}
	return nil
}

// MigrateReadKeys marks read, on the service, the articles whose key
// digests (model.KeyDigest of model.ArticleKey) are listed: the reader's
// one-time migration of its state.db history. It returns how many became
// read.
func (c *Client) MigrateReadKeys(ctx context.Context, digests []uint64) (int, error) {
	total := 0
	for len(digests) > 0 {
		part := digests[:min(len(digests), MaxReadKeys)]
		digests = digests[len(part):]
		keys := make([]string, len(part))
		for i, d := range part {
			keys[i] = model.FormatKeyDigest(d)
		}
		var answer struct {
			Changed int `json:"changed"`
		}
		body, err := c.postMarks(ctx, pathMarks, map[string][]string{"readKeys": keys})
		if err == nil {
			err = json.Unmarshal(body, &answer)
		}
		if err != nil {
			return total, fmt.Errorf("migrate the read history: %w", err)
		}
		total += answer.Changed
	}
	return total, nil
}

// MarkAllRead marks a whole view read on the service and returns how
// many articles became read.
func (c *Client) MarkAllRead(ctx context.Context, m model.MarkAllRead) (int, error) {
	req := map[string]string{}
	switch v := m.View; {
	case v.Headlines != nil:
		q := *v.Headlines
		q.Page, q.PageSize, q.Unread, q.Starred = 0, 0, false, false
		req["view"], req["query"] = "latest-headlines", encodeQuery(q.Values())
	case v.Articles != nil:
		q := *v.Articles
		q.Page, q.PageSize, q.Unread, q.Starred = 0, 0, false, false
		req["view"], req["query"] = "articles", encodeQuery(q.Values())
	case v.Feed != "":
		req["view"], req["feed"] = "feed", v.Feed
	default:
		return 0, errors.New("mark all read: the view names no list")
	}
	if !m.Before.IsZero() {
		req["before"] = m.Before.UTC().Format(time.RFC3339)
	}
	body, err := c.postMarks(ctx, pathMarksReadAll, req)
	var answer struct {
		Marked int `json:"marked"`
	}
	if err == nil {
		err = json.Unmarshal(body, &answer)
	}
	if err != nil {
		return 0, fmt.Errorf("mark all read: %w", err)
	}
	return answer.Marked, nil
}

// UnreadBy counts the key's unread articles per source (or feed) id.
func (c *Client) UnreadBy(ctx context.Context, by model.UnreadGrouping) (map[string]int, error) {
	if c.dialect != DialectSpec {
		return nil, ErrNoMarks
	}
	body, err := c.get(ctx, pathMarksUnread, url.Values{"by": {string(by)}})
	if err != nil {
		return nil, fmt.Errorf("count unread articles: %w", err)
	}
	var answer struct {
		Counts map[string]count `json:"counts"`
	}
	if err := json.Unmarshal(body, &answer); err != nil {
		return nil, fmt.Errorf("count unread articles: the answer is not the counts expected: %w", err)
	}
	out := make(map[string]int, len(answer.Counts))
	for id, n := range answer.Counts {
		if n.ok {
			out[id] = n.n
		}
	}
	return out, nil
}

// postMarks sends one POST of the extension with a JSON body (marks are
// idempotent, so a failed attempt is retried like a GET).
func (c *Client) postMarks(ctx context.Context, path string, v any) ([]byte, error) {
	if c.dialect != DialectSpec {
		return nil, ErrNoMarks
	}
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	target := c.endpointURL(path, nil)
	for attempt := 0; ; attempt++ {
		answer, err := c.send(ctx, http.MethodPost, target, body)
		if err == nil || attempt >= c.retries || !retryable(err) {
			return answer, err
		}
		if err := sleep(ctx, c.backoffFor(attempt)); err != nil {
			return nil, c.contextError(ctx, err)
		}
	}
}
