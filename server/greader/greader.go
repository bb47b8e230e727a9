package greader

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Prefix is where the server mounts the API: a client's "server URL" is
// the service's address followed by it.
const Prefix = "/api/greader"

// FreshRSSPrefix is FreshRSS's address of the API, served too: people
// moving from FreshRSS type it by habit.
const FreshRSSPrefix = "/api/greader.php"

// Mounted reports whether a path is the API's (Prefix or FreshRSSPrefix,
// and what is below them).
func Mounted(path string) bool {
	for _, p := range []string{Prefix, FreshRSSPrefix} {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// callPath is a request's path below the API's prefix, with any doubled
// slash after it taken away (a server URL typed with a final "/", to
// which a client adds another).
func callPath(path string) string {
	rest, ok := strings.CutPrefix(path, FreshRSSPrefix)
	if !ok {
		rest = strings.TrimPrefix(path, Prefix)
	}
	if rest == "" {
		return ""
	}
	return "/" + strings.TrimLeft(rest, "/")
}

// Store is what the API reads and writes: the catalogue, its marks and
// its articles by id.
type Store interface {
	store.Reader
	store.Marks
	store.ArticlesByID
}

// Session is who an authenticated request is: whose marks it reads and
// writes, and what it may do.
type Session struct {
	// Owner keys the marks (the digest of the API key, never the key).
	Owner store.Owner
	// UserID names the session to clients (user-info); stable per key and
	// revealing nothing of it.
	UserID string
	// AuthToken is the token ClientLogin answers and the Authorization
	// header carries; EditToken is the T token of /token.
	AuthToken, EditToken string
	// ManagesFeeds: the operator lets this key subscribe and unsubscribe.
	ManagesFeeds bool
}

// Gate checks credentials for the API. It is the server's: its key ring
// decides, its wrong-key throttle counts failures, its rate limit applies.
type Gate interface {
	// Login checks an API key given as ClientLogin's Passwd.
	Login(r *http.Request, key string) (Session, error)
	// Session checks the token of an API call.
	Session(r *http.Request, token string) (Session, error)
}

// ErrBadAuth is a Gate's answer to a wrong key or token.
var ErrBadAuth = errors.New("wrong API key or token")

// RefusedError is a Gate's answer to a request it will not let through
// now (too many wrong keys from the address, the key's rate limit, a
// limiter that cannot decide).
type RefusedError struct {
	Status     int           // 429 or 503
	RetryAfter time.Duration // when to ask again
	Message    string
}

func (e *RefusedError) Error() string { return e.Message }

// FeedManager adds and removes subscriptions for keys the operator lets
// manage feeds (Session.ManagesFeeds).
type FeedManager interface {
	// Subscribe fetches url (a feed, or a site announcing one), stores the
	// subscription in category and returns it.
	Subscribe(ctx context.Context, url string, category model.Category) (store.Feed, error)
	// Unsubscribe removes the feed id and its articles.
	Unsubscribe(ctx context.Context, id string) error
}

// Config configures the API.
type Config struct {
	Store Store
	Gate  Gate
	// Feeds, when set, lists the subscriptions; without it (or while it
	// holds none) the catalogue's sources are the subscriptions.
	Feeds store.FeedStore
	// Manager subscribes and unsubscribes; nil: nobody may.
	Manager FeedManager
	// Logger receives internal errors; nil discards them.
	Logger *slog.Logger
	// Now is the clock (mark-all-as-read without ts, "updated"); nil:
	// time.Now.
	Now func() time.Time
	// Timeout bounds a call's store work; 0: 10 s.
	Timeout time.Duration
}

// Handler serves the API below Prefix.
type Handler struct {
	st      Store
	gate    Gate
	feeds   store.FeedStore
	manager FeedManager
	log     *slog.Logger
	now     func() time.Time
	timeout time.Duration
	subs    subscriptionCache
	routes  map[string]route
}

// route is one call of reader/api/0/ (or reader/atom/): the methods it
// takes, the output it answers and what answers it.
type route struct {
	post, get bool
	atom      bool // answers Atom: output=atom is its output, not json
	serve     func(w http.ResponseWriter, c *call) error
}

// New returns the API's handler.
func New(cfg Config) (*Handler, error) {
	if cfg.Store == nil || cfg.Gate == nil {
		return nil, errors.New("greader: a store and a gate are required")
	}
	h := &Handler{st: cfg.Store, gate: cfg.Gate, feeds: cfg.Feeds, manager: cfg.Manager, log: cfg.Logger,
		now: cfg.Now, timeout: cfg.Timeout}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if h.now == nil {
		h.now = time.Now
	}
	if h.timeout <= 0 {
		h.timeout = 10 * time.Second
	}
	h.routes = map[string]route{
		"user-info":              {get: true, post: true, serve: h.userInfo},
		"token":                  {get: true, post: true, serve: h.token},
		"subscription/list":      {get: true, post: true, serve: h.subscriptionList},
		"tag/list":               {get: true, post: true, serve: h.tagList},
		"unread-count":           {get: true, post: true, serve: h.unreadCount},
		"stream/items/ids":       {get: true, post: true, serve: h.streamItemIDs},
		"stream/items/contents":  {get: true, post: true, serve: h.streamItemContents},
		"edit-tag":               {post: true, serve: h.editTag},
		"mark-all-as-read":       {post: true, serve: h.markAllAsRead},
		"subscription/edit":      {post: true, serve: h.subscriptionEdit},
		"subscription/quickadd":  {post: true, serve: h.quickAdd},
		"preference/list":        {get: true, serve: h.preferenceList},
		"preference/stream/list": {get: true, serve: h.streamPreferenceList},
	}
	return h, nil
}

// apiPrefix is the path of the calls below Prefix.
const apiPrefix = "/reader/api/0/"

// atomRoot is the path of Google Reader's Atom output of a stream,
// reader/atom/<stream>: the call newsboat's FeedHQ backend (newsboat
// before 2.24, Debian 11's 2.21) reads each subscription with.
const atomRoot = "/reader/atom"

// maxBodyBytes bounds a form body: 10,000 ids in the long form fit.
const maxBodyBytes = 2 << 20

// ServeHTTP answers a request whose path starts with Prefix.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := callPath(r.URL.Path)
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	}
	switch {
	case path == "" || path == "/":
		writeText(w, http.StatusOK, "OK") // FreshRSS answers its root so; clients probe it
	case path == "/accounts/ClientLogin":
		h.clientLogin(w, r)
	case strings.HasPrefix(path, apiPrefix):
		h.serveCall(w, r, strings.TrimPrefix(path, apiPrefix))
	case path == atomRoot || strings.HasPrefix(path, atomRoot+"/"):
		stream := strings.TrimPrefix(strings.TrimPrefix(path, atomRoot), "/")
		h.run(w, r, "reader/atom", route{get: true, atom: true, serve: h.streamAtom}, stream)
	default:
		writeText(w, http.StatusNotFound, fmt.Sprintf("no Google Reader call at %s: the calls are %s/accounts/ClientLogin, %s%s… and %s%s/<stream>",
			quotePath(path), Prefix, Prefix, apiPrefix, Prefix, atomRoot))
	}
}

