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
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// The texts below are written so that no threshold tuning of package
// stories can change how they group: the quake reports share their
// names, places and figures, and the other articles share nothing with
// them or with each other.

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

func openStoryStore(t *testing.T) *Store {
	t.Helper()
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Add(ctx, storySources(), storyArticles()); err != nil {
		t.Fatal(err)
	}
	return s
}

// allArticles lists every article of s by URL.
func allArticles(t *testing.T, s *Store) map[string]model.Article {
	t.Helper()
	p, err := s.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]model.Article{}
	for _, a := range p.Items {
		out[a.URL] = a
	}
	return out
}

var quakeURLs = []string{"https://wire.example/quake-update", "https://wire.example/quake",
	"https://herald.example/quake", "https://daily.example/quake"} // newest first

// checkStories checks that the quake articles of byURL are one story of
// size want, and that every other article is a story of its own.
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

func TestAddGroupsOneEventAcrossSources(t *testing.T) {
	s := openStoryStore(t)
	byURL := allArticles(t, s)
	story := checkStories(t, byURL, quakeURLs, 3)
	// The story's id is its first article's: the oldest report.
	if _, err := stories.ParseID(story); err != nil {
		t.Fatal(err)
	}
	var first int64
	if err := s.db.QueryRow(`SELECT id FROM articles WHERE url = 'https://daily.example/quake'`).Scan(&first); err != nil {
		t.Fatal(err)
	}
	if story != stories.FormatID(first) {
		t.Errorf("story id %s, want the oldest report's id %s", story, stories.FormatID(first))
	}
	if a, err := s.ArticleByURL(ctx, "https://wire.example/quake"); err != nil || a.StoryID != story || a.StorySize != 3 {
		t.Errorf("by URL: %+v %v", a, err)
	}
}

func TestUndatedArticleIsAStoryOfItsOwn(t *testing.T) {
	s := openStoryStore(t)
	undated := quake("tribune", "https://tribune.example/quake", 0, 0)
	undated.PublishedAt = time.Time{}
	if err := s.Add(ctx, nil, []model.Article{undated}); err != nil {
		t.Fatal(err)
	}
	byURL := allArticles(t, s)
	checkStories(t, byURL, quakeURLs, 3)
	var id int64
	if err := s.db.QueryRow(`SELECT id FROM articles WHERE url = ?`, undated.URL).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if a := byURL[undated.URL]; a.StoryID != stories.FormatID(id) || a.StorySize != 1 {
		t.Errorf("undated: story %s size %d, want its own id %s", a.StoryID, a.StorySize, stories.FormatID(id))
	}
}

