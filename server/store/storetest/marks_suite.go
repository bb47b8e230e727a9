package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// RunMarks runs the marks conformance suite (docs/marks.md) on the
// backends open makes, each test on a new, empty catalogue.
func RunMarks(t *testing.T, open func(t *testing.T) MarksBackend) {
	tests := []struct {
		name string
		run  func(t *testing.T, b MarksBackend)
	}{
		{"EveryArticleStartsUnread", testStartsUnread},
		{"SetReadCountsChangesAndIgnoresUnknownIDs", testSetRead},
		{"TwoOwnersNeverSeeEachOthersMarks", testOwnersApart},
		{"MarkAllReadLeavesLaterArticlesUnread", testLaterStaysUnread},
		{"AnArticleMarkedUnreadAfterMarkAllReadStaysUnread", testUnreadAfterAll},
		{"MarkAllReadOfOneSourceOrCategory", testScopedMarkAllRead},
		{"MarkAllReadOfASearch", testSearchScope},
		{"UnreadCountsPerSourceAndFeed", testUnreadBy},
		{"StarredIsApartFromRead", testStarred},
		{"StreamsFilterByReadStarredAndTime", testStreamFilters},
		{"AThousandIDsPerCall", testThousandIDs},
		{"StreamContinuationOver10000Items", testLongStream},
		{"EveryWriteMovesTheOwnersVersion", testVersion},
		{"AnswersAreTheSameWithTheVersionSaid", testVersionSaid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, open(t)) })
	}
}

var marksCtx = context.Background()

func testStartsUnread(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 6)
	for id, m := range marksOf(t, b, ownerA, ids...) {
		if m.Read || m.Starred {
			t.Errorf("article %d starts %+v, want unread and not starred", id, m)
		}
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 6 {
		t.Errorf("unread of everything = %d, want 6", n)
	}
}

