package model

import (
	"strings"
	"testing"
)

func TestEnumsHoldTheSpecsValues(t *testing.T) {
	if got := len(Categories()); got != 7 {
		t.Errorf("%d categories, the spec lists 7", got)
	}
	if got := len(Languages()); got != 13 {
		t.Errorf("%d languages, the spec lists 13", got)
	}
	if got := len(Countries()); got != 54 {
		t.Errorf("%d countries, the spec lists 54", got)
	}
	for _, c := range Countries() {
		if c.Name() == string(c) {
			t.Errorf("country %q has no display name", c)
		}
	}
	for _, l := range Languages() {
		if l.Name() == string(l) {
			t.Errorf("language %q has no display name", l)
		}
	}
}

func TestParseAcceptsAnyCase(t *testing.T) {
	if c, err := ParseCountry(" DE "); err != nil || c != "de" || c.Label() != "Germany (de)" {
		t.Errorf("ParseCountry(DE) = %q %q, %v", c, c.Label(), err)
	}
	if l, err := ParseLanguage("He"); err != nil || l.Name() != "Hebrew" {
		t.Errorf("ParseLanguage(He) = %q, %v", l, err)
	}
	if c, err := ParseCategory("SPORTS"); err != nil || c.Name() != "Sports" {
		t.Errorf("ParseCategory(SPORTS) = %q, %v", c, err)
	}
	if s, err := ParseSortBy("publishedat"); err != nil || s != SortPublishedAt {
		t.Errorf("ParseSortBy(publishedat) = %q, %v", s, err)
	}
	for _, empty := range []string{"", "  "} {
		if c, err := ParseCountry(empty); err != nil || c != "" {
			t.Errorf("ParseCountry(%q) should mean any country, got %q, %v", empty, c, err)
		}
	}
}

func TestParseRejectsUnknownValuesNamingAllowedOnes(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{second(ParseCountry("xx")), "ae, ar, at"},
		{second(ParseCountry("usa")), "us, ve, za"},
		{second(ParseLanguage("zh")), "ar, de, en"},
		{second(ParseCategory("weather")), "business, entertainment"},
		{second(ParseSortBy("oldest")), "relevancy, popularity, publishedAt"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("error %v should list %q", tc.err, tc.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }
