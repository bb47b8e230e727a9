package demo

import (
	"testing"
	"time"
)

// The page index walks the generator as Catalogue does: every article of
// the catalogue is found, under its outlet, with its title.
func TestPageIndexIsTheCatalogue(t *testing.T) {
	idx := catalogueIndex.Get()
	_, articles := Catalogue(time.Now())
	if len(idx.stories) != len(articles) {
		t.Fatalf("the index has %d articles, the catalogue %d", len(idx.stories), len(articles))
	}
	titles := map[string]string{}
	for _, links := range idx.bySource {
		for _, l := range links {
			titles[l.URL] = l.Title
		}
	}
	for _, a := range articles {
		st, ok := idx.stories[a.URL]
		if !ok || st.src.ID != a.Source.ID || titles[a.URL] != a.Title {
			t.Fatalf("%s (%s, %q): index has %v from %v titled %q", a.URL, a.Source.ID, a.Title, ok, st.src, titles[a.URL])
		}
	}
}

func TestSplitMarker(t *testing.T) {
	for _, tc := range []struct {
		in, text string
		n        int
	}{
		{"Some text cut here… [+1234 chars]", "Some text cut here", 1234},
		{"Whole text.", "Whole text.", 0},
		{"Odd [+x chars]", "Odd [+x chars]", 0},
		{"", "", 0},
	} {
		if text, n := splitMarker(tc.in); text != tc.text || n != tc.n {
			t.Errorf("splitMarker(%q) = %q, %d", tc.in, text, n)
		}
	}
}
