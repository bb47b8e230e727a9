package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Feeds is the suite of store.FeedStore: subscriptions, and the rules by
// which a poll's items become articles (store.FeedStore.SaveFeedItems).
func Feeds(t *testing.T, open Open) {
	for _, c := range []struct {
		name string
		run  func(*testing.T, Open)
	}{
		{"FeedsAreListedFoundAndTheirSourcesServed", feedFeedsAreListedFoundAndTheirSourcesServed},
		{"AddFeedRefusesTakenURLsAndIDs", feedAddFeedRefusesTakenURLsAndIDs},
		{"RepollOfTheSameItemsChangesNothing", feedRepollOfTheSameItemsChangesNothing},
		{"EditedEntryIsUpdatedInPlace", feedEditedEntryIsUpdatedInPlace},
		{"EntryWhoseURLChangedIsUpdatedInPlace", feedEntryWhoseURLChangedIsUpdatedInPlace},
		{"EntryMovedOntoAnotherEntrysURLLeavesOneArticle", feedEntryMovedOntoAnotherEntrysURLLeavesOneArticle},
		{"UndatedEntryKeepsItsFirstSeenTime", feedUndatedEntryKeepsItsFirstSeenTime},
		{"AnotherSourcesArticleIsLeftAlone", feedAnotherSourcesArticleIsLeftAlone},
		{"DuplicateEntriesInOnePollStoreOneArticle", feedDuplicateEntriesInOnePollStoreOneArticle},
		{"SaveFeedItemsRefusesBadInput", feedSaveFeedItemsRefusesBadInput},
		{"SaveFeedPollKeepsGenerationAndRefusesAnotherFeedsURL", feedSaveFeedPollKeepsGenerationAndRefusesAnotherFeedsURL},
		{"RemoveFeed", feedRemoveFeed},
		{"PruneDeletesOnlyOldFeedArticles", feedPruneDeletesOnlyOldFeedArticles},
		{"SameSecondEntriesWithCollidingIDsAreBothStored", feedSameSecondEntriesWithCollidingIDsAreBothStored},
		{"StoredContentsAreWhatSaveWouldNotAdd", feedStoredContents},
		{"SetFeedFullText", feedSetFullText},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, open) })
	}
}

// FixtureFeed is a feed whose source is in New Zealand, where no fixture
// source is, so the headlines of country nz are exactly the feeds'
// articles.
func FixtureFeed(id, url string) store.Feed {
	return store.Feed{
		Source: model.Source{ID: id, Name: "Feed " + id, Description: "About " + id,
			URL: "https://" + id + ".example", Category: "science", Language: "en", Country: "nz"},
		URL:     url,
		AddedAt: Base.Add(-48 * time.Hour),
	}
}

// Item is a feed item of a full article.
func Item(guid, url, title string, published time.Time) store.FeedItem {
	return store.FeedItem{GUID: guid, Article: model.Article{URL: url, Title: title,
		Description: "About " + title, Content: "Body of " + title, Author: "A. Writer", PublishedAt: published}}
}

// feedFixture is the fixture store with feed "kiwi" subscribed.
func feedFixture(t *testing.T, open Open) Backend {
	t.Helper()
	s := Fixture(t, open)
	if err := s.AddFeed(ctx, FixtureFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
		t.Fatal(err)
	}
	return s
}

// feedHeadlines are the feeds' articles (country nz), newest first.
func feedHeadlines(t *testing.T, s Backend) model.Page[model.Article] {
	t.Helper()
	return headlines(t, s, model.HeadlinesQuery{Country: "nz", Page: 1, PageSize: 100})
}

