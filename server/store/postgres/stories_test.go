package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/internal/pgtest"
	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/jsonl"
	"tidings/stories"
)

// The texts of these tests are clearly one event (the same place, names
// and figures, in three outlets' wordings) or clearly different events,
// so they do not hang on the grouping's thresholds.
var (
	newsSources = []model.Source{{ID: "wire", Name: "Wire", Language: "en"}, {ID: "daily", Name: "Daily", Language: "en"},
		{ID: "herald", Name: "Herald", Language: "en"}}
	quake = []model.Article{
		art("wire", "https://wire.example/quake", "Magnitude 7.2 earthquake strikes Valparaiso, Chile, killing 14",
			"President Gabriel Boric declared a state of emergency in the Valparaiso region after the 7.2 earthquake killed 14 people.", "", 10),
		art("daily", "https://daily.example/chile-quake", "Chile earthquake: 14 dead as 7.2 quake hits Valparaiso",
			"A magnitude 7.2 earthquake struck Valparaiso in Chile, killing 14; Gabriel Boric declared a state of emergency.", "", 9),
		art("herald", "https://herald.example/valparaiso", "Valparaiso earthquake of magnitude 7.2 leaves 14 dead in Chile",
			"Gabriel Boric declared an emergency in Valparaiso after the magnitude 7.2 earthquake left 14 dead across Chile.", "", 8),
	}
	port = art("wire", "https://wire.example/port", "Dutch parliament approves budget for Rotterdam port expansion",
		"The Tweede Kamer voted 96 to 54 to fund the Maasvlakte 3 terminal at the port of Rotterdam.", "", 7)
	phone = art("daily", "https://daily.example/phone", "Apple unveils foldable iPhone at Cupertino event",
		"Tim Cook showed the $2,499 iPhone Fold, shipping in March, at the Steve Jobs Theater.", "", 6)
)

// catalogue lists every stored article by URL, as Headlines returns them.
func catalogue(t *testing.T, st *Store) map[string]model.Article {
	t.Helper()
	out := map[string]model.Article{}
	for page := 1; ; page++ {
		p, err := st.Headlines(context.Background(), model.HeadlinesQuery{Page: page, PageSize: model.MaxPageSize})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range p.Items {
			out[a.URL] = a
		}
		if len(p.Items) < model.MaxPageSize {
			return out
		}
	}
}

// storyOf is the story id and size of the article at url.
func storyOf(t *testing.T, st *Store, url string) (string, int) {
	t.Helper()
	a, ok := catalogue(t, st)[url]
	if !ok {
		t.Fatalf("no article %s", url)
	}
	return a.StoryID, a.StorySize
}

// checkSizes fails when a row's story size is not its story's count of
// distinct sources, or a row has no story.
func checkSizes(t *testing.T, st *Store) {
	t.Helper()
	var bad int
	if err := st.pool.QueryRow(context.Background(), `SELECT count(*) FROM articles a WHERE a.story_size <>
	(SELECT count(DISTINCT m.source_id) FROM articles m WHERE COALESCE(m.story_id, m.id) = COALESCE(a.story_id, a.id))`).Scan(&bad); err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Errorf("%d articles carry a story size that is not their story's count of sources", bad)
	}
}

