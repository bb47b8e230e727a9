package greader

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"tidings/model"
	"tidings/server/store"
)

// errNotManager refuses a feed change to a key the operator has not let
// manage feeds.
var errNotManager error = &requestError{status: http.StatusForbidden,
	message: "this API key may not add or remove feeds: the operator of this service lists the keys that may " +
		"in `tidings serve --feed-manager-keys-file`"}

// canManage checks that the session may change feeds and that the
// service can.
func (h *Handler) canManage(c *call) error {
	if !c.session.ManagesFeeds {
		return errNotManager
	}
	if h.manager == nil {
		return badRequestStatus(http.StatusNotImplemented, "this service's catalogue has no feeds to manage: it needs --db")
	}
	return c.checkEditToken()
}

// quickAdd answers subscription/quickadd: quickadd= is a feed's (or a
// site's) address, feed/ before it allowed (FreshRSS). A failure is
// answered 200 with numResults 0 and the error, as FreshRSS and Miniflux
// answer it, so clients show it.
func (h *Handler) quickAdd(w http.ResponseWriter, c *call) error {
	if err := h.canManage(c); err != nil {
		return err
	}
	url := strings.TrimPrefix(strings.TrimSpace(c.form.Get("quickadd")), feedPrefix)
	if url == "" {
		return badRequest("quickadd needs quickadd=<a feed's or a site's address>")
	}
	f, err := h.manager.Subscribe(c.ctx, url, "")
	if err != nil {
		if c.ctx.Err() == nil && !errors.Is(err, store.ErrUnavailable) {
			return writeJSON(w, map[string]any{"numResults": 0, "error": err.Error()})
		}
		return err
	}
	return writeJSON(w, map[string]any{"numResults": 1, "query": f.URL, "streamId": feedPrefix + f.Source.ID,
		"streamName": f.Source.Name})
}

// subscriptionEdit answers subscription/edit: ac=subscribe with
// s=feed/<address> (a= a label for its category), ac=unsubscribe with
// s=feed/<id> (repeatable). ac=edit (renaming, moving) is refused: the
// catalogue's sources keep the names and categories their feeds give.
func (h *Handler) subscriptionEdit(w http.ResponseWriter, c *call) error {
	if err := h.canManage(c); err != nil {
		return err
	}
	streams := c.form["s"]
	if len(streams) == 0 {
		return badRequest("subscription/edit needs s=feed/<address> (subscribe) or s=feed/<id> (unsubscribe)")
	}
	switch ac := c.form.Get("ac"); ac {
	case "subscribe":
		return h.subscribe(w, c, streams)
	case "unsubscribe":
		return h.unsubscribe(w, c, streams)
	case "edit":
		return badRequestStatus(http.StatusNotImplemented,
			"tidings does not rename or move subscriptions: a source's name and category come from its feed (`tidings feeds set` changes them)")
	default:
		return badRequest("ac=%s is not an action: use ac=subscribe or ac=unsubscribe", truncate(ac, 30))
	}
}

func (h *Handler) subscribe(w http.ResponseWriter, c *call, streams []string) error {
	var category model.Category
	if a := c.form.Get("a"); a != "" {
		ref, err := parseStream(a)
		if err != nil || ref.kind != streamLabel {
			return badRequest("a=%s is not a label: send a=%s<category>", truncate(a, 100), labelPrefix)
		}
		category = ref.category
	}
	for _, s := range streams {
		url, ok := strings.CutPrefix(strings.TrimSpace(s), feedPrefix)
		if !ok || !strings.Contains(url, "://") {
			return badRequest("s=%s is not a feed to subscribe to: send s=feed/<the feed's address>", truncate(s, 100))
		}
		if _, err := h.manager.Subscribe(c.ctx, url, category); err != nil {
			if c.ctx.Err() == nil && !errors.Is(err, store.ErrUnavailable) {
				return badRequest("could not subscribe to %s: %v", truncate(url, 200), err)
			}
			return err
		}
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

func (h *Handler) unsubscribe(w http.ResponseWriter, c *call, streams []string) error {
	subs, err := h.subscriptions(c.ctx)
	if err != nil {
		return err
	}
	for _, s := range streams {
		id, ok := strings.CutPrefix(strings.TrimSpace(s), feedPrefix)
		if !ok || id == "" {
			return badRequest("s=%s is not a subscription: send s=feed/<id>", truncate(s, 100))
		}
		if _, ok := subs.find(id); !ok {
			return badRequest("no subscription feed/%s: subscription/list names them", truncate(id, 100))
		}
		if err := h.manager.Unsubscribe(c.ctx, id); err != nil {
			if errors.Is(err, store.ErrFeedNotFound) {
				return badRequest("feed/%s is a source, not a feed: it cannot be unsubscribed", truncate(id, 100))
			}
			return fmt.Errorf("unsubscribe: %w", err)
		}
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}
