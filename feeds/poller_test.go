package feeds

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
	"tidings/server/store"
)

func (w *world) feed(id string) store.Feed {
	w.t.Helper()
	f, err := w.st.FindFeed(context.Background(), id)
	if err != nil {
		w.t.Fatal(err)
	}
	return f
}

// A feed that changes is updated in place: an edited title, a moved link
// and a changed guid never make a second article, over many polls.
func TestChangingFeedUpdatesInPlaceAndNeverDuplicates(t *testing.T) {
	w := newWorld(t)
	out := w.subscribe("kb.test", "/fixtures/changing.xml")
	if out.Stats.New != 3 {
		t.Fatalf("first poll stored %+v, want 3 new", out.Stats)
	}
	check := func(version int) {
		t.Helper()
		want := feedserver.ChangingVersions[version-1]
		got := byURL(w.headlines())
		if len(got) != len(want) {
			t.Fatalf("v%d: %d articles, want %d", version, len(got), len(want))
		}
		for _, it := range want {
			if a, ok := got[it.Canonical]; !ok || a.Title != it.Title || !strings.Contains(a.Description+a.Content, it.Contains) {
				t.Fatalf("v%d: article at %s = %+v, want title %q containing %q", version, it.Canonical, a, it.Title, it.Contains)
			}
		}
	}
	w.srv.SetVersion("changing.xml", 2)
	w.clock.Advance(3 * time.Hour) // past the feed's ttl
	sum := w.refresh(false)
	if sum.New != 1 || sum.Updated != 2 || sum.Unchanged != 1 {
		t.Fatalf("v2 poll: %+v, want 1 new, 2 updated (title, link), 1 unchanged", sum)
	}
	check(2)
	w.srv.SetVersion("changing.xml", 3)
	for range 5 {
		w.clock.Advance(3 * time.Hour) // past the feed's ttl
		w.refresh(false)
		check(3)
	}
}

// A 304 costs no article write: the service's cached answers stay valid.
func TestUnchangedFeedIsAskedConditionallyAndWritesNothing(t *testing.T) {
	w := newWorld(t)
	w.subscribe("news.test", "/fixtures/rss20.xml")
	before := w.st.Generation()
	w.clock.Advance(3 * time.Hour) // past the feed's ttl
	sum := w.refresh(false)
	if sum.Feeds != 1 || sum.NotModified != 1 {
		t.Fatalf("summary %+v, want one feed not modified", sum)
	}
	reqs := w.srv.Requests("/fixtures/rss20.xml")
	last := reqs[len(reqs)-1].Header
	if last.Get("If-None-Match") == "" || last.Get("If-Modified-Since") == "" {
		t.Fatalf("second request sent no validators: %v", last)
	}
	if ua := last.Get("User-Agent"); ua != "tidings/test" {
		t.Fatalf("User-Agent %q", ua)
	}
	if ae := last.Get("Accept-Encoding"); !strings.Contains(ae, "gzip") {
		t.Fatalf("Accept-Encoding %q: gzip not asked for", ae)
	}
	if w.st.Generation() != before {
		t.Fatal("a 304 changed the store's generation: cached answers were thrown away")
	}
	if f := w.feed(w.onlyFeed()); !f.Poll.LastSuccess.Equal(w.clock.Now()) || f.Poll.Failures != 0 {
		t.Fatalf("poll state after 304: %+v", f.Poll)
	}
}

// A server that ignores conditional requests sends the same items again:
// they are recognised and nothing changes.
func TestRefetchedFeedWithoutValidatorsChangesNothing(t *testing.T) {
	w := newWorld(t)
	w.srv.Set("/plain.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml"), NoValidators: true})
	first := w.subscribe("news.test", "/plain.xml")
	before, gen := w.headlines(), w.st.Generation()
	for range 3 {
		w.clock.Advance(3 * time.Hour)
		sum := w.refresh(false)
		if sum.New != 0 || sum.Updated != 0 || sum.Unchanged != first.Stats.New {
			t.Fatalf("refetch: %+v, want all %d unchanged", sum, first.Stats.New)
		}
	}
	if after := w.headlines(); len(after) != len(before) || w.st.Generation() != gen {
		t.Fatalf("articles %d → %d, generation %d → %d", len(before), len(after), gen, w.st.Generation())
	}
}