func storyURLs(t *testing.T, st *Store, q model.ArticlesQuery) (int, []string) {
	t.Helper()
	p, err := st.Articles(context.Background(), q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	return p.TotalResults, urls(p.Items)
}

// Articles added by Add are grouped as they are written: three outlets'
// reports of one earthquake are one story of three sources, named after
// the first; other events are stories of their own; a second report by
// one of the outlets joins without counting the outlet twice.
func TestAddGroupsArticlesIntoStories(t *testing.T) {
	st := openTest(t)
	ctx := context.Background()
	if err := st.Add(ctx, newsSources, append(append([]model.Article{}, quake...), port, phone)); err != nil {
		t.Fatal(err)
	}
	all := catalogue(t, st)
	first := all[quake[0].URL]
	if first.StoryID == "" || first.StorySize != 3 {
		t.Fatalf("the first report: story %q of size %d, want a story of 3 sources", first.StoryID, first.StorySize)
	}
	for _, a := range quake[1:] {
		if got := all[a.URL]; got.StoryID != first.StoryID || got.StorySize != 3 {
			t.Errorf("%s: story %q size %d, want %q size 3", a.URL, got.StoryID, got.StorySize, first.StoryID)
		}
	}
	for _, a := range []model.Article{port, phone} {
		if got := all[a.URL]; got.StoryID == first.StoryID || got.StorySize != 1 {
			t.Errorf("%s: story %q size %d, want a story of its own", a.URL, got.StoryID, got.StorySize)
		}
	}
	if all[port.URL].StoryID == all[phone.URL].StoryID {
		t.Error("two different events share a story")
	}
	again := art("wire", "https://wire.example/quake-update", "Valparaiso earthquake: Chile counts 14 dead after magnitude 7.2 quake",
		"Gabriel Boric declared a state of emergency in Valparaiso after the 7.2 earthquake killed 14 people in Chile.", "", 5)
	if err := st.Add(ctx, nil, []model.Article{again}); err != nil {
		t.Fatal(err)
	}
	if id, size := storyOf(t, st, again.URL); id != first.StoryID || size != 3 {
		t.Errorf("a second report by one outlet: story %q size %d, want %q size 3", id, size, first.StoryID)
	}
	n, got := storyURLs(t, st, model.ArticlesQuery{Story: first.StoryID})
	want := []string{again.URL, quake[2].URL, quake[1].URL, quake[0].URL}
	if n != 4 || !reflect.DeepEqual(got, want) {
		t.Errorf("story=%s: %d %v, want 4 newest first %v", first.StoryID, n, got, want)
	}
	checkSizes(t, st)
}

// An import groups its articles too, and sortBy=popularity ranks an
// article by the popularity its line gave, else by its story's size;
// ties newest first.
func TestImportGroupsAndRanksByCoverage(t *testing.T) {
	st := openTest(t)
	var b strings.Builder
	line := func(v any, popularity *float64) {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if popularity != nil {
			raw = append(raw[:len(raw)-1], fmt.Sprintf(`,"popularity":%g}`, *popularity)...)
		}
		b.Write(raw)
		b.WriteByte('\n')
	}
	for _, s := range newsSources {
		line(s, nil)
	}
	for _, a := range quake {
		line(a, nil)
	}
	two, five := 2.0, 5.0
	line(port, &two)
	line(phone, &five)
	lone := art("herald", "https://herald.example/chess", "Magnus Carlsen wins Norway Chess in Stavanger",
		"Carlsen beat Ding Liren in the final round in Stavanger to take his sixth title.", "", 1)
	line(lone, nil)
	stats, err := st.ImportJSONL(context.Background(), strings.NewReader(b.String()))
	if err != nil || stats.Articles != 6 {
		t.Fatalf("import: %+v, %v", stats, err)
	}
	if _, size := storyOf(t, st, quake[1].URL); size != 3 {
		t.Fatalf("an imported story: size %d, want 3", size)
	}
	_, got := storyURLs(t, st, model.ArticlesQuery{Sources: []string{"wire", "daily", "herald"}, SortBy: model.SortPopularity})
	want := []string{phone.URL, quake[2].URL, quake[1].URL, quake[0].URL, port.URL, lone.URL}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("by popularity: %v, want %v (5 given, a story of 3 newest first, 2 given, a story of 1)", got, want)
	}
	_, got = storyURLs(t, st, model.ArticlesQuery{Q: "earthquake OR parliament OR chess", SortBy: model.SortPopularity})
	if want := []string{quake[2].URL, quake[1].URL, quake[0].URL, port.URL, lone.URL}; !reflect.DeepEqual(got, want) {
		t.Errorf("a search by popularity: %v, want %v", got, want)
	}
	// A later import, into a catalogue no longer empty, is grouped batch
	// by batch.
	b.Reset()
	line(model.Source{ID: "gazette", Name: "Gazette", Language: "en"}, nil)
	later := quake[1] // the agency's copy, as another outlet runs it
	later.Source.ID, later.URL = "gazette", "https://gazette.example/quake"
	later.PublishedAt = later.PublishedAt.Add(90 * time.Minute)
	line(later, nil)
	if stats, err := st.ImportJSONL(context.Background(), strings.NewReader(b.String())); err != nil || stats.Articles != 1 {
		t.Fatalf("second import: %+v, %v", stats, err)
	}
	story, _ := storyOf(t, st, quake[0].URL)
	if id, size := storyOf(t, st, later.URL); id != story || size != 4 {
		t.Errorf("a report imported later: story %q size %d, want %q size 4", id, size, story)
	}
	checkSizes(t, st)
}

