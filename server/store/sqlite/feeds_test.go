package sqlite

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Feed sources are in New Zealand, where no fixture source is, so the
// headlines of country nz are exactly the feeds' articles.
func testFeed(id, url string) store.Feed {
	return store.Feed{
		Source: model.Source{ID: id, Name: "Feed " + id, Description: "About " + id,
			URL: "https://" + id + ".example", Category: "science", Language: "en", Country: "nz"},
		URL:     url,
		AddedAt: base.Add(-48 * time.Hour),
	}
}

func item(guid, url, title string, published time.Time) store.FeedItem {
	return store.FeedItem{GUID: guid, Article: model.Article{URL: url, Title: title,
		Description: "About " + title, Content: "Body of " + title, Author: "A. Writer", PublishedAt: published}}
}

// openFeedStore is the fixture store with feed "kiwi" subscribed.
func openFeedStore(t testing.TB) *Store {
	t.Helper()
	s := openTestStore(t)
	if err := s.AddFeed(ctx, testFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
		t.Fatal(err)
	}
	return s
}

// feedHeadlines are the feeds' articles (country nz), newest first.
func feedHeadlines(t *testing.T, s *Store) model.Page[model.Article] {
	t.Helper()
	p, err := s.Headlines(ctx, model.HeadlinesQuery{Country: "nz", Page: 1, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func searchFor(t *testing.T, s *Store, q string) model.Page[model.Article] {
	t.Helper()
	p, err := s.Articles(ctx, model.ArticlesQuery{Q: q, Page: 1, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func urls(p model.Page[model.Article]) []string {
	out := []string{}
	for _, a := range p.Items {
		out = append(out, a.URL)
	}
	return out
}

func save(t *testing.T, s *Store, id string, seen time.Time, items ...store.FeedItem) store.FeedWriteStats {
	t.Helper()
	st, err := s.SaveFeedItems(ctx, id, items, store.FeedPoll{LastSuccess: seen}, seen)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestFeedsAreListedFoundAndTheirSourcesServed(t *testing.T) {
	s := openFeedStore(t)
	b := testFeed("bird", "https://bird.example/atom")
	b.FullText = true
	b.Poll = store.FeedPoll{ETag: `"v1"`, LastModified: "Fri, 20 Nov 2026 10:00:00 GMT",
		LastAttempt: base.Add(-time.Hour), LastSuccess: base.Add(-2 * time.Hour), LastError: "timeout",
		Failures: 2, NextPoll: base.Add(time.Hour), Disabled: "", MinInterval: 30 * time.Minute}
	if err := s.AddFeed(ctx, b); err != nil {
		t.Fatal(err)
	}
	save(t, s, "kiwi", base, item("1", "https://kiwi.example/1", "Kiwi one", base.Add(-time.Minute)),
		item("2", "https://kiwi.example/2", "Kiwi two", base.Add(-2*time.Minute)))

	feeds, err := s.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(feeds) != 2 || feeds[0].Source.ID != "bird" || feeds[1].Source.ID != "kiwi" {
		t.Fatalf("feeds by id: %+v", feeds)
	}
	if !reflect.DeepEqual(feeds[0].Source, b.Source) || feeds[0].URL != b.URL || !feeds[0].FullText ||
		!feeds[0].AddedAt.Equal(b.AddedAt) || feeds[0].Articles != 0 {
		t.Errorf("bird as stored: %+v", feeds[0])
	}
	if !pollsEqual(feeds[0].Poll, b.Poll) {
		t.Errorf("bird's poll state: got %+v want %+v", feeds[0].Poll, b.Poll)
	}
	if feeds[1].Articles != 2 {
		t.Errorf("kiwi has %d articles, want 2", feeds[1].Articles)
	}

	for _, key := range []string{"kiwi", "https://kiwi.example/feed.xml"} {
		f, err := s.FindFeed(ctx, key)
		if err != nil || f.Source.ID != "kiwi" || f.Articles != 2 || f.Source.Name != "Feed kiwi" {
			t.Errorf("FindFeed(%q): %+v, %v", key, f, err)
		}
	}
	if _, err := s.FindFeed(ctx, "https://nowhere.example/rss"); !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("FindFeed of an unknown URL: %v", err)
	}

	// The feeds' sources are sources of the service like any other.
	src, err := s.Sources(ctx, model.SourcesQuery{Country: "nz", Page: 1, PageSize: 20})
	if err != nil || src.TotalResults != 2 {
		t.Fatalf("sources in nz: %+v %v", src, err)
	}
	p := feedHeadlines(t, s)
	if p.TotalResults != 2 || p.Items[0].Source != (model.SourceRef{ID: "kiwi", Name: "Feed kiwi"}) {
		t.Fatalf("kiwi's headlines: %+v", p)
	}
	sci, _ := s.Headlines(ctx, model.HeadlinesQuery{Category: "science", Page: 1, PageSize: 20})
	if sci.TotalResults != 2 {
		t.Errorf("feed articles take their source's category: %d science headlines", sci.TotalResults)
	}
}

// pollsEqual compares poll states to the second, as they are stored.
func pollsEqual(a, b store.FeedPoll) bool {
	for _, t := range []*time.Time{&a.LastAttempt, &a.LastSuccess, &a.NextPoll, &b.LastAttempt, &b.LastSuccess, &b.NextPoll} {
		*t = t.Truncate(time.Second)
	}
	return a.ETag == b.ETag && a.LastModified == b.LastModified && a.LastAttempt.Equal(b.LastAttempt) &&
		a.LastSuccess.Equal(b.LastSuccess) && a.LastError == b.LastError && a.Failures == b.Failures &&
		a.NextPoll.Equal(b.NextPoll) && a.Disabled == b.Disabled && a.MinInterval == b.MinInterval
}

func TestAddFeedRefusesTakenURLsAndIDs(t *testing.T) {
	s := openFeedStore(t)
	err := s.AddFeed(ctx, testFeed("kiwi-2", "https://kiwi.example/feed.xml"))
	if !errors.Is(err, store.ErrFeedExists) {
		t.Errorf("the same feed URL again: %v", err)
	}
	for _, id := range []string{
		"kiwi",        // another feed's
		"bbc-news",    // an imported source's
		"unknown-src", // the source of an imported article, though not a stored source
	} {
		if err := s.AddFeed(ctx, testFeed(id, "https://new.example/"+id)); !errors.Is(err, store.ErrIDTaken) {
			t.Errorf("AddFeed with id %q: %v, want ErrIDTaken", id, err)
		}
	}
	if err := s.AddFeed(ctx, testFeed("", "https://new.example/rss")); err == nil {
		t.Error("AddFeed without a source id succeeded")
	}
	if feeds, _ := s.Feeds(ctx); len(feeds) != 1 {
		t.Errorf("refused feeds were stored: %+v", feeds)
	}
	// The imported source is as it was.
	p, _ := s.Sources(ctx, model.SourcesQuery{Country: "gb", Page: 1, PageSize: 20})
	if p.TotalResults != 1 || p.Items[0].Name != "BBC News" {
		t.Errorf("bbc-news changed: %+v", p.Items)
	}
}

func TestRepollOfTheSameItemsChangesNothing(t *testing.T) {
	s := openFeedStore(t)
	items := []store.FeedItem{
		item("a", "https://kiwi.example/a", "Kiwi birds thrive in a warming climate", base.Add(-time.Hour)),
		item("b", "https://kiwi.example/b", "Kiwi fruit harvest", base.Add(-2*time.Hour)),
		item("c", "https://kiwi.example/c", "Undated kiwi note", time.Time{}),
	}
	first := save(t, s, "kiwi", base, items...)
	if first != (store.FeedWriteStats{New: 3}) {
		t.Fatalf("first poll: %+v", first)
	}
	before := feedHeadlines(t, s)
	gen := s.Generation()
	for range 2 {
		again := save(t, s, "kiwi", base.Add(time.Hour), items...)
		if again != (store.FeedWriteStats{Unchanged: 3}) {
			t.Fatalf("re-poll: %+v", again)
		}
	}
	if g := s.Generation(); g != gen {
		t.Errorf("an unchanged poll moved Generation from %d to %d: every cached answer is dropped", gen, g)
	}
	after := feedHeadlines(t, s)
	if !reflect.DeepEqual(before, after) || after.TotalResults != 3 {
		t.Errorf("headlines changed:\n%+v\n%+v", before, after)
	}
	if p := searchFor(t, s, "kiwi"); p.TotalResults != 3 {
		t.Errorf("search finds %d kiwi articles, want 3 (no duplicates)", p.TotalResults)
	}
	// Feeds carry no popularity, nor do the fixture's articles: by
	// popularity every one ranks by its story's coverage, ties newest
	// first.
	pop, _ := s.Articles(ctx, model.ArticlesQuery{Q: "climate", SortBy: model.SortPopularity, Page: 1, PageSize: 100})
	if !slices.Contains(urls(pop), "https://kiwi.example/a") {
		t.Errorf("climate by popularity: %q, want the feed's article", urls(pop))
	}
	checkCoverageOrder(t, pop)
	pop, _ = s.Articles(ctx, model.ArticlesQuery{Q: "kiwi", SortBy: model.SortPopularity, Page: 1, PageSize: 100})
	if want := []string{"https://kiwi.example/c", "https://kiwi.example/a", "https://kiwi.example/b"}; !reflect.DeepEqual(urls(pop), want) {
		t.Errorf("kiwi by popularity: %q, want %q (newest first)", urls(pop), want)
	}
}

func TestEditedEntryIsUpdatedInPlace(t *testing.T) {
	s := openFeedStore(t)
	save(t, s, "kiwi", base, item("g1", "https://kiwi.example/story", "Kiwi numbers fall", base.Add(-time.Hour)))
	gen := s.Generation()
	st := save(t, s, "kiwi", base, item("g1", "https://kiwi.example/story", "Kiwi numbers rise", base.Add(-time.Hour)))
	if st != (store.FeedWriteStats{Updated: 1}) {
		t.Fatalf("edit: %+v", st)
	}
	if s.Generation() == gen {
		t.Error("an edit left Generation alone: caches would serve the old title")
	}
	p := feedHeadlines(t, s)
	if p.TotalResults != 1 || p.Items[0].Title != "Kiwi numbers rise" {
		t.Fatalf("after the edit: %q", titles(p))
	}
	if searchFor(t, s, "fall").TotalResults != 0 || searchFor(t, s, "rise").TotalResults != 1 {
		t.Error("the full-text index still has the old title, or lacks the new")
	}
}

func TestEntryWhoseURLChangedIsUpdatedInPlace(t *testing.T) {
	s := openFeedStore(t)
	published := base.Add(-time.Hour)
	save(t, s, "kiwi", base, item("g1", "https://kiwi.example/draft-slug", "Kiwi story", published))
	st := save(t, s, "kiwi", base, item("g1", "https://kiwi.example/final-slug", "Kiwi story", published))
	if st != (store.FeedWriteStats{Updated: 1}) {
		t.Fatalf("moved entry: %+v", st)
	}
	p := feedHeadlines(t, s)
	if !reflect.DeepEqual(urls(p), []string{"https://kiwi.example/final-slug"}) {
		t.Fatalf("after the move: %q", urls(p))
	}
	if got := urls(searchFor(t, s, "kiwi")); !reflect.DeepEqual(got, []string{"https://kiwi.example/final-slug"}) {
		t.Fatalf("search after the move: %q", got)
	}
	if f, _ := s.FindFeed(ctx, "kiwi"); f.Articles != 1 {
		t.Errorf("kiwi has %d articles, want 1", f.Articles)
	}
	// And it stays one article on the next poll.
	if st := save(t, s, "kiwi", base, item("g1", "https://kiwi.example/final-slug", "Kiwi story", published)); st != (store.FeedWriteStats{Unchanged: 1}) {
		t.Errorf("re-poll after the move: %+v", st)
	}
}

func TestEntryMovedOntoAnotherEntrysURLLeavesOneArticle(t *testing.T) {
	s := openFeedStore(t)
	save(t, s, "kiwi", base,
		item("g1", "https://kiwi.example/one", "First kiwi", base.Add(-time.Hour)),
		item("g2", "https://kiwi.example/two", "Second kiwi", base.Add(-2*time.Hour)))
	st := save(t, s, "kiwi", base, item("g1", "https://kiwi.example/two", "Merged kiwi", base.Add(-time.Hour)))
	if st.New != 0 || st.Updated != 1 {
		t.Fatalf("merge: %+v", st)
	}
	p := feedHeadlines(t, s)
	if p.TotalResults != 1 || p.Items[0].URL != "https://kiwi.example/two" || p.Items[0].Title != "Merged kiwi" {
		t.Fatalf("after the merge: %+v", p.Items)
	}
}

func TestUndatedEntryKeepsItsFirstSeenTime(t *testing.T) {
	s := openFeedStore(t)
	first := base.Add(-3 * time.Hour)
	save(t, s, "kiwi", first, item("u", "https://kiwi.example/undated", "Undated kiwi", time.Time{}))
	for i, title := range []string{"Undated kiwi", "Undated kiwi, edited"} {
		save(t, s, "kiwi", base.Add(time.Duration(i)*time.Hour), item("u", "https://kiwi.example/undated", title, time.Time{}))
		p := feedHeadlines(t, s)
		if p.TotalResults != 1 || !p.Items[0].PublishedAt.Equal(first) || p.Items[0].Title != title {
			t.Fatalf("poll %d: %+v, want published %v", i, p.Items, first)
		}
	}
	// A date the feed gives later wins over the time first seen.
	dated := base.Add(-10 * time.Hour)
	save(t, s, "kiwi", base, item("u", "https://kiwi.example/undated", "Undated kiwi, edited", dated))
	if p := feedHeadlines(t, s); !p.Items[0].PublishedAt.Equal(dated) {
		t.Fatalf("dated later: %v, want %v", p.Items[0].PublishedAt, dated)
	}
}

func TestAnotherSourcesArticleIsLeftAlone(t *testing.T) {
	s := openFeedStore(t)
	imported := testArticles()[0] // bbc-news
	gen := s.Generation()
	st := save(t, s, "kiwi", base, item("x", imported.URL, "Syndicated copy", base))
	if st != (store.FeedWriteStats{Unchanged: 1}) {
		t.Fatalf("item of another source's URL: %+v", st)
	}
	if s.Generation() != gen {
		t.Error("Generation moved though no article changed")
	}
	p, _ := s.Headlines(ctx, model.HeadlinesQuery{Country: "gb", Page: 1, PageSize: 20})
	if p.TotalResults != 2 || p.Items[0].URL != imported.URL || p.Items[0].Title != imported.Title ||
		p.Items[0].Source.ID != "bbc-news" {
		t.Fatalf("bbc's article changed: %+v", p.Items)
	}
	if feedHeadlines(t, s).TotalResults != 0 {
		t.Error("the feed took a copy of the article")
	}
	// Still so on the next poll (the entry is remembered, nothing is written).
	if st := save(t, s, "kiwi", base, item("x", imported.URL, "Syndicated copy", base)); st != (store.FeedWriteStats{Unchanged: 1}) {
		t.Errorf("second poll: %+v", st)
	}
}

func TestDuplicateEntriesInOnePollStoreOneArticle(t *testing.T) {
	s := openFeedStore(t)
	st := save(t, s, "kiwi", base,
		item("g1", "https://kiwi.example/1", "Kiwi newest version", base),
		item("g1", "https://kiwi.example/1-old", "Kiwi older version", base.Add(-time.Hour)),
		item("g2", "https://kiwi.example/1", "Same URL, other guid", base.Add(-time.Hour)),
		item("g3", "https://kiwi.example/3", "Kiwi three", base.Add(-time.Hour)))
	if st.New != 2 || st.New+st.Updated+st.Unchanged != 4 {
		t.Fatalf("stats: %+v", st)
	}
	p := feedHeadlines(t, s)
	if !reflect.DeepEqual(titles(p), []string{"Kiwi newest version", "Kiwi three"}) {
		t.Fatalf("stored: %q", titles(p))
	}
}

func TestSaveFeedItemsRefusesBadInput(t *testing.T) {
	s := openFeedStore(t)
	_, err := s.SaveFeedItems(ctx, "kiwi", []store.FeedItem{
		item("ok", "https://kiwi.example/ok", "Fine", base),
		item("no-url", "", "Lost link", base),
	}, store.FeedPoll{}, base)
	if err == nil || !strings.Contains(err.Error(), "no-url") {
		t.Fatalf("an item without a URL: %v (the error should name it)", err)
	}
	if feedHeadlines(t, s).TotalResults != 0 {
		t.Error("a refused poll stored some of its items")
	}
	_, err = s.SaveFeedItems(ctx, "nobody", []store.FeedItem{item("1", "https://x.example/1", "x", base)}, store.FeedPoll{}, base)
	if !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("items of an unknown feed: %v", err)
	}
}

// A poll larger than one transaction is stored whole, with its poll state.
func TestLargePollSpansTransactions(t *testing.T) {
	defer func(n int) { feedBatchSize = n }(feedBatchSize)
	feedBatchSize = 7
	s := openFeedStore(t)
	var items []store.FeedItem
	for i := range 30 {
		items = append(items, item(fmt.Sprint(i), fmt.Sprintf("https://kiwi.example/%d", i), "Kiwi", base.Add(-time.Duration(i)*time.Minute)))
	}
	poll := store.FeedPoll{ETag: `"big"`, LastSuccess: base, NextPoll: base.Add(time.Hour)}
	st, err := s.SaveFeedItems(ctx, "kiwi", items, poll, base)
	if err != nil || st != (store.FeedWriteStats{New: 30}) {
		t.Fatalf("%+v %v", st, err)
	}
	f, _ := s.FindFeed(ctx, "kiwi")
	if f.Articles != 30 || !pollsEqual(f.Poll, poll) {
		t.Fatalf("stored %d articles, poll %+v", f.Articles, f.Poll)
	}
}

func TestSaveFeedPollKeepsGenerationAndRefusesAnotherFeedsURL(t *testing.T) {
	s := openFeedStore(t)
	if err := s.AddFeed(ctx, testFeed("bird", "https://bird.example/atom")); err != nil {
		t.Fatal(err)
	}
	gen := s.Generation()
	poll := store.FeedPoll{ETag: `"x"`, LastAttempt: base, LastError: "503", Failures: 1, NextPoll: base.Add(time.Minute)}
	if err := s.SaveFeedPoll(ctx, "kiwi", "https://kiwi.example/moved.xml", poll); err != nil {
		t.Fatal(err)
	}
	if s.Generation() != gen {
		t.Error("recording a poll moved Generation")
	}
	f, err := s.FindFeed(ctx, "https://kiwi.example/moved.xml")
	if err != nil || f.Source.ID != "kiwi" || !pollsEqual(f.Poll, poll) {
		t.Fatalf("after the redirect: %+v %v", f, err)
	}
	if err := s.SaveFeedPoll(ctx, "kiwi", "https://bird.example/atom", poll); err == nil {
		t.Error("moved kiwi onto bird's URL")
	}
	if f, _ := s.FindFeed(ctx, "bird"); f.URL != "https://bird.example/atom" {
		t.Errorf("bird is now %+v", f)
	}
	if err := s.SaveFeedPoll(ctx, "nobody", "https://n.example", poll); !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("poll of an unknown feed: %v", err)
	}
}

func TestRemoveFeed(t *testing.T) {
	s := openFeedStore(t)
	if err := s.AddFeed(ctx, testFeed("bird", "https://bird.example/atom")); err != nil {
		t.Fatal(err)
	}
	save(t, s, "kiwi", base, item("1", "https://kiwi.example/1", "Kiwi one", base), item("2", "https://kiwi.example/2", "Kiwi two", base))
	save(t, s, "bird", base, item("1", "https://bird.example/1", "Bird one", base))

	gen := s.Generation()
	n, err := s.RemoveFeed(ctx, "kiwi", false)
	if err != nil || n != 2 {
		t.Fatalf("remove kiwi: %d, %v", n, err)
	}
	if s.Generation() == gen {
		t.Error("removing articles left Generation alone")
	}
	if got := urls(feedHeadlines(t, s)); !reflect.DeepEqual(got, []string{"https://bird.example/1"}) {
		t.Errorf("headlines after removing kiwi: %q", got)
	}
	if searchFor(t, s, "kiwi").TotalResults != 0 {
		t.Error("search still finds kiwi's articles")
	}
	if src, _ := s.Sources(ctx, model.SourcesQuery{Country: "nz", Page: 1, PageSize: 20}); src.TotalResults != 1 {
		t.Errorf("kiwi's source is still served: %+v", src.Items)
	}
	if _, err := s.FindFeed(ctx, "kiwi"); !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("kiwi is still found: %v", err)
	}

	n, err = s.RemoveFeed(ctx, "bird", true)
	if err != nil || n != 0 {
		t.Fatalf("remove bird keeping its articles: %d, %v", n, err)
	}
	if got := urls(feedHeadlines(t, s)); !reflect.DeepEqual(got, []string{"https://bird.example/1"}) {
		t.Errorf("bird's articles went: %q", got)
	}
	if src, _ := s.Sources(ctx, model.SourcesQuery{Country: "nz", Page: 1, PageSize: 20}); src.TotalResults != 1 {
		t.Errorf("bird's source went: %+v", src.Items)
	}
	if feeds, _ := s.Feeds(ctx); len(feeds) != 0 {
		t.Errorf("feeds left: %+v", feeds)
	}
	// Its articles are no feed's now: pruning leaves them.
	if n, err := s.PruneArticles(ctx, base.Add(time.Hour)); err != nil || n != 0 {
		t.Errorf("prune after unsubscribing: %d, %v", n, err)
	}
	if _, err := s.RemoveFeed(ctx, "bird", false); !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("removing a removed feed: %v", err)
	}
}

func TestPruneDeletesOnlyOldFeedArticles(t *testing.T) {
	s := openFeedStore(t)
	cutoff := base.Add(-24 * time.Hour)
	save(t, s, "kiwi", base,
		item("new", "https://kiwi.example/new", "Fresh kiwi", base.Add(-time.Hour)),
		item("old", "https://kiwi.example/old", "Stale kiwi", cutoff.Add(-time.Second)),
		item("edge", "https://kiwi.example/edge", "Edge kiwi", cutoff))
	gen := s.Generation()
	n, err := s.PruneArticles(ctx, cutoff)
	if err != nil || n != 1 {
		t.Fatalf("prune: %d, %v", n, err)
	}
	if s.Generation() == gen {
		t.Error("pruning left Generation alone")
	}
	if got := urls(feedHeadlines(t, s)); !reflect.DeepEqual(got, []string{"https://kiwi.example/new", "https://kiwi.example/edge"}) {
		t.Errorf("left after pruning: %q", got)
	}
	// The fixtures' orphan article is 30 days old, but imported: it stays,
	// like every other imported article.
	if all, _ := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 100}); all.TotalResults != len(testArticles())+2 {
		t.Errorf("%d headlines after pruning, want the %d imported and 2 of the feed", all.TotalResults, len(testArticles()))
	}
	gen = s.Generation()
	if n, _ := s.PruneArticles(ctx, cutoff); n != 0 || s.Generation() != gen {
		t.Errorf("a prune with nothing to do deleted %d, or moved Generation", n)
	}
}

