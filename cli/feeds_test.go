package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tidings/feeds"
	"tidings/feeds/opml"
	"tidings/internal/fakes/feedserver"
	"tidings/model"
	"tidings/netguard"
	"tidings/server/store/sqlite"
)

// runOut runs the command line and returns its standard output and error
// output apart.
func runOut(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := newRootCommand(noEnv, &errOut)
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	err = cmd.Execute()
	return out.String(), errOut.String(), err
}

func feedsEnv(t *testing.T) (srv *feedserver.Server, db string) {
	t.Helper()
	srv = feedserver.Start()
	t.Cleanup(srv.Close)
	return srv, filepath.Join(t.TempDir(), "news.db")
}

func TestFeedsAddListExportRemove(t *testing.T) {
	srv, db := feedsEnv(t)
	feedURL := srv.URL("", "/fixtures/rss20.xml")
	out, _, err := runOut(t, "feeds", "add", feedURL, "--category", "Technology", "--country", "GB", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	fx, _ := feedserver.FixtureByName("rss20.xml")
	if !strings.Contains(out, "Subscribed to "+fx.Title) || !strings.Contains(out, "technology, English, United Kingdom") {
		t.Fatalf("add said:\n%s", out)
	}
	out, _, err = runOut(t, "feeds", "list", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "ID") || !strings.Contains(lines[1], "technology") ||
		!strings.Contains(lines[1], " gb ") || !strings.Contains(lines[1], "just now") {
		t.Fatalf("list:\n%s", out)
	}
	id := strings.Fields(lines[1])[0]

	out, _, err = runOut(t, "feeds", "export", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	outlines, warnings, err := opml.Parse(strings.NewReader(out))
	if err != nil || len(warnings) != 0 || len(outlines) != 1 {
		t.Fatalf("export does not read back: %v %v\n%s", err, warnings, out)
	}
	if o := outlines[0]; o.XMLURL != feedURL || o.Country != "gb" || o.Category != "technology" || o.Language != "en" {
		t.Fatalf("exported %+v", o)
	}

	out, _, err = runOut(t, "feeds", "remove", id, "--db", db)
	if err != nil || !strings.Contains(out, "deleted its") {
		t.Fatalf("remove: %v\n%s", err, out)
	}
	st := openDB(t, db)
	if page, _ := st.Headlines(context.Background(), model.HeadlinesQuery{PageSize: 10}); page.TotalResults != 0 {
		t.Fatalf("%d articles left after remove", page.TotalResults)
	}
}

func openDB(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestFeedsAddRefusesBadInputBeforeFetching(t *testing.T) {
	srv, db := feedsEnv(t)
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"ftp://example.com/feed"}, "not an http or https address", 2},
		{[]string{srv.URL("", "/fixtures/rss20.xml"), "--country", "uk"}, "allowed values are ae, ar", 2},
		{[]string{srv.URL("", "/fixtures/rss20.xml"), "--category", "weather"}, "business, entertainment", 2},
		{[]string{srv.URL("", "/fixtures/rss20.xml"), "--language", "fi"}, "ar, de, en", 2},
		{[]string{srv.URL("", "/fixtures/nofeed.html")}, "announces none", 1},
		{[]string{srv.URL("", "/status/404")}, "not found (404)", 1},
	} {
		_, _, err := runOut(t, append([]string{"feeds", "add", "--db", db}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || exitStatus(err) != tc.code {
			t.Errorf("feeds add %v: error %v (status %d), want %q and status %d", tc.args, err, exitStatus(err), tc.want, tc.code)
		}
	}
	if n := len(srv.Requests("/fixtures/rss20.xml")); n != 0 {
		t.Fatalf("invalid flags sent %d requests", n)
	}
}

// A site's address finds the feed its page announces.
func TestFeedsAddDiscoversTheFeedOfASite(t *testing.T) {
	srv, db := feedsEnv(t)
	out, _, err := runOut(t, "feeds", "add", srv.URL("", "/fixtures/notafeed.html"), "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	st := openDB(t, db)
	f, err := st.FindFeed(context.Background(), srv.URL("", "/fixtures/rss20.xml"))
	if err != nil {
		t.Fatalf("the announced feed was not stored (%v); add said:\n%s", err, out)
	}
	if f.Articles == 0 {
		t.Fatal("no articles stored on subscribing")
	}
}

func TestFeedsImportTwiceAddsNothingAndWarnsByOutline(t *testing.T) {
	srv, db := feedsEnv(t)
	list := `<?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>
<outline text="Science">
  <outline text="Lab notes" type="rss" xmlUrl="` + srv.URL("", "/fixtures/atom10.xml") + `" country="uk"/>
</outline>
<outline text="Town news" type="rss" xmlUrl="` + srv.URL("", "/fixtures/rss20.xml") + `" category="sports" language="en-GB"/>
</body></opml>`
	path := filepath.Join(t.TempDir(), "mine.opml")
	if err := os.WriteFile(path, []byte(list), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := runOut(t, "feeds", "import", path, "--db", db)
	if err != nil || !strings.Contains(out, "Imported 2 feeds") {
		t.Fatalf("import: %v\n%s", err, out)
	}
	if !strings.Contains(errOut, `warning: `+path+`: outline "Lab notes"`) || !strings.Contains(errOut, `unknown country "uk"`) {
		t.Fatalf("warnings:\n%s", errOut)
	}
	out, _, err = runOut(t, "feeds", "import", path, "--db", db)
	if err != nil || !strings.Contains(out, "Imported 0 feeds") || !strings.Contains(out, "2 already subscribed") {
		t.Fatalf("second import: %v\n%s", err, out)
	}
	st := openDB(t, db)
	list2, _ := st.Feeds(context.Background())
	if len(list2) != 2 {
		t.Fatalf("%d feeds after importing twice", len(list2))
	}
	for _, f := range list2 {
		switch f.Source.Name {
		case "Lab notes":
			if f.Source.Category != "science" || f.Source.Country != "" {
				t.Errorf("Lab notes: %+v", f.Source)
			}
		case "Town news":
			if f.Source.Category != "sports" || f.Source.Language != "en" {
				t.Errorf("Town news: %+v", f.Source)
			}
		}
		if f.Articles != 0 {
			t.Errorf("import fetched %s", f.URL)
		}
	}
	if n := len(srv.Requests("")); n != 0 {
		t.Fatalf("import sent %d requests; it must not fetch", n)
	}
}

func TestFeedsImportStarterNeedsNoFile(t *testing.T) {
	_, db := feedsEnv(t)
	out, _, err := runOut(t, "feeds", "import", "--starter", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(opml.Starter()); !strings.Contains(out, "Imported "+strconv.Itoa(want)+" feeds from the starter list") {
		t.Fatalf("import --starter said:\n%s", out)
	}
}

func TestFeedsRefreshSummarisesAndFailsOnlyWhenEveryFeedFails(t *testing.T) {
	srv, db := feedsEnv(t)
	srv.Set("/a.xml", feedserver.Response{Body: feedserver.FixtureBody("rss20.xml")})
	srv.Set("/b.xml", feedserver.Response{Body: feedserver.FixtureBody("atom10.xml")})
	for _, p := range []string{"/a.xml", "/b.xml"} {
		if _, _, err := runOut(t, "feeds", "add", srv.URL("", p), "--db", db); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, err := runOut(t, "feeds", "refresh", "--all", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Polled 2 feeds") || !strings.Contains(out, "2 not modified; 0 failed") {
		t.Fatalf("summary:\n%s", out)
	}
	if strings.Count(errOut, "\n") != 2 || !strings.Contains(errOut, "not modified") {
		t.Fatalf("not a terminal: want one plain line per feed, got:\n%s", errOut)
	}
	srv.Set("/a.xml", feedserver.Response{Status: 500})
	if _, _, err := runOut(t, "feeds", "refresh", "--all", "--db", db); err != nil {
		t.Fatalf("one failure of two must not fail the command: %v", err)
	}
	srv.Set("/b.xml", feedserver.Response{Status: 503})
	out, errOut, err = runOut(t, "feeds", "refresh", "--all", "--db", db)
	if err == nil || exitStatus(err) != 1 || !strings.Contains(err.Error(), "every feed failed") {
		t.Fatalf("every feed failed: error %v, status %d", err, exitStatus(err))
	}
	if !strings.Contains(errOut, "failed") || !strings.Contains(errOut, "(500 Internal Server Error)") {
		t.Fatalf("per-feed lines:\n%s", errOut)
	}
	if !strings.Contains(out, "2 failed") {
		t.Fatalf("summary:\n%s", out)
	}
}

// With no network, every feed fails with a clear message, and the
// commands go on working.
func TestFeedsRefreshWithNoNetworkSaysSo(t *testing.T) {
	_, db := feedsEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String() + "/feed.xml"
	ln.Close() // nothing listens there now: connections are refused
	list := `<opml version="2.0"><body><outline text="Gone" xmlUrl="` + dead + `"/></body></opml>`
	path := filepath.Join(t.TempDir(), "l.opml")
	os.WriteFile(path, []byte(list), 0o600)
	if _, _, err := runOut(t, "feeds", "import", path, "--db", db); err != nil {
		t.Fatal(err)
	}
	_, errOut, err := runOut(t, "feeds", "refresh", "--db", db)
	if exitStatus(err) != 1 || !strings.Contains(errOut, "refused the connection") || !strings.Contains(err.Error(), "offline") {
		t.Fatalf("refresh: %v\n%s", err, errOut)
	}
	out, _, err := runOut(t, "feeds", "list", "--db", db)
	if err != nil || !strings.Contains(out, "refused the connection") || !strings.Contains(out, "never") {
		t.Fatalf("list after a failed refresh: %v\n%s", err, out)
	}
}

func TestFeedsCommandsOnNoCatalogueCreateNothing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "none.db")
	for _, args := range [][]string{{"list"}, {"refresh"}} {
		out, _, err := runOut(t, append([]string{"feeds", "--db", db}, args...)...)
		if err != nil || !strings.Contains(out, "No feeds in") {
			t.Fatalf("feeds %v: %v\n%s", args, err, out)
		}
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatal("a read-only feeds command created the database")
	}
}

// The feeds commands' default database is the user's data directory.
func TestFeedsDefaultDatabaseIsInTheDataDirectory(t *testing.T) {
	want := filepath.Join(os.Getenv("XDG_DATA_HOME"), "tidings", "news.db")
	if got := defaultCataloguePath(); got != want {
		t.Fatalf("default catalogue %s, want %s", got, want)
	}
}

// fakePageReader stands in for the extractor: every page reads as a text
// naming its address, and the pages asked are counted.
func fakePageReader(t *testing.T) *atomic.Int32 {
	t.Helper()
	var calls atomic.Int32
	old := pageReader
	pageReader = func(*netguard.Guard, string) feeds.PageReader {
		return feeds.PageReaderFunc(func(_ context.Context, u string) (string, error) {
			calls.Add(1)
			return "Full text of " + u + ".\n\nAnd the rest of the story.", nil
		})
	}
	t.Cleanup(func() { pageReader = old })
	return &calls
}

// summariesRSS is a feed of two items that carry only a summary.
const summariesRSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Summaries</title><link>https://site.test/</link>
<item><title>One</title><link>https://site.test/one</link><guid>one</guid><description>Summary one.</description></item>
<item><title>Two</title><link>https://site.test/two</link><guid>two</guid><description>Summary two.</description></item>
</channel></rss>`

// --full-text on add, set, list, export and import: the mark goes
// wherever the subscription goes.
func TestFeedsFullTextRoundTrips(t *testing.T) {
	calls := fakePageReader(t)
	srv, db := feedsEnv(t)
	srv.Set("/summaries.xml", feedserver.Response{Body: []byte(summariesRSS)})
	out, _, err := runOut(t, "feeds", "add", srv.URL("", "/summaries.xml"), "--full-text", "--db", db)
	if err != nil || !strings.Contains(out, "Full text: 2 articles stored with their page's text.") {
		t.Fatalf("add --full-text: %v\n%s", err, out)
	}
	if calls.Load() != 2 {
		t.Fatalf("%d pages read, want 2", calls.Load())
	}
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", "/fixtures/rss20.xml"), "--db", db); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 2 {
		t.Fatalf("an ordinary feed's pages were read (%d reads)", calls.Load())
	}
	st := openDB(t, db)
	page, err := st.Articles(context.Background(), model.ArticlesQuery{Q: "story", PageSize: 10})
	if err != nil || page.TotalResults != 2 {
		t.Fatalf("articles with the page's text: %d (%v)", page.TotalResults, err)
	}
	for _, a := range page.Items {
		if a.Content != "Full text of "+a.URL+".\n\nAnd the rest of the story." || !strings.HasPrefix(a.Description, "Summary ") {
			t.Errorf("%s: description %q, content %q", a.URL, a.Description, a.Content)
		}
	}

	fullText := func(db string) map[string]bool {
		t.Helper()
		out, _, err := runOut(t, "feeds", "list", "--db", db)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		col := strings.Index(lines[0], "FULL TEXT")
		if col < 0 {
			t.Fatalf("list has no FULL TEXT column:\n%s", out)
		}
		got := map[string]bool{}
		for _, l := range lines[1:] {
			got[strings.Fields(l)[0]] = strings.HasPrefix(l[col:], "yes")
		}
		return got
	}
	before := fullText(db)
	var id string
	for k, on := range before {
		if on {
			id = k
		}
	}
	if len(before) != 2 || id == "" {
		t.Fatalf("list: %v, want one full-text feed of two", before)
	}

	exported, _, err := runOut(t, "feeds", "export", "--db", db)
	if err != nil || strings.Count(exported, `fullText="true"`) != 1 {
		t.Fatalf("export: %v\n%s", err, exported)
	}
	path := filepath.Join(t.TempDir(), "out.opml")
	if err := os.WriteFile(path, []byte(exported), 0o600); err != nil {
		t.Fatal(err)
	}
	db2 := filepath.Join(t.TempDir(), "other.db")
	if out, errOut, err := runOut(t, "feeds", "import", path, "--db", db2); err != nil || errOut != "" {
		t.Fatalf("import: %v\n%s%s", err, out, errOut)
	}
	if after := fullText(db2); len(after) != 2 || !after[id] {
		t.Fatalf("imported: %v, want %v", after, before)
	}

	out, _, err = runOut(t, "feeds", "set", id, "--full-text=false", "--db", db)
	if err != nil || !strings.Contains(out, "is not full-text now") {
		t.Fatalf("set --full-text=false: %v\n%s", err, out)
	}
	if fullText(db)[id] {
		t.Fatal("still full-text after set --full-text=false")
	}
	out, _, err = runOut(t, "feeds", "set", srv.URL("", "/summaries.xml"), "--full-text", "--db", db)
	if err != nil || !strings.Contains(out, "is full-text now") || !fullText(db)[id] {
		t.Fatalf("set URL --full-text: %v\n%s", err, out)
	}
	out, _, err = runOut(t, "feeds", "set", id, "--full-text=true", "--db", db)
	if err != nil || !strings.Contains(out, "is full-text already") {
		t.Fatalf("set twice: %v\n%s", err, out)
	}
}

func TestFeedsSetSaysWhatIsWrong(t *testing.T) {
	srv, db := feedsEnv(t)
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", "/fixtures/rss20.xml"), "--db", db); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"some-feed"}, `nothing to set for "some-feed": give --full-text`, 2},
		{[]string{"no-such-feed", "--full-text"}, `no feed has the id or address "no-such-feed"`, 1},
		{[]string{"x", "--full-text=maybe"}, `invalid argument "maybe" for "--full-text"`, 2},
		{[]string{"--full-text"}, "accepts 1 arg", 2},
	} {
		_, _, err := runOut(t, append([]string{"feeds", "set", "--db", db}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || exitStatus(err) != tc.code {
			t.Errorf("feeds set %v: error %v (status %d), want %q and status %d", tc.args, err, exitStatus(err), tc.want, tc.code)
		}
	}
	_, _, err := runOut(t, "feeds", "set", "x", "--full-text", "--db", filepath.Join(t.TempDir(), "none.db"))
	if err == nil || !strings.Contains(err.Error(), "holds no feeds") {
		t.Errorf("set on no catalogue: %v", err)
	}
}

// The real page reader, end to end over loopback: a full-text feed's new
// article holds the text of its page's article, not the page's menus; a
// page the site refuses keeps the feed's summary.
func TestFeedsFullTextReadsTheArticleOfThePage(t *testing.T) {
	srv, db := feedsEnv(t)
	para := strings.Repeat("The council voted on Tuesday to rebuild the old harbour wall, which storms breached twice last winter. ", 6)
	srv.Set("/story/1", feedserver.Response{ContentType: "text/html; charset=utf-8", Body: []byte(`<!doctype html>
<html><head><title>Harbour wall to be rebuilt</title></head><body>
<nav><a href="/">Home</a> <a href="/sport">Sport</a> <a href="/weather">Weather menu item</a></nav>
<article><h1>Harbour wall to be rebuilt</h1>
<p>` + para + `</p>
<p>Work starts in spring and should take two years, the harbour master said. ` + para + `</p>
</article>
<aside>Advertisement: buy a boat today</aside>
<footer>Copyright the Town Paper</footer>
</body></html>`)})
	srv.Set("/story/2", feedserver.Response{Status: 403})
	srv.Set("/town.xml", feedserver.Response{Body: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Town Paper</title><link>` + srv.URL("", "/") + `</link>
<item><title>Harbour wall to be rebuilt</title><link>` + srv.URL("", "/story/1") + `</link><guid>1</guid><description>The wall will be rebuilt.</description></item>
<item><title>Refused</title><link>` + srv.URL("", "/story/2") + `</link><guid>2</guid><description>A summary only.</description></item>
</channel></rss>`)})
	out, _, err := runOut(t, "feeds", "add", srv.URL("", "/town.xml"), "--full-text", "--db", db)
	if err != nil || !strings.Contains(out, "Full text: 1 article stored with its page's text; 1 page could not be read") {
		t.Fatalf("add --full-text: %v\n%s", err, out)
	}
	st := openDB(t, db)
	page, err := st.Headlines(context.Background(), model.HeadlinesQuery{PageSize: 10})
	if err != nil || len(page.Items) != 2 {
		t.Fatalf("headlines: %+v %v", page, err)
	}
	for _, a := range page.Items {
		switch {
		case strings.HasSuffix(a.URL, "/story/1"):
			if a.Description != "The wall will be rebuilt." || !strings.Contains(a.Content, "Work starts in spring") ||
				strings.Contains(a.Content, "Weather menu item") || strings.Contains(a.Content, "buy a boat") {
				t.Errorf("story 1: description %q, content:\n%s", a.Description, a.Content)
			}
		default:
			if a.Description != "A summary only." || a.Content != "" {
				t.Errorf("story 2: description %q, content %q", a.Description, a.Content)
			}
		}
	}
	if reqs := srv.Requests("/story/1"); len(reqs) != 1 || !strings.HasPrefix(reqs[0].Header.Get("User-Agent"), "tidings/") {
		t.Errorf("page requests: %+v", reqs)
	}
}

