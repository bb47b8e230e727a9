package sqlite

import (
	"path/filepath"
	"testing"
	"time"

	"tidings/model"
)

// openShared opens two Stores on one new file, as `tidings serve` and a
// `tidings import` beside it do, each watching the file's change counter
// every few milliseconds.
func openShared(t *testing.T) (*Store, *Store) {
	t.Helper()
	old := watchInterval
	watchInterval = 5 * time.Millisecond
	t.Cleanup(func() { watchInterval = old })
	path := filepath.Join(t.TempDir(), "shared.db")
	one, two := openTestStoreEmpty(t, path), openTestStoreEmpty(t, path)
	for _, s := range []*Store{one, two} {
		if err := s.Watch(); err != nil {
			t.Fatal(err)
		}
	}
	return one, two
}

// waitForGeneration waits until s.Generation is no longer g.
func waitForGeneration(t *testing.T, s *Store, g uint64) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); s.Generation() == g; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("another process's write never changed the generation")
		}
	}
}

// A service answers from its caches until the catalogue changes, also
// when another process changed it (`tidings import` into the file a
// `tidings serve` reads): what the other wrote is found.
func TestAnotherProcesssWriteInvalidatesAnswers(t *testing.T) {
	served, importer := openShared(t)
	q := model.ArticlesQuery{Q: "sendai", Page: 1, PageSize: 10}
	search := func() int {
		t.Helper()
		p, err := served.Articles(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return p.TotalResults
	}
	if n := search(); n != 0 {
		t.Fatalf("an empty catalogue found %d", n)
	}
	for _, want := range []int{2, 3} {
		g := served.Generation()
		if err := importer.Add(ctx, storySources(), storyArticles()[want-2:want]); err != nil {
			t.Fatal(err)
		}
		waitForGeneration(t, served, g)
		if n := search(); n != want {
			t.Fatalf("after another process's import: %d found, want %d", n, want)
		}
	}
}

// A Store's Grouper is current with another process's writes: a report
// written after another process stored the event's first joins its story
// rather than starting one of its own.
func TestWriterGroupsWithAnotherProcesssStories(t *testing.T) {
	one, two := openShared(t)
	others := unrelated()
	// one writes first, so its Grouper has read this stretch of time.
	if err := one.Add(ctx, storySources(), others[:1]); err != nil {
		t.Fatal(err)
	}
	first := quake("wire", "https://wire.example/quake", 0, 1*time.Hour)
	if err := two.Add(ctx, nil, []model.Article{first}); err != nil {
		t.Fatal(err)
	}
	if err := one.Add(ctx, nil, []model.Article{quake("daily", "https://daily.example/quake", 1, 50*time.Minute)}); err != nil {
		t.Fatal(err)
	}
	byURL := allArticles(t, one)
	checkStories(t, byURL, []string{"https://daily.example/quake", "https://wire.example/quake"}, 2)
}
