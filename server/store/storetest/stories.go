package storetest

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// Stories is the suite of the stories every write keeps: each article's
// StoryID and StorySize (its story's count of distinct sources), the
// story= parameter, and popularity by coverage.
//
// The texts are written so that no threshold tuning of package stories
// can change how they group: the quake reports share their names, places
// and figures, and the other articles share nothing with them or with
// each other.
func Stories(t *testing.T, open Open) {
	for _, c := range []struct {
		name string
		run  func(*testing.T, Open)
	}{
		{"AddGroupsOneEventAcrossSources", storyAddGroupsOneEventAcrossSources},
		{"UndatedArticleIsAStoryOfItsOwn", storyUndatedArticleIsAStoryOfItsOwn},
		{"AddOneByOneGroups", storyAddOneByOneGroups},
		{"ReplaceByURLRegroups", storyReplaceByURLRegroups},
		{"StoryParameter", storyParameter},
		{"ImportGroups", storyImportGroups},
		{"SourceAfterItsArticlesKeepsGrouping", storySourceAfterItsArticlesKeepsGrouping},
		{"FeedIngestionGroupsAndPruningShrinks", storyFeedIngestionGroupsAndPruningShrinks},
		{"LoaderReadsTheStories", storyLoaderReadsTheStories},
		{"RowTakingADeletedRowsIDKeepsSizesExact", storyRowTakingADeletedRowsID},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, open) })
	}
}

func storySources() []model.Source {
	src := func(id string) model.Source {
		return model.Source{ID: id, Name: strings.ToUpper(id), URL: "https://" + id + ".example",
			Category: "general", Language: "en", Country: "us"}
	}
	return []model.Source{src("wire"), src("daily"), src("herald"), src("tribune")}
}

// quake is a report of one event (an earthquake off Sendai) by src.
func quake(src, url string, n int, age time.Duration) model.Article {
	titles := []string{
		"Magnitude 7.2 earthquake strikes off Sendai, tsunami warning issued for Miyagi",
		"Sendai earthquake: magnitude 7.2 quake off Miyagi coast prompts tsunami warning",
		"Tsunami warning for Miyagi after magnitude 7.2 earthquake strikes off Sendai",
		"Powerful 7.2 earthquake off Sendai triggers Miyagi tsunami warning",
	}
	desc := "A magnitude 7.2 earthquake struck off Sendai in Miyagi prefecture, Japan's meteorological agency said, " +
		"issuing a tsunami warning for the Miyagi coast and halting Tohoku shinkansen trains."
	return art(src, url, titles[n%len(titles)], desc, desc+" Residents of Sendai were told to move to higher ground.", age)
}

// unrelated are articles of other events, one each.
func unrelated() []model.Article {
	return []model.Article{
		art("daily", "https://daily.example/football", "Real Madrid beat Bayern Munich 3-1 in Champions League semi-final",
			"Vinicius Junior scored twice at the Bernabeu as Real Madrid reached the final in Wembley.", "Carlo Ancelotti praised his side.", 2*time.Hour),
		art("herald", "https://herald.example/chip", "Apple unveils M5 chip at Cupertino event",
			"The new processor doubles graphics performance, Apple's Johny Srouji told developers in California.", "Shipments begin in spring.", 3*time.Hour),
		art("tribune", "https://tribune.example/budget", "Norwegian parliament passes 2027 budget after Storting vote",
			"The minority government secured support from the Centre Party for its oil fund spending plan.", "Jonas Gahr Store welcomed the deal.", 4*time.Hour),
	}
}

func storyArticles() []model.Article {
	return append([]model.Article{
		quake("wire", "https://wire.example/quake", 0, 1*time.Hour),
		quake("daily", "https://daily.example/quake", 1, 90*time.Minute),
		quake("herald", "https://herald.example/quake", 2, 80*time.Minute),
		// A second report of the same source: four articles, three sources.
		quake("wire", "https://wire.example/quake-update", 3, 30*time.Minute),
	}, unrelated()...)
}

