package faultserver

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// BasePath is the path segment the spec puts ahead of every endpoint
// (spec section 9); URL includes it and Fault.Path is relative to it.
const BasePath = "/v2"

// Server is a loopback HTTP server that forwards requests to a handler
// unless a fault is armed. It is safe for concurrent use.
type Server struct {
	next http.Handler
	ts   *httptest.Server

	// done is closed by Close once client connections are cut. Cutting
	// them already ends each request's context; done is a second,
	// independent release, so no handler a fault holds (Hang, SlowDrip,
	// Latency, OversizedBody) can outlive Close and make httptest's
	// Close, which waits for handlers, block.
	done      chan struct{}
	closeOnce sync.Once

	inFlight atomic.Int64 // handlers running now

	mu      sync.Mutex
	faults  []*armed
	history []Request
}

// armed is an injected fault and how far it has got.
type armed struct {
	Fault
	query   url.Values // Fault.Query, parsed once
	seen    int        // matching requests since Inject
	applied int        // requests that suffered it
}

// Request is what the server saw of one request, for assertions about what
// a client sent and what it got.
type Request struct {
	Method string
	Path   string // the full path, including BasePath
	Query  url.Values
	Header http.Header // a copy; it holds the client's Authorization header
	Fault  Kind        // the fault it suffered; None when it was forwarded
}

// New starts a server on 127.0.0.1 with a free port that forwards every
// request, path unchanged, to next (normally the real service handler).
// A nil next answers 404 to whatever no fault handles. Call Close when
// done, typically with t.Cleanup(s.Close).
func New(next http.Handler) *Server {
	if next == nil {
		next = http.NotFoundHandler()
	}
	s := &Server{next: next, done: make(chan struct{})}
	s.ts = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// URL is the base URL a client should use: "http://127.0.0.1:PORT/v2".
func (s *Server) URL() string { return s.ts.URL + BasePath }

// Client returns an HTTP client for this server, closed with it.
func (s *Server) Client() *http.Client { return s.ts.Client() }

// Inject arms a fault for the requests that follow. Faults queue up: each
// request suffers the first armed fault that matches it and is due (past
// its Skip), and a fault whose Times are used up is disarmed. So
// Inject(RateLimited, Times 1) then Inject(ServerError, Times 1) makes the
// next request rate limited, the one after fail, and later ones succeed.
func (s *Server) Inject(f Fault) {
	f.Times = max(f.Times, 0)
	f.Skip = max(f.Skip, 0)
	f.Path = relPath(f.Path)
	s.mu.Lock()
	defer s.mu.Unlock()
	// A Query that does not parse keeps what did: ParseQuery returns the
	// valid pairs with its error, and a test sees a fault never met via Armed.
	query, _ := url.ParseQuery(f.Query)
	s.faults = append(s.faults, &armed{Fault: f, query: query})
}

// Clear disarms every fault; requests that are already suffering one go on.
func (s *Server) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// Armed reports how many injected faults still wait for requests, so a test
// can check that the fault it set up was actually met.
func (s *Server) Armed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.faults)
}

// Requests is how many requests have arrived, faulted or not. A test
// asserts "nothing was sent" or counts retries with it.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.history)
}

// InFlight is how many requests the server is handling now. A test waits
// for it to reach 0 to prove a slow or hung handler let go of its request
// once the client gave up.
func (s *Server) InFlight() int { return int(s.inFlight.Load()) }

// History returns what every request so far carried, in arrival order.
func (s *Server) History() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.history...)
}

// Close stops the server. Handlers held by a fault are released at once;
// Close returns when every handler has finished. It may be called twice.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		// Order matters: stop new connections, cut the live ones so no
		// client reads a reply from a handler that is letting go, then
		// release the handlers, then wait for them.
		_ = s.ts.Listener.Close()
		s.ts.CloseClientConnections()
		close(s.done)
		s.ts.Close()
	})
}

// serve records the request, picks its fault and plays it.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	f := s.take(r)
	play(s, f, w, r)
}

// take records r and returns the fault it suffers (Kind None for none).
func (s *Server) take(r *http.Request) Fault {
	path := relPath(r.URL.Path)
	query := r.URL.Query()
	s.mu.Lock()
	defer s.mu.Unlock()
	var chosen *armed
	for _, a := range s.faults {
		if !a.matches(path, query) {
			continue
		}
		a.seen++
		if chosen == nil && a.seen > a.Skip {
			chosen = a
		}
	}
	var f Fault
	if chosen != nil {
		chosen.applied++
		f = chosen.Fault
		if chosen.Times > 0 && chosen.applied >= chosen.Times {
			s.disarm(chosen)
		}
	}
	s.history = append(s.history, Request{
		Method: r.Method, Path: r.URL.Path, Query: query,
		Header: r.Header.Clone(), Fault: f.Kind,
	})
	return f
}

// matches reports whether a request for path with query is one this fault
// is limited to.
func (a *armed) matches(path string, query url.Values) bool {
	if a.Path != "" && a.Path != path {
		return false
	}
	for key, want := range a.query {
		got := query[key]
		for _, v := range want {
			if !slices.Contains(got, v) {
				return false
			}
		}
	}
	return true
}

func (s *Server) disarm(done *armed) {
	kept := s.faults[:0]
	for _, a := range s.faults {
		if a != done {
			kept = append(kept, a)
		}
	}
	clear(s.faults[len(kept):]) // drop the pointer so it can be collected
	s.faults = kept
}

// relPath is a path below BasePath, so "/v2/articles" and "/articles"
// name the same endpoint.
func relPath(p string) string {
	if p == "" {
		return ""
	}
	rel := strings.TrimPrefix(p, BasePath)
	if rel == "" || rel[0] != '/' {
		if rel == "" {
			return "/"
		}
		return p // "/v2x": not below the base
	}
	return rel
}
