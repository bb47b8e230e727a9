package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"tidings/api"
	"tidings/model"
	"tidings/ui/common"
)

// The reader in the NewsAPI dialect against a loopback fake NewsAPI
// (newsapi_fake_test.go), with the real client: what `NEWS_API_KEY=…
// tidings --dialect newsapi` shows.

func TestNewsAPIHeadlinesStartOnUSWithTheKeyInItsHeader(t *testing.T) {
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, nil)
	h.untilShows(wait, "Headline 000", "United States")
	reqs := f.requests("/v2/top-headlines")
	if len(reqs) == 0 {
		t.Fatal("no request to /v2/top-headlines")
	}
	r := reqs[0]
	if r.query.Get("country") != "us" || r.query.Get("pageSize") != "20" || r.apiKey != liveKey || r.auth {
		t.Fatalf("request %v, key sent %v, Authorization sent %v", r.query, r.apiKey == liveKey, r.auth)
	}
}

// A search that matches more than the plan serves ends at 100 results
// with the plain reason, and asks for nothing more by itself.
func TestNewsAPISearchEndsAtThePlansHundredResults(t *testing.T) {
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, func(c *Config) {
		c.Screen = common.Search
		c.Search = model.ArticlesQuery{Q: "storm"}
	})
	h.untilShows(wait, "Storm story 000", "1/12,345")
	h.key("G")
	h.untilShows(wait, common.ResultsCappedText, "End of results · 100 articles")
	asked := len(f.requests("/v2/everything"))
	if asked != 6 {
		t.Errorf("%d requests to /v2/everything; want 5 pages and the one refused", asked)
	}
	view := h.view()
	for _, bad := range []string{"426", "maximumResultsReached", "r to retry", "Retrying", "/12,345"} {
		if strings.Contains(view, bad) {
			t.Fatalf("the end of the list shows %q:\n%s", bad, view)
		}
	}
	if !strings.Contains(view, "Storm story 099") {
		t.Fatalf("the 100th result is not on screen:\n%s", view)
	}
	h.key("k", "G", "j")
	h.settle(300 * time.Millisecond)
	if n := len(f.requests("/v2/everything")); n != asked {
		t.Fatalf("%d more requests after the cap; want none (no retry loop)", n-asked)
	}
}

// NewsAPI's default page on /everything is 100 results: one page, then the
// cap.
func TestNewsAPISearchAtNewsAPIsOwnPageSize(t *testing.T) {
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, func(c *Config) {
		c.PageSize = 0
		c.Screen = common.Search
		c.Search = model.ArticlesQuery{Q: "storm"}
	})
	h.untilShows(wait, "Storm story 000")
	h.key("G")
	h.untilShows(wait, common.ResultsCappedText, "End of results · 100 articles")
	reqs := f.requests("/v2/everything")
	if len(reqs) != 2 || reqs[0].query.Get("pageSize") != "" || reqs[1].query.Get("page") != "2" {
		t.Fatalf("requests %+v; want page 1 at NewsAPI's size, then page 2 refused", reqs)
	}
}

// The sources list has no pages: one request, and the status says how
// many there are, not "loaded N of N+1".
func TestNewsAPISourcesComeAsOneList(t *testing.T) {
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, func(c *Config) { c.Screen = common.Sources })
	h.untilShows(wait, "Outlet 000", "1/130 · End of results")
	h.key("G")
	h.untilShows(wait, "Outlet 129")
	h.settle(200 * time.Millisecond)
	reqs := f.requests("/v2/top-headlines/sources")
	if len(reqs) != 1 || reqs[0].query.Has("page") || reqs[0].query.Has("pageSize") {
		t.Fatalf("requests %+v; want one, without paging", reqs)
	}
	if strings.Contains(h.view(), "loaded") {
		t.Fatalf("the status pretends there is more:\n%s", h.view())
	}
}

// NewsAPI's rateLimited without a Retry-After is a spent daily quota:
// said in plain words, and not retried in a loop.
func TestNewsAPISpentQuotaIsExplainedNotRetried(t *testing.T) {
	f := newFakeNewsAPI(t)
	f.setFault("/v2/top-headlines", newsAPIFault{429, "rateLimited",
		"You have made too many requests recently. Developer accounts are limited to 100 requests over a 24 hour period (50 requests available every 12 hours). Please upgrade to a paid plan if you need more requests.", ""})
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, nil)
	h.untilShows(wait, common.KeyExhaustedText)
	h.settle(1500 * time.Millisecond) // longer than a countdown's first tick
	if n := len(f.requests("/v2/top-headlines")); n != 1 {
		t.Fatalf("%d requests; a spent quota must not be retried by itself", n)
	}
	if v := h.view(); strings.Contains(v, "Retrying") || strings.Contains(v, "rateLimited") {
		t.Fatalf("view:\n%s", v)
	}
	// r asks again, once, when the user wants to.
	f.clearFaults()
	h.key("r")
	h.untilShows(wait, "Headline 000")
}

