package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/greader"
	"tidings/server/newsapi"
	"tidings/server/openapi"
	"tidings/server/store"
)

// Config configures the handler.
type Config struct {
	// APIKeys are the keys clients may send, as "Authorization: Bearer
	// <key>", "Authorization: <key>", "X-Api-Key: <key>" or the apiKey
	// query parameter. At least one is required, here or in Keys.
	APIKeys []string
	// Keys, when set, is a key set the caller can replace while serving
	// (Keys.Replace); it takes the place of APIKeys, which must then be
	// empty.
	Keys *Keys
	// RateLimit is the number of requests per minute each key may make
	// (with a burst of as many); 0 means unlimited.
	RateLimit int
	// AuthFailures is how many wrong keys one client address may send
	// per minute before its requests are answered 429 (auththrottle.go);
	// 0 means DefaultAuthFailures, below 0 no throttle.
	AuthFailures int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client address for the wrong-key throttle; none: the
	// connection's address is the client's.
	TrustedProxies []netip.Prefix
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

	// Checks are the readiness checks of /readyz beyond the store's own
	// (named "store", added when the store has a Ping method): the shared
	// limiter's Redis, the feed poller. Names must be unique.
	Checks []Check
	// CheckTimeout bounds each check; 0 means DefaultCheckTimeout.
	CheckTimeout time.Duration
	// Metrics receives the handler's measurements; nil: New makes its
	// own. Pass one to feed it polling passes too (ObserveFeedPass) or to
	// serve it on a listener of its own.
	Metrics *Metrics
	// MetricsElsewhere: /metrics is served on a listener of its own
	// (Metrics.Handler), so this handler answers 404 there.
	MetricsElsewhere bool
	// CORSOrigins are the origins whose pages may call the API from a
	// browser: exact origins ("https://news.example.com") or "*" for any.
	// None: no CORS header is sent and every preflight is refused.
	CORSOrigins []string
	// FeedManagers are the keys that may add and remove feeds through
	// the Google Reader API (package greader); nil: none may.
	FeedManagers *Keys
	// FeedManager subscribes and unsubscribes for them; nil: the service
	// cannot (a catalogue without feeds).
	FeedManager greader.FeedManager

	// Marks, when set, is where the service keeps read and starred state
	// per key (docs/marks.md): lists then carry each article's "read" and
	// "starred" and the view's "unreadResults", accept unread=true and
	// starred=true, and /v2/marks, /v2/marks/read-all and
	// /v2/marks/unread are served. Its ArticlesByID (or the store's) looks
	// up unread pages. Nil: the service keeps no marks.
	Marks store.Marks
	// Owner, when set, owns every request's marks whatever its key: the
	// in-process service of personal mode and the demo, whose key changes
	// with every launch, uses store.LocalOwner. Empty: a request's owner
	// is its key's stable digest.
	Owner store.Owner
}

// DefaultQueryTimeout bounds a store query when Config.QueryTimeout is 0.
const DefaultQueryTimeout = 10 * time.Second

// handler serves the spec's three endpoints and NewsAPI's three, and the
// operations endpoints beside them.
type handler struct {
	st      store.Reader
	keys    *keyring
	limiter Limiter // nil when unlimited
	log     *slog.Logger
	now     func() time.Time
	timeout time.Duration
	routes  map[string]endpoint
	bodies  *bodyCache

	authThrottle *authThrottle // nil: wrong keys are not throttled
	proxies      []netip.Prefix

	metrics      *Metrics
	ops          map[string]http.HandlerFunc // outside keys, rate limit and CORS
	checks       []Check
	checkTimeout time.Duration
	cors         corsPolicy
	greader      http.Handler // the Google Reader API (greader_gate.go)

	marks      store.Marks // nil: no marks kept (marks.go)
	byID       store.ArticlesByID
	fixedOwner store.Owner
	posts      map[string]postEndpoint // the marks extension's POSTs
	personal   map[string]bool         // paths whose answers depend on the owner: never cached
}

