package greader

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// fakeStore is an in-memory catalogue keeping marks per owner: the test
// double of store.Marks and store.ArticlesByID the protocol tests run
// against (the SQLite backend is tested in package server).
type fakeStore struct {
	mu       sync.Mutex
	sources  []model.Source
	articles []model.Article // ID set, decimal
	byID     map[int64]int
	marks    map[store.Owner]map[int64]store.ArticleMarks
	gen      uint64
}

func newFakeStore(sources []model.Source, articles []model.Article) *fakeStore {
	f := &fakeStore{sources: sources, byID: map[int64]int{}, marks: map[store.Owner]map[int64]store.ArticleMarks{}}
	for _, a := range articles {
		f.add(a)
	}
	return f
}

func (f *fakeStore) add(a model.Article) {
	id, err := strconv.ParseInt(a.ID, 10, 64)
	if err != nil {
		panic(err)
	}
	f.byID[id] = len(f.articles)
	f.articles = append(f.articles, a)
	f.gen++
}

func (f *fakeStore) Sources(_ context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	size := cmp.Or(q.PageSize, model.DefaultPageSize)
	page := cmp.Or(q.Page, 1)
	p := model.Page[model.Source]{Page: page, PageSize: size, TotalResults: len(f.sources)}
	lo, hi := min((page-1)*size, len(f.sources)), min(page*size, len(f.sources))
	p.Items = f.sources[lo:hi]
	return p, nil
}

func (f *fakeStore) Headlines(context.Context, model.HeadlinesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, errors.New("not used")
}

func (f *fakeStore) Articles(context.Context, model.ArticlesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, errors.New("not used")
}

func (f *fakeStore) Generation() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gen
}

func (f *fakeStore) ownerMarks(o store.Owner) map[int64]store.ArticleMarks {
	m := f.marks[o]
	if m == nil {
		m = map[int64]store.ArticleMarks{}
		f.marks[o] = m
	}
	return m
}

func (f *fakeStore) SetRead(_ context.Context, o store.Owner, ids []int64, read bool) (int, error) {
	return f.set(o, ids, func(m *store.ArticleMarks) bool { old := m.Read; m.Read = read; return old != read })
}

func (f *fakeStore) SetStarred(_ context.Context, o store.Owner, ids []int64, starred bool) (int, error) {
	return f.set(o, ids, func(m *store.ArticleMarks) bool { old := m.Starred; m.Starred = starred; return old != starred })
}

func (f *fakeStore) set(o store.Owner, ids []int64, change func(*store.ArticleMarks) bool) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	om, n := f.ownerMarks(o), 0
	for _, id := range ids {
		if _, ok := f.byID[id]; !ok {
			continue
		}
		m := om[id]
		if change(&m) {
			n++
		}
		om[id] = m
	}
	return n, nil
}

func (f *fakeStore) inScope(a model.Article, s store.Scope) bool {
	switch {
	case s.Source != "":
		return a.Source.ID == s.Source
	case s.Feed != "":
		return a.Source.ID == s.Feed
	case s.Category != "":
		for _, src := range f.sources {
			if src.ID == a.Source.ID {
				return src.Category == s.Category
			}
		}
		return false
	}
	return true
}

func (f *fakeStore) MarkAllRead(_ context.Context, o store.Owner, s store.Scope, before time.Time) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	om, n := f.ownerMarks(o), 0
	for _, a := range f.articles {
		id, _ := strconv.ParseInt(a.ID, 10, 64)
		if f.inScope(a, s) && !a.PublishedAt.After(before) && !om[id].Read {
			m := om[id]
			m.Read = true
			om[id] = m
			n++
		}
	}
	return n, nil
}

func (f *fakeStore) MarksOf(_ context.Context, o store.Owner, ids []int64) (map[int64]store.ArticleMarks, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[int64]store.ArticleMarks{}
	for _, id := range ids {
		if m, ok := f.marks[o][id]; ok {
			out[id] = m
		}
	}
	return out, nil
}

