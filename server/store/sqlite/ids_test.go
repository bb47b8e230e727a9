package sqlite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// oneSecondJSONL is n articles of one source, all published in the same
// second, as `tidings import` reads them.
func oneSecondJSONL(t testing.TB, n int, at time.Time) *bytes.Buffer {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.Encode(map[string]any{"type": "source", "id": "burst", "name": "Burst", "url": "https://burst.example/",
		"category": "general", "language": "en", "country": "us"})
	for i := range n {
		enc.Encode(map[string]any{"type": "article", "source": map[string]string{"id": "burst"},
			"title": fmt.Sprintf("Burst %d", i), "url": fmt.Sprintf("https://burst.example/%d", i),
			"publishedAt": at.UTC().Format(time.RFC3339)})
	}
	return &b
}

// countIDsBySecond counts the stored articles by the second of their id.
func countIDsBySecond(t testing.TB, s *Store) map[int64]int {
	t.Helper()
	rows, err := s.db.QueryContext(ctx, `SELECT id >> 16, count(*) FROM articles GROUP BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[int64]int{}
	for rows.Next() {
		var sec int64
		var n int
		if err := rows.Scan(&sec, &n); err != nil {
			t.Fatal(err)
		}
		m[sec] = n
	}
	return m
}

// More articles than a second has id slots (65,536) all store, in that
// second and the next: there is no ceiling per second. It used to fail
// with "too many articles published in the same second" after probing
// one INSERT per id. Into a catalogue that holds articles already (row by
// row) and into an empty file (the bulk load).
func TestMoreArticlesInOneSecondThanIDSlots(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("70,000 articles, minutes under -race; TestCrowdedSecondSpillsOver is the short form")
	}
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	const n = 70_000
	for _, tc := range []struct {
		name  string
		fresh bool
	}{{"into a catalogue with articles", false}, {"into an empty file", true}} {
		t.Run(tc.name, func(t *testing.T) {
			s := openTestStoreEmpty(t, filepath.Join(t.TempDir(), "news.db"))
			before := 0
			if !tc.fresh {
				if err := s.Add(ctx, nil, []model.Article{{Source: model.SourceRef{ID: "old"}, URL: "https://old.example/1",
					Title: "Old", PublishedAt: at}}); err != nil {
					t.Fatal(err)
				}
				before = 1
			}
			st, err := s.ImportJSONL(ctx, oneSecondJSONL(t, n, at))
			if err != nil || st.Articles != n {
				t.Fatalf("import: %+v, %v", st, err)
			}
			checkSpread(t, countIDsBySecond(t, s), at.Unix(), n+before)
			p, err := s.Headlines(ctx, model.HeadlinesQuery{Country: "us", Page: 1, PageSize: 1})
			if err != nil || p.TotalResults != n {
				t.Fatalf("headlines count %d, %v; want %d", p.TotalResults, err, n)
			}
		})
	}
}

// urlWithSlot finds a URL of prefix whose preferred id has the given slot.
func urlWithSlot(t testing.TB, prefix string, slot int64, not map[string]bool) string {
	t.Helper()
	for i := range 1 << 24 {
		u := fmt.Sprintf("%s%d", prefix, i)
		if store.PreferredID(0, u) == slot && !not[u] {
			return u
		}
	}
	t.Fatalf("no URL of slot %d", slot)
	return ""
}

// A second whose lowest and highest slots are taken has no room at
// either end: an article whose preferred id collides there goes to the
// next second, in one lookup, instead of probing 65,536 ids.
func TestCrowdedSecondSpillsOver(t *testing.T) {
	s := openTestStore(t)
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	low := urlWithSlot(t, "https://crowd.example/low/", 0, nil)
	high := urlWithSlot(t, "https://crowd.example/high/", 0xffff, nil)
	clash := urlWithSlot(t, "https://crowd.example/clash/", 0xffff, map[string]bool{high: true})
	arts := []model.Article{}
	for _, u := range []string{low, high, clash} {
		arts = append(arts, model.Article{Source: model.SourceRef{ID: "crowd"}, URL: u, Title: u, PublishedAt: at})
	}
	if err := s.Add(ctx, nil, arts); err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	rows, err := s.db.QueryContext(ctx, `SELECT url, id FROM articles WHERE source_id = 'crowd'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var u string
		var id int64
		rows.Scan(&u, &id)
		ids[u] = id
	}
	rows.Close()
	sec := at.Unix()
	if ids[low] != sec<<16 || ids[high] != sec<<16|0xffff {
		t.Fatalf("preferred ids not kept: %v", ids)
	}
	if ids[clash] != (sec+1)<<16 {
		t.Fatalf("the colliding article has id %d (second %d), want the first of second %d", ids[clash], ids[clash]>>16, sec+1)
	}
}

// A flood of undated items through the feed path (all of one "seen"
// second) stores every item: the bound on items is the poller's, not the
// store's.
func TestUndatedFloodThroughTheFeedPathStoresAll(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("70,000 items, minutes under -race")
	}
	// A store holding only the feed: the fixture's articles would be
	// counted among the flood's.
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.AddFeed(ctx, testFeed("kiwi", "https://kiwi.example/feed.xml")); err != nil {
		t.Fatal(err)
	}
	seen := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	const n = 70_000
	items := make([]store.FeedItem, n)
	for i := range items {
		items[i] = store.FeedItem{GUID: fmt.Sprint(i), Article: model.Article{URL: fmt.Sprintf("http://h/%d", i), Title: "In"}}
	}
	st, err := s.SaveFeedItems(ctx, "kiwi", items, store.FeedPoll{LastSuccess: seen}, seen)
	if err != nil || st.New != n {
		t.Fatalf("save: %+v, %v", st, err)
	}
	checkSpread(t, countIDsBySecond(t, s), seen.Unix(), n)
}

// checkSpread checks that the n articles of second sec are in it or the
// few after it, as store.IDAllocator promises: about n/65,536 seconds,
// plus the ends of the crowded ones.
func checkSpread(t *testing.T, bySec map[int64]int, sec int64, n int) {
	t.Helper()
	total := 0
	for s, k := range bySec {
		if s < sec || s > sec+int64(n>>16)+2 {
			t.Errorf("%d articles of second %d have ids of second %d", k, sec, s)
		}
		total += k
	}
	if total != n {
		t.Fatalf("%d articles stored, want %d (ids by second: %v)", total, n, bySec)
	}
}
