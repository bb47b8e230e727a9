package store

import (
	"slices"
	"testing"
	"time"

	"tidings/stories"
)

// A pass forgets, per language, what is PassRetention behind the newest
// article of that language, and nothing of another language.
func TestPassRetirerRetiresPerLanguage(t *testing.T) {
	t0 := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	var r PassRetirer
	first := []stories.Doc{
		{ID: 1, Language: "en", Published: t0},
		{ID: 2, Language: "de", Published: t0},
		{ID: 3, Language: "en", Published: t0.Add(time.Hour)},
		{ID: 4, Language: "en"}, // undated: never indexed
	}
	if got := r.Grouped(first); len(got) != 0 {
		t.Fatalf("retired %v within the window", got)
	}
	later := []stories.Doc{{ID: 5, Language: "en", Published: t0.Add(PassRetention + 30*time.Minute)}}
	got := r.Grouped(later)
	if !slices.Equal(got, []int64{1}) {
		t.Fatalf("retired %v, want [1] (the German article's language has no newer one)", got)
	}
	if got := r.Grouped([]stories.Doc{{ID: 6, Language: "de", Published: t0.Add(PassRetention + time.Second)}}); !slices.Equal(got, []int64{2}) {
		t.Fatalf("retired %v, want [2]", got)
	}
}