// An article added again under its URL is grouped again: a rewrite about
// another event leaves its old story, whose size shrinks, and a rewrite
// of the same event stays.
func TestReplaceByURLRegroups(t *testing.T) {
	st := openTest(t)
	ctx := context.Background()
	if err := st.Add(ctx, newsSources, quake); err != nil {
		t.Fatal(err)
	}
	story, _ := storyOf(t, st, quake[0].URL)
	same := quake[2]
	same.Title += " (updated)"
	if err := st.Add(ctx, nil, []model.Article{same}); err != nil {
		t.Fatal(err)
	}
	if id, size := storyOf(t, st, same.URL); id != story || size != 3 {
		t.Errorf("an edited report: story %q size %d, want %q size 3", id, size, story)
	}
	moved := phone
	moved.URL, moved.Source = quake[2].URL, quake[2].Source
	if err := st.Add(ctx, nil, []model.Article{moved}); err != nil {
		t.Fatal(err)
	}
	if id, size := storyOf(t, st, moved.URL); id == story || size != 1 {
		t.Errorf("a report rewritten about another event: story %q size %d, want a story of its own", id, size)
	}
	if _, size := storyOf(t, st, quake[0].URL); size != 2 {
		t.Errorf("the story it left: size %d, want 2", size)
	}
	// The same URL twice in one write: the later wins, and is grouped once.
	if err := st.Add(ctx, nil, []model.Article{quake[2], moved}); err != nil {
		t.Fatal(err)
	}
	if id, size := storyOf(t, st, moved.URL); id == story || size != 1 {
		t.Errorf("the later of two versions in one write: story %q size %d, want a story of its own", id, size)
	}
	checkSizes(t, st)
}