// Articles added one call at a time, and to a store opened again (whose
// Grouper reads the stored stories back), group as one call does.
func TestAddOneByOneAndAfterReopenGroups(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, storySources(), nil); err != nil {
		t.Fatal(err)
	}
	arts := storyArticles()
	for _, a := range arts[1:] {
		if err := s.Add(ctx, nil, []model.Article{a}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Add(ctx, nil, arts[:1]); err != nil {
		t.Fatal(err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
}

// An article stored again under its URL is grouped again: rewritten as
// another event it leaves its story, whose size shrinks; rewritten back,
// it rejoins.
func TestReplaceByURLRegroups(t *testing.T) {
	s := openStoryStore(t)
	story := checkStories(t, allArticles(t, s), quakeURLs, 3)
	moved := art("herald", "https://herald.example/quake", "Lunar eclipse visible over Patagonia on Friday",
		"Astronomers in Punta Arenas expect a total eclipse of the Moon lasting 82 minutes.", "", 80*time.Minute)
	if err := s.Add(ctx, nil, []model.Article{moved}); err != nil {
		t.Fatal(err)
	}
	byURL := allArticles(t, s)
	if got := checkStories(t, byURL, slices.DeleteFunc(slices.Clone(quakeURLs), func(u string) bool { return u == moved.URL }), 2); got != story {
		t.Errorf("the story changed id from %s to %s", story, got)
	}
	if err := s.Add(ctx, nil, []model.Article{quake("herald", moved.URL, 2, 80*time.Minute)}); err != nil {
		t.Fatal(err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
}

func TestStoryParameter(t *testing.T) {
	s := openStoryStore(t)
	story := checkStories(t, allArticles(t, s), quakeURLs, 3)
	list := func(q model.ArticlesQuery) model.Page[model.Article] {
		t.Helper()
		q.Story = story
		return doSearch(t, s, q)
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
		{model.ArticlesQuery{From: base.Add(-85 * time.Minute).Format(time.RFC3339)}, quakeURLs[:3]},
		{model.ArticlesQuery{To: base.Add(-70 * time.Minute).Format(time.RFC3339)}, quakeURLs[2:]},
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
	if _, err := s.Articles(ctx, model.ArticlesQuery{Story: "s-1", Page: 1, PageSize: 20}); !errors.As(err, &verr) ||
		verr.Param != "story" || !strings.Contains(err.Error(), "not a story id") {
		t.Errorf("malformed story id: %v", err)
	}
	if _, err := s.Articles(ctx, model.ArticlesQuery{Story: story, Q: "sendai", Page: 1, PageSize: 20}); !errors.As(err, &verr) || verr.Param != "q" {
		t.Errorf("story with q: %v", err)
	}
}

// checkCoverageOrder checks a page of articles without a popularity of
// their own is in popularity order: larger stories first, ties newest
// first.
func checkCoverageOrder(t *testing.T, p model.Page[model.Article]) {
	t.Helper()
	for i := 1; i < len(p.Items); i++ {
		a, b := p.Items[i-1], p.Items[i]
		if a.StorySize < b.StorySize || (a.StorySize == b.StorySize && a.PublishedAt.Before(b.PublishedAt)) {
			t.Errorf("by popularity, %s (size %d, %s) before %s (size %d, %s)", a.URL, a.StorySize, a.PublishedAt,
				b.URL, b.StorySize, b.PublishedAt)
		}
	}
}

func TestPopularityIsGivenOrCoverage(t *testing.T) {
	s := openStoryStore(t)
	in := `{"source":{"id":"tribune"},"title":"Record crowd at the Oslo marathon","description":"Forty thousand runners.","url":"https://tribune.example/marathon","publishedAt":"2026-11-20T06:00:00Z","popularity":100}
{"source":{"id":"herald"},"title":"Chess olympiad opens in Budapest","description":"Teams from 180 nations.","url":"https://herald.example/chess","publishedAt":"2026-11-20T11:50:00Z","popularity":0.5}`
	if _, err := s.ImportJSONL(ctx, strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	// Every article: "the" is in all of them but the marathon's… so search
	// by a source filter instead of words.
	p, err := s.Articles(ctx, model.ArticlesQuery{Sources: []string{"wire", "daily", "herald", "tribune"},
		SortBy: model.SortPopularity, Page: 1, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	got := urls(p)
	want := append([]string{"https://tribune.example/marathon"}, quakeURLs...)
	want = append(want, "https://daily.example/football", "https://herald.example/chip", "https://tribune.example/budget",
		"https://herald.example/chess")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("by popularity:\n got %q\nwant %q", got, want)
	}
}

func TestImportGroupsIncrementalAndBulk(t *testing.T) {
	var b strings.Builder
	for _, a := range storyArticles() {
		fmt.Fprintf(&b, `{"source":{"id":%q},"title":%q,"description":%q,"content":%q,"url":%q,"publishedAt":%q}`+"\n",
			a.Source.ID, a.Title, a.Description, a.Content, a.URL, a.PublishedAt.Format(time.RFC3339))
	}
	for _, src := range storySources() {
		fmt.Fprintf(&b, `{"id":%q,"name":%q,"url":%q,"category":"general","language":"en","country":"us"}`+"\n", src.ID, src.Name, src.URL)
	}
	// Incremental: a store in memory, which already holds an article.
	mem, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	if err := mem.Add(ctx, nil, unrelated()[:1]); err != nil {
		t.Fatal(err)
	}
	// Bulk: a new file.
	file, err := Open(filepath.Join(t.TempDir(), "bulk.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for name, s := range map[string]*Store{"incremental": mem, "bulk": file} {
		bulk, err := s.beginBulk(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if (bulk != nil) != (name == "bulk") {
			t.Fatalf("%s: bulk load %v", name, bulk != nil)
		}
		if bulk != nil {
			bulk.finish(s) // only the check; the import starts its own
		}
		if _, err := s.ImportJSONL(ctx, strings.NewReader(b.String())); err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) { checkStories(t, allArticles(t, s), quakeURLs, 3) })
	}
	// And a write after the import groups with what it stored, in the
	// language its sources, which came last, gave the articles.
	late := quake("tribune", "https://tribune.example/quake", 1, 20*time.Minute)
	for name, s := range map[string]*Store{"incremental": mem, "bulk": file} {
		if err := s.Add(ctx, nil, []model.Article{late}); err != nil {
			t.Fatal(err)
		}
		t.Run(name+" then Add", func(t *testing.T) {
			checkStories(t, allArticles(t, s), append(slices.Clone(quakeURLs), late.URL), 4)
		})
	}
}

func TestFeedIngestionGroupsAndPruningShrinks(t *testing.T) {
	s := openStoryStore(t)
	if err := s.AddFeed(ctx, testFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
		t.Fatal(err)
	}
	q := store.FeedItem{GUID: "q", Article: quake("", "https://kiwi.example/quake", 1, 70*time.Minute)}
	other := item("k", "https://kiwi.example/kiwi", "Kiwi chick hatches at Wellington zoo", base.Add(-10*time.Minute))
	if st := save(t, s, "kiwi", base, q, other); st.New != 2 {
		t.Fatalf("poll: %+v", st)
	}
	withFeed := append(slices.Clone(quakeURLs), q.Article.URL)
	checkStories(t, allArticles(t, s), withFeed, 4)

	// An update of the item is grouped again: as another event it leaves.
	changed := item("q", q.Article.URL, "Kiwi sanctuary opens on Kapiti Island", q.Article.PublishedAt)
	if st := save(t, s, "kiwi", base.Add(time.Minute), changed, other); st.Updated != 1 {
		t.Fatalf("update: %+v", st)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
	if st := save(t, s, "kiwi", base.Add(2*time.Minute), q, other); st.Updated != 1 {
		t.Fatalf("update back: %+v", st)
	}
	checkStories(t, allArticles(t, s), withFeed, 4)

	// Pruning the feed's articles shrinks the story they were in.
	if n, err := s.PruneArticles(ctx, base); err != nil || n != 2 {
		t.Fatalf("prune: %d %v", n, err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)

	// So does removing a feed with its articles.
	q2 := store.FeedItem{GUID: "q2", Article: quake("", "https://kiwi.example/quake2", 2, 70*time.Minute)}
	if st := save(t, s, "kiwi", base.Add(3*time.Minute), q2); st.New != 1 {
		t.Fatalf("poll: %+v", st)
	}
	checkStories(t, allArticles(t, s), append(slices.Clone(quakeURLs), "https://kiwi.example/quake2"), 4)
	if n, err := s.RemoveFeed(ctx, "kiwi", false); err != nil || n != 1 {
		t.Fatalf("remove feed: %d %v", n, err)
	}
	checkStories(t, allArticles(t, s), quakeURLs, 3)
}

// A version 4 file is upgraded by grouping its articles once; the
// popularity version 4 derived from a URL, and a feed article's 0, stop
// counting as given.
func TestOpenUpgradesVersion4(t *testing.T) {
	ddl, err := os.ReadFile(filepath.Join("testdata", "schema-v4.sql"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v4.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{string(ddl), `INSERT INTO feeds(id, url) VALUES ('kiwi', 'https://kiwi.example/feed.xml')`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	// Rows as version 4 wrote them (the full-text index through its trigger).
	insert := func(a model.Article, pop float64) {
		rhost := store.ReversedHost(a.URL)
		if _, err := db.Exec(`INSERT INTO articles(id, url, source_id, source_name, author, title, description,
			url_to_image, published_at, content, popularity, rhost, category, language, country, facets)
			VALUES (?, ?, ?, '', '', ?, ?, '', ?, ?, ?, ?, 'general', 'en', 'us', ?)`,
			a.PublishedAt.Unix()<<16|int64(store.URLHash(a.URL)&0xffff), a.URL, a.Source.ID, a.Title, a.Description,
			a.PublishedAt.Unix(), a.Content, pop, rhost, baseFacets(a.Source.ID, rhost)+langMarker+"en"); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range storyArticles() {
		insert(a, store.LegacyDerivedPopularity(a.URL))
	}
	insert(art("tribune", "https://tribune.example/marathon", "Record crowd at the Oslo marathon", "", "", 6*time.Hour), 100)
	insert(art("kiwi", "https://kiwi.example/kiwi", "Kiwi chick hatches at Wellington zoo", "", "", 5*time.Hour), 0)
	if _, err := db.Exec("PRAGMA user_version = 4"); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	byURL := allArticles(t, s)
	checkStories(t, byURL, quakeURLs, 3)
	rows, err := s.db.Query(`SELECT url FROM articles WHERE popularity_given`)
	if err != nil {
		t.Fatal(err)
	}
	var given []string
	for rows.Next() {
		var u string
		rows.Scan(&u)
		given = append(given, u)
	}
	rows.Close()
	if !reflect.DeepEqual(given, []string{"https://tribune.example/marathon"}) {
		t.Errorf("popularity given for %q, want only the marathon's", given)
	}
	p, err := s.Articles(ctx, model.ArticlesQuery{Sources: []string{"wire", "daily", "kiwi"}, SortBy: model.SortPopularity, Page: 1, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	checkCoverageOrder(t, p)
	if p.Items[0].StorySize != 3 {
		t.Errorf("by popularity: %q, want the quake story first", urls(p))
	}
}

// Every write path keeps the catalogue's invariant: each row's size is
// its story's count of distinct sources.
func TestStorySizesMatchTheirStories(t *testing.T) {
	s := openStoryStore(t)
	var bad int
	if err := s.db.QueryRow(`SELECT count(*) FROM articles a WHERE story_size <>
		(SELECT count(DISTINCT source_id) FROM articles b WHERE b.story_id = a.story_id)`).Scan(&bad); err != nil || bad != 0 {
		t.Errorf("%d rows with a wrong size (%v)", bad, err)
	}
}

var _ store.Catalogue = (*Store)(nil)

// Articles stored before their source have no language until it comes;
// then the Grouper must see them in their source's language, or an
// article of that language stored later would not find its story.
func TestSourceAfterItsArticlesKeepsGrouping(t *testing.T) {
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
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