// On a SQLite catalogue too, a refresh by hand refuses while another
// process (a reader open on the file) polls its feeds, and fetches
// nothing; once that process lets go it runs.
func TestRefreshRespectsTheFilesPollLock(t *testing.T) {
	srv, db := feedsEnv(t)
	const path = "/fixtures/atom10.xml"
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", path), "--db", db); err != nil {
		t.Fatal(err)
	}
	reader, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	lease, ok, err := reader.TryLead(context.Background())
	if err != nil || !ok {
		t.Fatalf("the reader could not lead: %v, %v", ok, err)
	}
	before := len(srv.Requests(path))
	if _, _, err := runOut(t, "feeds", "refresh", "--all", "--db", db); err == nil ||
		!strings.Contains(err.Error(), "press r in that reader") {
		t.Fatalf("refresh while a reader polls: %v", err)
	}
	if n := len(srv.Requests(path)); n != before {
		t.Fatalf("a refused refresh fetched the feed %d times", n-before)
	}
	lease.Release()
	if _, _, err := runOut(t, "feeds", "refresh", "--all", "--db", db); err != nil {
		t.Fatalf("refresh once the reader let go: %v", err)
	}
	if n := len(srv.Requests(path)); n != before+1 {
		t.Fatalf("the refresh fetched the feed %d times, want once", n-before)
	}
}