// A database of version 3 (before feeds) is upgraded in place by Open,
// keeping what it holds; so is one whose version 3 bulk import died.
func TestOpenMigratesVersion3(t *testing.T) {
	ddl, err := os.ReadFile(filepath.Join("testdata", "schema-v3.sql"))
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range []int{3, 1003} {
		t.Run(fmt.Sprint(version), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "v3.db")
			db, err := sql.Open("sqlite", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			stmts := []string{string(ddl)}
			if version > bulkBase {
				// As a bulk load leaves it: no secondary indexes, no
				// full-text triggers (the article is not indexed yet).
				for _, tr := range bulkTriggers {
					stmts = append(stmts, "DROP TRIGGER "+tr)
				}
				for _, ix := range bulkIndexes {
					stmts = append(stmts, "DROP INDEX IF EXISTS "+ix)
				}
			}
			for _, q := range append(stmts,
				`INSERT INTO sources VALUES ('old', 'Old Times', '', 'https://old.example', 'general', 'en', 'us')`,
				`INSERT INTO articles(id, url, source_id, source_name, author, title, description, url_to_image,
					published_at, content, popularity, rhost, category, language, country)
				VALUES (1700000000<<16, 'https://old.example/1', 'old', 'Old Times', '', 'Archived walrus story', '', '',
					1700000000, '', 5, 'example.old', 'general', 'en', 'us')`,
				fmt.Sprintf("PRAGMA user_version = %d", version),
			) {
				if _, err := db.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			db.Close()

			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var v int
			if err := s.db.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != schemaVersion {
				t.Fatalf("user_version %d (%v), want %d", v, err, schemaVersion)
			}
			if p := searchFor(t, s, "walrus"); p.TotalResults != 1 || p.Items[0].Source.Name != "Old Times" {
				t.Fatalf("the old article: %+v", p)
			}
			if err := s.AddFeed(ctx, testFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
				t.Fatal(err)
			}
			if st := save(t, s, "kiwi", base, item("1", "https://kiwi.example/1", "Kiwi walrus", base)); st.New != 1 {
				t.Fatalf("first poll after the upgrade: %+v", st)
			}
			if p := searchFor(t, s, "walrus"); p.TotalResults != 2 {
				t.Fatalf("search after the upgrade: %q", titles(p))
			}
		})
	}
}

