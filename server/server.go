package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Config configures the handler.
type Config struct {
	// APIKeys are the keys clients may send as "Authorization: Bearer
	// <key>". At least one is required.
	APIKeys []string
	// RateLimit is the number of requests per minute each key may make
	// (with a burst of as many); 0 means unlimited.
	RateLimit int
	// Logger receives one line per request and any internal error; nil
	// discards them. Keys and query strings are never logged.
	Logger *slog.Logger
	// Limiter, when set, replaces the in-process limiter RateLimit would
	// make (a limiter shared by replicas).
	Limiter Limiter
	// Now is the clock for rate limiting; nil means time.Now.
	Now func() time.Time
	// QueryTimeout bounds one store query; 0 means DefaultQueryTimeout.
	QueryTimeout time.Duration
}

// DefaultQueryTimeout bounds a store query when Config.QueryTimeout is 0.
const DefaultQueryTimeout = 10 * time.Second

// handler serves the three endpoints.
type handler struct {
	st      store.Reader
	keys    *keyring
	limiter Limiter // nil when unlimited
	log     *slog.Logger
	now     func() time.Time
	timeout time.Duration
	routes  map[string]endpoint
	bodies  *bodyCache
}

// endpoint answers one path: it parses the query and asks the store.
type endpoint func(ctx context.Context, v url.Values) (any, error)

// New returns the service's HTTP handler, serving /v2/sources,
// /v2/latest-headlines and /v2/articles from st.
func New(st store.Reader, cfg Config) (http.Handler, error) {
	h, err := newHandler(st, cfg)
	if err != nil {
		return nil, err
	}
	return h.logged(h.recovered(http.HandlerFunc(h.serve))), nil
}

func newHandler(st store.Reader, cfg Config) (*handler, error) {
	if st == nil {
		return nil, errors.New("server: a store is required")
	}
	keys, err := newKeyring(cfg.APIKeys)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if cfg.RateLimit < 0 {
		return nil, errors.New("server: the rate limit cannot be negative")
	}
	h := &handler{st: st, keys: keys, log: cfg.Logger, now: cfg.Now, timeout: cfg.QueryTimeout,
		bodies: newBodyCache(maxCachedBodyBytes)}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if h.now == nil {
		h.now = time.Now
	}
	if h.timeout <= 0 {
		h.timeout = DefaultQueryTimeout
	}
	switch {
	case cfg.Limiter != nil:
		h.limiter = cfg.Limiter
	case cfg.RateLimit > 0:
		h.limiter = newKeyLimiter(cfg.RateLimit)
	}
	h.routes = map[string]endpoint{
		"/v2/sources":          h.sources,
		"/v2/latest-headlines": h.headlines,
		"/v2/articles":         h.articles,
	}
	return h, nil
}

// serve applies the checks in a fixed order: path (404), method (405), key
// (401), rate limit (429), parameters (400), then the query.
func (h *handler) serve(w http.ResponseWriter, r *http.Request) {
	ep, ok := h.routes[r.URL.Path]
	if !ok {
		writeError(w, http.StatusNotFound, CodeNotFound, fmt.Sprintf(
			"no endpoint at %s: the endpoints are /v2/sources, /v2/latest-headlines and /v2/articles",
			strconv.Quote(truncate(r.URL.Path, 200))))
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, CodeMethodNotAllowed,
			fmt.Sprintf("method %s is not allowed: use GET", truncate(r.Method, 20)))
		return
	}
	key, problem := h.keys.identify(r.Header.Get("Authorization"))
	if problem != "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="tidings"`)
		writeError(w, http.StatusUnauthorized, CodeUnauthorized, string(problem))
		return
	}
	if h.limiter != nil && !h.admit(w, r, key) {
		return
	}
	values, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, http.StatusBadRequest, model.CodeBadRequest,
			"malformed query string: parameters must be URL-encoded name=value pairs joined by &")
		return
	}
	// The same query answers the same until the store's next write: the
	// encoded body is cached (bodycache.go), so a page asked for again
	// costs neither a query nor JSON encoding.
	cacheKey := r.URL.Path + "?" + values.Encode()
	gen := h.st.Generation()
	body, ok := h.bodies.get(cacheKey, gen)
	if !ok {
		ctx, cancel := context.WithTimeout(r.Context(), h.timeout)
		defer cancel()
		v, err := ep(ctx, values)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		if body, err = encodeJSON(v); err != nil {
			h.log.Warn("write response", "path", r.URL.Path, "err", err)
			return
		}
		h.bodies.put(cacheKey, gen, body)
	}
	if err := writeBody(w, http.StatusOK, body); err != nil {
		h.log.Warn("write response", "path", r.URL.Path, "err", err)
	}
}

// admit asks the limiter whether the request of the key-th key may go
// ahead, answering it with 429 (or 503 when the limiter cannot decide)
// when not.
func (h *handler) admit(w http.ResponseWriter, r *http.Request, key int) bool {
	d, err := h.limiter.Allow(r.Context(), h.keys.id(key), h.now())
	if err != nil {
		h.log.Warn("rate limiter unavailable", "err", err)
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, CodeUnavailable,
			"the rate limiter is unavailable: retry in a moment")
		return false
	}
	if d.Allowed {
		return true
	}
	secs := retryAfterSeconds(d.RetryAfter)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeError(w, http.StatusTooManyRequests, CodeTooManyRequests, fmt.Sprintf(
		"rate limit of %d requests per minute exceeded: retry in %d s", h.limiter.PerMinute(), secs))
	return false
}

// fail answers a failed endpoint: a validation error is the client's (400),
// a query over its time bound is 503, anything else is ours (500, logged,
// with no detail leaked).
func (h *handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	var verr *model.ValidationError
	if errors.As(err, &verr) {
		writeError(w, http.StatusBadRequest, verr.Code(), verr.Message)
		return
	}
	if r.Context().Err() != nil {
		return // the client went away; nobody is listening
	}
	if errors.Is(err, context.DeadlineExceeded) {
		h.log.Warn("query timed out", "path", r.URL.Path, "timeout", h.timeout)
		writeError(w, http.StatusServiceUnavailable, CodeUnavailable,
			"the query took too long: try again, or narrow it with more words or filters")
		return
	}
	h.log.Error("request failed", "path", r.URL.Path, "err", err)
	writeError(w, http.StatusInternalServerError, CodeInternal, "the service had an internal error")
}

func (h *handler) sources(ctx context.Context, v url.Values) (any, error) {
	q, err := model.ParseSourcesQuery(v)
	if err != nil {
		return nil, err
	}
	p, err := h.st.Sources(ctx, q)
	if err != nil {
		return nil, err
	}
	return sourcesEnvelope(p), nil
}

func (h *handler) headlines(ctx context.Context, v url.Values) (any, error) {
	q, err := model.ParseHeadlinesQuery(v)
	if err != nil {
		return nil, err
	}
	p, err := h.st.Headlines(ctx, q)
	if err != nil {
		return nil, err
	}
	return articlesEnvelope(p), nil
}

func (h *handler) articles(ctx context.Context, v url.Values) (any, error) {
	q, err := model.ParseArticlesQuery(v)
	if err != nil {
		return nil, err
	}
	p, err := h.st.Articles(ctx, q)
	if err != nil {
		return nil, err
	}
	return articlesEnvelope(p), nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