func (f *fakeStore) UnreadCount(_ context.Context, o store.Owner, s store.Scope) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, a := range f.articles {
		id, _ := strconv.ParseInt(a.ID, 10, 64)
		if f.inScope(a, s) && !f.marks[o][id].Read {
			n++
		}
	}
	return n, nil
}

func (f *fakeStore) UnreadBy(_ context.Context, o store.Owner, by model.UnreadGrouping) (map[string]int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int{}
	for _, a := range f.articles {
		id, _ := strconv.ParseInt(a.ID, 10, 64)
		if !f.marks[o][id].Read {
			out[a.Source.ID]++
		}
	}
	return out, nil
}

// StreamIDs pages by offset: the continuation is the next offset.
func (f *fakeStore) StreamIDs(_ context.Context, o store.Owner, s store.Stream) ([]int64, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var match []model.Article
	for _, a := range f.articles {
		id, _ := strconv.ParseInt(a.ID, 10, 64)
		m := f.marks[o][id]
		switch {
		case !f.inScope(a, s.Scope),
			s.ExcludeRead && m.Read, s.OnlyRead && !m.Read, s.OnlyStarred && !m.Starred,
			!s.After.IsZero() && !a.PublishedAt.After(s.After),
			!s.Before.IsZero() && !a.PublishedAt.Before(s.Before):
			continue
		}
		match = append(match, a)
	}
	slices.SortStableFunc(match, func(a, b model.Article) int {
		if s.OldestFirst {
			return a.PublishedAt.Compare(b.PublishedAt)
		}
		return b.PublishedAt.Compare(a.PublishedAt)
	})
	offset := 0
	if s.Continuation != "" {
		n, err := strconv.Atoi(s.Continuation)
		if err != nil || n < 0 {
			return nil, "", &model.ValidationError{Param: "c", Message: fmt.Sprintf("continuation %q is not one this service gave", s.Continuation)}
		}
		offset = n
	}
	limit := min(cmp.Or(s.Limit, 20), 10_000)
	lo, hi := min(offset, len(match)), min(offset+limit, len(match))
	ids := make([]int64, 0, hi-lo)
	for _, a := range match[lo:hi] {
		id, _ := strconv.ParseInt(a.ID, 10, 64)
		ids = append(ids, id)
	}
	next := ""
	if hi < len(match) {
		next = strconv.Itoa(hi)
	}
	return ids, next, nil
}

func (f *fakeStore) ArticlesByID(_ context.Context, ids []int64) ([]model.Article, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []model.Article
	for _, id := range ids {
		if i, ok := f.byID[id]; ok {
			out = append(out, f.articles[i])
		}
	}
	return out, nil
}

// fakeGate accepts the keys it holds; tokens are digests of them.
type fakeGate struct {
	mu       sync.Mutex
	keys     map[string]bool
	managers map[string]bool
	failures int
}

func newFakeGate(keys ...string) *fakeGate {
	g := &fakeGate{keys: map[string]bool{}, managers: map[string]bool{}}
	for _, k := range keys {
		g.keys[k] = true
	}
	return g
}

func fakeToken(key, purpose string) string {
	d := sha256.Sum256([]byte(purpose + ":" + key))
	return hex.EncodeToString(d[:])
}

func (g *fakeGate) Login(_ *http.Request, key string) (Session, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.keys[key] {
		g.failures++
		return Session{}, ErrBadAuth
	}
	return g.session(key), nil
}

func (g *fakeGate) session(key string) Session {
	return Session{Owner: store.Owner(fakeToken(key, "owner")), UserID: fakeToken(key, "user")[:16],
		AuthToken: fakeToken(key, "auth"), EditToken: fakeToken(key, "edit")[:57], ManagesFeeds: g.managers[key]}
}

func (g *fakeGate) Session(_ *http.Request, token string) (Session, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for k := range g.keys {
		if fakeToken(k, "auth") == token {
			return g.session(k), nil
		}
	}
	g.failures++
	return Session{}, ErrBadAuth
}
