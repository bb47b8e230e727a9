package demo

import (
	"reflect"
	"strings"
	"testing"
)

func TestCatalogueRoundZeroIsTheCatalogue(t *testing.T) {
	s0, a0 := CatalogueRound(testNow, 0)
	s, a := Catalogue(testNow)
	if !reflect.DeepEqual(s0, s) || !reflect.DeepEqual(a0, a) {
		t.Fatal("round 0 differs from Catalogue")
	}
}

func TestCatalogueRoundsDifferAndKeepURLsUnique(t *testing.T) {
	_, a0 := CatalogueRound(testNow, 0)
	_, a1 := CatalogueRound(testNow.Add(-Window), 1)
	_, a1again := CatalogueRound(testNow.Add(-Window), 1)
	if !reflect.DeepEqual(a1, a1again) {
		t.Fatal("a round is not deterministic")
	}
	urls := map[string]bool{}
	sameTitles := 0
	for i, a := range a0 {
		urls[a.URL] = true
		if i < len(a1) && a1[i].Title == a.Title {
			sameTitles++
		}
	}
	for _, a := range a1 {
		if urls[a.URL] {
			t.Fatalf("URL %s is in rounds 0 and 1", a.URL)
		}
		if !strings.HasSuffix(a.URL, "-r1") {
			t.Fatalf("round 1 URL %s lacks its round suffix", a.URL)
		}
		if a.PublishedAt.After(testNow.Add(-Window)) {
			t.Fatalf("round 1 article published %v, after its round's now", a.PublishedAt)
		}
	}
	if sameTitles > len(a0)/2 {
		t.Fatalf("%d of %d titles repeat round 0 at the same position: rounds should draw other stories", sameTitles, len(a0))
	}
}
