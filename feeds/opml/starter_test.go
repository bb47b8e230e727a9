package opml

import (
	"bytes"
	"net/url"
	"testing"

	"tidings/model"
)

// The starter list is what `tidings feeds import --starter` subscribes a
// new user to: it must parse cleanly and cover the world. These tests read
// only the embedded file; none of its addresses is ever fetched.
func TestTheStarterListParsesWithoutWarnings(t *testing.T) {
	outlines, warnings, err := Parse(bytes.NewReader(StarterOPML()))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	for _, w := range warnings {
		t.Errorf("warning: %s", w)
	}
	if got := Starter(); len(got) != len(outlines) {
		t.Errorf("Starter() has %d outlines, the file %d", len(got), len(outlines))
	}
}

func TestTheStarterListCoversCountriesLanguagesAndCategories(t *testing.T) {
	outlines := Starter()
	if len(outlines) < 60 {
		t.Errorf("%d feeds, want at least 60", len(outlines))
	}
	countries := map[model.Country]int{}
	languages := map[model.Language]int{}
	categories := map[model.Category]int{}
	addresses := map[string]bool{}
	for _, o := range outlines {
		if o.Title == "" || o.Category == "" || o.Language == "" || o.Country == "" {
			t.Errorf("incomplete outline %+v", o)
		}
		for _, addr := range []string{o.XMLURL, o.HTMLURL} {
			u, err := url.Parse(addr)
			if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				t.Errorf("%q: %q is not an http(s) address", o.Title, addr)
			}
		}
		if addresses[o.XMLURL] {
			t.Errorf("%q: feed %s is listed twice", o.Title, o.XMLURL)
		}
		addresses[o.XMLURL] = true
		countries[o.Country]++
		languages[o.Language]++
		categories[o.Category]++
	}
	if len(countries) < 12 {
		t.Errorf("%d countries, want at least 12: %v", len(countries), countries)
	}
	if len(languages) < 8 {
		t.Errorf("%d languages, want at least 8: %v", len(languages), languages)
	}
	for _, c := range model.Categories() {
		if categories[c] == 0 {
			t.Errorf("no feed in category %s", c)
		}
	}
	t.Logf("%d feeds, %d countries, %d languages; per category %v", len(outlines), len(countries), len(languages), categories)
}

func TestStarterReturnsCopies(t *testing.T) {
	a := Starter()
	a[0].Title = "changed"
	if Starter()[0].Title == "changed" {
		t.Error("changing Starter()'s result changed the starter list")
	}
	b := StarterOPML()
	b[0] = 'X'
	if StarterOPML()[0] == 'X' {
		t.Error("changing StarterOPML()'s result changed the embedded file")
	}
}
