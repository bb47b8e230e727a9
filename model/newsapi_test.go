package model

import (
	"errors"
	"strings"
	"testing"
)

func TestNewsAPILanguagesMapBothWays(t *testing.T) {
	cases := []struct {
		spec Language
		api  string
	}{{"se", "sv"}, {"ud", "ud"}, {"en", "en"}, {"he", "he"}, {"", ""}}
	for _, c := range cases {
		got, ok := NewsAPILanguage(c.spec)
		if !ok || got != c.api {
			t.Errorf("NewsAPILanguage(%q) = %q, %v; want %q", c.spec, got, ok, c.api)
		}
		if c.api == "" {
			continue
		}
		back, ok := LanguageFromNewsAPI(c.api)
		if !ok || back != c.spec {
			t.Errorf("LanguageFromNewsAPI(%q) = %q, %v; want %q", c.api, back, ok, c.spec)
		}
	}
	// NewsAPI's pages said "se" until 2019; answers may still carry it.
	if l, ok := LanguageFromNewsAPI("SE"); !ok || l != "se" {
		t.Errorf(`LanguageFromNewsAPI("SE") = %q, %v; want "se"`, l, ok)
	}
	for _, code := range []string{"zh", "cn", "xx", ""} {
		if l, ok := LanguageFromNewsAPI(code); ok {
			t.Errorf("LanguageFromNewsAPI(%q) = %q; the spec has no such language", code, l)
		}
	}
	if _, ok := NewsAPILanguage("zz"); ok {
		t.Error(`NewsAPILanguage("zz") ok; want false`)
	}
}

func TestEverySpecLanguageOfferedForNewsAPIHasACode(t *testing.T) {
	langs, codes := NewsAPILanguages(), NewsAPILanguageCodes()
	if len(langs) != len(codes) || len(langs) == 0 {
		t.Fatalf("%d languages, %d codes", len(langs), len(codes))
	}
	for i, l := range langs {
		if code, ok := NewsAPILanguage(l); !ok || code != codes[i] {
			t.Errorf("language %q: code %q, listed %q", l, code, codes[i])
		}
	}
	if strings.Join(codes, ",") != "ar,de,en,es,fr,he,it,nl,no,pt,ru,sv,ud" {
		t.Errorf("codes = %v", codes)
	}
}

func TestParseNewsAPILanguageTakesEitherSpellingAndNamesNewsAPIsCodes(t *testing.T) {
	for in, want := range map[string]Language{"sv": "se", "SE": "se", " en ": "en", "": ""} {
		if got, err := ParseNewsAPILanguage(in); err != nil || got != want {
			t.Errorf("ParseNewsAPILanguage(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := ParseNewsAPILanguage("zh")
	if err == nil || !strings.Contains(err.Error(), "sv, ud") || strings.Contains(err.Error(), ", se,") {
		t.Fatalf("error = %v; want NewsAPI's codes named (sv, not se)", err)
	}
}

func TestNewsAPICountriesAreTheSpecs(t *testing.T) {
	if len(NewsAPICountries()) != 54 {
		t.Fatalf("%d countries", len(NewsAPICountries()))
	}
	if c, ok := CountryFromNewsAPI("US"); !ok || c != "us" {
		t.Errorf(`CountryFromNewsAPI("US") = %q, %v`, c, ok)
	}
	if _, ok := CountryFromNewsAPI("zh"); ok {
		t.Error(`CountryFromNewsAPI("zh") ok; no NewsAPI page lists it`)
	}
	if code, ok := NewsAPICountry("de"); !ok || code != "de" {
		t.Errorf(`NewsAPICountry("de") = %q, %v`, code, ok)
	}
}

func TestNewsAPITimeBoundIsZonelessUTCAndKeepsTheSpan(t *testing.T) {
	cases := []struct {
		in   string
		to   bool
		want string
	}{
		{"2026-11-20", false, "2026-11-20T00:00:00"},
		{"2026-11-20", true, "2026-11-20T23:59:59"},
		{"2026-11-20T08:00:00Z", false, "2026-11-20T08:00:00"},
		{"2026-11-20T09:00:00+01:00", true, "2026-11-20T08:00:00"},
		{"", false, ""},
	}
	for _, c := range cases {
		got, err := NewsAPITimeBound(c.in, c.to)
		if err != nil || got != c.want {
			t.Errorf("NewsAPITimeBound(%q, %v) = %q, %v; want %q", c.in, c.to, got, err, c.want)
		}
	}
	if _, err := NewsAPITimeBound("last week", false); err == nil {
		t.Error("a non-date was accepted")
	}
}

func TestNewsAPIHeadlinesNeedACountryOrACategory(t *testing.T) {
	err := ValidateNewsAPIHeadlines(HeadlinesQuery{})
	var ve *ValidationError
	if !errors.As(err, &ve) || !strings.Contains(ve.Message, "country or a category") {
		t.Fatalf("empty query: %v", err)
	}
	for _, q := range []HeadlinesQuery{{Country: "us"}, {Category: "science"}, {Country: "de", Category: "sports"}} {
		if err := ValidateNewsAPIHeadlines(q); err != nil {
			t.Errorf("%+v: %v", q, err)
		}
	}
	if err := ValidateNewsAPIHeadlines(HeadlinesQuery{Country: "us", PageSize: 101}); err == nil {
		t.Error("the spec's paging rules must still apply")
	}
}

func TestNewsAPISearchNeedsKeywordsSourcesOrDomains(t *testing.T) {
	if err := ValidateNewsAPIArticles(ArticlesQuery{}); err == nil || !strings.Contains(err.Error(), "keywords, sources or domains") {
		t.Fatalf("empty search: %v", err)
	}
	for _, q := range []ArticlesQuery{
		{Q: "storm"}, {Sources: []string{"bbc-news"}}, {Domains: []string{"bbc.co.uk"}},
		{Sources: []string{"bbc-news"}, Language: "se"},
	} {
		if err := ValidateNewsAPIArticles(q); err != nil {
			t.Errorf("%+v: %v", q, err)
		}
	}
	if err := ValidateNewsAPIArticles(ArticlesQuery{Sources: []string{"bad id!"}}); err == nil {
		t.Error("the spec's list rules must still apply without keywords")
	}
	if err := ValidateNewsAPIArticles(ArticlesQuery{Q: "x", Language: "zh"}); err == nil {
		t.Error("a language NewsAPI has but the reader cannot name was accepted")
	}
}

func TestNewsAPISourcesCheckTheLanguage(t *testing.T) {
	if err := ValidateNewsAPISources(SourcesQuery{Language: "se", Country: "se"}); err != nil {
		t.Fatal(err)
	}
	if err := ValidateNewsAPISources(SourcesQuery{Language: "xx"}); err == nil {
		t.Fatal("unknown language accepted")
	}
}