func testSetRead(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 6)
	n, err := b.SetRead(marksCtx, ownerA, []int64{ids[0], ids[1], 12345}, true)
	if err != nil || n != 2 {
		t.Fatalf("SetRead of two articles and an unknown id = %d, %v; want 2 changed", n, err)
	}
	if n, _ := b.SetRead(marksCtx, ownerA, []int64{ids[0], ids[1]}, true); n != 0 {
		t.Errorf("marking read articles read again changed %d, want 0", n)
	}
	m := marksOf(t, b, ownerA, ids[0], ids[2], 12345)
	if !m[ids[0]].Read || m[ids[2]].Read {
		t.Errorf("marks = %+v, want the first read and the third unread", m)
	}
	if _, ok := m[12345]; ok {
		t.Error("an unknown id has marks")
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 4 {
		t.Errorf("unread = %d after reading 2 of 6, want 4", n)
	}
	if n, _ := b.SetRead(marksCtx, ownerA, []int64{ids[0]}, false); n != 1 {
		t.Errorf("marking a read article unread changed %d, want 1", n)
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 5 {
		t.Errorf("unread = %d, want 5", n)
	}
}

func testOwnersApart(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 6)
	if _, err := b.SetRead(marksCtx, ownerA, ids[:2], true); err != nil {
		t.Fatal(err)
	}
	if _, err := b.SetStarred(marksCtx, ownerA, ids[2:3], true); err != nil {
		t.Fatal(err)
	}
	if _, err := b.MarkAllRead(marksCtx, ownerB, store.Scope{Source: "bytes"}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for id, m := range marksOf(t, b, ownerB, ids[:3]...) {
		if m.Starred || (m.Read && id != ids[2]) {
			t.Errorf("ownerB sees %+v on article %d, which only ownerA marked", m, id)
		}
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 4 {
		t.Errorf("ownerA's unread = %d, want 4 (ownerB's mark-all-read is his)", n)
	}
	if n := marksUnread(t, b, ownerB, store.Scope{}); n != 4 {
		t.Errorf("ownerB's unread = %d, want 4 (the 2 bytes articles are read)", n)
	}
	starred, _ := marksStream(t, b, ownerB, store.Stream{OnlyStarred: true})
	if len(starred) != 0 {
		t.Errorf("ownerB's starred stream holds ownerA's star: %v", starred)
	}
}

func testLaterStaysUnread(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 6)
	n, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{}, marksMinute(2))
	if err != nil || n != 4 {
		t.Fatalf("MarkAllRead up to article 2 = %d, %v; want the 4 articles 2..5", n, err)
	}
	m := marksOf(t, b, ownerA, ids...)
	for i, id := range ids {
		if want := i >= 2; m[id].Read != want {
			t.Errorf("article %d read = %v, want %v", i, m[id].Read, want)
		}
	}
	newer := model.Article{Source: model.SourceRef{ID: "daily"}, Title: "Later", URL: "https://daily.example/new",
		PublishedAt: marksBase.Add(time.Hour)}
	if err := b.Add(marksCtx, nil, []model.Article{newer}); err != nil {
		t.Fatal(err)
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 3 {
		t.Errorf("unread = %d after a newer article arrived, want 3 (2 left + the new one)", n)
	}
	if n, _ := b.MarkAllRead(marksCtx, ownerA, store.Scope{}, marksMinute(2)); n != 0 {
		t.Errorf("marking the same span read again changed %d, want 0", n)
	}
}

func testUnreadAfterAll(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 6)
	if _, err := b.SetRead(marksCtx, ownerA, ids[:1], true); err != nil {
		t.Fatal(err)
	}
	if _, err := b.SetRead(marksCtx, ownerA, ids[4:5], false); err != nil {
		t.Fatal(err)
	}
	n, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{}, time.Time{})
	if err != nil || n != 5 {
		t.Fatalf("MarkAllRead of everything = %d, %v; want 5 (one was read)", n, err)
	}
	if n, _ := b.SetRead(marksCtx, ownerA, ids[3:4], false); n != 1 {
		t.Fatalf("marking one unread changed %d, want 1", n)
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 1 {
		t.Errorf("unread = %d, want 1", n)
	}
	got, _ := marksStream(t, b, ownerA, store.Stream{ExcludeRead: true})
	if !slices.Equal(got, ids[3:4]) {
		t.Errorf("unread stream = %v, want %v", got, ids[3:4])
	}
	if by, _ := b.UnreadBy(marksCtx, ownerA, model.UnreadBySource); len(by) != 1 || by["daily"] != 1 {
		t.Errorf("unread by source = %v, want daily: 1", by)
	}
}

func testScopedMarkAllRead(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 9) // daily 0,3,6; herald 1,4,7; bytes 2,5,8
	n, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{Source: "daily"}, time.Time{})
	if err != nil || n != 3 {
		t.Fatalf("MarkAllRead of daily = %d, %v; want 3", n, err)
	}
	if n := marksUnread(t, b, ownerA, store.Scope{Source: "daily"}); n != 0 {
		t.Errorf("daily unread = %d, want 0", n)
	}
	tech := store.Scope{Headlines: &model.HeadlinesQuery{Category: "technology"}}
	if n, _ := b.MarkAllRead(marksCtx, ownerA, tech, marksMinute(5)); n != 2 {
		t.Errorf("MarkAllRead of technology up to article 5 = %d, want 2 (5 and 8)", n)
	}
	m := marksOf(t, b, ownerA, ids[2], ids[5], ids[1])
	if m[ids[2]].Read || !m[ids[5]].Read || m[ids[1]].Read {
		t.Errorf("marks %+v: want bytes 2 unread, 5 read, herald 1 unread", m)
	}
	unread, _ := marksStream(t, b, ownerA, store.Stream{ExcludeRead: true})
	if want := []int64{ids[1], ids[2], ids[4], ids[7]}; !slices.Equal(unread, want) {
		t.Errorf("unread stream after marking sources read = %v, want %v", unread, want)
	}
	read, _ := marksStream(t, b, ownerA, store.Stream{OnlyRead: true, OldestFirst: true})
	if want := []int64{ids[8], ids[6], ids[5], ids[3], ids[0]}; !slices.Equal(read, want) {
		t.Errorf("read stream oldest first = %v, want %v", read, want)
	}
	us := store.Scope{Headlines: &model.HeadlinesQuery{Country: "us"}}
	if n := marksUnread(t, b, ownerA, us); n != 4 {
		t.Errorf("unread in the us = %d, want 4 (herald's 3 and bytes 2)", n)
	}
	if n := marksUnread(t, b, ownerA, store.Scope{Category: "general"}); n != 3 {
		t.Errorf("unread in general = %d, want herald's 3", n)
	}
}

