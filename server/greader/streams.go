package greader

import (
	"strings"

	"tidings/model"
	"tidings/server/store"
)

// Stream ids of Google Reader's states, as clients send them.
const (
	stateReadingList = "user/-/state/com.google/reading-list"
	stateRead        = "user/-/state/com.google/read"
	stateStarred     = "user/-/state/com.google/starred"
	labelPrefix      = "user/-/label/"
	feedPrefix       = "feed/"
)

// streamKind is what a stream id names.
type streamKind int

const (
	streamReadingList streamKind = iota
	streamRead
	streamStarred
	streamKeptUnread
	streamFeed
	streamLabel
	streamIgnored // like, broadcast, tracking-…: states tidings does not keep
)

// streamRef is a parsed stream id.
type streamRef struct {
	kind     streamKind
	feed     string         // streamFeed: the subscription's id
	category model.Category // streamLabel
}

// parseStream reads a stream id: user/-/state/com.google/<state> (any
// user in place of "-", as Miniflux accepts), user/-/label/<name>, or
// feed/<id>.
func parseStream(s string) (streamRef, error) {
	s = strings.TrimSpace(s)
	if id, ok := strings.CutPrefix(s, feedPrefix); ok && id != "" {
		return streamRef{kind: streamFeed, feed: id}, nil
	}
	if rest, ok := strings.CutPrefix(s, "user/"); ok {
		_, rest, _ = strings.Cut(rest, "/") // the user: "-" or an id
		if state, ok := strings.CutPrefix(rest, "state/com.google/"); ok {
			return parseState(s, state)
		}
		if name, ok := strings.CutPrefix(rest, "label/"); ok {
			return parseLabel(name)
		}
	}
	if s == "" {
		return streamRef{}, badRequest("no stream: send s=%s, s=feed/<id> or s=%s<name>", stateReadingList, labelPrefix)
	}
	return streamRef{}, badRequest("unknown stream %q: tidings serves %s, %s, %s, feed/<id> and %s<name>",
		truncate(s, 100), stateReadingList, stateRead, stateStarred, labelPrefix)
}

func parseState(whole, state string) (streamRef, error) {
	switch state {
	case "reading-list":
		return streamRef{kind: streamReadingList}, nil
	case "read":
		return streamRef{kind: streamRead}, nil
	case "starred":
		return streamRef{kind: streamStarred}, nil
	case "kept-unread":
		return streamRef{kind: streamKeptUnread}, nil
	case "like", "broadcast", "broadcast-friends", "fresh", "tracking-kept-unread",
		"tracking-body-link-used", "tracking-emailed", "tracking-item-link-used":
		return streamRef{kind: streamIgnored}, nil
	}
	return streamRef{}, badRequest("unknown state %q: tidings keeps read and starred", truncate(whole, 100))
}

// parseLabel reads a label: one of the catalogue's categories, by its
// name in any case ("Business" or "business").
func parseLabel(name string) (streamRef, error) {
	c, err := model.ParseCategory(name)
	if err != nil || c == "" {
		return streamRef{}, badRequest("no label %q: the labels are the catalogue's categories (tag/list names them)", truncate(name, 100))
	}
	return streamRef{kind: streamLabel, category: c}, nil
}

// scope is the articles a stream covers.
func (s streamRef) scope() store.Scope {
	switch s.kind {
	case streamFeed:
		return store.Scope{Source: s.feed}
	case streamLabel:
		return store.Scope{Category: s.category}
	}
	return store.Scope{}
}

// labelID is the stream id of a category's label.
func labelID(c model.Category) string { return labelPrefix + c.Name() }
