package feeds

import (
	"context"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
)

// RefreshFeed polls the one feed asked for, due or not, and tells
// OnPass as a pass of one feed.
func TestRefreshFeedPollsThatFeedOnly(t *testing.T) {
	var passes []Pass
	w := newWorld(t, func(o *Options, _ *FetcherOptions) { o.OnPass = func(p Pass) { passes = append(passes, p) } })
	w.srv.Set("/a.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	w.srv.Set("/b.xml", feedserver.Response{Body: feedserver.FixtureBody("atom10.xml")})
	w.subscribe("a.test", "/a.xml")
	w.subscribe("b.test", "/b.xml")
	list, err := w.st.Feeds(context.Background())
	if err != nil || len(list) != 2 {
		t.Fatalf("feeds = %d, %v", len(list), err)
	}
	a, b := list[0], list[1] // by id: find which is a.test's
	if !strings.Contains(a.URL, "a.test") {
		a, b = b, a
	}
	w.srv.Set("/a.xml", feedserver.Response{Status: 500})
	w.clock.Advance(time.Minute) // not due yet: the poll is asked for by name
	out, err := w.poller.RefreshFeed(context.Background(), a.Source.ID)
	if err != nil {
		t.Fatal(err)
	}
	if out.Err == nil || out.Feed.Source.ID != a.Source.ID {
		t.Fatalf("the failing feed's poll: %+v", out)
	}
	if got := w.feed(a.Source.ID); got.Poll.LastError == "" || got.Poll.Failures != 1 {
		t.Errorf("the failure was not recorded: %+v", got.Poll)
	}
	if got := w.feed(b.Source.ID); !got.Poll.LastAttempt.Equal(b.Poll.LastAttempt) {
		t.Errorf("the other feed was polled too: %v → %v", b.Poll.LastAttempt, got.Poll.LastAttempt)
	}
	if len(passes) == 0 || passes[len(passes)-1].Summary.Feeds != 1 {
		t.Errorf("OnPass heard %+v, want a pass of one feed", passes)
	}
}

// A feed switched off is skipped by every pass, a pass over all feeds
// included, and does not count as failing; switched on, it is due at
// once.
func TestSetEnabledSwitchesAFeedOffAndOn(t *testing.T) {
	w := newWorld(t)
	w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	w.subscribe("news.test", "/feed.xml")
	id := w.onlyFeed()
	ctx := context.Background()
	if err := w.poller.SetEnabled(ctx, id, false); err != nil {
		t.Fatal(err)
	}
	if f := w.feed(id); f.Poll.Disabled != DisabledByUser {
		t.Fatalf("disabled = %q, want %q", f.Poll.Disabled, DisabledByUser)
	}
	w.clock.Advance(30 * 24 * time.Hour)
	if sum := w.refresh(true); sum.Feeds != 0 {
		t.Fatalf("a pass over all feeds polled a feed switched off: %+v", sum)
	}
	if s, err := ReadStatus(ctx, w.st); err != nil || s.Failing != 0 {
		t.Fatalf("status = %+v, %v; a feed switched off is not failing", s, err)
	}
	// Asked for by name it is polled, and stays off.
	if _, err := w.poller.RefreshFeed(ctx, id); err != nil {
		t.Fatal(err)
	}
	if f := w.feed(id); f.Poll.Disabled != DisabledByUser || !f.Poll.LastSuccess.Equal(w.clock.Now()) {
		t.Fatalf("after a refresh by name: %+v", f.Poll)
	}
	if err := w.poller.SetEnabled(ctx, id, true); err != nil {
		t.Fatal(err)
	}
	f := w.feed(id)
	if f.Poll.Disabled != "" || f.Poll.NextPoll.After(w.clock.Now()) {
		t.Fatalf("switched on: %+v, want enabled and due", f.Poll)
	}
	if sum := w.refresh(false); sum.Feeds != 1 {
		t.Fatalf("the feed switched on was not polled by the next pass: %+v", sum)
	}
}

func TestSetEnabledOfNoFeedSaysSo(t *testing.T) {
	w := newWorld(t)
	if err := w.poller.SetEnabled(context.Background(), "nope", false); err == nil {
		t.Fatal("no error for a feed that does not exist")
	}
}
