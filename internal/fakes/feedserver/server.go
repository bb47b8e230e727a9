package feedserver

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// Server serves fixture feeds on 127.0.0.1, under any host name: every
// route answers the same on every host, and the host a request named is
// recorded so that tests can count requests per host. It is safe for
// concurrent use.
type Server struct {
	ts    *httptest.Server
	epoch time.Time

	// done is closed by Close before the listener shuts, so that no handler
	// held by Hang or Delay can outlive Close (httptest's Close waits for
	// active connections, which a hanging handler would keep forever).
	done      chan struct{}
	closeOnce sync.Once

	mu         sync.Mutex
	set        map[string]*entry   // Set: path -> answer
	versions   map[string]*entry   // SetVersion: fixture name -> answer
	gen        map[genKey]*entry   // /gen/ documents already built
	requests   []Request           // every request, in arrival order
	hosts      map[string]*counter // in-flight counts per host name
	total      counter
	lastMod    time.Time // latest Last-Modified handed out; see nextLastMod
	transports []*http.Transport
}

// counter is how many requests are being answered now, and the most there
// have been at once.
type counter struct{ now, max int }

// Request is what the server saw of one request.
type Request struct {
	Method string
	// Host is the Host header as sent: the host given to URL (for host ""
	// the listener's "127.0.0.1:PORT").
	Host string
	// Path is the URL path without the query; RawQuery holds the query.
	Path     string
	RawQuery string
	Header   http.Header // a copy
	At       time.Time   // arrival
}

// Option configures Start.
type Option func(*Server)

// WithEpoch sets the instant the /gen/ feeds date their items from (see
// Generated). Without it the epoch is the server's start, truncated to the
// minute.
func WithEpoch(t time.Time) Option {
	return func(s *Server) { s.epoch = t.UTC() }
}

// Start listens on 127.0.0.1:0 and serves the fixtures. Call Close when
// done, typically with t.Cleanup(s.Close).
func Start(opts ...Option) *Server {
	s := &Server{
		epoch:    time.Now().UTC().Truncate(time.Minute),
		done:     make(chan struct{}),
		set:      map[string]*entry{},
		versions: map[string]*entry{},
		gen:      map[genKey]*entry{},
		hosts:    map[string]*counter{},
		lastMod:  FixtureTime,
	}
	for _, o := range opts {
		o(s)
	}
	s.ts = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	return s
}

// Close stops the server. Requests still waiting on Hang or Delay are
// aborted (the client sees its connection closed, no response), and idle
// connections of transports made by Transport or Client are closed. Close
// may be called more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		s.ts.Close()
		s.mu.Lock()
		trs := s.transports
		s.transports = nil
		s.mu.Unlock()
		for _, tr := range trs {
			tr.CloseIdleConnections()
		}
	})
}

// Addr is the listener's address, "127.0.0.1:PORT".
func (s *Server) Addr() string { return s.ts.Listener.Addr().String() }

// Handler is the server's handler, for serving it on more listeners too:
// on other loopback addresses (127.0.0.2, …), as distinct hosts for a
// process that dials for itself, such as the benchmarks' `tidings serve`.
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.serveHTTP) }

// URL is an address of the server under a host name of the test's choosing,
// "http://" + host + path, for instance URL("news-7.test", "/fixtures/rss20.xml")
// is "http://news-7.test/fixtures/rss20.xml". Such a name resolves nowhere:
// the client must connect with DialContext, which sends every address (here
// port 80) to the listener. So feeds can live on many distinct hosts behind
// one loopback listener, and URLs and the links resolved against them look
// like real ones. Host "" means the listener itself,
// "http://127.0.0.1:PORT" + path, which any client can reach. A host that
// carries a port is used as it is. A path without a leading "/" gets one.
func (s *Server) URL(host, path string) string {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	if host == "" {
		host = s.Addr()
	}
	return "http://" + host + path
}

// DialContext connects every address to the listener, whatever host and
// port it names: use it as http.Transport.DialContext so that the host
// names given to URL reach this server. (A proxy from the environment is
// dialled the same way, and this server also answers proxy-form requests,
// so HTTP_PROXY settings do not break tests; the listener is still the
// only thing ever connected to.)
func (s *Server) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "tcp", s.Addr())
}