func testSearchScope(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 6) // even articles are about the harbour
	s := store.Scope{Articles: &model.ArticlesQuery{Q: "harbour"}}
	if n := marksUnread(t, b, ownerA, s); n != 3 {
		t.Fatalf("unread harbour articles = %d, want 3", n)
	}
	n, err := b.MarkAllRead(marksCtx, ownerA, s, marksMinute(2))
	if err != nil || n != 2 {
		t.Fatalf("MarkAllRead of the harbour search up to article 2 = %d, %v; want 2", n, err)
	}
	m := marksOf(t, b, ownerA, ids...)
	for i, id := range ids {
		if want := i%2 == 0 && i >= 2; m[id].Read != want {
			t.Errorf("article %d read = %v, want %v", i, m[id].Read, want)
		}
	}
	got, _ := marksStream(t, b, ownerA, store.Stream{Scope: s, ExcludeRead: true})
	if !slices.Equal(got, ids[:1]) {
		t.Errorf("unread harbour stream = %v, want %v", got, ids[:1])
	}
}

func testUnreadBy(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 9)
	if err := b.AddFeed(marksCtx, store.Feed{Source: model.Source{ID: "gazette", Name: "Gazette"}, URL: "https://gazette.example/rss"}); err != nil {
		t.Fatal(err)
	}
	items := []store.FeedItem{{GUID: "g1", Article: model.Article{URL: "https://gazette.example/1", Title: "One", PublishedAt: marksMinute(1)}},
		{GUID: "g2", Article: model.Article{URL: "https://gazette.example/2", Title: "Two", PublishedAt: marksMinute(20)}}}
	if _, err := b.SaveFeedItems(marksCtx, "gazette", items, store.FeedPoll{LastSuccess: marksBase}, marksBase); err != nil {
		t.Fatal(err)
	}
	if _, err := b.SetRead(marksCtx, ownerA, ids[:2], true); err != nil { // daily 0, herald 1
		t.Fatal(err)
	}
	if _, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{Source: "bytes"}, marksMinute(5)); err != nil { // bytes 2, 5
		t.Fatal(err)
	}
	want := map[string]int{"daily": 2, "herald": 2, "bytes": 1, "gazette": 2}
	if by, err := b.UnreadBy(marksCtx, ownerA, model.UnreadBySource); err != nil || !marksEqual(by, want) {
		t.Errorf("unread by source = %v, %v; want %v", by, err, want)
	}
	if _, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{Feed: "gazette"}, marksMinute(10)); err != nil {
		t.Fatal(err)
	}
	if by, err := b.UnreadBy(marksCtx, ownerA, model.UnreadByFeed); err != nil || !marksEqual(by, map[string]int{"gazette": 1}) {
		t.Errorf("unread by feed = %v, %v; want gazette: 1", by, err)
	}
	if by, _ := b.UnreadBy(marksCtx, ownerB, model.UnreadBySource); !marksEqual(by, map[string]int{"daily": 3, "herald": 3, "bytes": 3, "gazette": 2}) {
		t.Errorf("ownerB's unread by source = %v, want every article", by)
	}
}

func marksEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func testStarred(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 6)
	n, err := b.SetStarred(marksCtx, ownerA, []int64{ids[1], ids[4], 999}, true)
	if err != nil || n != 2 {
		t.Fatalf("SetStarred = %d, %v; want 2", n, err)
	}
	if _, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	m := marksOf(t, b, ownerA, ids[1], ids[4])
	if !m[ids[1]].Starred || !m[ids[1]].Read || !m[ids[4]].Starred {
		t.Errorf("marks = %+v, want both starred (and read)", m)
	}
	got, _ := marksStream(t, b, ownerA, store.Stream{OnlyStarred: true})
	if !slices.Equal(got, []int64{ids[1], ids[4]}) {
		t.Errorf("starred stream = %v, want %v", got, []int64{ids[1], ids[4]})
	}
	if n, _ := b.SetStarred(marksCtx, ownerA, ids[1:2], false); n != 1 {
		t.Errorf("unstarring changed %d, want 1", n)
	}
	if m := marksOf(t, b, ownerA, ids[1]); m[ids[1]].Starred || !m[ids[1]].Read {
		t.Errorf("after unstarring: %+v, want read, not starred", m[ids[1]])
	}
}

