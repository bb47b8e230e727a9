package greader

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"tidings/api"
	"tidings/model"
)

// SetRead marks the articles (decimal ids) read or unread: edit-tag
// adding or removing user/-/state/com.google/read, at most
// maxContentsPerCall ids a call.
func (c *Client) SetRead(ctx context.Context, ids []string, read bool) error {
	return c.editTag(ctx, ids, stateRead, read, "mark items read")
}

// SetStarred stars the articles or takes their stars off.
func (c *Client) SetStarred(ctx context.Context, ids []string, starred bool) error {
	return c.editTag(ctx, ids, stateStarred, starred, "star items")
}

func (c *Client) editTag(ctx context.Context, ids []string, tag string, add bool, op string) error {
	if !add {
		op = strings.Replace(strings.Replace(op, "mark items read", "mark items unread", 1), "star items", "unstar items", 1)
	}
	for from := 0; from < len(ids); from += maxContentsPerCall {
		form := idsForm(ids[from:min(from+maxContentsPerCall, len(ids))])
		if add {
			form.Set("a", tag)
		} else {
			form.Set("r", tag)
		}
		if _, err := c.post(ctx, op, "/reader/api/0/edit-tag", form); err != nil {
			return err
		}
	}
	return nil
}

// MarkAllRead marks a view read up to m.Before and returns how many
// unread articles it held then. The reading list, a subscription and a
// label go to mark-all-as-read with ts in microseconds (FreshRSS
// compares it with its ids, which are microseconds; Miniflux reads 16
// digits and more as microseconds); the starred items, which neither
// service marks so, are marked one by one with edit-tag.
func (c *Client) MarkAllRead(ctx context.Context, m model.MarkAllRead) (int, error) {
	sel, err := c.viewStream(ctx, m.View)
	if err != nil {
		return 0, err
	}
	if sel.none {
		return 0, nil
	}
	sel.unread = true
	// nt is "older than" to Miniflux and tidings serve, in seconds: the
	// next second takes in what was published at Before itself.
	ids, err := c.unreadIDsBefore(ctx, sel, m.Before.Unix()+1)
	if err != nil {
		return 0, err
	}
	if sel.stream == stateStarred {
		if sel.within != "" {
			items, err := c.contents(ctx, ids)
			if err != nil {
				return 0, err
			}
			ids = ids[:0]
			for _, a := range c.keepWithin(items, sel.within) {
				ids = append(ids, a.ID)
			}
		}
		return len(ids), c.SetRead(ctx, ids, true)
	}
	form := map[string][]string{"s": {sel.stream}, "ts": {strconv.FormatInt(m.Before.UnixMicro(), 10)}}
	if _, err := c.post(ctx, "mark all read", "/reader/api/0/mark-all-as-read", form); err != nil {
		return 0, err
	}
	return len(ids), nil
}

// viewStream is the stream a view reads.
func (c *Client) viewStream(ctx context.Context, v model.View) (selection, error) {
	switch {
	case v.Headlines != nil:
		return c.headlinesStream(ctx, *v.Headlines)
	case v.Articles != nil:
		q := *v.Articles
		if q.Q != "" || q.Story != "" {
			return selection{}, c.noSearch()
		}
		if len(q.Sources) != 1 {
			return selection{}, api.DialectGReader.ValidateArticles(q)
		}
		stream, err := c.sourceStream(q.Sources[0])
		return selection{stream: stream}, err
	case v.Feed != "":
		stream, err := c.sourceStream(v.Feed)
		return selection{stream: stream}, err
	}
	return selection{}, fmt.Errorf("%s: mark all read: the view names no headlines, search or feed", c.server)
}

// unreadIDsBefore lists the unread ids of sel published no later than
// before (nt, in seconds), following continuations to the end.
func (c *Client) unreadIDsBefore(ctx context.Context, sel selection, before int64) ([]string, error) {
	cur := &cursor{sel: sel, seen: map[string]bool{}}
	for !cur.done {
		if err := c.readIDsUntil(ctx, cur, before); err != nil {
			return nil, err
		}
	}
	return cur.ids, nil
}

// readIDsUntil is readIDs with an upper time bound.
func (c *Client) readIDsUntil(ctx context.Context, cur *cursor, before int64) error {
	cur.sel.before = before
	return c.readIDs(ctx, cur, maxIDsPerCall)
}

// UnreadBy counts unread articles per source (subscriptions are both
// sources and feeds here) from unread-count. Miniflux has no
// unread-count: the error matches ErrNoUnreadCounts.
func (c *Client) UnreadBy(ctx context.Context, by model.UnreadGrouping) (map[string]int, error) {
	counts, err := c.unreadCounts(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for stream, n := range counts {
		if strings.HasPrefix(stream, feedPrefix) {
			out[c.sourceID(stream)] = n
		}
	}
	return out, nil
}