// Transport returns a new transport that connects every host to this
// server (DialContext), with no proxy. Close closes its idle connections.
func (s *Server) Transport() *http.Transport {
	tr := &http.Transport{
		DialContext:         s.DialContext,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     30 * time.Second,
	}
	s.mu.Lock()
	s.transports = append(s.transports, tr)
	s.mu.Unlock()
	return tr
}

// Client returns a client using Transport, with net/http's default
// redirect policy and no timeout.
func (s *Server) Client() *http.Client {
	return &http.Client{Transport: s.Transport()}
}

// Set makes path answer with r from now on (on every host), replacing any
// fixture or route there. Only the path is matched; the query is ignored.
// Setting a path again replaces the answer; its Last-Modified is then later
// than any handed out before (see Response).
func (s *Server) Set(path string, r Response) {
	path = cleanPath(path)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.set[path] = newEntry(r, s.nextLastMod())
}

// Unset removes what Set put at path, so that the built-in fixture or route
// answers again.
func (s *Server) Unset(path string) {
	path = cleanPath(path)
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.set, path)
}

// Requests lists what was asked of path (on any host) so far, in arrival
// order; path "" lists every request. Only the path is matched, not the
// query.
func (s *Server) Requests(path string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if path == "" || r.Path == path {
			r.Header = r.Header.Clone() // the caller's to change
			out = append(out, r)
		}
	}
	return out
}

// MaxInFlight is the most requests the server was answering at once for
// one host (to check per-host limits). The host is compared without its
// port and case-insensitively, so "news-7.test", "NEWS-7.test:80" and the
// Host a request sent all name the same host; the listener's own address
// counts as "127.0.0.1".
func (s *Server) MaxInFlight(host string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.hosts[hostKey(host)]; c != nil {
		return c.max
	}
	return 0
}

// MaxInFlightTotal is the most requests the server was answering at once,
// over all hosts.
func (s *Server) MaxInFlightTotal() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total.max
}

// InFlight is how many requests the server is answering now; a test waits
// for it to reach 0 to see that hanging requests were let go.
func (s *Server) InFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total.now
}

// Reset forgets recorded requests and the in-flight maxima. Requests being
// answered at the time stay counted in the current totals, so a maximum
// never reads lower than what is in flight.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
	s.total.max = s.total.now
	for h, c := range s.hosts {
		if c.now == 0 {
			delete(s.hosts, h)
			continue
		}
		c.max = c.now
	}
}

// serveHTTP records the request, counts it in flight for as long as it is
// being answered, and answers it.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	host := hostKey(r.Host)
	s.begin(host, r)
	// A deferred end also runs when answer aborts with a panic
	// (http.ErrAbortHandler), so aborted requests leave the counts.
	defer s.end(host)
	s.answer(w, r, s.route(r))
}

func (s *Server) begin(host string, r *http.Request) {
	rec := Request{
		Method:   r.Method,
		Host:     r.Host,
		Path:     r.URL.Path,
		RawQuery: r.URL.RawQuery,
		Header:   r.Header.Clone(),
		At:       time.Now(),
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, rec)
	c := s.hosts[host]
	if c == nil {
		c = &counter{}
		s.hosts[host] = c
	}
	c.now++
	c.max = max(c.max, c.now)
	s.total.now++
	s.total.max = max(s.total.max, s.total.now)
}

func (s *Server) end(host string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hosts[host].now--
	s.total.now--
}

// nextLastMod is the Last-Modified for a document set now: the current
// second, or one second after the last one handed out if that is not
// earlier. A client's If-Modified-Since has one-second resolution, so two
// documents set within a second must still get different, increasing
// dates, or the second would wrongly be answered 304. The caller holds mu.
func (s *Server) nextLastMod() time.Time {
	t := time.Now().UTC().Truncate(time.Second)
	if !t.After(s.lastMod) {
		t = s.lastMod.Add(time.Second)
	}
	s.lastMod = t
	return t
}

// hostKey is the host name without port, lower case: the key of the
// per-host counts.
func hostKey(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return strings.ToLower(strings.Trim(host, "[]"))
}

// cleanPath is path with a leading "/" and without a query.
func cleanPath(path string) string {
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return path
}
