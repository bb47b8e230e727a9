package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"sync"

	"tidings/model"
	"tidings/server/greader"
	"tidings/server/store"
)

// The Google Reader API (package greader) is mounted under
// greader.Prefix. Its passwords are the service's API keys; its tokens
// are derived from a key's digest (HMAC-SHA256 keyed with it), so a token
// reveals nothing of the key, is the same on every replica and after a
// restart (clients keep it), and stops working the moment its key leaves
// the key ring. The wrong-key throttle counts wrong passwords and wrong
// tokens alike, and the rate limit applies per key.

// mountGReader sets up the Google Reader API over st and the marks of
// Config.Marks (setMarks runs first); a service that keeps no marks
// answers its paths with a clear 501.
func (h *handler) mountGReader(st store.Reader, cfg Config) error {
	if h.marks == nil {
		h.greader = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusNotImplemented)
			w.Write([]byte("this service keeps no read state, so it cannot serve the Google Reader API (it needs --db)\n"))
		})
		return nil
	}
	gate := &greaderGate{h: h, tokens: &tokenTable{keys: h.keys}}
	if cfg.FeedManagers != nil {
		gate.managers = cfg.FeedManagers.ring
	}
	fs, _ := st.(store.FeedStore)
	gst := greaderStore{Reader: st, Marks: h.marks, lookup: h.byID}
	g, err := greader.New(greader.Config{Store: gst, Gate: gate, Feeds: fs, Manager: cfg.FeedManager,
		Logger: h.log, Now: h.now, Timeout: h.timeout})
	if err != nil {
		return err
	}
	h.greader = g
	return nil
}

// greaderStore is the catalogue with the service's marks.
type greaderStore struct {
	store.Reader
	store.Marks
	lookup store.ArticlesByID
}

func (s greaderStore) ArticlesByID(ctx context.Context, ids []int64) ([]model.Article, error) {
	return s.lookup.ArticlesByID(ctx, ids)
}

// isGReaderPath reports whether path is the Google Reader API's.
func isGReaderPath(path string) bool { return greader.Mounted(path) }

// greaderGate checks the Google Reader API's passwords and tokens
// against the key ring (greader.Gate).
type greaderGate struct {
	h        *handler
	tokens   *tokenTable
	managers *keyring // nil: no key manages feeds
}

// Login implements greader.Gate.
func (g *greaderGate) Login(r *http.Request, key string) (greader.Session, error) {
	if err := g.throttled(r); err != nil {
		return greader.Session{}, err
	}
	if key == "" {
		return greader.Session{}, greader.ErrBadAuth // no guess: not counted
	}
	i, why := g.h.keys.identify(key)
	if why != "" {
		g.h.authFailed(r, why)
		return greader.Session{}, greader.ErrBadAuth
	}
	return g.session(r, i)
}

// Session implements greader.Gate.
func (g *greaderGate) Session(r *http.Request, token string) (greader.Session, error) {
	if err := g.throttled(r); err != nil {
		return greader.Session{}, err
	}
	if token == "" {
		return greader.Session{}, greader.ErrBadAuth
	}
	i, ok := g.tokens.lookup(token)
	if !ok {
		g.h.authFailed(r, authInvalid)
		return greader.Session{}, greader.ErrBadAuth
	}
	return g.session(r, i)
}

// throttled refuses an address that sent too many wrong keys.
func (g *greaderGate) throttled(r *http.Request) error {
	if g.h.authThrottle == nil {
		return nil
	}
	blocked, left := g.h.authThrottle.blocked(clientAddr(r, g.h.proxies), g.h.now())
	if !blocked {
		return nil
	}
	return &greader.RefusedError{Status: http.StatusTooManyRequests, RetryAfter: left,
		Message: tooManyWrongKeys(g.h.authThrottle.max, retryAfterSeconds(left)).message}
}

// session is the session of key i, once the rate limit admits it.
func (g *greaderGate) session(r *http.Request, i int) (greader.Session, error) {
	if lim := g.h.limiter; lim != nil {
		dec, err := lim.Allow(r.Context(), g.h.keys.id(i), g.h.now())
		if err != nil {
			g.h.log.Warn("rate limiter unavailable", "err", err)
			return greader.Session{}, &greader.RefusedError{Status: http.StatusServiceUnavailable, RetryAfter: 1e9,
				Message: "the rate limiter is unavailable: retry in a moment"}
		}
		if !dec.Allowed {
			if dec.Limit <= 0 {
				dec.Limit = lim.PerMinute()
			}
			secs := retryAfterSeconds(dec.RetryAfter)
			return greader.Session{}, &greader.RefusedError{Status: http.StatusTooManyRequests, RetryAfter: dec.RetryAfter,
				Message: rateLimited(specDialect, dec.Limit, secs).message}
		}
	}
	d := g.h.keys.digest(i)
	return greader.Session{
		Owner: g.h.owner(i), // the key's digest, or Config.Owner's

		UserID:       derived(d, "user")[:16],
		AuthToken:    derived(d, "auth"),
		EditToken:    derived(d, "edit")[:57], // FreshRSS's edit tokens are 57 characters; some clients expect it
		ManagesFeeds: g.managers != nil && g.managers.holds(d),
	}, nil
}

// derived is a hex HMAC-SHA256 of purpose keyed with a key's digest.
func derived(digest [sha256.Size]byte, purpose string) string {
	m := hmac.New(sha256.New, digest[:])
	m.Write([]byte("tidings greader " + purpose + " v1"))
	return hex.EncodeToString(m.Sum(nil))
}

// tokenTable finds the key of an auth token. It is rebuilt when the key
// ring changes, from the keys accepted then: a removed key's token is
// gone with it.
type tokenTable struct {
	keys *keyring
	mu   sync.Mutex
	snap *keySnapshot
	byT  map[string]int
}

func (t *tokenTable) lookup(token string) (int, bool) {
	snap := t.keys.snap.Load()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.snap != snap {
		t.byT = make(map[string]int, len(snap.active))
		for _, i := range snap.active {
			t.byT[derived(snap.digests[i], "auth")] = i
		}
		t.snap = snap
	}
	i, ok := t.byT[token]
	return i, ok
}

// digest is the SHA-256 digest of the i-th key (see keyring).
func (k *keyring) digest(i int) [sha256.Size]byte { return k.snap.Load().digests[i] }

// holds reports whether the key of digest d is accepted now.
func (k *keyring) holds(d [sha256.Size]byte) bool {
	snap := k.snap.Load()
	i, ok := snap.index[d]
	return ok && slices.Contains(snap.active, i)
}