// Readers see all of a transaction's items or none. Each call writes one
// transaction's worth of new items; were the items committed in smaller
// steps, a reader would now and then count a total that is not a multiple.
func TestReadersNeverSeeHalfAPoll(t *testing.T) {
	defer func(n int) { feedBatchSize = n }(feedBatchSize)
	feedBatchSize = 100
	const rounds = 6
	s, err := Open(filepath.Join(t.TempDir(), "news.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.AddFeed(ctx, testFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
		t.Fatal(err)
	}

	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	var writeErr error
	go func() {
		defer wg.Done()
		defer close(done)
		for r := range rounds {
			items := make([]store.FeedItem, feedBatchSize)
			for i := range items {
				items[i] = item(fmt.Sprintf("%d-%d", r, i), fmt.Sprintf("https://kiwi.example/%d/%d", r, i),
					"Kiwi", base.Add(-time.Duration(i)*time.Second))
			}
			if _, err := s.SaveFeedItems(ctx, "kiwi", items, store.FeedPoll{}, base); err != nil {
				writeErr = err
				return
			}
		}
	}()

	reads := 0
	check := func() {
		var raw int
		if err := s.db.QueryRow("SELECT count(*) FROM articles").Scan(&raw); err != nil {
			t.Fatal(err)
		}
		p, err := s.Headlines(ctx, model.HeadlinesQuery{Country: "nz", Page: 1, PageSize: 5})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{raw, p.TotalResults} {
			if n%feedBatchSize != 0 {
				t.Fatalf("a reader saw %d articles: part of a poll", n)
			}
		}
		reads++
	}
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
		}
		check()
	}
	wg.Wait()
	if writeErr != nil {
		t.Fatal(writeErr)
	}
	if p := feedHeadlines(t, s); p.TotalResults != rounds*feedBatchSize {
		t.Fatalf("%d articles stored, want %d", p.TotalResults, rounds*feedBatchSize)
	}
	t.Logf("%d reads during %d polls", reads, rounds)
}

