package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/newsapi"
	"tidings/server/store"
)

// maxMarksBody bounds a POST body: 50,000 readKeys of 16 hex digits fit.
const maxMarksBody = 2 << 20

// postEndpoint answers a POST of the marks extension from its JSON body.
type postEndpoint func(ctx context.Context, body []byte) (any, error)

// marksBody is POST /v2/marks.
type marksBody struct {
	Read      []string `json:"read"`
	Unread    []string `json:"unread"`
	Starred   []string `json:"starred"`
	Unstarred []string `json:"unstarred"`
	ReadKeys  []string `json:"readKeys"`
}

// readAllBody is POST /v2/marks/read-all.
type readAllBody struct {
	View   string `json:"view"`   // latest-headlines, articles or feed
	Query  string `json:"query"`  // the view's query string
	Feed   string `json:"feed"`   // with view "feed"
	Before string `json:"before"` // RFC 3339; absent: now
}

func bodyError(param, format string, args ...any) error {
	return &model.ValidationError{Param: param, Kind: model.KindParameter, Message: fmt.Sprintf(format, args...)}
}

// servePost answers a POST of the marks extension, with the checks of
// serve in the same order: CORS preflight, method (405), key (401), rate
// limit (429), body (400), then the store.
func (h *handler) servePost(w http.ResponseWriter, r *http.Request, ep postEndpoint) {
	d := specDialect
	if isPreflight(r) {
		h.cors.preflight(w, r, d)
		return
	}
	h.cors.decorate(w, r)
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		d.write(w, problem{status: http.StatusMethodNotAllowed, spec: CodeMethodNotAllowed, newsAPI: newsapi.CodeMethodNotAllowed,
			message: fmt.Sprintf("method %s is not allowed: use POST with a JSON body", truncate(r.Method, 20))})
		return
	}
	values, _ := url.ParseQuery(r.URL.RawQuery)
	presented := takeQueryKey(values)
	if !h.admitClient(w, r, d) {
		return
	}
	key, why := h.keys.authenticate(r.Header, presented)
	if why != "" {
		h.authFailed(r, why)
		w.Header().Set("WWW-Authenticate", `Bearer realm="tidings"`)
		d.write(w, unauthorized(why))
		return
	}
	if h.limiter != nil && !h.admit(w, r, d, key) {
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxMarksBody))
	if err != nil {
		d.write(w, problem{status: http.StatusRequestEntityTooLarge, spec: model.CodeBadRequest, newsAPI: newsapi.CodeParameterInvalid,
			message: fmt.Sprintf("the request body is over %d bytes: send fewer ids per request", maxMarksBody)})
		return
	}
	ctx, cancel := context.WithTimeout(withOwner(r.Context(), h.owner(key)), h.timeout)
	defer cancel()
	v, err := ep(ctx, body)
	if err != nil {
		h.fail(w, r, d, err)
		return
	}
	if err := writeJSON(w, http.StatusOK, v); err != nil {
		h.log.Warn("write response", "path", logPath(r), "err", err)
	}
}

// decodeBody reads a JSON body strictly: an unknown field is a mistake
// worth naming.
func decodeBody(body []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyError("body", "the request body is not the JSON object expected: %v", err)
	}
	return nil
}

// parseIDs reads one list of article ids.
func parseIDs(name string, ss []string) ([]int64, error) {
	if len(ss) > MaxMarkIDs {
		return nil, bodyError(name, "%s holds %d ids: at most %d are allowed per request", name, len(ss), MaxMarkIDs)
	}
	ids := make([]int64, len(ss))
	for i, s := range ss {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, bodyError(name, "%s[%d] is %q, not an article id (a decimal number)", name, i, truncate(s, 30))
		}
		ids[i] = id
	}
	return ids, nil
}

// postMarks answers POST /v2/marks: {"changed": n}.
func (h *handler) postMarks(ctx context.Context, body []byte) (any, error) {
	var b marksBody
	if err := decodeBody(body, &b); err != nil {
		return nil, err
	}
	type change struct {
		name string
		ids  []string
		set  func(context.Context, store.Owner, []int64, bool) (int, error)
		to   bool
	}
	changes := []change{{"read", b.Read, h.marks.SetRead, true}, {"unread", b.Unread, h.marks.SetRead, false},
		{"starred", b.Starred, h.marks.SetStarred, true}, {"unstarred", b.Unstarred, h.marks.SetStarred, false}}
	parsed := make([][]int64, len(changes))
	for i, c := range changes {
		ids, err := parseIDs(c.name, c.ids)
		if err != nil {
			return nil, err
		}
		parsed[i] = ids
	}
	digests, err := parseReadKeys(b.ReadKeys)
	if err != nil {
		return nil, err
	}
	owner := ownerOf(ctx)
	changed := 0
	for i, c := range changes {
		n, err := c.set(ctx, owner, parsed[i], c.to)
		if err != nil {
			return nil, err
		}
		changed += n
	}
	if len(digests) > 0 {
		n, err := h.readKeys(ctx, digests)
		if err != nil {
			return nil, err
		}
		changed += n
	}
	return map[string]any{"status": "ok", "changed": changed}, nil
}

