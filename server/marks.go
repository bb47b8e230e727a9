package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"tidings/model"
	"tidings/server/store"
)

// Paths of our marks extension (docs/marks.md), served only when the
// service keeps marks (Config.Marks).
const (
	pathMarks        = "/v2/marks"
	pathMarksReadAll = "/v2/marks/read-all"
	pathMarksUnread  = "/v2/marks/unread"
)

// MaxMarkIDs is how many ids each list of one POST /v2/marks may hold;
// MaxReadKeys how many readKeys.
const (
	MaxMarkIDs  = 1000
	MaxReadKeys = 50_000
)

// readKeysScan is how many of the newest articles readKeys is matched
// against: the reader's history is of recent reading.
const readKeysScan = 100_000

// searchUnreadLimit: a search's envelope carries unreadResults when it
// has at most this many results (counting reads them all).
const searchUnreadLimit = 1000

// ownerKey is the context key of the request's owner.
type ownerKey struct{}

func withOwner(ctx context.Context, o store.Owner) context.Context {
	return context.WithValue(ctx, ownerKey{}, o)
}

// ownerOf is the owner of the request ctx belongs to.
func ownerOf(ctx context.Context) store.Owner {
	o, _ := ctx.Value(ownerKey{}).(store.Owner)
	return o
}

// owner is whose marks a request with the i-th key reads and writes: the
// key's stable digest, or Config.Owner.
func (h *handler) owner(i int) store.Owner {
	if h.fixedOwner != "" {
		return h.fixedOwner
	}
	return store.Owner(h.keys.id(i))
}

// noMarks refuses unread or starred on a service that keeps no marks.
func noMarks(param string) error {
	return &model.ValidationError{Param: param, Kind: model.KindParameter,
		Message: param + " needs a service that keeps read and starred state, and this one keeps none"}
}

// listed answers a spec list with marks: the page p with each article's
// marks and the view's unread count, or, with unread or starred, the
// page of the view's unread (starred) articles, newest first.
func (h *handler) listed(ctx context.Context, scope store.Scope, unread, starred bool, page, pageSize int,
	list func() (model.Page[model.Article], error)) (model.Page[model.Article], error) {
	if h.marks == nil {
		if unread {
			return model.Page[model.Article]{}, noMarks("unread")
		}
		if starred {
			return model.Page[model.Article]{}, noMarks("starred")
		}
		return list()
	}
	var p model.Page[model.Article]
	var err error
	if unread || starred {
		p, err = h.markedPage(ctx, scope, unread, starred, page, pageSize)
	} else {
		p, err = list()
	}
	if err != nil {
		return p, err
	}
	return p, h.annotate(ctx, scope, &p)
}

// annotate sets the marks of p's articles and p's unread count.
func (h *handler) annotate(ctx context.Context, scope store.Scope, p *model.Page[model.Article]) error {
	owner := ownerOf(ctx)
	ids := make([]int64, 0, len(p.Items))
	for _, a := range p.Items {
		if id, err := strconv.ParseInt(a.ID, 10, 64); err == nil {
			ids = append(ids, id)
		}
	}
	marks, err := h.marks.MarksOf(ctx, owner, ids)
	if err != nil {
		return fmt.Errorf("read the marks of a page: %w", err)
	}
	for i, a := range p.Items {
		id, _ := strconv.ParseInt(a.ID, 10, 64)
		m := marks[id]
		p.Items[i].Read, p.Items[i].Starred = m.Read, m.Starred
	}
	if store.IsSearchScope(scope) && p.TotalResults > searchUnreadLimit {
		return nil
	}
	if p.UnreadResults, err = h.marks.UnreadCount(ctx, owner, scope); err != nil {
		return fmt.Errorf("count the unread articles: %w", err)
	}
	p.UnreadKnown = true
	return nil
}

// markedPage is a page of the unread (or starred) articles of scope,
// newest first; its total counts them (at most store.MaxScopeIDs).
func (h *handler) markedPage(ctx context.Context, scope store.Scope, unread, starred bool, page, pageSize int) (model.Page[model.Article], error) {
	page, pageSize = max(page, 1), max(pageSize, 1)
	p := model.Page[model.Article]{Page: page, PageSize: pageSize, Items: []model.Article{}}
	offset := (page - 1) * pageSize
	need := min(offset+pageSize, store.MaxScopeIDs)
	all := !unread || starred // count by listing: no count is kept for these
	if all {
		need = store.MaxScopeIDs
	}
	ids, err := h.streamIDs(ctx, store.Stream{Scope: scope, ExcludeRead: unread, OnlyStarred: starred}, need)
	if err != nil {
		return p, err
	}
	if all {
		p.TotalResults = len(ids)
	} else if p.TotalResults, err = h.marks.UnreadCount(ctx, ownerOf(ctx), scope); err != nil {
		return p, fmt.Errorf("count the unread articles: %w", err)
	}
	if offset >= len(ids) {
		return p, nil
	}
	if p.Items, err = h.byID.ArticlesByID(ctx, ids[offset:min(len(ids), offset+pageSize)]); err != nil {
		return p, fmt.Errorf("read a page of marked articles: %w", err)
	}
	return p, nil
}

// streamIDs lists up to n ids of a stream, following continuations.
func (h *handler) streamIDs(ctx context.Context, s store.Stream, n int) ([]int64, error) {
	var ids []int64
	for len(ids) < n {
		s.Limit = min(n-len(ids), store.MaxStreamIDs)
		got, next, err := h.marks.StreamIDs(ctx, ownerOf(ctx), s)
		if err != nil {
			return nil, fmt.Errorf("list marked articles: %w", err)
		}
		ids = append(ids, got...)
		if next == "" {
			break
		}
		s.Continuation = next
	}
	return ids, nil
}

// setMarks takes Config.Marks: the paths of the extension and the lists
// that carry marks, never cached across owners.
func (h *handler) setMarks(st store.Reader, cfg Config) error {
	h.fixedOwner = cfg.Owner
	if cfg.Marks == nil {
		return nil
	}
	h.marks = cfg.Marks
	var ok bool
	if h.byID, ok = cfg.Marks.(store.ArticlesByID); !ok {
		if h.byID, ok = st.(store.ArticlesByID); !ok {
			return errors.New("server: Config.Marks needs a store that looks articles up by id (store.ArticlesByID)")
		}
	}
	h.posts = map[string]postEndpoint{pathMarks: h.postMarks, pathMarksReadAll: h.postReadAll}
	h.routes[pathMarksUnread] = h.unreadCounts
	h.personal = map[string]bool{"/v2/latest-headlines": true, "/v2/articles": true, pathMarksUnread: true}
	return nil
}

// personalKey is the body cache key of an answer with the request's
// owner's marks: the request's key, the owner and their marks version.
// ok is false when the store keeps no version (or cannot say it now):
// the answer is then not cached.
//
// It also returns ctx saying the version to the store's rule
// (store.WithMarksVersion), so that the answer is the one of the version
// it is cached under, and an owner who never marked anything costs no
// lookups of empty marks.
func (h *handler) personalKey(ctx context.Context, key string) (context.Context, string, bool) {
	v, ok := h.marks.(store.MarksVersioner)
	if !ok {
		return ctx, "", false
	}
	owner := ownerOf(ctx)
	qctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	n, err := v.MarksVersion(qctx, owner)
	if err != nil {
		return ctx, "", false
	}
	return store.WithMarksVersion(ctx, owner, n), fmt.Sprintf("%s\x00owner=%s\x00marks=%d", key, owner, n), true
}