// BenchmarkSaveFeedItems: storing a poll's 50 new items into a store of
// a few thousand articles, and a re-poll of 50 unchanged ones.
func BenchmarkSaveFeedItems(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "news.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.AddFeed(ctx, testFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
		b.Fatal(err)
	}
	poll := func(n, first int) []store.FeedItem {
		items := make([]store.FeedItem, n)
		for i := range items {
			k := first + i
			items[i] = item(fmt.Sprint(k), fmt.Sprintf("https://kiwi.example/%d", k),
				fmt.Sprintf("Kiwi story number %d about conservation", k), base.Add(time.Duration(k)*time.Second))
		}
		return items
	}
	if _, err := s.SaveFeedItems(ctx, "kiwi", poll(5000, 0), store.FeedPoll{}, base); err != nil {
		b.Fatal(err)
	}
	next := 5000
	b.Run("new", func(b *testing.B) {
		for b.Loop() {
			st, err := s.SaveFeedItems(ctx, "kiwi", poll(50, next), store.FeedPoll{}, base)
			if err != nil || st.New != 50 {
				b.Fatalf("%+v %v", st, err)
			}
			next += 50
		}
	})
	b.Run("unchanged", func(b *testing.B) {
		items := poll(50, 0)
		for b.Loop() {
			st, err := s.SaveFeedItems(ctx, "kiwi", items, store.FeedPoll{}, base)
			if err != nil || st.Unchanged != 50 {
				b.Fatalf("%+v %v", st, err)
			}
		}
	})
}

// Two entries of the same second whose URLs give the same row id (one
// in 65,536 pairs) are both stored: the second probes for a free id.
func TestSameSecondEntriesWithCollidingIDsAreBothStored(t *testing.T) {
	s := openFeedStore(t)
	seen := map[uint32]string{}
	var a, b string
	for i := 0; b == ""; i++ {
		u := fmt.Sprintf("https://kiwi.example/%d", i)
		h := urlHash(u) & 0xffff
		if prev, ok := seen[h]; ok {
			a, b = prev, u
		}
		seen[h] = u
	}
	st := save(t, s, "kiwi", base, item("a", a, "Kiwi a", base), item("b", b, "Kiwi b", base))
	if st.New != 2 {
		t.Fatalf("%+v", st)
	}
	if got := feedHeadlines(t, s); got.TotalResults != 2 {
		t.Fatalf("stored %q", urls(got))
	}
	if st := save(t, s, "kiwi", base, item("a", a, "Kiwi a", base), item("b", b, "Kiwi b", base)); st.Unchanged != 2 {
		t.Fatalf("re-poll: %+v", st)
	}
}