func testStreamFilters(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 10)
	if _, err := b.SetRead(marksCtx, ownerA, []int64{ids[0], ids[5]}, true); err != nil {
		t.Fatal(err)
	}
	read, _ := marksStream(t, b, ownerA, store.Stream{OnlyRead: true})
	if !slices.Equal(read, []int64{ids[0], ids[5]}) {
		t.Errorf("read stream = %v", read)
	}
	oldest, pages := marksStream(t, b, ownerA, store.Stream{ExcludeRead: true, OldestFirst: true, Limit: 3})
	want := marksWithout(ids, ids[0], ids[5])
	slices.Reverse(want)
	if !slices.Equal(oldest, want) || pages != 3 {
		t.Errorf("unread oldest first in pages of 3 = %v in %d pages, want %v in 3", oldest, pages, want)
	}
	// ot/nt: published after article 7 and before article 2.
	span, _ := marksStream(t, b, ownerA, store.Stream{After: marksMinute(7), Before: marksMinute(2)})
	if !slices.Equal(span, ids[3:7]) {
		t.Errorf("articles between = %v, want %v", span, ids[3:7])
	}
	daily, _ := marksStream(t, b, ownerA, store.Stream{Scope: store.Scope{Feed: "daily"}, ExcludeRead: true})
	if !slices.Equal(daily, []int64{ids[3], ids[6], ids[9]}) {
		t.Errorf("daily's unread = %v", daily)
	}
	if _, _, err := b.StreamIDs(marksCtx, ownerA, store.Stream{Continuation: "not-a-token"}); err == nil {
		t.Error("a made-up continuation was accepted")
	}
}

func testThousandIDs(t *testing.T, b MarksBackend) {
	ids := marksFixture(t, b, 2500)
	n, err := b.SetRead(marksCtx, ownerA, ids[:1000], true)
	if err != nil || n != 1000 {
		t.Fatalf("SetRead of 1,000 ids = %d, %v", n, err)
	}
	n, err = b.SetStarred(marksCtx, ownerA, ids[500:2500], true)
	if err != nil || n != 2000 {
		t.Fatalf("SetStarred of 2,000 ids = %d, %v", n, err)
	}
	m := marksOf(t, b, ownerA, ids[:1000]...)
	if len(m) != 1000 || !m[ids[999]].Read || m[ids[0]].Starred || !m[ids[500]].Starred {
		t.Errorf("marks of 1,000 ids: %d answered", len(m))
	}
	arts, err := b.ArticlesByID(marksCtx, ids[1000:2000])
	if err != nil || len(arts) != 1000 || arts[0].URL != marksArticles(1001)[1000].URL {
		t.Errorf("ArticlesByID of 1,000 ids gave %d, %v", len(arts), err)
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 1500 {
		t.Errorf("unread = %d, want 1,500", n)
	}
}

func testLongStream(t *testing.T, b MarksBackend) {
	if testing.Short() {
		t.Skip("10,000 articles")
	}
	ids := marksFixture(t, b, 10_500)
	if n, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{}, marksMinute(10_000)); err != nil || n != 500 {
		t.Fatalf("MarkAllRead of the oldest 500 (a week of articles) = %d, %v", n, err)
	}
	got, pages := marksStream(t, b, ownerA, store.Stream{ExcludeRead: true, Limit: 1000})
	if len(got) != 10_000 || pages != 10 || !marksSorted(got, false) || !slices.Equal(got, ids[:10_000]) {
		t.Fatalf("unread stream in pages of 1,000: %d ids in %d pages, want the newest 10,000 in 10", len(got), pages)
	}
	all, _ := marksStream(t, b, ownerA, store.Stream{Limit: store.MaxStreamIDs, OldestFirst: true})
	if len(all) != 10_500 || !marksSorted(all, true) {
		t.Errorf("the whole list oldest first: %d ids, sorted %v", len(all), marksSorted(all, true))
	}
	if n := marksUnread(t, b, ownerA, store.Scope{}); n != 10_000 {
		t.Errorf("unread = %d, want 10,000", n)
	}
}

