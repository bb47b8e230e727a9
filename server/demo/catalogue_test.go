package demo

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"tidings/model"
)

var testNow = time.Date(2026, 11, 22, 17, 30, 15, 123456789, time.UTC)

func catalogue(t *testing.T) ([]model.Source, []model.Article) {
	t.Helper()
	return Catalogue(testNow)
}

func TestCatalogueIsDeterministic(t *testing.T) {
	s1, a1 := Catalogue(testNow)
	s2, a2 := Catalogue(testNow)
	if !reflect.DeepEqual(s1, s2) {
		t.Fatal("two calls with the same now gave different sources")
	}
	if !reflect.DeepEqual(a1, a2) {
		t.Fatal("two calls with the same now gave different articles")
	}
	// Another now shifts times but keeps the stories.
	_, a3 := Catalogue(testNow.Add(time.Hour))
	if len(a3) != len(a1) || a3[0].Title != a1[0].Title {
		t.Fatal("a different now changed the catalogue's stories")
	}
}

func TestCatalogueCounts(t *testing.T) {
	sources, articles := catalogue(t)
	if len(sources) < 150 {
		t.Errorf("got %d sources, want at least 150", len(sources))
	}
	if len(articles) < 5000 {
		t.Errorf("got %d articles, want at least 5000", len(articles))
	}
}

func TestSourcesAreValidAndCoverTheSpec(t *testing.T) {
	sources, _ := catalogue(t)
	cats, langs, countries := map[model.Category]bool{}, map[model.Language]bool{}, map[model.Country]bool{}
	ids, domains := map[string]bool{}, map[string]bool{}
	for _, s := range sources {
		if c, err := model.ParseCategory(string(s.Category)); err != nil || c == "" {
			t.Errorf("%s: bad category %q", s.ID, s.Category)
		}
		if l, err := model.ParseLanguage(string(s.Language)); err != nil || l == "" {
			t.Errorf("%s: bad language %q", s.ID, s.Language)
		}
		if c, err := model.ParseCountry(string(s.Country)); err != nil || c == "" {
			t.Errorf("%s: bad country %q", s.ID, s.Country)
		}
		if !languageFitsCountry(s.Language, s.Country) {
			t.Errorf("%s: language %s is not spoken in %s", s.ID, s.Language, s.Country)
		}
		if !validID(s.ID) {
			t.Errorf("bad source id %q", s.ID)
		}
		if ids[s.ID] {
			t.Errorf("duplicate source id %q", s.ID)
		}
		ids[s.ID] = true
		u := mustHTTPS(t, s.URL)
		if domains[u.Host] {
			t.Errorf("duplicate source domain %q", u.Host)
		}
		domains[u.Host] = true
		if s.Name == "" || len(s.Description) < 30 || strings.Contains(s.Description, "{") {
			t.Errorf("%s: name %q or description %q incomplete", s.ID, s.Name, s.Description)
		}
		cats[s.Category], langs[s.Language], countries[s.Country] = true, true, true
	}
	for _, c := range model.Categories() {
		if !cats[c] {
			t.Errorf("no source in category %s", c)
		}
	}
	for _, l := range model.Languages() {
		if !langs[l] {
			t.Errorf("no source in language %s", l)
		}
	}
	if len(countries) < 30 {
		t.Errorf("sources cover %d countries, want at least 30", len(countries))
	}
}

// languageFitsCountry lists where each language of the spec is spoken
// widely enough to have its own press.
func languageFitsCountry(l model.Language, c model.Country) bool {
	where := map[model.Language]string{
		"ar": "ae eg sa ma", "de": "de at ch", "es": "ar co mx ve cu",
		"fr": "fr be ch ca ma", "he": "il", "it": "it ch", "nl": "nl be", "no": "no",
		"pt": "pt br", "ru": "ru ua", "se": "se", "ud": "in ae gb sa",
	}
	if l == "en" {
		return true // English-language outlets exist in every listed country
	}
	return strings.Contains(where[l], string(c))
}

func validID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.", r)) {
			return false
		}
	}
	return true
}

func mustHTTPS(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		t.Errorf("URL %q is not a well-formed https URL (err %v)", raw, err)
		return &url.URL{}
	}
	return u
}

