// Package greaderfake is a Google Reader service for tests, in two
// flavours that behave as FreshRSS's p/api/greader.php and Miniflux's
// internal/googlereader do where a client can tell (their shapes are
// recorded in api/greader/testdata):
//
//   - FreshRSS: the API root ends in /api/greader.php; item ids are
//     microsecond timestamps, decimal in stream/items/ids and long form
//     in contents; the continuation is the last id sent; unread-count
//     lists feeds, labels and the reading list; a bad login is 401
//     "Unauthorized!"; list endpoints without output=json are 501.
//   - Miniflux: the API root is the server's root; small decimal ids; at
//     most 10,000 ids a call and the continuation an offset written as a
//     quoted number; POSTs are authenticated by T alone, which is the Auth
//     token; states in items carry the user's number
//     (user/1/state/com.google/read); label streams in stream/items/ids
//     and unread-count are not implemented ("[]" with 200, or a 500).
//
// It records what clients asked (Calls) so tests can check limits.
package greaderfake

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// Flavor is which implementation the fake behaves as.
type Flavor int

// The flavours.
const (
	FreshRSS Flavor = iota
	Miniflux
)

func (f Flavor) String() string {
	if f == Miniflux {
		return "Miniflux"
	}
	return "FreshRSS"
}

// Root is the path of the API root under the server's address.
func (f Flavor) Root() string {
	if f == FreshRSS {
		return "/api/greader.php"
	}
	return ""
}

// Feed is a subscription.
type Feed struct {
	ID      int
	Title   string
	URL     string // the feed's address
	SiteURL string
	Label   string // its category or folder; "" for none
}

// Item is an entry of a feed.
type Item struct {
	ID        int64
	Feed      int
	Title     string
	URL       string
	Content   string
	Author    string
	Published time.Time
	Read      bool
	Starred   bool
}

// Call is one request a client made, as far as tests check it.
type Call struct {
	Method, Path string
	N            int // stream/items/ids: n
	IDs          int // stream/items/contents and edit-tag: how many i
	Form         map[string][]string
}

// Server is the fake service. Lock mu to read or change Feeds, Items
// and Calls while it serves.
type Server struct {
	Flavor         Flavor
	User, Password string

	Mu    sync.Mutex
	Feeds []Feed
	Items []*Item // any order; served newest first
	Calls []Call
	// ExpireAuth makes the next authenticated call answer 401 once, as a
	// service whose token expired does.
	ExpireAuth bool
	// Logins counts successful ClientLogins.
	Logins int
}

// New returns a fake of the flavour with one user.
func New(f Flavor, user, password string) *Server {
	return &Server{Flavor: f, User: user, Password: password}
}

// Start serves the fake on loopback until the test ends and returns its
// API root (the --base-url a reader is given).
func (s *Server) Start(t testing.TB) string {
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return srv.URL + s.Flavor.Root()
}

// Populate adds feeds feeds of items items each, published a minute
// apart (newest first: feed 1's first item is the newest), ids given as
// the flavour gives them.
func (s *Server) Populate(feeds, items int, labels ...string) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	base := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	n := int64(0)
	for f := 1; f <= feeds; f++ {
		label := ""
		if len(labels) > 0 {
			label = labels[(f-1)%len(labels)]
		}
		s.Feeds = append(s.Feeds, Feed{ID: f, Title: fmt.Sprintf("Feed %d", f),
			URL: fmt.Sprintf("https://feed%d.example.org/rss", f), SiteURL: fmt.Sprintf("https://feed%d.example.org/", f), Label: label})
	}
	for i := 0; i < items; i++ {
		for f := 1; f <= feeds; f++ {
			n++
			pub := base.Add(-time.Duration(n) * time.Minute)
			s.Items = append(s.Items, &Item{ID: s.itemID(pub, n), Feed: f,
				Title: fmt.Sprintf("Feed %d item %d", f, i+1), URL: fmt.Sprintf("https://feed%d.example.org/%d", f, i+1),
				Content: fmt.Sprintf("<p>Story %d of feed %d.</p><p>More text.</p>", i+1, f), Published: pub})
		}
	}
}

// itemID is an id as the flavour makes them: FreshRSS's microseconds of
// arrival, Miniflux's sequence.
func (s *Server) itemID(pub time.Time, seq int64) int64 {
	if s.Flavor == FreshRSS {
		return pub.UnixMicro()
	}
	return 1_000_000 - seq
}

// Item returns the item with the id, nil if none. Lock Mu.
func (s *Server) Item(id int64) *Item {
	for _, it := range s.Items {
		if it.ID == id {
			return it
		}
	}
	return nil
}

// authToken is the Auth token of the user: derived, never the password.
func (s *Server) authToken() string {
	sum := sha256.Sum256([]byte("fake:" + s.User + ":" + s.Password))
	return s.User + "/" + hex.EncodeToString(sum[:20])
}

// actionToken is the T token: FreshRSS's is 57 characters padded with Z;
// Miniflux's is the Auth token itself.
func (s *Server) actionToken() string {
	if s.Flavor == Miniflux {
		return s.authToken()
	}
	sum := sha256.Sum256([]byte("T:" + s.authToken()))
	t := hex.EncodeToString(sum[:20])
	return t + strings.Repeat("Z", 57-len(t))
}

// sorted returns the items newest first. Lock Mu.
func (s *Server) sorted() []*Item {
	out := append([]*Item(nil), s.Items...)
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Published.Equal(out[j].Published) {
			return out[i].Published.After(out[j].Published)
		}
		return out[i].ID > out[j].ID
	})
	return out
}

func (s *Server) feed(id int) *Feed {
	for i := range s.Feeds {
		if s.Feeds[i].ID == id {
			return &s.Feeds[i]
		}
	}
	return nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := strings.CutPrefix(r.URL.Path, s.Flavor.Root())
	if !ok {
		http.NotFound(w, r)
		return
	}
	_ = r.ParseForm()
	s.Mu.Lock()
	defer s.Mu.Unlock()
	s.Calls = append(s.Calls, Call{Method: r.Method, Path: path, Form: r.Form})
	if path == "/accounts/ClientLogin" {
		s.clientLogin(w, r)
		return
	}
	rest, ok := strings.CutPrefix(path, "/reader/api/0/")
	if !ok {
		s.badRequest(w)
		return
	}
	if !s.authorized(r) {
		s.unauthorized(w)
		return
	}
	s.route(w, r, rest)
}
