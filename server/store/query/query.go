// Package query parses the q parameter of a search into terms, the same
// way for every backend, so that q means the same on SQLite and on
// PostgreSQL. Each backend renders the parsed terms into its own
// full-text syntax (FTS5 MATCH, tsquery); user text never reaches that
// syntax except as the words found here.
//
// The syntax:
//
//   - words are ANDed: `climate summit` needs both words;
//   - "double quotes" make a phrase; an unterminated quote runs to the end;
//   - +word (or +"phrase") must appear: the same as a plain term;
//   - -word (or -"phrase") must not appear; so does a term after NOT;
//   - OR (upper case, between two terms) accepts either: `cats OR dogs`;
//   - AND (upper case) is accepted and redundant.
//
// A word is a run of letters, digits and combining marks; everything else
// separates words. A q with no searchable word, or with exclusions only,
// is a *model.ValidationError naming q.
//
// It must not do I/O or know any backend's syntax.
package query

import (
	"fmt"
	"unicode"

	"tidings/model"
)

// MaxTerms bounds the work one search can ask of the full-text index.
const MaxTerms = 32

// Phrase is one term: its words, to match next to each other in order.
type Phrase []string

// Query is a parsed q: every group must match (AND), a group matches when
// any of its phrases does (OR), and no Excluded phrase may match.
type Query struct {
	Groups   [][]Phrase
	Excluded []Phrase
}

// Parse parses q.
func Parse(q string) (Query, error) {
	var out Query
	pendingOr, pendingNot := false, false
	n := 0
	for _, t := range scan(q) {
		switch t.keyword {
		case "OR":
			pendingOr = len(out.Groups) > 0
			continue
		case "NOT":
			pendingNot = true
			continue
		case "AND":
			continue
		}
		if len(t.phrase) == 0 {
			continue
		}
		if n++; n > MaxTerms {
			return Query{}, qError("q has too many search terms: at most %d are allowed", MaxTerms)
		}
		switch {
		case t.exclude || pendingNot:
			out.Excluded = append(out.Excluded, t.phrase)
		case pendingOr:
			last := len(out.Groups) - 1
			out.Groups[last] = append(out.Groups[last], t.phrase)
		default:
			out.Groups = append(out.Groups, []Phrase{t.phrase})
		}
		pendingOr, pendingNot = false, false
	}
	if len(out.Groups) == 0 {
		if len(out.Excluded) > 0 {
			return Query{}, qError("q excludes words but names none to search for: add at least one keyword without '-'")
		}
		return Query{}, qError("q has no word to search for: give letters or digits")
	}
	return out, nil
}

// term is one scanned piece of q: a phrase with its operator.
type term struct {
	phrase  Phrase // nil when q held no word there
	exclude bool
	keyword string // "AND", "OR" or "NOT" when the piece was an operator
}

// scan splits q into terms: runs of non-space text or quoted phrases,
// each with an optional leading + or -.
func scan(q string) []term {
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
		out = append(out, term{phrase: Words(text), exclude: exclude})
	}
	return out
}

// Words splits text into words: runs of letters, digits and combining
// marks holding at least one letter or digit. It is nil when text has none.
func Words(text string) Phrase {
	var words Phrase
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := text[start:end]
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsNumber(r) {
				words = append(words, w)
				break
			}
		}
		start = -1
	}
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.M, r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(text))
	return words
}

func qError(format string, args ...any) error {
	return &model.ValidationError{Param: "q", Kind: model.KindParameter, Message: fmt.Sprintf(format, args...)}
}