func parseReadKeys(ss []string) (map[uint64]bool, error) {
	if len(ss) > MaxReadKeys {
		return nil, bodyError("readKeys", "readKeys holds %d digests: at most %d are allowed per request", len(ss), MaxReadKeys)
	}
	out := make(map[uint64]bool, len(ss))
	for i, s := range ss {
		d, ok := model.ParseKeyDigest(s)
		if !ok {
			return nil, bodyError("readKeys", "readKeys[%d] is %q, not a key digest (16 hex digits)", i, truncate(s, 30))
		}
		out[d] = true
	}
	return out, nil
}

// readKeys marks read the articles, among the newest readKeysScan,
// whose key digest is in digests: the reader's one-time migration of its
// read history.
func (h *handler) readKeys(ctx context.Context, digests map[uint64]bool) (int, error) {
	ids, err := h.streamIDs(ctx, store.Stream{}, readKeysScan)
	if err != nil {
		return 0, err
	}
	var hits []int64
	for start := 0; start < len(ids); start += store.MaxMarkIDs {
		arts, err := h.byID.ArticlesByID(ctx, ids[start:min(len(ids), start+store.MaxMarkIDs)])
		if err != nil {
			return 0, fmt.Errorf("match readKeys: %w", err)
		}
		for _, a := range arts {
			if digests[model.KeyDigest(model.ArticleKey(a))] {
				if id, err := strconv.ParseInt(a.ID, 10, 64); err == nil {
					hits = append(hits, id)
				}
			}
		}
	}
	return h.marks.SetRead(ctx, ownerOf(ctx), hits, true)
}

// postReadAll answers POST /v2/marks/read-all: {"marked": n}.
func (h *handler) postReadAll(ctx context.Context, body []byte) (any, error) {
	var b readAllBody
	if err := decodeBody(body, &b); err != nil {
		return nil, err
	}
	before := h.now()
	if b.Before != "" {
		t, err := time.Parse(time.RFC3339, b.Before)
		if err != nil {
			return nil, bodyError("before", "before is %q, not an RFC 3339 time (2026-11-20T12:00:00Z)", truncate(b.Before, 40))
		}
		before = t
	}
	scope, err := readAllScope(b)
	if err != nil {
		return nil, err
	}
	n, err := h.marks.MarkAllRead(ctx, ownerOf(ctx), scope, before)
	if err != nil {
		return nil, err
	}
	return map[string]any{"status": "ok", "marked": n}, nil
}

// readAllScope is the scope a read-all body names.
func readAllScope(b readAllBody) (store.Scope, error) {
	v, err := url.ParseQuery(strings.TrimPrefix(b.Query, "?"))
	if err != nil {
		return store.Scope{}, bodyError("query", "query is not a URL query string (name=value&…): %v", err)
	}
	switch b.View {
	case "latest-headlines":
		q, err := model.ParseHeadlinesQuery(v)
		if err != nil {
			return store.Scope{}, err
		}
		return store.Scope{Headlines: &q}, nil
	case "articles":
		q, err := model.ParseArticlesQuery(v)
		if err != nil {
			return store.Scope{}, err
		}
		return store.Scope{Articles: &q}, nil
	case "feed":
		if strings.TrimSpace(b.Feed) == "" {
			return store.Scope{}, bodyError("feed", "view feed needs the feed's id in feed")
		}
		return store.Scope{Feed: strings.TrimSpace(b.Feed)}, nil
	}
	return store.Scope{}, bodyError("view", "view is %q: it must be latest-headlines, articles or feed", truncate(b.View, 30))
}

// unreadCounts answers GET /v2/marks/unread?by=source|feed.
func (h *handler) unreadCounts(ctx context.Context, v url.Values) (any, error) {
	by := model.UnreadGrouping(v.Get("by"))
	if by == "" {
		by = model.UnreadBySource
	}
	if by != model.UnreadBySource && by != model.UnreadByFeed {
		return nil, bodyError("by", "by is %q: counts are by source or by feed", truncate(string(by), 30))
	}
	counts, err := h.marks.UnreadBy(ctx, ownerOf(ctx), by)
	if err != nil {
		return nil, err
	}
	return map[string]any{"status": "ok", "counts": counts}, nil
}

// errNoMarksEndpoint is the 404 text of the marks paths on a service
// that keeps no marks.
var errNoMarksEndpoint = errors.New("this service keeps no read or starred state: its marks endpoints are not served")