func testVersion(t *testing.T, b MarksBackend) {
	v, ok := b.(store.MarksVersioner)
	if !ok {
		t.Skip("the backend keeps no marks version")
	}
	ids := marksFixture(t, b, 3)
	version := func(o store.Owner) int64 {
		t.Helper()
		n, err := v.MarksVersion(marksCtx, o)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	writes := []func() error{
		func() error { _, err := b.SetRead(marksCtx, ownerA, ids[:1], true); return err },
		func() error { _, err := b.SetStarred(marksCtx, ownerA, ids[:1], true); return err },
		func() error { _, err := b.SetStarred(marksCtx, ownerA, ids[:1], false); return err },
		func() error {
			_, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{Source: "daily"}, time.Time{})
			return err
		},
	}
	others := version(ownerB)
	for i, write := range writes {
		before := version(ownerA)
		if err := write(); err != nil {
			t.Fatal(err)
		}
		if version(ownerA) == before {
			t.Errorf("write %d left the owner's marks version at %d", i, before)
		}
	}
	if version(ownerB) != others {
		t.Error("another owner's writes moved this owner's version")
	}
}

// A request says the owner's marks version it read (the service keys its
// cached answer with it); the rule then skips the lookups of an owner who
// never marked anything. Its answers must be the store's own: for a new
// owner (whose version must be 0, the rule's premise), for an owner with
// marks at their version, and when the version said is another owner's.
func testVersionSaid(t *testing.T, b MarksBackend) {
	v, ok := b.(store.MarksVersioner)
	if !ok {
		t.Skip("the backend keeps no marks version")
	}
	ids := marksFixture(t, b, 9)
	if _, err := b.SetRead(marksCtx, ownerA, ids[:2], true); err != nil {
		t.Fatal(err)
	}
	if _, err := b.SetStarred(marksCtx, ownerA, ids[2:3], true); err != nil {
		t.Fatal(err)
	}
	if _, err := b.MarkAllRead(marksCtx, ownerA, store.Scope{Source: "bytes"}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if n, err := v.MarksVersion(marksCtx, ownerB); err != nil || n != 0 {
		t.Fatalf("a new owner's marks version = %d, %v; want 0 (an owner at 0 has no marks)", n, err)
	}
	va, err := v.MarksVersion(marksCtx, ownerA)
	if err != nil || va == 0 {
		t.Fatalf("marks version after writes = %d, %v", va, err)
	}
	scopes := []store.Scope{{}, {Source: "daily"}, {Category: "general"},
		{Headlines: &model.HeadlinesQuery{Country: "us"}}, {Articles: &model.ArticlesQuery{Q: "harbour"}}}
	check := func(owner store.Owner, said context.Context, how string) {
		t.Helper()
		want, err := b.MarksOf(marksCtx, owner, ids)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.MarksOf(said, owner, ids)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if got[id] != want[id] {
				t.Errorf("%s: marks of %d = %+v, want %+v", how, id, got[id], want[id])
			}
		}
		for _, sc := range scopes {
			want, err := b.UnreadCount(marksCtx, owner, sc)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := b.UnreadCount(said, owner, sc); err != nil || got != want {
				t.Errorf("%s: unread of %+v = %d, %v; want %d", how, sc, got, err, want)
			}
		}
	}
	check(ownerB, store.WithMarksVersion(marksCtx, ownerB, 0), "a new owner at version 0")
	check(ownerA, store.WithMarksVersion(marksCtx, ownerA, va), "an owner with marks at their version")
	check(ownerA, store.WithMarksVersion(marksCtx, ownerB, 0), "an owner with marks, another's version said")
}