// Feed items are grouped with the catalogue's articles; an entry edited
// into another event leaves the story; pruning and removing a feed shrink
// the stories their articles were in.
func TestFeedItemsJoinAndLeaveStories(t *testing.T) {
	st := openTest(t)
	ctx := context.Background()
	if err := st.Add(ctx, newsSources, quake[:2]); err != nil {
		t.Fatal(err)
	}
	story, _ := storyOf(t, st, quake[0].URL)
	for _, id := range []string{"blog", "pod"} {
		feed := store.Feed{Source: model.Source{ID: id, Name: id, Language: "en"}, URL: "https://" + id + ".example/feed"}
		if err := st.AddFeed(ctx, feed); err != nil {
			t.Fatal(err)
		}
	}
	report := quake[2]
	report.PublishedAt = base.Add(-8 * time.Hour)
	item := func(a model.Article, url string) []store.FeedItem {
		a.URL = url
		return []store.FeedItem{{GUID: "g1", Article: a}}
	}
	if _, err := st.SaveFeedItems(ctx, "blog", item(report, "https://blog.example/1"), store.FeedPoll{}, base); err != nil {
		t.Fatal(err)
	}
	podReport := quake[1]
	podReport.PublishedAt = base.Add(-7 * time.Hour)
	if _, err := st.SaveFeedItems(ctx, "pod", item(podReport, "https://pod.example/1"), store.FeedPoll{}, base); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"https://blog.example/1", "https://pod.example/1", quake[0].URL} {
		if id, size := storyOf(t, st, u); id != story || size != 4 {
			t.Errorf("%s: story %q size %d, want %q of 4 sources (two imported, two feeds)", u, id, size, story)
		}
	}
	edited := phone
	edited.PublishedAt = report.PublishedAt
	if _, err := st.SaveFeedItems(ctx, "blog", item(edited, "https://blog.example/1"), store.FeedPoll{}, base); err != nil {
		t.Fatal(err)
	}
	if id, size := storyOf(t, st, "https://blog.example/1"); id == story || size != 1 {
		t.Errorf("an entry edited into another event: story %q size %d, want its own", id, size)
	}
	if _, size := storyOf(t, st, quake[0].URL); size != 3 {
		t.Errorf("the story it left: size %d, want 3", size)
	}
	// The feeds' popularity is their stories' coverage: the pod's report
	// (story of 3) ranks above the blog's entry (story of 1).
	_, got := storyURLs(t, st, model.ArticlesQuery{Sources: []string{"blog", "pod"}, SortBy: model.SortPopularity})
	if want := []string{"https://pod.example/1", "https://blog.example/1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("feed articles by popularity: %v, want %v", got, want)
	}
	if n, err := st.PruneArticles(ctx, base.Add(-time.Hour)); err != nil || n != 2 {
		t.Fatalf("prune: %d, %v", n, err)
	}
	if _, size := storyOf(t, st, quake[0].URL); size != 2 {
		t.Errorf("after pruning the feeds' articles: size %d, want 2", size)
	}
	if _, err := st.SaveFeedItems(ctx, "pod", item(podReport, "https://pod.example/2"), store.FeedPoll{}, base); err != nil {
		t.Fatal(err)
	}
	if _, size := storyOf(t, st, quake[0].URL); size != 3 {
		t.Errorf("a new feed report: size %d, want 3", size)
	}
	if n, err := st.RemoveFeed(ctx, "pod", false); err != nil || n != 1 {
		t.Fatalf("remove feed: %d, %v", n, err)
	}
	if _, size := storyOf(t, st, quake[0].URL); size != 2 {
		t.Errorf("after removing the feed: size %d, want 2", size)
	}
	checkSizes(t, st)
}

// story= lists one story's articles newest first, whatever the sort,
// with the other filters, pages and totals of any search; an id of no
// story is an empty answer, one the service cannot have given a 400.
func TestStoryParameter(t *testing.T) {
	st := openTest(t)
	ctx := context.Background()
	extra := art("herald", "https://news.herald.example/quake-live", "Live: Valparaiso earthquake of magnitude 7.2, 14 dead in Chile",
		"Gabriel Boric declared an emergency in Valparaiso after the magnitude 7.2 earthquake killed 14 across Chile.", "", 7)
	all := append(append([]model.Article{}, quake...), extra, port, phone)
	if err := st.Add(ctx, newsSources, all); err != nil {
		t.Fatal(err)
	}
	story, size := storyOf(t, st, quake[0].URL)
	if size != 3 {
		t.Fatalf("fixture: the quake's story has size %d, want 3", size)
	}
	newest := []string{extra.URL, quake[2].URL, quake[1].URL, quake[0].URL}
	cases := []struct {
		q    model.ArticlesQuery
		want []string
	}{
		{model.ArticlesQuery{}, newest},
		{model.ArticlesQuery{SortBy: model.SortPopularity}, newest},
		{model.ArticlesQuery{SortBy: model.SortRelevancy}, newest},
		{model.ArticlesQuery{Sources: []string{"herald"}}, []string{extra.URL, quake[2].URL}},
		{model.ArticlesQuery{Domains: []string{"herald.example"}}, []string{extra.URL, quake[2].URL}},
		{model.ArticlesQuery{ExcludeDomains: []string{"herald.example"}}, []string{quake[1].URL, quake[0].URL}},
		{model.ArticlesQuery{Language: "en"}, newest},
		{model.ArticlesQuery{Language: "fr"}, []string{}},
		{model.ArticlesQuery{From: base.Add(-9 * time.Hour).Format(time.RFC3339), To: base.Add(-8 * time.Hour).Format(time.RFC3339)},
			[]string{quake[2].URL, quake[1].URL}},
		{model.ArticlesQuery{PageSize: 3, Page: 2}, []string{quake[0].URL}},
	}
	for _, c := range cases {
		c.q.Story = story
		n, got := storyURLs(t, st, c.q)
		if !reflect.DeepEqual(got, c.want) || (c.q.Page < 2 && n != len(c.want)) {
			t.Errorf("%+v: %d %v, want %v", c.q, n, got, c.want)
		}
		if c.q.Page == 2 && n != 4 {
			t.Errorf("page 2: total %d, want 4", n)
		}
	}
	if n, got := storyURLs(t, st, model.ArticlesQuery{Story: stories.FormatID(12345)}); n != 0 || len(got) != 0 {
		t.Errorf("a story that is not stored: %d %v", n, got)
	}
	var verr *model.ValidationError
	if _, err := st.Articles(ctx, model.ArticlesQuery{Story: "no-such-id"}); !errors.As(err, &verr) || verr.Param != "story" {
		t.Errorf("an id this service cannot have given: %v", err)
	}
}