// Adding a feed twice says "already subscribed" once, naming its id.
func TestFeedsAddTwiceSaysAlreadySubscribedOnce(t *testing.T) {
	srv, db := feedsEnv(t)
	feedURL := srv.URL("", "/fixtures/rss20.xml")
	if _, _, err := runOut(t, "feeds", "add", feedURL, "--db", db); err != nil {
		t.Fatal(err)
	}
	_, _, err := runOut(t, "feeds", "add", feedURL, "--db", db)
	if err == nil {
		t.Fatal("a second add of the same feed succeeded")
	}
	if msg := err.Error(); strings.Count(msg, "already subscribed") != 1 || !strings.Contains(msg, "is already subscribed as ") {
		t.Fatalf("error %q: want \"already subscribed\" said once, with the feed's id", msg)
	}
}

// Counts of one read in the singular: "Stored 1 article.", not "1 articles".
func TestFeedsCommandsSayOneInTheSingular(t *testing.T) {
	srv, db := feedsEnv(t)
	out, _, err := runOut(t, "feeds", "add", srv.URL("", "/gen/one.xml?items=1"), "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Stored 1 article.") {
		t.Fatalf("add said:\n%s", out)
	}
	out, _, err = runOut(t, "feeds", "refresh", "--all", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Polled 1 feed:") || strings.Contains(out, "1 feeds") {
		t.Fatalf("refresh said:\n%s", out)
	}
	id := strings.Fields(strings.Split(strings.TrimSpace(mustRun(t, "feeds", "list", "--db", db)), "\n")[1])[0]
	out, _, err = runOut(t, "feeds", "remove", id, "--db", db)
	if err != nil || !strings.Contains(out, "deleted its 1 article.") {
		t.Fatalf("remove: %v\n%s", err, out)
	}
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, _, err := runOut(t, args...)
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return out
}

