package api

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testKey is distinctive so that a leak into any error text is easy to find.
const testKey = "tk-5ecr3t-KEY-9f2b7c1d"

// fixture reads a recorded body from testdata.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	return b
}

// reply is one canned answer of a fake service.
type reply struct {
	status int
	body   []byte
	header map[string]string
}

// fakeService is an httptest server on loopback that answers with a
// sequence of replies (the last one repeats), counts hits and records the
// requests it saw.
type fakeService struct {
	srv     *httptest.Server
	hits    atomic.Int32
	mu      sync.Mutex
	seen    []*http.Request
	replies []reply
	handler http.HandlerFunc // when set, answers instead of replies
}

func newFakeService(t *testing.T, replies ...reply) *fakeService {
	t.Helper()
	f := &fakeService{replies: replies}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// newFakeHandler is a fakeService whose answers come from h.
func newFakeHandler(t *testing.T, h http.HandlerFunc) *fakeService {
	t.Helper()
	f := &fakeService{handler: h}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeService) serve(w http.ResponseWriter, r *http.Request) {
	n := int(f.hits.Add(1))
	f.mu.Lock()
	f.seen = append(f.seen, r.Clone(r.Context()))
	f.mu.Unlock()
	if f.handler != nil {
		f.handler(w, r)
		return
	}
	rep := f.replies[min(n, len(f.replies))-1]
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	if rep.header["Content-Type"] == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(rep.status)
	_, _ = w.Write(rep.body)
}

// lastRequest returns the most recent request the service saw.
func (f *fakeService) lastRequest(t *testing.T) *http.Request {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.seen) == 0 {
		t.Fatal("the service saw no request")
	}
	return f.seen[len(f.seen)-1]
}

// baseURL is the fake service's address with the spec's /v2 segment.
func (f *fakeService) baseURL() string { return f.srv.URL + "/v2" }

// client returns a client for f with tiny backoff, so retry tests are fast.
func (f *fakeService) client(t *testing.T, opts ...Option) *Client {
	t.Helper()
	all := append([]Option{WithBackoff(time.Millisecond)}, opts...)
	c, err := New(f.baseURL(), testKey, all...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func ok(body []byte) reply { return reply{status: http.StatusOK, body: body} }