// endpoint answers one path: it parses the query and asks the store.
type endpoint func(ctx context.Context, v url.Values) (any, error)

// New returns the service's HTTP handler, serving the spec's
// /v2/sources, /v2/latest-headlines and /v2/articles and NewsAPI's
// /v2/top-headlines, /v2/everything and /v2/top-headlines/sources from st,
// and, needing no key, /healthz, /readyz, /v2/openapi.json (package
// openapi) and (unless Config.MetricsElsewhere) /metrics.
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
	keys, err := configKeys(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.RateLimit < 0 {
		return nil, errors.New("server: the rate limit cannot be negative")
	}
	cors, err := newCORSPolicy(cfg.CORSOrigins)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	h := &handler{st: st, keys: keys, log: cfg.Logger, now: cfg.Now, timeout: cfg.QueryTimeout,
		bodies: newBodyCache(maxCachedBodyBytes), metrics: cfg.Metrics, checkTimeout: cfg.CheckTimeout, cors: cors}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if h.now == nil {
		h.now = time.Now
	}
	if h.timeout <= 0 {
		h.timeout = DefaultQueryTimeout
	}
	if h.checkTimeout <= 0 {
		h.checkTimeout = DefaultCheckTimeout
	}
	if h.metrics == nil {
		h.metrics = NewMetrics()
	}
	if h.checks, err = readinessChecks(st, cfg.Checks); err != nil {
		return nil, err
	}
	if cfg.AuthFailures == 0 {
		cfg.AuthFailures = DefaultAuthFailures
	}
	if cfg.AuthFailures > 0 {
		h.authThrottle = newAuthThrottle(cfg.AuthFailures)
	}
	h.proxies = cfg.TrustedProxies
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
		pathTopHeadlines:       h.topHeadlines,
		pathEverything:         h.everything,
		pathNewsAPISources:     h.newsAPISources,
		pathFeeds:              h.feedList,
	}
	if err := h.setMarks(st, cfg); err != nil {
		return nil, err
	}
	h.ops = map[string]http.HandlerFunc{endpointHealth: h.healthz, endpointReady: h.readyz,
		endpointOpenAPI: openapi.Handler().ServeHTTP}
	if !cfg.MetricsElsewhere {
		h.ops[endpointMetrics] = h.metrics.Handler().ServeHTTP
	}
	if err := h.mountGReader(st, cfg); err != nil {
		return nil, err
	}
	return h, nil
}

// configKeys is the key ring of cfg: Keys's, or one made from APIKeys.
func configKeys(cfg Config) (*keyring, error) {
	if cfg.Keys != nil {
		if len(cfg.APIKeys) > 0 {
			return nil, errors.New("server: give the keys as APIKeys or as Keys, not both")
		}
		return cfg.Keys.ring, nil
	}
	keys, err := newKeyring(cfg.APIKeys)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	return keys, nil
}

// readinessChecks are the store's Ping, when it has one, then extra.
func readinessChecks(st store.Reader, extra []Check) ([]Check, error) {
	var checks []Check
	if p, ok := st.(pinger); ok {
		checks = append(checks, Check{Name: "store", Check: p.Ping})
	}
	seen := map[string]bool{}
	for _, c := range append(checks, extra...) {
		if c.Name == "" || c.Check == nil {
			return nil, errors.New("server: a readiness check needs a name and a function")
		}
		if seen[c.Name] {
			return nil, fmt.Errorf("server: two readiness checks are named %q", c.Name)
		}
		seen[c.Name] = true
	}
	return append(checks, extra...), nil
}

// endpointOf is the metrics label of a path: its route, or "other".
func (h *handler) endpointOf(path string) string {
	if _, ok := h.routes[path]; ok {
		return path
	}
	if _, ok := h.ops[path]; ok {
		return path
	}
	if isGReaderPath(path) {
		return greader.Prefix
	}
	return endpointOther
}

