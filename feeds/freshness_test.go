package feeds

import (
	"net/http"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
)

// A feed's answer that says it stays fresh for longer than the polling
// interval is not asked again before then, on a 200 and on a 304, and
// never later than a day.
func TestCacheControlAndExpiresAreAFloorForTheNextPoll(t *testing.T) {
	date := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
	cases := []struct {
		name     string
		header   http.Header
		min, max time.Duration
	}{
		{"max-age", http.Header{"Cache-Control": {"public, max-age=7200"}}, 2 * time.Hour, 2 * time.Hour * 11 / 10},
		{"expires", http.Header{"Date": {date.Format(http.TimeFormat)}, "Expires": {date.Add(3 * time.Hour).Format(http.TimeFormat)}},
			3 * time.Hour, 3 * time.Hour * 11 / 10},
		{"a week, bounded", http.Header{"Cache-Control": {"max-age=604800"}}, 24 * time.Hour, 24 * time.Hour * 11 / 10},
		{"shorter than the interval", http.Header{"Cache-Control": {"max-age=60"}}, 90 * time.Minute, 90 * time.Minute * 11 / 10},
		{"no-cache", http.Header{"Cache-Control": {"no-cache, max-age=7200"}}, 90 * time.Minute, 90 * time.Minute * 11 / 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, func(o *Options, _ *FetcherOptions) { o.Interval = 90 * time.Minute })
			w.srv.Set("/feed.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml"), Header: c.header})
			w.subscribe("news.test", "/feed.xml")
			id := w.onlyFeed()
			check := func(when string) {
				t.Helper()
				wait := w.feed(id).Poll.NextPoll.Sub(w.clock.Now())
				if wait < c.min || wait > c.max {
					t.Fatalf("%s: next poll in %v, want %v to %v", when, wait, c.min, c.max)
				}
			}
			check("after subscribing")
			w.clock.Advance(48 * time.Hour)
			if s := w.refresh(false); s.NotModified != 1 {
				t.Fatalf("second poll: %+v, want a 304", s)
			}
			check("after a 304")
		})
	}
}

func TestFreshFor(t *testing.T) {
	now := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
	cases := []struct {
		header http.Header
		want   time.Duration
	}{
		{http.Header{}, 0},
		{http.Header{"Cache-Control": {"max-age=600"}}, 10 * time.Minute},
		{http.Header{"Cache-Control": {`max-age="600"`}}, 10 * time.Minute},
		{http.Header{"Cache-Control": {"private", "Max-Age=60"}}, time.Minute},
		{http.Header{"Cache-Control": {"max-age=-5"}}, 0},
		{http.Header{"Cache-Control": {"no-store"}, "Expires": {now.Add(time.Hour).Format(http.TimeFormat)}}, 0},
		{http.Header{"Cache-Control": {"max-age=60"}, "Expires": {now.Add(time.Hour).Format(http.TimeFormat)}}, time.Minute},
		{http.Header{"Expires": {now.Add(time.Hour).Format(http.TimeFormat)}}, time.Hour},
		{http.Header{"Expires": {now.Add(-time.Hour).Format(http.TimeFormat)}}, 0},
		{http.Header{"Expires": {"0"}}, 0},
		{http.Header{"Cache-Control": {"max-age=99999999999999"}}, maxFreshness},
	}
	for _, c := range cases {
		if got := freshFor(c.header, now); got != c.want {
			t.Errorf("%v: %v, want %v", c.header, got, c.want)
		}
	}
}

func TestUserAgentNamesTheContactOnlyWhenGiven(t *testing.T) {
	if got := UserAgent("v1.2.3", "https://news.example.com/about"); got != "tidings/v1.2.3 (+https://news.example.com/about)" {
		t.Errorf("with a contact: %q", got)
	}
	if got := UserAgent("v1.2.3", ""); got != "tidings/v1.2.3" {
		t.Errorf("without: %q", got)
	}
}
