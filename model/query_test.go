package model

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"
)

func mustValues(raw string) url.Values {
	v, err := url.ParseQuery(raw)
	if err != nil {
		panic(err)
	}
	return v
}

func TestPaginationRulesOfSpec44(t *testing.T) {
	cases := []struct {
		raw      string
		page     int
		pageSize int
		wantErr  string
	}{
		{"", 1, 20, ""},
		{"page=3&pageSize=100", 3, 100, ""},
		{"page_size=7", 1, 7, ""},
		{"pageSize=5&page_size=7", 1, 5, ""},
		{"pageSize=0", 0, 0, "pageSize cannot be zero"},
		{"pageSize=000", 0, 0, "pageSize cannot be zero"},
		{"pageSize=101", 0, 0, "maximum allowed value of 100"},
		{"pageSize=99999999999999999999999", 0, 0, "maximum allowed value of 100"},
		{"pageSize=-1", 0, 0, "invalid pagination parameters"},
		{"pageSize=1.5", 0, 0, "invalid pagination parameters"},
		{"pageSize=%2B5", 0, 0, "invalid pagination parameters"},
		{"page=0", 0, 0, "invalid pagination parameters"},
		{"page=-2", 0, 0, "invalid pagination parameters"},
		{"page=abc", 0, 0, "invalid pagination parameters"},
		{"page=%201", 0, 0, "invalid pagination parameters"},
		{"page=99999999999999999999", 0, 0, "is beyond the last page"}, // a whole number, not an invalid one
		{"page=1000000000000", 1000000000000, 20, ""},
		{"page=1000000", 1000000, 20, ""},
	}
	for _, tc := range cases {
		t.Run(tc.raw, func(t *testing.T) {
			q, err := ParseHeadlinesQuery(mustValues(tc.raw))
			if tc.wantErr != "" {
				var ve *ValidationError
				if !errors.As(err, &ve) || ve.Kind != KindPagination || ve.Code() != CodeBadRequest {
					t.Fatalf("err = %v, want a pagination BAD_REQUEST", err)
				}
				if !strings.Contains(ve.Message, tc.wantErr) {
					t.Fatalf("message %q, want %q", ve.Message, tc.wantErr)
				}
				return
			}
			if err != nil || q.Page != tc.page || q.PageSize != tc.pageSize {
				t.Fatalf("got page %d size %d err %v, want %d %d", q.Page, q.PageSize, err, tc.page, tc.pageSize)
			}
		})
	}
}

func TestCountryErrorsAreInvalidCountryCode(t *testing.T) {
	for _, raw := range []string{"country=xx", "country=usa", "country=1", "country=%C3%BC"} {
		_, err := ParseHeadlinesQuery(mustValues(raw))
		var ve *ValidationError
		if !errors.As(err, &ve) || ve.Code() != CodeInvalidCountryCode {
			t.Errorf("%s: err = %v, want INVALID_COUNTRY_CODE", raw, err)
		}
	}
	q, err := ParseSourcesQuery(mustValues("country=DE&language=EN&category=Technology"))
	if err != nil || q.Country != "de" || q.Language != "en" || q.Category != "technology" {
		t.Errorf("upper-case values should parse: %+v, %v", q, err)
	}
}

func TestArticlesQueryRules(t *testing.T) {
	cases := map[string]string{ // raw query → param the error must name ("" = valid)
		"q=climate":                              "",
		"":                                       "q",
		"q=%20%20":                               "q",
		"q=a%00b":                                "q",
		"q=x&sources=bbc-news,le.monde_fr":       "",
		"q=x&sources=bad%20id":                   "sources",
		"q=x&domains=example.com,www.ex.org":     "",
		"q=x&domains=http://example.com":         "domains",
		"q=x&excludeDomains=-bad.com":            "excludeDomains",
		"q=x&from=2026-11-01&to=2026-11-20":      "",
		"q=x&from=2026-11-01T10:00:00Z":          "",
		"q=x&from=2026-11-01T10:00:00.5%2B01:00": "",
		"q=x&from=2026-13-01":                    "from",
		"q=x&to=yesterday":                       "to",
		"q=x&from=2026-11-20&to=2026-11-01":      "from",
		"q=x&language=HE":                        "",
		"q=x&language=zh":                        "language",
		"q=x&sortBy=Popularity":                  "",
		"q=x&sortBy=oldest":                      "sortBy",
		"q=x&pageSize=0":                         "pageSize",
		"q=x&sources=a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u": "sources",
		"story=2k1x9":             "",
		"story=2k1x9&language=en": "",
		"story=2k1x9&q=climate":   "q",
		"story=not_an_id":         "story",
	}
	for raw, param := range cases {
		_, err := ParseArticlesQuery(mustValues(raw))
		var ve *ValidationError
		switch {
		case param == "" && err != nil:
			t.Errorf("%q: unexpected error %v", raw, err)
		case param != "" && (!errors.As(err, &ve) || ve.Param != param):
			t.Errorf("%q: err = %v, want an error about %s", raw, err, param)
		}
	}
}

