package state

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestReadHistoryRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	empty, err := s.ReadKeys(ctx)
	must(t, err)
	if len(empty) != 0 || empty.Has("x") {
		t.Fatalf("new history is not empty: %v", empty)
	}
	keys := []string{"https://a.example/1", "sha256:abc", "", "ünïcode/ключ", "https://a.example/1 "}
	for i, k := range keys {
		must(t, s.MarkRead(ctx, k, t0.Add(time.Duration(i)*time.Minute)))
	}
	read, err := s.ReadKeys(ctx)
	must(t, err)
	for _, k := range keys {
		if !read.Has(k) {
			t.Errorf("%q not read", k)
		}
	}
	if read.Has("https://a.example/2") || len(read) != len(keys) {
		t.Errorf("history %v has more than was read", read)
	}
	read.Add("https://a.example/2")
	if !read.Has("https://a.example/2") {
		t.Error("Add did not add")
	}
	var nilSet ReadSet
	if nilSet.Has("x") {
		t.Error("nil set has something")
	}
}

// TestReadHistoryIsBounded marks more than the limit: the entries read
// longest ago go first, and reading one again makes it recent.
func TestReadHistoryIsBounded(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	s.SetHistoryLimit(5)
	key := func(i int) string { return fmt.Sprintf("k%d", i) }
	for i := range 5 {
		must(t, s.MarkRead(ctx, key(i), t0.Add(time.Duration(i)*time.Minute)))
	}
	must(t, s.MarkRead(ctx, key(0), t0.Add(time.Hour))) // k0 is now the newest
	for i := 5; i < 8; i++ {
		must(t, s.MarkRead(ctx, key(i), t0.Add(time.Hour+time.Duration(i)*time.Minute)))
	}
	read, err := s.ReadKeys(ctx)
	must(t, err)
	if len(read) != 5 {
		t.Fatalf("history holds %d entries, limit 5", len(read))
	}
	for i, want := range []bool{true, false, false, false, true, true, true, true} {
		if read.Has(key(i)) != want {
			t.Errorf("%s read = %v, want %v", key(i), !want, want)
		}
	}
	// Lowering the limit prunes at the next write; a limit below 1 is the default.
	s.SetHistoryLimit(2)
	must(t, s.MarkRead(ctx, "k8", t0.Add(2*time.Hour)))
	read, _ = s.ReadKeys(ctx)
	if len(read) != 2 || !read.Has("k8") || !read.Has("k7") {
		t.Errorf("after lowering the limit to 2: %d entries", len(read))
	}
	s.SetHistoryLimit(0)
	if s.maxRead.Load() != DefaultHistoryLimit {
		t.Errorf("SetHistoryLimit(0) set %d", s.maxRead.Load())
	}
}

// m on a read article makes it unread again, in the next session too.
func TestMarkUnreadForgetsTheArticle(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	must(t, s.MarkRead(ctx, "https://a.example/1", t0))
	must(t, s.MarkRead(ctx, "https://a.example/2", t0))
	must(t, s.MarkUnread(ctx, "https://a.example/1"))
	must(t, s.MarkUnread(ctx, "https://a.example/never-read"))
	read, err := s.ReadKeys(ctx)
	must(t, err)
	if read.Has("https://a.example/1") || !read.Has("https://a.example/2") {
		t.Fatalf("after unmarking 1: 1 read %v, 2 read %v", read.Has("https://a.example/1"), read.Has("https://a.example/2"))
	}
	read.Remove("https://a.example/2")
	if read.Has("https://a.example/2") {
		t.Fatal("Remove did not remove")
	}
}
