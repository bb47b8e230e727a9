package sqlite

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// The rules of feed ingestion both backends share are tested once, for
// both, in package storetest (Feeds); what stays here is the SQLite
// store's own: batches of transactions, upgrades, what readers see
// mid-write.

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

// pollsEqual compares poll states to the second, as they are stored.
func pollsEqual(a, b store.FeedPoll) bool {
	for _, t := range []*time.Time{&a.LastAttempt, &a.LastSuccess, &a.NextPoll, &b.LastAttempt, &b.LastSuccess, &b.NextPoll} {
		*t = t.Truncate(time.Second)
	}
	return a.ETag == b.ETag && a.LastModified == b.LastModified && a.LastAttempt.Equal(b.LastAttempt) &&
		a.LastSuccess.Equal(b.LastSuccess) && a.LastError == b.LastError && a.Failures == b.Failures &&
		a.NextPoll.Equal(b.NextPoll) && a.Disabled == b.Disabled && a.MinInterval == b.MinInterval
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
