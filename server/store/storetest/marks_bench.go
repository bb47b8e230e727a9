package storetest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"strconv"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// MarksBenchSources is how many sources the marks benchmark catalogue has.
const MarksBenchSources = 1000

// MarksBenchEnd is the publication time of the benchmark catalogue's
// newest article; articles are one a second before it, spread over the
// sources at random.
var MarksBenchEnd = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)

// WriteMarksBenchJSONL writes the marks benchmark catalogue as import
// lines: MarksBenchSources sources over the seven categories, and n small
// articles, article i published i seconds before MarksBenchEnd.
func WriteMarksBenchJSONL(w io.Writer, n int) error {
	r := rand.New(rand.NewSource(7))
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	cats := model.Categories()
	for i := range MarksBenchSources {
		src := model.Source{ID: "s" + strconv.Itoa(i), Name: "Source " + strconv.Itoa(i), URL: "https://s.example",
			Category: cats[i%len(cats)], Language: "en", Country: "us"}
		if err := enc.Encode(src); err != nil {
			return err
		}
	}
	for i := range n {
		src := "s" + strconv.Itoa(r.Intn(MarksBenchSources))
		if err := enc.Encode(model.Article{Source: model.SourceRef{ID: src, Name: src}, Title: "Item " + strconv.Itoa(i),
			URL: "https://s.example/" + strconv.Itoa(i), PublishedAt: MarksBenchEnd.Add(-time.Duration(i) * time.Second)}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// marksBenchOwner is a new owner per benchmark iteration, so that each
// marks something.
func marksBenchOwner(name string, i int) store.Owner {
	return store.Owner(fmt.Sprintf("bench-%s-%d-%d", name, marksBenchRun, i))
}

// marksBenchRun tells this process's owners from earlier runs' (a
// benchmark catalogue file is reused).
var marksBenchRun = time.Now().UnixNano()

// BenchMarkAllRead measures MarkAllRead of everything in a catalogue of n
// articles (the budget: 100,000 in under 50 ms), each iteration by a new
// owner, and of one category (a seventh of the articles).
func BenchMarkAllRead(b *testing.B, st MarksBackend, n int) {
	i := 0
	b.Run("everything", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			i++
			got, err := st.MarkAllRead(marksCtx, marksBenchOwner("all", i), store.Scope{}, MarksBenchEnd)
			if err != nil || got != n {
				b.Fatalf("marked %d of %d: %v", got, n, err)
			}
		}
		reportCPU(b, cpu)
	})
	b.Run("category", func(b *testing.B) {
		scope := store.Scope{Headlines: &model.HeadlinesQuery{Category: model.Categories()[0]}}
		cpu := processCPU()
		for b.Loop() {
			i++
			if _, err := st.MarkAllRead(marksCtx, marksBenchOwner("cat", i), scope, MarksBenchEnd); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
}

// BenchUnreadBySource measures per-source unread counts (the budget:
// 1,000 sources at 1M articles in under 20 ms) for an owner who never
// marked anything, and for one who marked everything read up to the
// newest 10,000 articles, then read 1,000 of those and marked 100
// sources read.
func BenchUnreadBySource(b *testing.B, st MarksBackend) {
	b.Run("fresh-owner", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			if _, err := st.UnreadBy(marksCtx, "bench-fresh", model.UnreadBySource); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
	owner := marksBenchOwner("reader", 0)
	ids := MarksBenchReader(b, st, owner)
	for i := range 100 {
		if _, err := st.MarkAllRead(marksCtx, owner, store.Scope{Source: "s" + strconv.Itoa(i*10)}, MarksBenchEnd); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := st.SetRead(marksCtx, owner, ids[:1000], true); err != nil {
		b.Fatal(err)
	}
	b.Run("reader-after-a-write", func(b *testing.B) {
		// A new article each time: nothing counted before is reused.
		n := 0
		for b.Loop() {
			b.StopTimer()
			n++
			a := model.Article{Source: model.SourceRef{ID: "s1"}, Title: "New", URL: fmt.Sprintf("https://s.example/new/%d/%d", marksBenchRun, n),
				PublishedAt: MarksBenchEnd.Add(time.Duration(n) * time.Second)}
			if err := st.Add(marksCtx, nil, []model.Article{a}); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := st.UnreadBy(marksCtx, owner, model.UnreadBySource); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("reader", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			if _, err := st.UnreadBy(marksCtx, owner, model.UnreadBySource); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
}

// MarksBenchReader gives owner a reading list of 10,000 unread articles
// (everything older marked read) and returns their ids, newest first.
func MarksBenchReader(b *testing.B, st MarksBackend, owner store.Owner) []int64 {
	if _, err := st.MarkAllRead(marksCtx, owner, store.Scope{}, MarksBenchEnd.Add(-10_000*time.Second)); err != nil {
		b.Fatal(err)
	}
	ids, _, err := st.StreamIDs(marksCtx, owner, store.Stream{ExcludeRead: true, Limit: store.MaxStreamIDs})
	if err != nil || len(ids) != 10_000 {
		b.Fatalf("the reading list has %d unread, want 10,000: %v", len(ids), err)
	}
	return ids
}

// BenchStreamUnread measures the ids of a 10,000-unread reading list
// (the budget: under 20 ms at 1M articles), in one page of 10,000.
func BenchStreamUnread(b *testing.B, st MarksBackend) {
	owner := marksBenchOwner("stream", 0)
	MarksBenchReader(b, st, owner)
	cpu := processCPU()
	for b.Loop() {
		ids, _, err := st.StreamIDs(marksCtx, owner, store.Stream{ExcludeRead: true, Limit: store.MaxStreamIDs})
		if err != nil || len(ids) != 10_000 {
			b.Fatalf("%d ids: %v", len(ids), err)
		}
	}
	reportCPU(b, cpu)
}

// BenchSetRead measures marking 1,000 ids read (and back unread, in
// turn, so every call changes them all).
func BenchSetRead(b *testing.B, st MarksBackend) {
	owner := marksBenchOwner("setread", 0)
	ids, _, err := st.StreamIDs(marksCtx, owner, store.Stream{Limit: 1000})
	if err != nil || len(ids) != 1000 {
		b.Fatalf("%d ids: %v", len(ids), err)
	}
	read := true
	cpu := processCPU()
	for b.Loop() {
		if n, err := st.SetRead(marksCtx, owner, ids, read); err != nil || n != 1000 {
			b.Fatalf("changed %d: %v", n, err)
		}
		read = !read
	}
	reportCPU(b, cpu)
}