// serveCall answers a call below reader/api/0/.
func (h *Handler) serveCall(w http.ResponseWriter, r *http.Request, name string) {
	rt, stream, ok := h.lookup(name)
	if !ok {
		writeText(w, http.StatusNotFound, fmt.Sprintf("no Google Reader call %s: tidings serves user-info, token, subscription/list, "+
			"tag/list, unread-count, stream/items/ids, stream/items/contents, stream/contents/<stream>, edit-tag, "+
			"mark-all-as-read, subscription/edit and subscription/quickadd (and reader/atom/<stream>)", quotePath(name)))
		return
	}
	h.run(w, r, name, rt, stream)
}

// run answers one call: its method checked, its session authenticated,
// its store work bounded by the timeout.
func (h *Handler) run(w http.ResponseWriter, r *http.Request, name string, rt route, stream string) {
	if !(r.Method == http.MethodGet && rt.get) && !(r.Method == http.MethodPost && rt.post) && !(r.Method == http.MethodHead && rt.get) {
		allow := "POST"
		if rt.get {
			allow = "GET, POST"
		}
		w.Header().Set("Allow", allow)
		writeText(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes %s, not %s", name, allow, truncate(r.Method, 20)))
		return
	}
	output := "json"
	if rt.atom {
		output = "atom"
	}
	c, err := h.authenticate(w, r, output)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	c.stream = stream
	ctx, cancel := context.WithTimeout(r.Context(), h.timeout)
	defer cancel()
	c.ctx = ctx
	if err := rt.serve(w, c); err != nil {
		h.fail(w, r, err)
	}
}

// lookup finds the route of a call name; stream/contents/<stream> carries
// its stream in the path.
func (h *Handler) lookup(name string) (route, string, bool) {
	if rt, ok := h.routes[name]; ok {
		return rt, "", true
	}
	if s, ok := strings.CutPrefix(name, "stream/contents/"); ok && s != "" {
		return route{get: true, post: true, serve: h.streamContents}, s, true
	}
	if name == "stream/contents" || name == "stream/contents/" { // the reading list, or s=
		return route{get: true, post: true, serve: h.streamContents}, "", true
	}
	return route{}, "", false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// quotePath quotes a path for a message, cut short.
func quotePath(p string) string { return fmt.Sprintf("%q", truncate(p, 200)) }