// Two Stores (replicas, or an import beside the poller) writing to one
// database at once: their writes are serialised, and every story's size
// is its count of sources whichever way each grouped.
func TestConcurrentWritersKeepSizesExact(t *testing.T) {
	dsn := pgtest.Shared(t).NewDB(t, migrated)
	one, two := openDSN(t, dsn), openDSN(t, dsn)
	ctx := context.Background()
	if err := one.Add(ctx, newsSources, nil); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, st := range []*Store{one, two} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j, a := range quake {
				if j%2 == i {
					a.URL += "?writer=" + fmt.Sprint(i)
				}
				if err := st.Add(ctx, nil, []model.Article{a}); err != nil {
					errs[i] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	checkSizes(t, one)
}

// v2Catalogue is a database at schema version 2 holding what that
// version's writes stored: the quake's reports and two other events, one
// imported with a popularity, the rest with the one derived from their
// URL, and a feed's article with 0. With cutOff, migration 0003's SQL ran
// too but its grouping never finished.
func v2Catalogue(t *testing.T, cutOff bool) string {
	t.Helper()
	dsn := pgtest.Shared(t).NewDB(t, nil)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms[:2] {
		if _, err := conn.Exec(ctx, m.sql); err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
	}
	if _, err := conn.Exec(ctx, `CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now()); INSERT INTO schema_migrations(version, name) VALUES (1, 'a'), (2, 'b')`); err != nil {
		t.Fatal(err)
	}
	for _, s := range append(newsSources, model.Source{ID: "blog", Name: "Blog", Language: "en"}) {
		if _, err := conn.Exec(ctx, upsertSourceSQL, s.ID, s.Name, s.Description, s.URL, "", string(s.Language), ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec(ctx, `INSERT INTO feeds(id, url) VALUES ('blog', 'https://blog.example/feed')`); err != nil {
		t.Fatal(err)
	}
	feedReport := quake[2]
	feedReport.Source.ID, feedReport.URL = "blog", "https://blog.example/quake"
	feedReport.PublishedAt = feedReport.PublishedAt.Add(-30 * time.Minute)
	undated := art("herald", "https://herald.example/undated", "Undated notice", "", "", 0)
	undated.PublishedAt = time.Time{}
	for _, a := range append(append([]model.Article{}, quake...), port, phone, feedReport, undated) {
		args := articleArgs(&jsonl.Record{Article: a})
		switch a.URL {
		case phone.URL:
			args[10] = 5.0 // imported with it
		case feedReport.URL:
			args[10] = 0.0 // a feed's
		default:
			args[10] = float64(store.URLHash(a.URL) % 10000) // version 2's derived popularity
		}
		if _, err := conn.Exec(ctx, insertArticleV2SQL, args...); err != nil {
			t.Fatal(err)
		}
	}
	if cutOff {
		if _, err := conn.Exec(ctx, ms[2].sql); err != nil {
			t.Fatal(err)
		}
	}
	return dsn
}

// insertArticleV2SQL is insertArticleSQL as version 2 ran it.
const insertArticleV2SQL = `INSERT INTO articles(id, url, source_id, source_name, author, title, description,
	url_to_image, published_at, content, popularity, rhost, category, language, country)
SELECT $1, $2, $3, COALESCE(NULLIF($4::text, ''), s.name, ''), $5, $6, $7, $8, $9, $10, $11, $12,
	COALESCE(s.category, ''), COALESCE(s.language, ''), COALESCE(s.country, '')
FROM (SELECT 1) AS one LEFT JOIN sources s ON s.id = $3`

// Upgrading a version 2 catalogue groups its articles once, oldest first,
// and clears the popularities version 2 made up (derived from the URL, a
// feed's 0), keeping imported ones; a migration cut off after its SQL is
// finished by the next Open.
func TestMigrationGroupsAVersion2Catalogue(t *testing.T) {
	for _, cutOff := range []bool{false, true} {
		t.Run(fmt.Sprint("cut off ", cutOff), func(t *testing.T) {
			st := openDSN(t, v2Catalogue(t, cutOff))
			var version int
			if err := st.pool.QueryRow(context.Background(), `SELECT max(version) FROM schema_migrations`).Scan(&version); err != nil || version != SchemaVersion() {
				t.Fatalf("schema version %d, %v; want %d", version, err, SchemaVersion())
			}
			all := catalogue(t, st)
			story := all[quake[0].URL].StoryID
			for _, u := range []string{quake[0].URL, quake[1].URL, quake[2].URL, "https://blog.example/quake"} {
				if got := all[u]; got.StoryID != story || got.StorySize != 4 {
					t.Errorf("%s: story %q size %d, want %q of 4 sources", u, got.StoryID, got.StorySize, story)
				}
			}
			for _, u := range []string{port.URL, phone.URL, "https://herald.example/undated"} {
				if got := all[u]; got.StoryID == story || got.StorySize != 1 {
					t.Errorf("%s: story %q size %d, want its own", u, got.StoryID, got.StorySize)
				}
			}
			_, got := storyURLs(t, st, model.ArticlesQuery{Sources: []string{"wire", "daily", "herald", "blog"}, SortBy: model.SortPopularity})
			want := []string{phone.URL, quake[2].URL, "https://blog.example/quake", quake[1].URL, quake[0].URL, port.URL,
				"https://herald.example/undated"}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("by popularity: %v, want %v (5 imported; a story of 4, newest first; stories of 1)", got, want)
			}
			if n, _ := storyURLs(t, st, model.ArticlesQuery{Story: story}); n != 4 {
				t.Errorf("story=%s: %d articles, want 4", story, n)
			}
			checkSizes(t, st)
		})
	}
}

// A replica's Grouper is current with the other replicas' writes: when
// the feed poller moves to another replica and back, or an import runs
// beside it, a later report joins the story another process wrote
// instead of starting one of its own.
func TestWriterGroupsWithAnotherWritersStories(t *testing.T) {
	dsn := pgtest.Shared(t).NewDB(t, migrated)
	one, two := openDSN(t, dsn), openDSN(t, dsn)
	ctx := context.Background()
	// one writes first, so its Grouper has read this stretch of time.
	if err := one.Add(ctx, newsSources, []model.Article{port}); err != nil {
		t.Fatal(err)
	}
	if err := two.Add(ctx, nil, quake[:1]); err != nil {
		t.Fatal(err)
	}
	if err := one.Add(ctx, nil, quake[1:2]); err != nil {
		t.Fatal(err)
	}
	first, _ := storyOf(t, one, quake[0].URL)
	if id, size := storyOf(t, one, quake[1].URL); id != first || size != 2 {
		t.Errorf("a report written after another replica's: story %q size %d, want %q size 2", id, size, first)
	}
	checkSizes(t, one)
}

// An import into an empty catalogue leaves no dead row versions behind:
// grouping rewrites most rows, and the table would otherwise stay half as
// large again as its rows need, in memory and on disk.
func TestBulkImportLeavesTheTableCompact(t *testing.T) {
	st := openTest(t)
	var b strings.Builder
	enc := json.NewEncoder(&b)
	for _, s := range newsSources {
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 600 {
		a := quake[i%len(quake)]
		a.URL = fmt.Sprintf("%s/%d", a.URL, i)
		a.PublishedAt = base.Add(-time.Duration(i) * 20 * time.Minute)
		if err := enc.Encode(a); err != nil {
			t.Fatal(err)
		}
	}
	if stats, err := st.ImportJSONL(context.Background(), strings.NewReader(b.String())); err != nil || stats.Articles != 600 {
		t.Fatalf("import: %+v, %v", stats, err)
	}
	var grouped int
	if err := st.pool.QueryRow(context.Background(), `SELECT count(*) FROM articles WHERE story_id IS NOT NULL`).Scan(&grouped); err != nil {
		t.Fatal(err)
	}
	if grouped < 300 {
		t.Fatalf("only %d of 600 reports joined a story: the import rewrote too few rows to tell", grouped)
	}
	size := func() int64 {
		var n int64
		if err := st.pool.QueryRow(context.Background(), `SELECT pg_table_size('articles') + pg_indexes_size('articles')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Counts are index-only scans: they read the rows unless the
	// visibility map says every row of a page is visible.
	var pages, visible int
	if err := st.pool.QueryRow(context.Background(), `SELECT relpages, relallvisible FROM pg_class WHERE relname = 'articles'`).Scan(&pages, &visible); err != nil {
		t.Fatal(err)
	}
	if pages == 0 || visible < pages {
		t.Errorf("after the import %d of the table's %d pages are marked all-visible", visible, pages)
	}
	imported := size()
	if _, err := st.pool.Exec(context.Background(), `VACUUM FULL articles`); err != nil {
		t.Fatal(err)
	}
	if compact := size(); float64(imported) > 1.1*float64(compact) {
		t.Errorf("the import left %d bytes of table and indexes, %d once compacted", imported, compact)
	}
}

// Upgrade, the operators' migration (serve --migrate-only), compacts the
// table the migrations it applied rewrote and says so; a schema already
// current is left alone.
func TestUpgradeCompactsWhatItRewrote(t *testing.T) {
	dsn := v2Catalogue(t, false)
	m, err := Upgrade(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	if m.From != 2 || m.To != SchemaVersion() || m.Compacted <= 0 {
		t.Fatalf("upgrading a version 2 catalogue: %+v; want from 2 to %d, compacted", m, SchemaVersion())
	}
	st := openDSN(t, dsn)
	if _, err := st.pool.Exec(context.Background(), `CREATE EXTENSION IF NOT EXISTS pgstattuple`); err != nil {
		t.Fatal(err)
	}
	var dead int64
	var pages, visible int
	if err := st.pool.QueryRow(context.Background(), `SELECT dead_tuple_count FROM pgstattuple('articles')`).Scan(&dead); err != nil {
		t.Fatal(err)
	}
	if err := st.pool.QueryRow(context.Background(), `SELECT relpages, relallvisible FROM pg_class WHERE relname = 'articles'`).Scan(&pages, &visible); err != nil {
		t.Fatal(err)
	}
	if dead != 0 || pages == 0 || visible < pages {
		t.Errorf("after the upgrade: %d dead rows, %d of %d pages all-visible", dead, visible, pages)
	}
	if again, err := Upgrade(context.Background(), dsn); err != nil || again != (Migrated{From: SchemaVersion(), To: SchemaVersion()}) {
		t.Errorf("upgrading a current catalogue: %+v, %v; want nothing done", again, err)
	}
	checkSizes(t, st)
}