func TestArticlesAreWellFormed(t *testing.T) {
	sources, articles := catalogue(t)
	byID := map[string]model.Source{}
	for _, s := range sources {
		byID[s.ID] = s
	}
	urls := map[string]bool{}
	oldest := testNow.Add(-14 * 24 * time.Hour)
	for _, a := range articles {
		src, ok := byID[a.Source.ID]
		if !ok || src.Name != a.Source.Name {
			t.Fatalf("article %q has source %+v not in the catalogue", a.URL, a.Source)
		}
		u := mustHTTPS(t, a.URL)
		if want := mustHTTPS(t, src.URL).Host; u.Host != want {
			t.Errorf("article %q is not on its source's domain %s", a.URL, want)
		}
		if urls[a.URL] {
			t.Errorf("duplicate article URL %q", a.URL)
		}
		urls[a.URL] = true
		if a.URLToImage != "" {
			mustHTTPS(t, a.URLToImage)
		}
		if a.PublishedAt.Before(oldest) || a.PublishedAt.After(testNow) {
			t.Errorf("%q published at %v, outside [now-14d, now]", a.URL, a.PublishedAt)
		}
		if a.PublishedAt.Location() != time.UTC || a.PublishedAt.Nanosecond() != 0 {
			t.Errorf("%q: publishedAt %v is not whole seconds in UTC", a.URL, a.PublishedAt)
		}
		for _, s := range []string{a.Title, a.Description, a.Content} {
			if strings.ContainsAny(s, "{}") {
				t.Errorf("%q: unexpanded placeholder in %q", a.URL, s)
			}
		}
		if a.Title == "" || a.Description == "" {
			t.Errorf("%q: empty title or description", a.URL)
		}
	}
}

func TestEverySourcePublishesAndEveryCountryHasHeadlines(t *testing.T) {
	sources, articles := catalogue(t)
	perSource := map[string]int{}
	for _, a := range articles {
		perSource[a.Source.ID]++
	}
	countriesPerCat := map[model.Category]map[model.Country]bool{}
	for _, s := range sources {
		if perSource[s.ID] == 0 {
			t.Errorf("source %s has no articles", s.ID)
		}
		if countriesPerCat[s.Category] == nil {
			countriesPerCat[s.Category] = map[model.Country]bool{}
		}
		countriesPerCat[s.Category][s.Country] = true
	}
	for _, c := range model.Categories() {
		if n := len(countriesPerCat[c]); n < 5 {
			t.Errorf("category %s has headlines in only %d countries, want at least 5", c, n)
		}
	}
}

func TestFreshness(t *testing.T) {
	_, articles := catalogue(t)
	var lastHour, lastDay, last2Days, lastMinutes int
	for _, a := range articles {
		age := testNow.Sub(a.PublishedAt)
		if age <= 15*time.Minute {
			lastMinutes++
		}
		if age <= time.Hour {
			lastHour++
		}
		if age <= 24*time.Hour {
			lastDay++
		}
		if age <= 48*time.Hour {
			last2Days++
		}
	}
	n := len(articles)
	if lastMinutes < 5 {
		t.Errorf("only %d articles in the last 15 minutes, want a few", lastMinutes)
	}
	if lastDay < n/5 || last2Days < n*2/5 {
		t.Errorf("last 24h: %d, last 48h: %d of %d; want ≥20%% and ≥40%%", lastDay, last2Days, n)
	}
	if last2Days > n*7/10 {
		t.Errorf("last 48h holds %d of %d: the older 12 days look empty", last2Days, n)
	}
}

// Titles in Arabic, Hebrew, Russian and Urdu must be written in their own
// script, not transliterated.
func TestScripts(t *testing.T) {
	sources, articles := catalogue(t)
	lang := map[string]model.Language{}
	for _, s := range sources {
		lang[s.ID] = s.Language
	}
	scripts := map[model.Language]*unicode.RangeTable{
		"ar": unicode.Arabic, "ud": unicode.Arabic, "he": unicode.Hebrew, "ru": unicode.Cyrillic,
	}
	for _, a := range articles {
		table, ok := scripts[lang[a.Source.ID]]
		if !ok {
			continue
		}
		for _, s := range []string{a.Title, a.Description} {
			if countIn(s, table) < utf8.RuneCountInString(s)/2 {
				t.Errorf("%s article not in its script: %q", lang[a.Source.ID], s)
			}
		}
	}
}

func countIn(s string, table *unicode.RangeTable) int {
	n := 0
	for _, r := range s {
		if unicode.Is(table, r) {
			n++
		}
	}
	return n
}