// Nothing is lost: a failed, malformed, empty or not-a-feed answer keeps
// every stored article as it was and records why.
func TestFailedPollsLoseNothing(t *testing.T) {
	cases := []struct {
		name string
		resp feedserver.Response
		want string
	}{
		{"500", feedserver.Response{Status: 500}, "the site had an error (500"},
		{"404", feedserver.Response{Status: 404}, "not found (404)"},
		{"403", feedserver.Response{Status: 403}, "refused the request (403)"},
		{"malformed", feedserver.Response{Body: feedserver.FixtureBody("malformed.xml")}, "malformed"},
		{"html", feedserver.Response{Body: feedserver.FixtureBody("nofeed.html")}, "not an RSS, Atom or JSON feed"},
		{"empty body", feedserver.Response{Body: []byte{}}, "not an RSS, Atom or JSON feed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
			w.subscribe("news.test", "/feed.xml")
			before := w.headlines()
			w.srv.Set("/feed.xml", tc.resp)
			w.clock.Advance(3 * time.Hour) // past the feed's ttl
			sum := w.refresh(false)
			if sum.Failed != 1 {
				t.Fatalf("summary %+v, want one failure", sum)
			}
			f := w.feed(w.onlyFeed())
			if !strings.Contains(f.Poll.LastError, tc.want) || f.Poll.Failures != 1 {
				t.Fatalf("last error %q (failures %d), want it to say %q", f.Poll.LastError, f.Poll.Failures, tc.want)
			}
			if after := w.headlines(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("a failed poll changed the articles:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}

// An empty feed is a success that removes nothing.
func TestEmptyFeedRemovesNothing(t *testing.T) {
	w := newWorld(t)
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	w.subscribe("news.test", "/feed.xml")
	n := len(w.headlines())
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("empty.xml")})
	w.clock.Advance(3 * time.Hour) // past the feed's ttl
	if sum := w.refresh(false); sum.Failed != 0 {
		t.Fatalf("an empty feed failed: %+v", sum)
	}
	if got := len(w.headlines()); got != n {
		t.Fatalf("%d articles after an empty poll, want %d", got, n)
	}
}

// Failures back off exponentially, and a server's Retry-After is a floor.
func TestFailuresBackOffAndRetryAfterIsHonoured(t *testing.T) {
	w := newWorld(t, func(o *Options, _ *FetcherOptions) { o.Interval = 10 * time.Minute })
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	w.subscribe("news.test", "/feed.xml")
	id := w.onlyFeed()
	w.srv.Set("/feed.xml", feedserver.Response{Status: 500})
	var waits []time.Duration
	for range 4 {
		w.clock.Advance(48 * time.Hour) // surely due
		w.refresh(false)
		waits = append(waits, w.feed(id).Poll.NextPoll.Sub(w.clock.Now()))
	}
	for i, d := range waits {
		base := 10 * time.Minute << i
		if d < base*8/10 || d > base*12/10 {
			t.Fatalf("wait after failure %d = %v, want %v ±20%% (all: %v)", i+1, d, base, waits)
		}
	}
	w.srv.Set("/feed.xml", feedserver.Response{Status: 429, Header: http.Header{"Retry-After": {"7200"}}})
	w.clock.Advance(48 * time.Hour)
	w.refresh(false)
	f := w.feed(id)
	if wait := f.Poll.NextPoll.Sub(w.clock.Now()); wait < 2*time.Hour {
		t.Fatalf("next poll in %v after Retry-After: 7200", wait)
	}
	if !strings.Contains(f.Poll.LastError, "429") {
		t.Fatalf("last error %q", f.Poll.LastError)
	}
	// A success resets the backoff.
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	w.clock.Advance(4 * time.Hour)
	w.refresh(false)
	// rss20.xml asks for a ttl of 60 minutes: that, plus up to a tenth.
	if f := w.feed(id); f.Poll.Failures != 0 || f.Poll.LastError != "" || f.Poll.NextPoll.Sub(w.clock.Now()) > 66*time.Minute {
		t.Fatalf("after a success: %+v", f.Poll)
	}
}

// A feed asking for a longer period (RSS ttl) is not polled sooner.
func TestFeedsOwnPeriodIsALowerBound(t *testing.T) {
	w := newWorld(t, func(o *Options, _ *FetcherOptions) { o.Interval = 5 * time.Minute })
	w.subscribe("news.test", "/fixtures/sy.xml")
	fx, _ := feedserver.FixtureByName("sy.xml")
	f := w.feed(w.onlyFeed())
	if f.Poll.MinInterval != fx.UpdateEvery {
		t.Fatalf("min interval %v, want the feed's %v", f.Poll.MinInterval, fx.UpdateEvery)
	}
	if wait := f.Poll.NextPoll.Sub(w.clock.Now()); wait < fx.UpdateEvery {
		t.Fatalf("next poll in %v, sooner than the feed's %v", wait, fx.UpdateEvery)
	}
}

// 410 Gone stops polling, with the reason kept for `feeds list`; --all
// tries again.
func TestGoneFeedIsDisabledWithItsReason(t *testing.T) {
	w := newWorld(t)
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	w.subscribe("news.test", "/feed.xml")
	id := w.onlyFeed()
	n := len(w.headlines())
	w.srv.Set("/feed.xml", feedserver.Response{Status: 410})
	w.clock.Advance(3 * time.Hour) // past the feed's ttl
	w.refresh(false)
	f := w.feed(id)
	if !strings.Contains(f.Poll.Disabled, "gone (410)") {
		t.Fatalf("disabled = %q", f.Poll.Disabled)
	}
	w.clock.Advance(30 * 24 * time.Hour)
	if sum := w.refresh(false); sum.Feeds != 0 {
		t.Fatalf("a gone feed was polled again: %+v", sum)
	}
	if len(w.headlines()) != n {
		t.Fatal("a gone feed lost its articles")
	}
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	if sum := w.refresh(true); sum.Feeds != 1 || sum.Failed != 0 {
		t.Fatalf("--all: %+v", sum)
	}
	if f := w.feed(id); f.Poll.Disabled != "" {
		t.Fatalf("a feed that came back stays disabled: %q", f.Poll.Disabled)
	}
}

// A permanent redirect moves the stored address; a temporary one does not.
func TestPermanentRedirectUpdatesTheFeedAddress(t *testing.T) {
	for _, tc := range []struct {
		path  string
		moves bool
	}{{"/redirect/301", true}, {"/redirect/308", true}, {"/redirect/302", false}, {"/redirect/307", false}, {"/redirect/chain/4", true}} {
		t.Run(tc.path, func(t *testing.T) {
			w := newWorld(t)
			w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
			w.subscribe("news.test", "/feed.xml")
			id := w.onlyFeed()
			w.srv.Set("/feed.xml", feedserver.Response{Status: 301, Header: http.Header{"Location": {tc.path}}})
			w.clock.Advance(3 * time.Hour) // past the feed's ttl
			w.refresh(false)
			got := w.feed(id).URL
			want := w.url("news.test", "/feed.xml")
			if tc.moves {
				want = w.url("news.test", feedserver.RedirectTarget)
			}
			if tc.path == "/redirect/302" || tc.path == "/redirect/307" {
				want = w.url("news.test", "/feed.xml") // one temporary hop keeps the address
			}
			if got != want {
				t.Fatalf("stored address %s, want %s", got, want)
			}
		})
	}
}

func TestTooManyRedirectsHangsAndHugeFeedsFailClearly(t *testing.T) {
	// Only /hang needs a short timeout: six redirects within 300 ms is a
	// race against a loaded machine, which the redirect cases must not
	// run.
	for path, tc := range map[string]struct {
		timeout time.Duration
		want    string
	}{
		"/redirect/loop":    {time.Minute, "more than 5 redirects"},
		"/redirect/chain/6": {time.Minute, "more than 5 redirects"},
		"/hang":             {300 * time.Millisecond, "did not answer within 300ms"},
	} {
		w := newWorld(t, func(_ *Options, fo *FetcherOptions) { fo.Timeout = tc.timeout })
		_, err := w.poller.fetch.Fetch(context.Background(), w.url("news.test", path), Validators{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", path, err, tc.want)
		}
	}
}

func TestFeedsPastTheBodyCapFailClearly(t *testing.T) {
	w := newWorld(t, func(_ *Options, fo *FetcherOptions) { fo.Timeout = time.Minute })
	_, err := w.poller.fetch.Fetch(context.Background(), w.url("news.test", "/fixtures/huge.xml"), Validators{})
	if err == nil || !strings.Contains(err.Error(), "larger than 10 MiB") {
		t.Fatalf("error %v, want the 10 MiB cap named", err)
	}
}

// Fetches run in parallel, but never two at once on one host.
func TestOneRequestAtATimePerHost(t *testing.T) {
	w := newWorld(t, func(o *Options, _ *FetcherOptions) { o.Concurrency = 4 })
	for i := range 12 {
		w.srv.Set(fmt.Sprintf("/slow-%d.xml", i), feedserver.Response{Body: feedserver.GenFeed(fmt.Sprint(i), 3, 0, feedserver.FixtureTime), Delay: 30 * time.Millisecond})
		host := fmt.Sprintf("site-%d.test", i%3)
		w.subscribe(host, fmt.Sprintf("/slow-%d.xml", i))
	}
	w.srv.Reset()
	w.refresh(true)
	for i := range 3 {
		if n := w.srv.MaxInFlight(fmt.Sprintf("site-%d.test", i)); n != 1 {
			t.Fatalf("site-%d.test saw %d requests at once", i, n)
		}
	}
	if n := w.srv.MaxInFlightTotal(); n < 2 || n > 4 {
		t.Fatalf("%d requests at once in all; want parallel fetches, at most 4", n)
	}
}

// Quitting mid-pass is not the feeds' failure.
func TestCancelledPassRecordsNoFailure(t *testing.T) {
	w := newWorld(t)
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	w.subscribe("news.test", "/feed.xml")
	w.srv.Set("/feed.xml", feedserver.Response{Hang: true})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	w.poller.Refresh(ctx, RefreshOptions{All: true})
	if f := w.feed(w.onlyFeed()); f.Poll.Failures != 0 || f.Poll.LastError != "" {
		t.Fatalf("a cancelled poll was recorded as a failure: %+v", f.Poll)
	}
}

// With --retain, older articles are pruned and not stored again.
func TestRetainPrunesOldArticles(t *testing.T) {
	w := newWorld(t, func(o *Options, _ *FetcherOptions) { o.Retain = 24 * time.Hour })
	w.srv.Set("/gen.xml", feedserver.Response{Body: feedserver.GenFeed("g", 50, 0, feedserver.FixtureTime)})
	w.subscribe("news.test", "/gen.xml")
	cutoff := w.clock.Now().Add(-24 * time.Hour)
	for _, a := range w.headlines() {
		if a.PublishedAt.Before(cutoff) {
			t.Fatalf("article of %v stored past the 24h retention", a.PublishedAt)
		}
	}
	w.clock.Advance(12 * time.Hour)
	sum := w.refresh(true)
	for _, a := range w.headlines() {
		if a.PublishedAt.Before(w.clock.Now().Add(-24 * time.Hour)) {
			t.Fatalf("article of %v kept past the retention (pruned %d)", a.PublishedAt, sum.Pruned)
		}
	}
}
