package greader

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// editTag answers edit-tag: a= and r= (each repeatable) add and remove
// the read and starred states of the items i= (repeatable). kept-unread
// is the opposite of read (Miniflux's reading); like and broadcast are
// accepted and ignored; item labels are not kept and are refused.
func (h *Handler) editTag(w http.ResponseWriter, c *call) error {
	if err := c.checkEditToken(); err != nil {
		return err
	}
	ids, err := parseItemIDs(c.form["i"], maxEditIDs)
	if err != nil {
		return err
	}
	read, starred, err := editTargets(c.form["a"], c.form["r"])
	if err != nil {
		return err
	}
	if read != nil {
		if _, err := h.st.SetRead(c.ctx, c.session.Owner, ids, *read); err != nil {
			return fmt.Errorf("mark items read: %w", err)
		}
	}
	if starred != nil {
		if _, err := h.st.SetStarred(c.ctx, c.session.Owner, ids, *starred); err != nil {
			return fmt.Errorf("star items: %w", err)
		}
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

// editTargets reads edit-tag's a (add) and r (remove) into what becomes
// of read and starred (nil: unchanged).
func editTargets(add, remove []string) (read, starred *bool, err error) {
	set := func(p **bool, v bool, target string) error {
		if *p != nil && **p != v {
			return badRequest("%s is both added and removed: ask for one", truncate(target, 100))
		}
		*p = &v
		return nil
	}
	for _, pass := range []struct {
		targets []string
		add     bool
	}{{add, true}, {remove, false}} {
		for _, t := range pass.targets {
			if strings.HasPrefix(t, "user/") && strings.Contains(t, "/label/") {
				return nil, nil, badRequest("%s cannot be added to or removed from items: tidings keeps no labels on items "+
					"(its labels are the catalogue's categories)", truncate(t, 100))
			}
			ref, err := parseStream(t)
			if err != nil {
				return nil, nil, err
			}
			switch ref.kind {
			case streamRead:
				err = set(&read, pass.add, t)
			case streamKeptUnread:
				err = set(&read, !pass.add, t)
			case streamStarred:
				err = set(&starred, pass.add, t)
			case streamIgnored:
			default:
				err = badRequest("%s cannot be added to or removed from items: tidings keeps %s and %s", truncate(t, 100), stateRead, stateStarred)
			}
			if err != nil {
				return nil, nil, err
			}
		}
	}
	if read == nil && starred == nil && len(add)+len(remove) == 0 {
		return nil, nil, badRequest("edit-tag needs a=<state> or r=<state>: %s or %s", stateRead, stateStarred)
	}
	return read, starred, nil
}

// markAllAsRead answers mark-all-as-read: every item of stream s
// published at or before ts becomes read (ts absent: now).
func (h *Handler) markAllAsRead(w http.ResponseWriter, c *call) error {
	if err := c.checkEditToken(); err != nil {
		return err
	}
	ref, err := parseStream(c.form.Get("s"))
	if err != nil {
		return err
	}
	switch ref.kind {
	case streamReadingList, streamFeed, streamLabel:
	default:
		return badRequest("mark-all-as-read marks %s, feed/<id> or %s<name>, not %s", stateReadingList, labelPrefix, truncate(c.form.Get("s"), 100))
	}
	if err := h.checkFeed(c, ref); err != nil {
		return err
	}
	before, err := markTime(c.form.Get("ts"), h.now())
	if err != nil {
		return err
	}
	if _, err := h.st.MarkAllRead(c.ctx, c.session.Owner, ref.scope(), before); err != nil {
		return fmt.Errorf("mark all read: %w", err)
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

// markTime reads mark-all-as-read's ts. Clients disagree on its unit, so
// it goes by its digits, as Miniflux does: 19 and more are nanoseconds,
// 16 to 18 microseconds (Google's unit), 13 to 15 milliseconds, fewer
// seconds. Absent or 0: now.
func markTime(raw string, now time.Time) (time.Time, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return now, nil
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 0 {
		return time.Time{}, badRequest("ts=%s is not a time: send Unix microseconds (or seconds)", truncate(raw, 30))
	}
	switch digits := len(strconv.FormatInt(n, 10)); {
	case n == 0:
		return now, nil
	case digits >= 19:
		return time.Unix(0, n), nil
	case digits >= 16:
		return time.UnixMicro(n), nil
	case digits >= 13:
		return time.UnixMilli(n), nil
	default:
		return time.Unix(n, 0), nil
	}
}