// quakeURLs are the quake reports, newest first.
var quakeURLs = []string{"https://wire.example/quake-update", "https://wire.example/quake",
	"https://herald.example/quake", "https://daily.example/quake"}

// storyFixture opens a store holding the story sources and articles.
func storyFixture(t *testing.T, open Open) Backend {
	t.Helper()
	s := open(t)
	if err := s.Add(ctx, storySources(), storyArticles()); err != nil {
		t.Fatal(err)
	}
	return s
}

// allArticles lists every article of s by URL.
func allArticles(t *testing.T, s Backend) map[string]model.Article {
	t.Helper()
	p := headlines(t, s, model.HeadlinesQuery{Page: 1, PageSize: 100})
	out := map[string]model.Article{}
	for _, a := range p.Items {
		out[a.URL] = a
	}
	return out
}

// checkStories checks that the quake articles of byURL are one story of
// size want, and that every other article is a story of its own; it
// returns the quake story's id.
func checkStories(t *testing.T, byURL map[string]model.Article, quakes []string, want int) string {
	t.Helper()
	story := byURL[quakes[0]].StoryID
	seen := map[string]string{}
	for url, a := range byURL {
		if a.StoryID == "" || a.StorySize < 1 {
			t.Errorf("%s: story %q, size %d", url, a.StoryID, a.StorySize)
		}
		if _, err := stories.ParseID(a.StoryID); err != nil {
			t.Errorf("%s: %v", url, err)
		}
		if slices.Contains(quakes, url) {
			if a.StoryID != story || a.StorySize != want {
				t.Errorf("%s: story %s of size %d, want %s of size %d", url, a.StoryID, a.StorySize, story, want)
			}
			continue
		}
		if a.StoryID == story || a.StorySize != 1 {
			t.Errorf("%s (%q): story %s of size %d, want a story of its own", url, a.Title, a.StoryID, a.StorySize)
		}
		if other, ok := seen[a.StoryID]; ok {
			t.Errorf("%s and %s share story %s", url, other, a.StoryID)
		}
		seen[a.StoryID] = url
	}
	return story
}

