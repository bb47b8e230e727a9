package sqlite

import (
	"fmt"
	"strings"
	"unicode"

	"tidings/model"
)

// maxTerms bounds the work one search can ask of the full-text index.
const maxTerms = 32

// MatchExpression translates a user's q into a safe FTS5 query. The syntax:
//
//   - words are ANDed: `climate summit` needs both words;
//   - "double quotes" make a phrase; an unterminated quote runs to the end;
//   - +word (or +"phrase") must appear: the same as a plain term;
//   - -word (or -"phrase") must not appear; so does a term after NOT;
//   - OR (upper case, between two terms) accepts either: `cats OR dogs`;
//   - AND (upper case) is accepted and redundant.
//
// Every term becomes a quoted FTS5 phrase of its letters and digits, so no
// character of q can act as FTS5 syntax; punctuation such as * ( ) : ^ only
// separates words. Matching ignores case and diacritics. A q with no
// searchable word, or with exclusions only, is a *model.ValidationError.
func MatchExpression(q string) (string, error) {
	groups, excluded, err := parseTerms(q)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i, g := range groups {
		if i > 0 {
			b.WriteString(" AND ")
		}
		b.WriteString("(" + strings.Join(g, " OR ") + ")")
	}
	expr := b.String()
	if len(excluded) > 0 {
		expr = "(" + expr + ") NOT (" + strings.Join(excluded, " OR ") + ")"
	}
	return expr, nil
}

// term is one parsed piece of q: a phrase with its operator.
type term struct {
	phrase  string // quoted FTS5 phrase, or "" when q held no word there
	exclude bool
	keyword string // "AND", "OR" or "NOT" when the piece was an operator
}

func parseTerms(q string) (groups [][]string, excluded []string, err error) {
	pendingOr, pendingNot := false, false
	n := 0
	for _, t := range scanTerms(q) {
		switch t.keyword {
		case "OR":
			pendingOr = len(groups) > 0
			continue
		case "NOT":
			pendingNot = true
			continue
		case "AND":
			continue
		}
		if t.phrase == "" {
			continue
		}
		if n++; n > maxTerms {
			return nil, nil, qError("q has too many search terms: at most %d are allowed", maxTerms)
		}
		switch {
		case t.exclude || pendingNot:
			excluded = append(excluded, t.phrase)
		case pendingOr:
			last := len(groups) - 1
			groups[last] = append(groups[last], t.phrase)
		default:
			groups = append(groups, []string{t.phrase})
		}
		pendingOr, pendingNot = false, false
	}
	if len(groups) == 0 {
		if len(excluded) > 0 {
			return nil, nil, qError("q excludes words but names none to search for: add at least one keyword without '-'")
		}
		return nil, nil, qError("q has no word to search for: give letters or digits")
	}
	return groups, excluded, nil
}

// scanTerms splits q into terms: runs of non-space text or quoted phrases,
// each with an optional leading + or -.
func scanTerms(q string) []term {
	var out []term
	rs := []rune(q)
	for i := 0; i < len(rs); {
		if unicode.IsSpace(rs[i]) {
			i++
			continue
		}
		exclude := false
		if rs[i] == '+' || rs[i] == '-' {
			exclude = rs[i] == '-'
			i++
			if i == len(rs) || unicode.IsSpace(rs[i]) {
				continue // a lone operator means nothing
			}
		}
		var text string
		quoted := rs[i] == '"'
		if quoted {
			end := i + 1
			for end < len(rs) && rs[end] != '"' {
				end++
			}
			text = string(rs[i+1 : end])
			i = end + 1
		} else {
			end := i
			for end < len(rs) && !unicode.IsSpace(rs[end]) {
				end++
			}
			text = string(rs[i:end])
			i = end
		}
		if !quoted && !exclude && (text == "AND" || text == "OR" || text == "NOT") {
			out = append(out, term{keyword: text})
			continue
		}
		out = append(out, term{phrase: phrase(text), exclude: exclude})
	}
	return out
}

// phrase quotes the words of text as one FTS5 phrase: every run of letters,
// digits and combining marks is a word; everything else separates words.
// It is "" when text holds no letter or digit.
func phrase(text string) string {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.M, r))
	})
	kept := words[:0]
	for _, w := range words {
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) >= 0 {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return ""
	}
	// The words hold no '"', but escape anyway: the quote is the one
	// character that could end an FTS5 string.
	return `"` + strings.ReplaceAll(strings.Join(kept, " "), `"`, `""`) + `"`
}

func qError(format string, args ...any) error {
	return &model.ValidationError{Param: "q", Kind: model.KindParameter, Message: fmt.Sprintf(format, args...)}
}
