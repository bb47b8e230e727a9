package query

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"tidings/model"
)

func TestParse(t *testing.T) {
	for q, want := range map[string]Query{
		"climate summit":         {Groups: [][]Phrase{{{"climate"}}, {{"summit"}}}},
		`"climate summit" talks`: {Groups: [][]Phrase{{{"climate", "summit"}}, {{"talks"}}}},
		"cats OR dogs":           {Groups: [][]Phrase{{{"cats"}, {"dogs"}}}},
		"+rust -iron":            {Groups: [][]Phrase{{{"rust"}}}, Excluded: []Phrase{{"iron"}}},
		"rust NOT iron AND go":   {Groups: [][]Phrase{{{"rust"}}, {{"go"}}}, Excluded: []Phrase{{"iron"}}},
		`a*b:(c) "unterminated`:  {Groups: [][]Phrase{{{"a", "b", "c"}}, {{"unterminated"}}}},
		"OR cats":                {Groups: [][]Phrase{{{"cats"}}}},
		"café naïve":             {Groups: [][]Phrase{{{"café"}}, {{"naïve"}}}},
		`'; DROP TABLE x; --`:    {Groups: [][]Phrase{{{"DROP"}}, {{"TABLE"}}, {{"x"}}}},
	} {
		got, err := Parse(q)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q) = %#v, %v; want %#v", q, got, err, want)
		}
	}
}

func TestParseRefusesWhatCannotSearch(t *testing.T) {
	for q, msg := range map[string]string{
		"-only -excluded":                "excludes words but names none",
		"*** ...":                        "no word to search for",
		strings.Repeat("w ", MaxTerms+1): "too many search terms",
	} {
		_, err := Parse(q)
		var verr *model.ValidationError
		if !errors.As(err, &verr) || verr.Param != "q" || !strings.Contains(verr.Message, msg) {
			t.Errorf("Parse(%q) = %v, want a q error saying %q", q, err, msg)
		}
	}
}