// idOf is the store's id of the article at url, read from its place in a
// story of its own: an article alone in its story names it.
func idOf(t *testing.T, s Backend, url string) int64 {
	t.Helper()
	members, err := s.Grouped(ctx, time.Unix(0, 0), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	byURL := allArticles(t, s)
	for _, m := range members {
		if m.Story == m.ID && stories.FormatID(m.ID) == byURL[url].StoryID {
			return m.ID
		}
	}
	t.Fatalf("no stored story is named after %s", url)
	return 0
}

func storyAddGroupsOneEventAcrossSources(t *testing.T, open Open) {
	s := storyFixture(t, open)
	story := checkStories(t, allArticles(t, s), quakeURLs, 3)
	// The story's id is its first article's: the oldest report.
	if first := idOf(t, s, "https://daily.example/quake"); story != stories.FormatID(first) {
		t.Errorf("story id %s, want the oldest report's id %s", story, stories.FormatID(first))
	}
}

func storyUndatedArticleIsAStoryOfItsOwn(t *testing.T, open Open) {
	s := storyFixture(t, open)
	undated := quake("tribune", "https://tribune.example/quake", 0, 0)
	undated.PublishedAt = time.Time{}
	if err := s.Add(ctx, nil, []model.Article{undated}); err != nil {
		t.Fatal(err)
	}
	byURL := allArticles(t, s)
	checkStories(t, byURL, quakeURLs, 3)
	if a := byURL[undated.URL]; a.StorySize != 1 || a.StoryID == byURL[quakeURLs[0]].StoryID {
		t.Errorf("undated: story %s size %d, want a story of its own", a.StoryID, a.StorySize)
	}
}

// Articles added one call at a time group as one call does.
func storyAddOneByOneGroups(t *testing.T, open Open) {
	s := open(t)
	if err := s.Add(ctx, storySources(), nil); err != nil {
		t.Fatal(err)
	}
	for _, a := range storyArticles() {
		if err := s.Add(ctx, nil, []model.Article{a}); err != nil {
			t.Fatal(err)
		}
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
}

// An article stored again under its URL is grouped again: rewritten as
// another event it leaves its story, whose size shrinks; rewritten back,
// it rejoins.
func storyReplaceByURLRegroups(t *testing.T, open Open) {
	s := storyFixture(t, open)
	story := checkStories(t, allArticles(t, s), quakeURLs, 3)
	moved := art("herald", "https://herald.example/quake", "Lunar eclipse visible over Patagonia on Friday",
		"Astronomers in Punta Arenas expect a total eclipse of the Moon lasting 82 minutes.", "", 80*time.Minute)
	if err := s.Add(ctx, nil, []model.Article{moved}); err != nil {
		t.Fatal(err)
	}
	rest := slices.DeleteFunc(slices.Clone(quakeURLs), func(u string) bool { return u == moved.URL })
	if got := checkStories(t, allArticles(t, s), rest, 2); got != story {
		t.Errorf("the story changed id from %s to %s", story, got)
	}
	if err := s.Add(ctx, nil, []model.Article{quake("herald", moved.URL, 2, 80*time.Minute)}); err != nil {
		t.Fatal(err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
}

func storyParameter(t *testing.T, open Open) {
	s := storyFixture(t, open)
	story := checkStories(t, allArticles(t, s), quakeURLs, 3)
	list := func(q model.ArticlesQuery) model.Page[model.Article] {
		t.Helper()
		q.Story = story
		if q.Page == 0 {
			q.Page, q.PageSize = 1, 20
		}
		return articles(t, s, q)
	}
	for _, sortBy := range []model.SortBy{"", model.SortPublishedAt, model.SortRelevancy, model.SortPopularity} {
		if p := list(model.ArticlesQuery{SortBy: sortBy}); !reflect.DeepEqual(urls(p), quakeURLs) || p.TotalResults != 4 {
			t.Errorf("sortBy %q: %q (total %d), want %q newest first", sortBy, urls(p), p.TotalResults, quakeURLs)
		}
	}
	cases := []struct {
		q    model.ArticlesQuery
		want []string
	}{
		{model.ArticlesQuery{Sources: []string{"wire"}}, quakeURLs[:2]},
		{model.ArticlesQuery{Domains: []string{"herald.example"}}, quakeURLs[2:3]},
		{model.ArticlesQuery{ExcludeDomains: []string{"wire.example"}}, quakeURLs[2:]},
		{model.ArticlesQuery{Language: "en"}, quakeURLs},
		{model.ArticlesQuery{Language: "de"}, []string{}},
		{model.ArticlesQuery{From: Base.Add(-85 * time.Minute).Format(time.RFC3339)}, quakeURLs[:3]},
		{model.ArticlesQuery{To: Base.Add(-70 * time.Minute).Format(time.RFC3339)}, quakeURLs[2:]},
		{model.ArticlesQuery{PageSize: 3, Page: 2}, quakeURLs[3:]},
	}
	for _, c := range cases {
		if p := list(c.q); !reflect.DeepEqual(urls(p), c.want) {
			t.Errorf("%+v: %q, want %q", c.q, urls(p), c.want)
		}
	}
	if p := list(model.ArticlesQuery{PageSize: 3, Page: 2}); p.TotalResults != 4 {
		t.Errorf("total %d, want 4", p.TotalResults)
	}
	// A well-formed id of no story: nothing. An id this service never
	// gives: refused, naming the parameter.
	if p, err := s.Articles(ctx, model.ArticlesQuery{Story: "zzzzzz", Page: 1, PageSize: 20}); err != nil || p.TotalResults != 0 || len(p.Items) != 0 {
		t.Errorf("unknown story: %+v %v", p, err)
	}
	var verr *model.ValidationError
	if _, err := s.Articles(ctx, model.ArticlesQuery{Story: "s-1", Page: 1, PageSize: 20}); !asValidation(err, &verr) ||
		verr.Param != "story" {
		t.Errorf("malformed story id: %v", err)
	}
}

// An import groups what it stores, and a write after it groups with
// what it stored, in the language its sources, which came last, gave the
// articles.
func storyImportGroups(t *testing.T, open Open) {
	var b strings.Builder
	for _, a := range storyArticles() {
		fmt.Fprintf(&b, `{"source":{"id":%q},"title":%q,"description":%q,"content":%q,"url":%q,"publishedAt":%q}`+"\n",
			a.Source.ID, a.Title, a.Description, a.Content, a.URL, a.PublishedAt.Format(time.RFC3339))
	}
	for _, src := range storySources() {
		fmt.Fprintf(&b, `{"id":%q,"name":%q,"url":%q,"category":"general","language":"en","country":"us"}`+"\n", src.ID, src.Name, src.URL)
	}
	s := open(t)
	if _, err := s.ImportJSONL(ctx, strings.NewReader(b.String())); err != nil {
		t.Fatal(err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
	late := quake("tribune", "https://tribune.example/quake", 1, 20*time.Minute)
	if err := s.Add(ctx, nil, []model.Article{late}); err != nil {
		t.Fatal(err)
	}
	checkStories(t, allArticles(t, s), append(slices.Clone(quakeURLs), late.URL), 4)
}

// Articles stored before their source have no language until it comes;
// then the grouping must see them in their source's language, or an
// article of that language stored later would not find its story.
func storySourceAfterItsArticlesKeepsGrouping(t *testing.T, open Open) {
	s := open(t)
	if err := s.Add(ctx, nil, storyArticles()); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, storySources(), nil); err != nil {
		t.Fatal(err)
	}
	late := quake("tribune", "https://tribune.example/quake", 1, 20*time.Minute)
	if err := s.Add(ctx, nil, []model.Article{late}); err != nil {
		t.Fatal(err)
	}
	checkStories(t, allArticles(t, s), append(slices.Clone(quakeURLs), late.URL), 4)
}

func storyFeedIngestionGroupsAndPruningShrinks(t *testing.T, open Open) {
	s := storyFixture(t, open)
	if err := s.AddFeed(ctx, FixtureFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
		t.Fatal(err)
	}
	q := store.FeedItem{GUID: "q", Article: quake("", "https://kiwi.example/quake", 1, 70*time.Minute)}
	other := Item("k", "https://kiwi.example/kiwi", "Kiwi chick hatches at Wellington zoo", Base.Add(-10*time.Minute))
	if st := save(t, s, "kiwi", Base, q, other); st.New != 2 {
		t.Fatalf("poll: %+v", st)
	}
	withFeed := append(slices.Clone(quakeURLs), q.Article.URL)
	checkStories(t, allArticles(t, s), withFeed, 4)

	// An update of the item is grouped again: as another event it leaves.
	changed := Item("q", q.Article.URL, "Kiwi sanctuary opens on Kapiti Island", q.Article.PublishedAt)
	if st := save(t, s, "kiwi", Base.Add(time.Minute), changed, other); st.Updated != 1 {
		t.Fatalf("update: %+v", st)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
	if st := save(t, s, "kiwi", Base.Add(2*time.Minute), q, other); st.Updated != 1 {
		t.Fatalf("update back: %+v", st)
	}
	checkStories(t, allArticles(t, s), withFeed, 4)

	// Pruning the feed's articles shrinks the story they were in.
	if n, err := s.PruneArticles(ctx, Base); err != nil || n != 2 {
		t.Fatalf("prune: %d %v", n, err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)

	// So does removing a feed with its articles.
	q2 := store.FeedItem{GUID: "q2", Article: quake("", "https://kiwi.example/quake2", 2, 70*time.Minute)}
	if st := save(t, s, "kiwi", Base.Add(3*time.Minute), q2); st.New != 1 {
		t.Fatalf("poll: %+v", st)
	}
	checkStories(t, allArticles(t, s), append(slices.Clone(quakeURLs), "https://kiwi.example/quake2"), 4)
	if n, err := s.RemoveFeed(ctx, "kiwi", false); err != nil || n != 1 {
		t.Fatalf("remove feed: %d %v", n, err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
}

// Grouped (store.StoryLoader) reads back the dated articles of a stretch
// with their stories, as the service shows them.
func storyLoaderReadsTheStories(t *testing.T, open Open) {
	s := storyFixture(t, open)
	byURL := allArticles(t, s)
	members, err := s.Grouped(ctx, Base.Add(-100*time.Minute), Base.Add(-45*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	// In [-100 min, -45 min): the three first quake reports.
	if len(members) != 3 {
		t.Fatalf("%d members, want the 3 quake reports of the stretch: %+v", len(members), members)
	}
	for _, m := range members {
		if m.Published.Before(Base.Add(-100*time.Minute)) || !m.Published.Before(Base.Add(-45*time.Minute)) {
			t.Errorf("%d published %v, outside the stretch", m.ID, m.Published)
		}
		if stories.FormatID(m.Story) != byURL[quakeURLs[0]].StoryID || m.Language != "en" {
			t.Errorf("member %+v: want story %s, language en", m, byURL[quakeURLs[0]].StoryID)
		}
	}
	all, err := s.Grouped(ctx, Base.Add(-24*time.Hour), time.Time{})
	if err != nil || len(all) != len(storyArticles()) {
		t.Fatalf("no upper bound: %d members (%v), want %d", len(all), err, len(storyArticles()))
	}
}

// A story is named after its first article; when that article is deleted
// the story keeps its name and its other members. An article stored later
// under the same id (the same URL and second: a feed removed and added
// again) is in that story as far as the rows go, so its size must be
// recounted with it, whether or not grouping moved it.
func storyRowTakingADeletedRowsID(t *testing.T, open Open) {
	s := open(t)
	if err := s.Add(ctx, storySources(), nil); err != nil {
		t.Fatal(err)
	}
	feed := FixtureFeed("kiwi", "https://kiwi.example/feed.xml")
	if err := s.AddFeed(ctx, feed); err != nil {
		t.Fatal(err)
	}
	q := store.FeedItem{GUID: "q", Article: quake("", "https://kiwi.example/quake", 1, 70*time.Minute)}
	if st := save(t, s, "kiwi", Base, q); st.New != 1 {
		t.Fatalf("first poll: %+v", st)
	}
	// The feed's report came first: the quake story is named after it.
	if err := s.Add(ctx, nil, storyArticles()); err != nil {
		t.Fatal(err)
	}
	withFeed := append(slices.Clone(quakeURLs), q.Article.URL)
	story := checkStories(t, allArticles(t, s), withFeed, 4)
	if n, err := s.RemoveFeed(ctx, "kiwi", false); err != nil || n != 1 {
		t.Fatalf("remove feed: %d %v", n, err)
	}
	if got := checkStories(t, allArticles(t, s), quakeURLs, 3); got != story {
		t.Fatalf("the story went from %s to %s", story, got)
	}
	if err := s.AddFeed(ctx, feed); err != nil {
		t.Fatal(err)
	}
	if st := save(t, s, "kiwi", Base.Add(time.Minute), q); st.New != 1 {
		t.Fatalf("poll after subscribing again: %+v", st)
	}
	checkStories(t, allArticles(t, s), withFeed, 4)
}
