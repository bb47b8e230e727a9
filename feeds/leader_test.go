package feeds_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tidings/feeds"
	"tidings/internal/fakes/feedserver"
	"tidings/internal/pgtest"
	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/postgres"
	"tidings/server/store/sqlite"
)

// Two replicas run Poller.Run over one PostgreSQL catalogue: only the
// one holding the poll lock fetches; when it stops (its process ends,
// which closes its session), the other takes over and the feed is
// polled again within one interval of when it was due.
func TestOnlyOneReplicaPollsAndAnotherTakesOver(t *testing.T) {
	srv := pgtest.Start(t, pgtest.Options{})
	dsn := srv.NewDB(t, nil)
	testOnlyOnePolls(t, func() feeds.Store {
		st, err := postgres.Open(context.Background(), dsn, postgres.Options{WatchInterval: 20 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	})
}

// The same of two processes reading one SQLite file (two reader windows
// in personal mode, or a reader beside serve): the one holding the file's
// poll lock polls; when it ends (the lock goes with it), the other takes
// over.
func TestOnlyOneProcessPollsAFileAndAnotherTakesOver(t *testing.T) {
	path := filepath.Join(t.TempDir(), "news.db")
	testOnlyOnePolls(t, func() feeds.Store {
		st, err := sqlite.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	})
}

// testOnlyOnePolls runs two pollers over the one catalogue open gives
// (each call a process's Store of it). Besides the takeover, a pass the
// user asks for (Wake) on the process that does not lead runs there.
func testOnlyOnePolls(t *testing.T, open func() feeds.Store) {
	fsrv := feedserver.Start()
	t.Cleanup(fsrv.Close)
	const path = "/fixtures/atom10.xml" // no ttl: polled every interval

	a, b := open(), open()
	if err := a.AddFeed(context.Background(), store.Feed{Source: model.Source{ID: "fixture", Name: "Fixture"},
		URL: fsrv.URL("", path)}); err != nil {
		t.Fatal(err)
	}

	const interval = 2 * time.Second
	var mu sync.Mutex
	passes := map[string]int{} // passes that polled a feed, by replica
	run := func(name string, st feeds.Store) (p *feeds.Poller, stop func()) {
		p = feeds.NewPoller(st, feeds.Options{Interval: interval, OnPass: func(p feeds.Pass) {
			if p.Summary.Feeds > 0 {
				mu.Lock()
				passes[name]++
				mu.Unlock()
			}
		}})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); p.Run(ctx) }()
		return p, func() { cancel(); <-done }
	}
	count := func(name string) int { mu.Lock(); defer mu.Unlock(); return passes[name] }
	waitFor := func(what string, within time.Duration, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(within)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("%s did not happen within %v", what, within)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}

	_, stopA := run("a", a)
	waitFor("the first replica's first poll", 5*time.Second, func() bool { return count("a") > 0 })
	pollerB, stopB := run("b", b)
	defer stopB()
	// Two intervals: the leader polls again; the other never does.
	waitFor("the leader's next poll", 2*interval+time.Second, func() bool { return count("a") > 1 })
	if n := count("b"); n != 0 {
		t.Fatalf("the replica that does not lead polled %d times", n)
	}
	// Asked for a pass (the reader's r), the one that does not lead runs
	// it at once.
	pollerB.Wake()
	waitFor("the pass asked for", 5*time.Second, func() bool { return count("b") == 1 })

	fetches := len(fsrv.Requests(path))
	last := fsrv.Requests(path)[fetches-1].At
	stopA()
	if n := len(fsrv.Requests(path)); n != fetches {
		t.Fatalf("the stopped leader fetched %d more times", n-fetches)
	}
	// The feed was due one interval (plus up to a tenth) after its last
	// poll; the other replica takes the lead within a quarter interval
	// and polls it then (its sleep until a feed is due is at least 1 s).
	waitFor("a takeover", 3*interval, func() bool { return count("b") > 1 })
	reqs := fsrv.Requests(path)
	if len(reqs) <= fetches {
		t.Fatal("the new leader's pass fetched nothing")
	}
	if gap := reqs[fetches].At.Sub(last); gap > interval+interval/10+interval/4+time.Second+500*time.Millisecond {
		t.Fatalf("the feed went %v without a poll across the takeover; interval %v", gap, interval)
	}
}
