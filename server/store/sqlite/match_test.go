package sqlite

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"tidings/model"
)

func TestMatchExpression(t *testing.T) {
	cases := map[string]string{
		"climate":                    `("climate")`,
		"climate summit":             `("climate") AND ("summit")`,
		`"climate summit" -football`: `(("climate summit")) NOT ("football")`,
		"+must -not other":           `(("must") AND ("other")) NOT ("not")`,
		"cats OR dogs birds":         `("cats" OR "dogs") AND ("birds")`,
		"a AND b NOT c":              `(("a") AND ("b")) NOT ("c")`,
		"and or not":                 `("and") AND ("or") AND ("not")`,
		`NEAR(a b) "x" ^y title:z`:   `("NEAR a") AND ("b") AND ("x") AND ("y") AND ("title z")`,
		`"unterminated phrase`:       `("unterminated phrase")`,
		`e-mail`:                     `("e mail")`,
		`'; DROP TABLE articles;--`:  `("DROP") AND ("TABLE") AND ("articles")`,
		"Belém Ünïcode":              `("Belém") AND ("Ünïcode")`,
		"- climate":                  `("climate")`,
		"OR climate":                 `("climate")`,
	}
	for in, want := range cases {
		got, err := MatchExpression(in)
		if err != nil || got != want {
			t.Errorf("MatchExpression(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// FuzzMatchExpression checks that any q either is rejected with a q
// validation error or becomes an expression FTS5 runs without error.
func FuzzMatchExpression(f *testing.F) {
	for _, seed := range []string{"climate", `"a b" -c +d`, "a OR b NOT c", `NEAR(a b, 2)`, `"`, `-`,
		"x\x00y", `'; DROP TABLE articles;--`, "((((", "*", "^a:b", "قمة المناخ", "a\"\"b"} {
		f.Add(seed)
	}
	s, err := Open("")
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	if err := s.Add(ctx, testSources(), testArticles()); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, q string) {
		expr, err := MatchExpression(q)
		var verr *model.ValidationError
		if err != nil {
			if !errors.As(err, &verr) || verr.Param != "q" {
				t.Fatalf("q=%q: unexpected error type %T %v", q, err, err)
			}
			return
		}
		if !utf8.ValidString(expr) || strings.ContainsRune(expr, 0) {
			t.Fatalf("q=%q: expression %q is not clean text", q, expr)
		}
		for _, sortBy := range model.SortOrders() {
			_, err = s.Articles(ctx, model.ArticlesQuery{Q: q, SortBy: sortBy, Page: 1, PageSize: 5})
			if err != nil {
				t.Fatalf("q=%q expr=%q: search failed: %v", q, expr, err)
			}
		}
	})
}
