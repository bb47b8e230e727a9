package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// The rule of article ids is store.IDAllocator's; these check that the
// PostgreSQL backend runs it: no probing, no ceiling per second.

func oneSecondJSONL(n int, at time.Time) *bytes.Buffer {
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

func idsBySecond(t *testing.T, s *Store) map[int64]int {
	t.Helper()
	rows, err := s.pool.Query(context.Background(), `SELECT id >> 16, count(*) FROM articles GROUP BY 1`)
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

// More articles of one second than it has id slots (65,536) all store.
// The second is first filled with 60,000 rows by SQL (the server makes
// them in seconds), then 10,000 more of it are imported, into a catalogue
// with articles (row by row): the old probing found the 5,536 slots left
// and then failed with "too many articles published in the same second".
func TestMoreArticlesInOneSecondThanIDSlots(t *testing.T) {
	if testing.Short() {
		t.Skip("70,000 rows; TestCrowdedSecondSpillsOver is the short form")
	}
	ctx := context.Background()
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	sec := at.Unix()
	s := openTest(t)
	const filled, n = 60_000, 10_000
	if _, err := s.pool.Exec(ctx, `INSERT INTO articles(id, url, source_id, source_name, author, title,
		description, url_to_image, published_at, content, popularity, rhost)
	SELECT ($1::bigint << 16) + g::bigint * 65536 / $2, 'https://filled.example/' || g, 'filled', 'Filled', '', 'Filled',
		'', '', $1, '', 0, 'example.filled'
	FROM generate_series(0, $2 - 1) AS g`, sec, filled); err != nil {
		t.Fatal(err)
	}
	st, err := s.ImportJSONL(ctx, oneSecondJSONL(n, at))
	if err != nil || st.Articles != n {
		t.Fatalf("import: %+v, %v", st, err)
	}
	checkSpread(t, idsBySecond(t, s), sec, filled+n)
}

func urlWithSlot(t *testing.T, prefix string, slot int64, not string) string {
	t.Helper()
	for i := range 1 << 24 {
		u := fmt.Sprintf("%s%d", prefix, i)
		if store.PreferredID(0, u) == slot && u != not {
			return u
		}
	}
	t.Fatalf("no URL of slot %d", slot)
	return ""
}

// A second whose lowest and highest slots are taken sends an article
// whose preferred id collides to the next second, through the import path
// and the feed path alike.
func TestCrowdedSecondSpillsOver(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	sec := at.Unix()
	low := urlWithSlot(t, "https://crowd.example/low/", 0, "")
	high := urlWithSlot(t, "https://crowd.example/high/", 0xffff, "")
	clash := urlWithSlot(t, "https://crowd.example/clash/", 0xffff, high)
	clash2 := urlWithSlot(t, "https://crowd.example/clash/", 0, low)

	s := openTest(t)
	if err := s.AddFeed(ctx, store.Feed{Source: model.Source{ID: "crowd", Name: "Crowd"}, URL: "https://crowd.example/feed"}); err != nil {
		t.Fatal(err)
	}
	var arts []model.Article
	for _, u := range []string{low, high, clash} {
		arts = append(arts, model.Article{Source: model.SourceRef{ID: "crowd"}, URL: u, Title: u, PublishedAt: at})
	}
	if err := s.Add(ctx, nil, arts); err != nil {
		t.Fatal(err)
	}
	item := store.FeedItem{GUID: "c2", Article: model.Article{URL: clash2, Title: "c2", PublishedAt: at}}
	if _, err := s.SaveFeedItems(ctx, "crowd", []store.FeedItem{item}, store.FeedPoll{}, at); err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	rows, err := s.pool.Query(ctx, `SELECT url, id FROM articles`)
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
	if ids[low] != sec<<16 || ids[high] != sec<<16|0xffff {
		t.Fatalf("preferred ids not kept: %v", ids)
	}
	if ids[clash] != (sec+1)<<16 || ids[clash2] != (sec+1)<<16|1 {
		t.Fatalf("colliding articles have ids %d and %d, want the first two of second %d", ids[clash], ids[clash2], sec+1)
	}
}