// serve applies the checks in a fixed order: operations endpoints (no key,
// no limit), path (404), CORS preflight, method (405), key (401), rate
// limit (429), parameters (400), then the query. Errors are in the
// vocabulary of the path's dialect (the spec's or NewsAPI's).
func (h *handler) serve(w http.ResponseWriter, r *http.Request) {
	if op, ok := h.ops[r.URL.Path]; ok {
		op(w, r)
		return
	}
	if isGReaderPath(r.URL.Path) {
		h.greader.ServeHTTP(w, r)
		return
	}
	if post, ok := h.posts[r.URL.Path]; ok {
		h.servePost(w, r, post)
		return
	}
	ep, ok := h.routes[r.URL.Path]
	if !ok && h.marks == nil && strings.HasPrefix(r.URL.Path, pathMarks) {
		writeError(w, http.StatusNotFound, CodeNotFound, errNoMarksEndpoint.Error())
		return
	}
	if !ok {
		writeError(w, http.StatusNotFound, CodeNotFound, fmt.Sprintf(
			"no endpoint at %s: the endpoints are /v2/sources, /v2/latest-headlines and /v2/articles "+
				"(and NewsAPI's /v2/top-headlines, /v2/everything and /v2/top-headlines/sources)",
			strconv.Quote(logPath(r))))
		return
	}
	d := dialectOf(r.URL.Path)
	if isPreflight(r) {
		h.cors.preflight(w, r, d)
		return
	}
	h.cors.decorate(w, r)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		d.write(w, problem{status: http.StatusMethodNotAllowed, spec: CodeMethodNotAllowed, newsAPI: newsapi.CodeMethodNotAllowed,
			message: fmt.Sprintf("method %s is not allowed: use GET", truncate(r.Method, 20))})
		return
	}
	// The query is read before the key because the key may be in it. A
	// malformed query string still yields the pairs before the fault, so
	// its apiKey counts; the fault itself is answered after auth and the
	// rate limit, like any other bad parameter. The key is taken out of
	// the values here, so it reaches neither the cache key nor a message.
	values, queryErr := url.ParseQuery(r.URL.RawQuery)
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
	r = r.WithContext(withOwner(r.Context(), h.owner(key)))
	if queryErr != nil {
		d.write(w, problem{status: http.StatusBadRequest, spec: model.CodeBadRequest, newsAPI: newsapi.CodeParameterInvalid,
			message: "malformed query string: parameters must be URL-encoded name=value pairs joined by &"})
		return
	}
	rep, ok := h.answer(w, r, d, ep, values)
	if !ok {
		return
	}
	if err := writeList(w, r, rep); err != nil {
		h.log.Warn("write response", "path", logPath(r), "err", err)
	}
}

// answer is the representation of a valid request's answer. The same
// query answers the same until the store's next write: the encoded body
// is cached (bodycache.go) with its ETag and gzip, so a page asked for
// again costs no query, no JSON encoding and no compression. On a failure
// it has answered the request itself and reports false.
func (h *handler) answer(w http.ResponseWriter, r *http.Request, d dialect, ep endpoint, values url.Values) (*representation, bool) {
	cacheKey := r.URL.Path + "?" + values.Encode()
	gen := h.st.Generation()
	// An answer with marks is this owner's: cached under the owner and
	// the version of their marks when the store says it, else not at all.
	// Some paths (the feeds' polling state) are never cached.
	personal := h.personal[r.URL.Path]
	cacheable := !personal && !uncachedPath(r.URL.Path)
	reqCtx := r.Context()
	if personal {
		if vctx, key, ok := h.personalKey(reqCtx, cacheKey); ok {
			reqCtx, cacheKey, cacheable = vctx, key, true
		}
	}
	if rep, ok := h.bodies.lookup(cacheKey, gen); ok && cacheable {
		h.metrics.observeCache(true)
		return rep, true
	}
	h.metrics.observeCache(false)
	ctx, cancel := context.WithTimeout(reqCtx, h.timeout)
	defer cancel()
	start := time.Now()
	v, err := ep(ctx, values)
	if err == nil || !isClientError(err) { // a refused parameter never reached the store
		h.metrics.observeStoreQuery(r.URL.Path, time.Since(start))
	}
	if err != nil {
		h.fail(w, r, d, err)
		return nil, false
	}
	body, err := encodeJSON(v)
	if err != nil {
		h.log.Error("encode response", "path", logPath(r), "err", err)
		d.write(w, internalError)
		return nil, false
	}
	rep := newRepresentation(body)
	rep.personal = personal
	if !cacheable {
		return rep, true
	}
	h.bodies.store(cacheKey, gen, rep)
	return rep, true
}