func TestToDateMeansTheWholeDay(t *testing.T) {
	from, to, err := ArticlesQuery{Q: "x", From: "2026-11-20", To: "2026-11-20"}.TimeRange()
	if err != nil {
		t.Fatal(err)
	}
	if !from.Equal(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)) || to.Sub(from) < 24*time.Hour-time.Second {
		t.Fatalf("from %v to %v should span the whole day", from, to)
	}
}

func TestValuesRoundTripThroughParse(t *testing.T) {
	q := ArticlesQuery{
		Q: "climate summit", Sources: []string{"a-one", "b.two"}, Domains: []string{"example.com"},
		ExcludeDomains: []string{"spam.example"}, From: "2026-11-01", To: "2026-11-20T10:00:00Z",
		Language: "en", SortBy: SortPopularity, Page: 2, PageSize: 50,
	}
	v := q.Values()
	if v.Get("excludeDomains") != "spam.example" || v.Get("sortBy") != "popularity" || v.Get("pageSize") != "50" {
		t.Fatalf("Values() uses the wrong names: %v", v)
	}
	back, err := ParseArticlesQuery(v)
	if err != nil || !reflect.DeepEqual(back, q) {
		t.Fatalf("round trip = %+v, %v; want %+v", back, err, q)
	}
	if got := (HeadlinesQuery{}).Values().Encode(); got != "" {
		t.Fatalf("an empty query must send nothing, sent %q", got)
	}
}

func TestValidateCatchesFieldsSetDirectly(t *testing.T) {
	bad := []interface{ Validate() error }{
		HeadlinesQuery{Country: "xx"},
		HeadlinesQuery{Country: "DE"}, // not normalised: the client must send lower case
		SourcesQuery{Language: "zz"},
		SourcesQuery{PageSize: 101},
		SourcesQuery{Page: -1},
		ArticlesQuery{Q: "x", SortBy: "newest"},
	}
	for _, q := range bad {
		if q.Validate() == nil {
			t.Errorf("%+v should not validate", q)
		}
	}
}

func TestPageHasMore(t *testing.T) {
	p := Page[int]{Items: make([]int, 20), TotalResults: 45, Page: 2, PageSize: 20}
	if !p.HasMore() || p.TotalPages() != 3 {
		t.Errorf("page 2 of 3 should have more")
	}
	p.Page = 3
	if p.HasMore() {
		t.Errorf("the last page has no more")
	}
	empty := Page[int]{TotalResults: 500, Page: 4, PageSize: 20}
	if empty.HasMore() {
		t.Errorf("an empty page ends the list whatever the total says")
	}
}

// The sources extension of /latest-headlines: parsed as /articles reads
// it, validated, and never mixed with country or category.
func TestHeadlinesQuerySources(t *testing.T) {
	q, err := ParseHeadlinesQuery(url.Values{"sources": {"Wire, herald"}})
	if err != nil || len(q.Sources) != 2 || q.Sources[0] != "wire" || q.Sources[1] != "herald" {
		t.Fatalf("ParseHeadlinesQuery = %+v, %v", q, err)
	}
	if got := q.Values().Get("sources"); got != "wire,herald" {
		t.Fatalf("Values sources = %q", got)
	}
	if _, err := ParseHeadlinesQuery(url.Values{"sources": {"wire"}, "country": {"us"}}); err != ErrSourcesWithCountry {
		t.Fatalf("sources with country: %v", err)
	}
	if err := (HeadlinesQuery{Sources: []string{"no such"}}).Validate(); err == nil || !strings.Contains(err.Error(), "sources") {
		t.Fatalf("a malformed id: %v", err)
	}
	if err := (HeadlinesQuery{Country: "us"}).Validate(); err != nil {
		t.Fatalf("a plain query: %v", err)
	}
}