func save(t *testing.T, s Backend, id string, seen time.Time, items ...store.FeedItem) store.FeedWriteStats {
	t.Helper()
	st, err := s.SaveFeedItems(ctx, id, items, store.FeedPoll{LastSuccess: seen}, seen)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func feedFeedsAreListedFoundAndTheirSourcesServed(t *testing.T, open Open) {
	s := feedFixture(t, open)
	b := FixtureFeed("bird", "https://bird.example/atom")
	b.FullText = true
	b.Poll = store.FeedPoll{ETag: `"v1"`, LastModified: "Fri, 20 Nov 2026 10:00:00 GMT",
		LastAttempt: Base.Add(-time.Hour), LastSuccess: Base.Add(-2 * time.Hour), LastError: "timeout",
		Failures: 2, NextPoll: Base.Add(time.Hour), Disabled: "", MinInterval: 30 * time.Minute}
	if err := s.AddFeed(ctx, b); err != nil {
		t.Fatal(err)
	}
	save(t, s, "kiwi", Base, Item("1", "https://kiwi.example/1", "Kiwi one", Base.Add(-time.Minute)),
		Item("2", "https://kiwi.example/2", "Kiwi two", Base.Add(-2*time.Minute)))

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

func feedAddFeedRefusesTakenURLsAndIDs(t *testing.T, open Open) {
	s := feedFixture(t, open)
	err := s.AddFeed(ctx, FixtureFeed("kiwi-2", "https://kiwi.example/feed.xml"))
	if !errors.Is(err, store.ErrFeedExists) {
		t.Errorf("the same feed URL again: %v", err)
	}
	for _, id := range []string{
		"kiwi",        // another feed's
		"bbc-news",    // an imported source's
		"unknown-src", // the source of an imported article, though not a stored source
	} {
		if err := s.AddFeed(ctx, FixtureFeed(id, "https://new.example/"+id)); !errors.Is(err, store.ErrIDTaken) {
			t.Errorf("AddFeed with id %q: %v, want ErrIDTaken", id, err)
		}
	}
	if err := s.AddFeed(ctx, FixtureFeed("", "https://new.example/rss")); err == nil {
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

func feedRepollOfTheSameItemsChangesNothing(t *testing.T, open Open) {
	s := feedFixture(t, open)
	items := []store.FeedItem{
		Item("a", "https://kiwi.example/a", "Kiwi birds thrive in a warming climate", Base.Add(-time.Hour)),
		Item("b", "https://kiwi.example/b", "Kiwi fruit harvest", Base.Add(-2*time.Hour)),
		Item("c", "https://kiwi.example/c", "Undated kiwi note", time.Time{}),
	}
	first := save(t, s, "kiwi", Base, items...)
	if first != (store.FeedWriteStats{New: 3}) {
		t.Fatalf("first poll: %+v", first)
	}
	before := feedHeadlines(t, s)
	gen := s.Generation()
	for range 2 {
		again := save(t, s, "kiwi", Base.Add(time.Hour), items...)
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

func feedEditedEntryIsUpdatedInPlace(t *testing.T, open Open) {
	s := feedFixture(t, open)
	save(t, s, "kiwi", Base, Item("g1", "https://kiwi.example/story", "Kiwi numbers fall", Base.Add(-time.Hour)))
	gen := s.Generation()
	st := save(t, s, "kiwi", Base, Item("g1", "https://kiwi.example/story", "Kiwi numbers rise", Base.Add(-time.Hour)))
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

func feedEntryWhoseURLChangedIsUpdatedInPlace(t *testing.T, open Open) {
	s := feedFixture(t, open)
	published := Base.Add(-time.Hour)
	save(t, s, "kiwi", Base, Item("g1", "https://kiwi.example/draft-slug", "Kiwi story", published))
	st := save(t, s, "kiwi", Base, Item("g1", "https://kiwi.example/final-slug", "Kiwi story", published))
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
	if st := save(t, s, "kiwi", Base, Item("g1", "https://kiwi.example/final-slug", "Kiwi story", published)); st != (store.FeedWriteStats{Unchanged: 1}) {
		t.Errorf("re-poll after the move: %+v", st)
	}
}

func feedEntryMovedOntoAnotherEntrysURLLeavesOneArticle(t *testing.T, open Open) {
	s := feedFixture(t, open)
	save(t, s, "kiwi", Base,
		Item("g1", "https://kiwi.example/one", "First kiwi", Base.Add(-time.Hour)),
		Item("g2", "https://kiwi.example/two", "Second kiwi", Base.Add(-2*time.Hour)))
	st := save(t, s, "kiwi", Base, Item("g1", "https://kiwi.example/two", "Merged kiwi", Base.Add(-time.Hour)))
	if st.New != 0 || st.Updated != 1 {
		t.Fatalf("merge: %+v", st)
	}
	p := feedHeadlines(t, s)
	if p.TotalResults != 1 || p.Items[0].URL != "https://kiwi.example/two" || p.Items[0].Title != "Merged kiwi" {
		t.Fatalf("after the merge: %+v", p.Items)
	}
}

func feedUndatedEntryKeepsItsFirstSeenTime(t *testing.T, open Open) {
	s := feedFixture(t, open)
	first := Base.Add(-3 * time.Hour)
	save(t, s, "kiwi", first, Item("u", "https://kiwi.example/undated", "Undated kiwi", time.Time{}))
	for i, title := range []string{"Undated kiwi", "Undated kiwi, edited"} {
		save(t, s, "kiwi", Base.Add(time.Duration(i)*time.Hour), Item("u", "https://kiwi.example/undated", title, time.Time{}))
		p := feedHeadlines(t, s)
		if p.TotalResults != 1 || !p.Items[0].PublishedAt.Equal(first) || p.Items[0].Title != title {
			t.Fatalf("poll %d: %+v, want published %v", i, p.Items, first)
		}
	}
	// A date the feed gives later wins over the time first seen.
	dated := Base.Add(-10 * time.Hour)
	save(t, s, "kiwi", Base, Item("u", "https://kiwi.example/undated", "Undated kiwi, edited", dated))
	if p := feedHeadlines(t, s); !p.Items[0].PublishedAt.Equal(dated) {
		t.Fatalf("dated later: %v, want %v", p.Items[0].PublishedAt, dated)
	}
}

func feedAnotherSourcesArticleIsLeftAlone(t *testing.T, open Open) {
	s := feedFixture(t, open)
	imported := FixtureArticles()[0] // bbc-news
	gen := s.Generation()
	st := save(t, s, "kiwi", Base, Item("x", imported.URL, "Syndicated copy", Base))
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
	if st := save(t, s, "kiwi", Base, Item("x", imported.URL, "Syndicated copy", Base)); st != (store.FeedWriteStats{Unchanged: 1}) {
		t.Errorf("second poll: %+v", st)
	}
}

func feedDuplicateEntriesInOnePollStoreOneArticle(t *testing.T, open Open) {
	s := feedFixture(t, open)
	st := save(t, s, "kiwi", Base,
		Item("g1", "https://kiwi.example/1", "Kiwi newest version", Base),
		Item("g1", "https://kiwi.example/1-old", "Kiwi older version", Base.Add(-time.Hour)),
		Item("g2", "https://kiwi.example/1", "Same URL, other guid", Base.Add(-time.Hour)),
		Item("g3", "https://kiwi.example/3", "Kiwi three", Base.Add(-time.Hour)))
	if st.New != 2 || st.New+st.Updated+st.Unchanged != 4 {
		t.Fatalf("stats: %+v", st)
	}
	p := feedHeadlines(t, s)
	if !reflect.DeepEqual(titles(p), []string{"Kiwi newest version", "Kiwi three"}) {
		t.Fatalf("stored: %q", titles(p))
	}
}

func feedSaveFeedItemsRefusesBadInput(t *testing.T, open Open) {
	s := feedFixture(t, open)
	_, err := s.SaveFeedItems(ctx, "kiwi", []store.FeedItem{
		Item("ok", "https://kiwi.example/ok", "Fine", Base),
		Item("no-url", "", "Lost link", Base),
	}, store.FeedPoll{}, Base)
	if err == nil || !strings.Contains(err.Error(), "no-url") {
		t.Fatalf("an item without a URL: %v (the error should name it)", err)
	}
	if feedHeadlines(t, s).TotalResults != 0 {
		t.Error("a refused poll stored some of its items")
	}
	_, err = s.SaveFeedItems(ctx, "nobody", []store.FeedItem{Item("1", "https://x.example/1", "x", Base)}, store.FeedPoll{}, Base)
	if !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("items of an unknown feed: %v", err)
	}
}

func feedSaveFeedPollKeepsGenerationAndRefusesAnotherFeedsURL(t *testing.T, open Open) {
	s := feedFixture(t, open)
	if err := s.AddFeed(ctx, FixtureFeed("bird", "https://bird.example/atom")); err != nil {
		t.Fatal(err)
	}
	gen := s.Generation()
	poll := store.FeedPoll{ETag: `"x"`, LastAttempt: Base, LastError: "503", Failures: 1, NextPoll: Base.Add(time.Minute)}
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

func feedRemoveFeed(t *testing.T, open Open) {
	s := feedFixture(t, open)
	if err := s.AddFeed(ctx, FixtureFeed("bird", "https://bird.example/atom")); err != nil {
		t.Fatal(err)
	}
	save(t, s, "kiwi", Base, Item("1", "https://kiwi.example/1", "Kiwi one", Base), Item("2", "https://kiwi.example/2", "Kiwi two", Base))
	save(t, s, "bird", Base, Item("1", "https://bird.example/1", "Bird one", Base))

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
	if n, err := s.PruneArticles(ctx, Base.Add(time.Hour)); err != nil || n != 0 {
		t.Errorf("prune after unsubscribing: %d, %v", n, err)
	}
	if _, err := s.RemoveFeed(ctx, "bird", false); !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("removing a removed feed: %v", err)
	}
}

func feedPruneDeletesOnlyOldFeedArticles(t *testing.T, open Open) {
	s := feedFixture(t, open)
	cutoff := Base.Add(-24 * time.Hour)
	save(t, s, "kiwi", Base,
		Item("new", "https://kiwi.example/new", "Fresh kiwi", Base.Add(-time.Hour)),
		Item("old", "https://kiwi.example/old", "Stale kiwi", cutoff.Add(-time.Second)),
		Item("edge", "https://kiwi.example/edge", "Edge kiwi", cutoff))
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
	if all, _ := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 100}); all.TotalResults != len(FixtureArticles())+2 {
		t.Errorf("%d headlines after pruning, want the %d imported and 2 of the feed", all.TotalResults, len(FixtureArticles()))
	}
	gen = s.Generation()
	if n, _ := s.PruneArticles(ctx, cutoff); n != 0 || s.Generation() != gen {
		t.Errorf("a prune with nothing to do deleted %d, or moved Generation", n)
	}
}

// Two entries of the same second whose URLs give the same row id (one
// in 65,536 pairs) are both stored: the second probes for a free id.
func feedSameSecondEntriesWithCollidingIDsAreBothStored(t *testing.T, open Open) {
	s := feedFixture(t, open)
	seen := map[uint32]string{}
	var a, b string
	for i := 0; b == ""; i++ {
		u := fmt.Sprintf("https://kiwi.example/%d", i)
		h := uint32(store.PreferredID(0, u) & 0xffff)
		if prev, ok := seen[h]; ok {
			a, b = prev, u
		}
		seen[h] = u
	}
	st := save(t, s, "kiwi", Base, Item("a", a, "Kiwi a", Base), Item("b", b, "Kiwi b", Base))
	if st.New != 2 {
		t.Fatalf("%+v", st)
	}
	if got := feedHeadlines(t, s); got.TotalResults != 2 {
		t.Fatalf("stored %q", urls(got))
	}
	if st := save(t, s, "kiwi", Base, Item("a", a, "Kiwi a", Base), Item("b", b, "Kiwi b", Base)); st.Unchanged != 2 {
		t.Fatalf("re-poll: %+v", st)
	}
}

// StoredFeedContents has an entry for an item exactly when saving the
// poll would not make it a new article: its GUID's article (if still the
// feed's), or any article at its URL (another source's too).
func feedStoredContents(t *testing.T, open Open) {
	s := feedFixture(t, open)
	save(t, s, "kiwi", Base, Item("g1", "https://kiwi.example/old-slug", "Kiwi one", Base.Add(-time.Hour)))
	imported := FixtureArticles()[0]
	items := []store.FeedItem{
		Item("g1", "https://kiwi.example/new-slug", "Kiwi one", Base.Add(-time.Hour)), // moved: the GUID's article
		Item("g2", imported.URL, "Syndicated", Base),                                  // another source's article
		Item("g3", "https://kiwi.example/fresh", "Kiwi fresh", Base),                  // new
	}
	got, err := s.StoredFeedContents(ctx, "kiwi", items)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{0: "Body of Kiwi one", 1: imported.Content}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("stored contents %v, want %v", got, want)
	}
	st := save(t, s, "kiwi", Base, items...)
	if st.New != 1 {
		t.Errorf("saving the poll: %+v, want exactly the item without a stored content new", st)
	}
	if got, err := s.StoredFeedContents(ctx, "kiwi", nil); err != nil || len(got) != 0 {
		t.Errorf("no items: %v %v", got, err)
	}
}

func feedSetFullText(t *testing.T, open Open) {
	s := feedFixture(t, open)
	for _, on := range []bool{true, false} {
		if err := s.SetFeedFullText(ctx, "kiwi", on); err != nil {
			t.Fatal(err)
		}
		if f, err := s.FindFeed(ctx, "kiwi"); err != nil || f.FullText != on {
			t.Errorf("after SetFeedFullText(%v): %+v %v", on, f, err)
		}
	}
	if err := s.SetFeedFullText(ctx, "nobody", true); !errors.Is(err, store.ErrFeedNotFound) {
		t.Errorf("an unknown feed: %v", err)
	}
}