// isClientError reports whether err refuses the request's parameters.
func isClientError(err error) bool {
	var nerr *newsapi.Error
	var verr *model.ValidationError
	return errors.As(err, &nerr) || errors.As(err, &verr)
}

// fail answers a failed endpoint: a refused request is the client's (400,
// or NewsAPI's own status for its codes), a query over its time bound is
// 503, anything else is ours (500, logged, with no detail leaked).
func (h *handler) fail(w http.ResponseWriter, r *http.Request, d dialect, err error) {
	var nerr *newsapi.Error
	if errors.As(err, &nerr) {
		d.write(w, problem{status: nerr.Status, spec: model.CodeBadRequest, newsAPI: nerr.Code, message: nerr.Message})
		return
	}
	var verr *model.ValidationError
	if errors.As(err, &verr) {
		d.write(w, problem{status: http.StatusBadRequest, spec: verr.Code(), newsAPI: newsapi.CodeParameterInvalid, message: verr.Message})
		return
	}
	if r.Context().Err() != nil {
		return // the client went away; nobody is listening
	}
	if errors.Is(err, context.DeadlineExceeded) {
		h.log.Warn("query timed out", "path", logPath(r), "timeout", h.timeout)
		d.write(w, problem{status: http.StatusServiceUnavailable, spec: CodeUnavailable, newsAPI: newsapi.CodeUnexpectedError,
			message: "the query took too long: try again, or narrow it with more words or filters"})
		return
	}
	// After the deadline: a query cut off by its time bound may surface
	// as a lost connection too, and "too long" is then the truth.
	if errors.Is(err, store.ErrUnavailable) {
		h.log.Warn("catalogue unavailable", "path", logPath(r), "err", err)
		d.write(w, problem{status: http.StatusServiceUnavailable, spec: CodeUnavailable, newsAPI: newsapi.CodeUnexpectedError,
			message: "the news catalogue is unavailable: try again in a moment"})
		return
	}
	h.log.Error("request failed", "path", logPath(r), "err", err)
	d.write(w, internalError)
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

// headlines answers /v2/latest-headlines. With sources (our extension)
// it lists those sources' newest articles: the store's article search
// without keywords, newest first, as NewsAPI's top-headlines does.
func (h *handler) headlines(ctx context.Context, v url.Values) (any, error) {
	q, err := model.ParseHeadlinesQuery(v)
	if err != nil {
		return nil, err
	}
	p, err := h.listed(ctx, store.Scope{Headlines: &q}, q.Unread, q.Starred, q.Page, q.PageSize, func() (model.Page[model.Article], error) {
		if len(q.Sources) > 0 {
			return h.st.Articles(ctx, model.ArticlesQuery{Sources: q.Sources, SortBy: model.SortPublishedAt,
				Page: q.Page, PageSize: q.PageSize})
		}
		return h.st.Headlines(ctx, q)
	})
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
	p, err := h.listed(ctx, store.Scope{Articles: &q}, q.Unread, q.Starred, q.Page, q.PageSize, func() (model.Page[model.Article], error) {
		return h.st.Articles(ctx, q)
	})
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
