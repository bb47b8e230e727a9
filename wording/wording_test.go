package wording

import (
	"math"
	"testing"
)

func TestCount(t *testing.T) {
	cases := []struct {
		n    int
		want string
	}{
		{0, "0 articles"},
		{1, "1 article"},
		{2, "2 articles"},
		{1204, "1,204 articles"},
		{-1, "-1 article"},
	}
	for _, c := range cases {
		if got := Count(c.n, "article", "articles"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestNounIrregular(t *testing.T) {
	if got := Noun(0, "match", "matches"); got != "matches" {
		t.Errorf("Noun(0) = %q, want matches", got)
	}
	if got := Noun(1, "match", "matches"); got != "match" {
		t.Errorf("Noun(1) = %q, want match", got)
	}
}

func TestThousands(t *testing.T) {
	cases := map[int]string{
		0:             "0",
		7:             "7",
		999:           "999",
		1000:          "1,000",
		6032:          "6,032",
		100000:        "100,000",
		1234567:       "1,234,567",
		-1204:         "-1,204",
		math.MaxInt64: "9,223,372,036,854,775,807",
		math.MinInt64: "-9,223,372,036,854,775,808",
	}
	for n, want := range cases {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
