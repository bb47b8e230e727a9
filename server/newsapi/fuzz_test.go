package newsapi

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"tidings/model"
)

// FuzzParse reads any query string with each parser: it either fails with
// a NewsAPI error of a 4xx status, or yields queries within NewsAPI's
// limits that the store may be given as they are.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"country=de", "q=a&sources=x,y&language=SV&page=2&pageSize=100", "sources=a&country=us",
		"q=x&searchIn=title,content,description&from=2026-11-20T08:00:00&to=2026-11-21", "qInTitle=x",
		"language=zh", "pageSize=101", "page=99999999999999999999", "q=%00", "domains=a.com&excludeDomains=b.com",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, _ := url.ParseQuery(raw)
		check := func(err error) bool {
			if err == nil {
				return true
			}
			var e *Error
			if !errors.As(err, &e) || e.Status < 400 || e.Status > 499 || e.Code == "" || e.Message == "" {
				t.Fatalf("%q: %v is not a NewsAPI client error", raw, err)
			}
			return false
		}
		if h, err := ParseHeadlines(v); check(err) {
			if h.Plain() {
				if h.Query().Validate() != nil {
					t.Fatalf("%q: %+v", raw, h)
				}
			} else if validateSearch(h.Search()) != nil || len(h.Sources) > MaxSources {
				t.Fatalf("%q: %+v", raw, h)
			}
			if len(h.Sources) > 0 && (h.Country != "" || h.Category != "") {
				t.Fatalf("%q: sources mixed with country or category", raw)
			}
		}
		if q, err := ParseEverything(v); check(err) {
			if validateSearch(q) != nil || (q.Q == "" && len(q.Sources)+len(q.Domains) == 0) || q.PageSize < 1 || q.PageSize > MaxPageSize || len(q.Sources) > MaxSources || q.SortBy == "" {
				t.Fatalf("%q: %+v", raw, q)
			}
		}
		if q, err := ParseSources(v); check(err) {
			if q.Validate() != nil || (q.Language != "" && !slices.Contains(model.Languages(), q.Language)) {
				t.Fatalf("%q: %+v", raw, q)
			}
		}
	})
}
