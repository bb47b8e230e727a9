package model

import (
	"errors"
	"net/url"
	"testing"
)

// FuzzParseArticlesQuery feeds arbitrary query strings to the parser the
// server uses: it must never panic, every failure must be a
// *ValidationError naming a parameter, and whatever it accepts must
// survive an encode/parse round trip unchanged.
func FuzzParseArticlesQuery(f *testing.F) {
	for _, seed := range []string{
		"q=climate", "q=%22a+b%22+-c&sortBy=relevancy", "q=x&pageSize=0", "q=x&page=-1",
		"q=x&from=2026-11-01&to=2026-10-01", "q=x&sources=a,b&domains=x.com", "q=NEAR(a+b)",
		"q=%00", "q=x&language=UD&country=zz", "page_size=5&q=y", "q=%ff%fe",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := ParseArticlesQuery(v)
		if err != nil {
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Param == "" || ve.Message == "" {
				t.Fatalf("error %v is not a ValidationError with a parameter and message", err)
			}
			return
		}
		back, err := ParseArticlesQuery(q.Values())
		if err != nil {
			t.Fatalf("accepted %q but its encoding %q is rejected: %v", raw, q.Values().Encode(), err)
		}
		if back.Values().Encode() != q.Values().Encode() {
			t.Fatalf("round trip changed the query: %q vs %q", back.Values().Encode(), q.Values().Encode())
		}
	})
}
