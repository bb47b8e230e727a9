package feeds

import (
	"context"
	"sync"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
	"tidings/model"
	"tidings/server/store/sqlite"
)

// world is a poller over a fresh catalogue, fetching from a fixture feed
// server under any host name, on a clock the test moves.
type world struct {
	t      *testing.T
	srv    *feedserver.Server
	st     *sqlite.Store
	poller *Poller
	clock  *clock
}

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newWorld(t *testing.T, opts ...func(*Options, *FetcherOptions)) *world {
	t.Helper()
	srv := feedserver.Start()
	t.Cleanup(srv.Close)
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := &clock{now: feedserver.FixtureTime.Add(time.Hour)}
	o := Options{Now: c.Now}
	fo := FetcherOptions{UserAgent: "tidings/test", DialContext: srv.DialContext, Timeout: 5 * time.Second}
	for _, f := range opts {
		f(&o, &fo)
	}
	o.Fetcher = NewFetcher(fo)
	return &world{t: t, srv: srv, st: st, poller: NewPoller(st, o), clock: c}
}

func (w *world) url(host, path string) string { return w.srv.URL(host, path) }

// subscribe subscribes to the feed at path on host, failing the test on
// an error.
func (w *world) subscribe(host, path string) Outcome {
	w.t.Helper()
	_, out, err := w.poller.Subscribe(context.Background(), Subscription{URL: w.url(host, path)})
	if err != nil {
		w.t.Fatalf("subscribe %s%s: %v", host, path, err)
	}
	return out
}

func (w *world) refresh(all bool) Summary {
	w.t.Helper()
	sum, err := w.poller.Refresh(context.Background(), RefreshOptions{All: all})
	if err != nil {
		w.t.Fatalf("refresh: %v", err)
	}
	return sum
}

// headlines is what a reader of the service sees: every article, newest
// first.
func (w *world) headlines() []model.Article {
	w.t.Helper()
	var all []model.Article
	for page := 1; ; page++ {
		p, err := w.st.Headlines(context.Background(), model.HeadlinesQuery{Page: page, PageSize: 100})
		if err != nil {
			w.t.Fatal(err)
		}
		all = append(all, p.Items...)
		if !p.HasMore() {
			return all
		}
	}
}

func (w *world) onlyFeed() (id string) {
	w.t.Helper()
	list, err := w.st.Feeds(context.Background())
	if err != nil || len(list) != 1 {
		w.t.Fatalf("feeds = %d, %v; want exactly one", len(list), err)
	}
	return list[0].Source.ID
}

func byURL(arts []model.Article) map[string]model.Article {
	m := map[string]model.Article{}
	for _, a := range arts {
		m[a.URL] = a
	}
	return m
}
