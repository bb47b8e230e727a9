package sqlite

import (
	"strings"

	"tidings/server/store/query"
)

// MatchExpression translates a user's q into a safe FTS5 query. q is
// parsed by package query (its doc has the syntax), the same parser the
// PostgreSQL backend uses, so q means the same on both.
//
// Every term becomes a quoted FTS5 phrase of its letters and digits, so no
// character of q can act as FTS5 syntax; punctuation such as * ( ) : ^ only
// separates words. Matching ignores case and diacritics. A q with no
// searchable word, or with exclusions only, is a *model.ValidationError.
func MatchExpression(q string) (string, error) {
	parsed, err := query.Parse(q)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i, g := range parsed.Groups {
		if i > 0 {
			b.WriteString(" AND ")
		}
		b.WriteString("(" + phrases(g) + ")")
	}
	expr := b.String()
	if len(parsed.Excluded) > 0 {
		expr = "(" + expr + ") NOT (" + phrases(parsed.Excluded) + ")"
	}
	return expr, nil
}

// phrases renders terms as FTS5 phrases joined by OR.
func phrases(ps []query.Phrase) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = phrase(p)
	}
	return strings.Join(out, " OR ")
}

// phrase quotes words as one FTS5 phrase. The words hold no '"' (they are
// letters, digits and marks), but it escapes anyway: the quote is the one
// character that could end an FTS5 string.
func phrase(words query.Phrase) string {
	return `"` + strings.ReplaceAll(strings.Join(words, " "), `"`, `""`) + `"`
}