// With a Retry-After the rate limit counts down and retries by itself, as
// for any service.
func TestNewsAPIRateLimitWithRetryAfterRetriesByItself(t *testing.T) {
	f := newFakeNewsAPI(t)
	f.setFault("/v2/top-headlines", newsAPIFault{429, "rateLimited", "You have been rate limited.", "1"})
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, nil)
	h.untilShows(wait, "NewsAPI asked us to slow down", "Retrying in 1s")
	f.clearFaults()
	h.untilShows(wait, "Headline 000")
	if n := len(f.requests("/v2/top-headlines")); n != 2 {
		t.Fatalf("%d requests; want the first and the one retry", n)
	}
}

// A key NewsAPI does not know is said to be refused, with where to put a
// good one; the key never shows.
func TestNewsAPIRefusedKeyIsExplained(t *testing.T) {
	const wrongKey = "wrong-key-5e1a9c03"
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, wrongKey, 100, 30, nil)
	h.untilShows(wait, common.KeyRefusedText, "NEWS_API_KEY")
	if v := h.view(); strings.Contains(v, wrongKey) || strings.Contains(v, "apiKeyInvalid") {
		t.Fatalf("view shows the key or the code:\n%s", v)
	}
}

// NewsAPI searches a source without keywords, so a search within a source
// runs at once; the spec's service would need keywords.
func TestNewsAPISearchesASourceWithoutKeywords(t *testing.T) {
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, func(c *Config) { c.Screen = common.Sources })
	h.untilShows(wait, "Outlet 000")
	h.key("enter") // the Source screen: NewsAPI lists one source's headlines
	h.untilShows(wait, "Source Outlet 000", "Headline 000")
	h.key("s")
	h.untilShows(wait, "Storm story 000")
	reqs := f.requests("/v2/everything")
	if len(reqs) == 0 || reqs[0].query.Get("sources") != "outlet-000" || reqs[0].query.Has("q") {
		t.Fatalf("requests %+v; want sources=outlet-000 without q", reqs)
	}
}

// All countries and all categories at once is a query NewsAPI refuses:
// the picker's choice is explained and nothing is sent.
func TestNewsAPIHeadlinesNeverAskWithoutCountryOrCategory(t *testing.T) {
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, nil)
	h.untilShows(wait, "Headline 000")
	before := len(f.requests("/v2/top-headlines"))
	h.key("t", "A", "l", "l", "enter")
	h.untilShows(wait, "need a country or a category")
	h.settle(200 * time.Millisecond)
	if n := len(f.requests("/v2/top-headlines")); n != before {
		t.Fatalf("%d requests NewsAPI must refuse were sent", n-before)
	}
	if !strings.Contains(h.view(), "Headline 000") || !strings.Contains(h.view(), "United States") {
		t.Fatalf("the list or its filter changed:\n%s", h.view())
	}
	// With a category, all countries is fine. (A pick arrives as a
	// message from a command: wait for the first before the second.)
	h.key("c", "s", "p", "o", "r", "t", "s", "enter")
	h.until(wait, "headlines of the United States in sports", func(string) bool {
		reqs := f.requests("/v2/top-headlines")
		return reqs[len(reqs)-1].query.Get("category") == "sports"
	})
	h.key("t", "A", "l", "l", "enter")
	h.until(wait, "headlines for all countries in sports", func(v string) bool {
		reqs := f.requests("/v2/top-headlines")
		last := reqs[len(reqs)-1].query
		return last.Get("category") == "sports" && !last.Has("country") && strings.Contains(v, "Headline 000")
	})
}

// TestFlowNewsAPIOpenAHeadline runs the real program loop in the NewsAPI
// dialect: the first headline from the fake, j, enter, the reader, q.
func TestFlowNewsAPIOpenAHeadline(t *testing.T) {
	f := newFakeNewsAPI(t)
	app := New(Config{Client: f.client(t, liveKey), Dialect: api.DialectNewsAPI, BaseURL: f.baseURL(),
		Now: func() time.Time { return testNow }, Location: time.UTC})
	tm := teatest.NewTestModel(t, app,
		teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)),
	)
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("Headline 001"))
	}, teatest.WithDuration(5*time.Second))
	tm.Send(tea.KeyPressMsg{Code: 'j', Text: "j"})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("What happened."))
	}, teatest.WithDuration(5*time.Second))
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}) // ctrl+c quits from the reader (q goes back)
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*App)
	if a, ok := final.reader.Article(); final.Active() != common.Reader || !ok || a.Title != "Headline 001" {
		t.Fatalf("ended on %v showing %q", final.Active(), a.Title)
	}
}

// The sources' language picker offers NewsAPI's languages and sends them
// in NewsAPI's spelling: Swedish is "sv" there (the spec's "se"), and the
// sources NewsAPI marks "sv" show as Swedish.
func TestNewsAPISourcesLanguagePickerSpeaksNewsAPI(t *testing.T) {
	f := newFakeNewsAPI(t)
	h := newNewsAPIHarness(t, f, liveKey, 100, 30, func(c *Config) { c.Screen = common.Sources })
	h.untilShows(wait, "Outlet 000")
	h.key("l", "s", "w", "e", "d", "enter")
	h.until(wait, "a request for Swedish sources", func(string) bool {
		reqs := f.requests("/v2/top-headlines/sources")
		return reqs[len(reqs)-1].query.Get("language") == "sv"
	})
	h.untilShows(wait, "Swedish (se)")
}