func TestFeedsListJSON(t *testing.T) {
	srv, db := feedsEnv(t)
	out, _, err := runOut(t, "feeds", "list", "--json", "--db", db)
	if err != nil || out != "[]\n" {
		t.Fatalf("no catalogue: %q, %v; want an empty array", out, err)
	}
	feedURL := srv.URL("", "/fixtures/rss20.xml")
	if _, _, err := runOut(t, "feeds", "add", feedURL, "--category", "technology", "--db", db); err != nil {
		t.Fatal(err)
	}
	out, _, err = runOut(t, "feeds", "list", "--json", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	var list []struct {
		ID, FeedURL, Category, State string
		Articles                     int
		LastSuccess                  *time.Time
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	f := list[0]
	if f.ID == "" || f.FeedURL != feedURL || f.Category != "technology" || f.State != "ok" || f.Articles == 0 || f.LastSuccess == nil {
		t.Fatalf("feed %+v", f)
	}
}

// --max-items-per-feed keeps the newest items and says how many of how
// many it kept.
func TestFeedsAddReportsItemsOverTheBound(t *testing.T) {
	srv, db := feedsEnv(t)
	srv.Set("/five.xml", feedserver.Response{Body: feedserver.GenFeed("five", 5, 0, feedserver.FixtureTime)})
	out, _, err := runOut(t, "feeds", "add", srv.URL("", "/five.xml"), "--max-items-per-feed", "2", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Stored 2 articles (kept the newest 2 of 5 items; see --max-items-per-feed).") {
		t.Fatalf("output:\n%s", out)
	}
	if _, _, err := runOut(t, "feeds", "refresh", "--max-items-per-feed", "-1", "--db", db); err == nil ||
		!strings.Contains(err.Error(), "invalid --max-items-per-feed -1") {
		t.Fatalf("a negative bound: %v", err)
	}
}
