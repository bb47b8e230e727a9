package postgres

import (
	"context"
	"fmt"
	"strings"

	"tidings/model"
	"tidings/server/store/query"
)

// A search's q, parsed by package query (the same parser SQLite's
// MATCH expression comes from), becomes a tsquery here:
//
//   - each phrase is phraseto_tsquery of its words, accents folded, in
//     the simple configuration (the words as written) and in the
//     language's own (its stems): with a language filter that language's,
//     else every language's, so a word matches its inflections in each
//     language and stop words still match as written;
//   - the alternatives of a phrase, and the phrases of an OR group, are
//     joined by |, groups by &, and the excluded phrases come after & !.
//
// PostgreSQL normalises the words itself (one query, cached per q and
// language) and prints each alternative as tsquery text; that text,
// never q, is what the search then passes as its tsquery parameter.

const alternativesSQL = `SELECT p.i::int, COALESCE(array_agg(DISTINCT t.q) FILTER (WHERE t.q <> ''), '{}')
FROM unnest($1::text[]) WITH ORDINALITY AS p(words, i)
CROSS JOIN (SELECT DISTINCT tidings_ts_config(l) AS cfg FROM unnest($2::text[]) AS l
	UNION SELECT 'pg_catalog.simple'::regconfig) AS c
CROSS JOIN LATERAL (SELECT phraseto_tsquery(c.cfg, unaccent('public.unaccent', p.words))::text AS q) AS t
GROUP BY p.i`

// tsquery returns the tsquery text for q under language lang (""
// for any); "" when q's required words can match nothing.
func (s *Store) tsquery(ctx context.Context, q query.Query, lang model.Language) (string, error) {
	var phrases []string
	for _, g := range q.Groups {
		for _, p := range g {
			phrases = append(phrases, strings.Join(p, " "))
		}
	}
	for _, p := range q.Excluded {
		phrases = append(phrases, strings.Join(p, " "))
	}
	langs := []string{string(lang)}
	if lang == "" {
		for _, l := range model.Languages() {
			langs = append(langs, string(l))
		}
	}
	key := cacheKey(q, langs) // the structure, not only the phrases: "a b" is not "a -b"
	if text, ok := s.tsq.Get(key, 0); ok {
		return text, nil
	}
	alts, err := s.alternatives(ctx, phrases, langs)
	if err != nil {
		return "", err
	}
	text := render(q, alts)
	s.tsq.Put(key, 0, text) // depends on q and the migration only: never stale
	return text, nil
}

// alternatives asks PostgreSQL for each phrase's tsquery in each
// configuration, distinct and non-empty.
func (s *Store) alternatives(ctx context.Context, phrases, langs []string) ([][]string, error) {
	rows, err := s.pool.Query(ctx, alternativesSQL, phrases, langs)
	if err != nil {
		return nil, fmt.Errorf("parse search words: %w", classify(err))
	}
	defer rows.Close()
	alts := make([][]string, len(phrases))
	for rows.Next() {
		var i int
		var qs []string
		if err := rows.Scan(&i, &qs); err != nil {
			return nil, fmt.Errorf("parse search words: %w", classify(err))
		}
		alts[i-1] = qs
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("parse search words: %w", classify(err))
	}
	return alts, nil
}

// render joins the alternatives (in the order tsquery lists q's phrases)
// into one tsquery text; "" when a required group can match nothing.
func render(q query.Query, alts [][]string) string {
	next := 0
	phrase := func() string {
		a := alts[next]
		next++
		if len(a) == 0 {
			return ""
		}
		return "( " + strings.Join(a, " | ") + " )"
	}
	var groups []string
	for _, g := range q.Groups {
		var either []string
		for range g {
			if p := phrase(); p != "" {
				either = append(either, p)
			}
		}
		if len(either) == 0 {
			return ""
		}
		groups = append(groups, "( "+strings.Join(either, " | ")+" )")
	}
	var excluded []string
	for range q.Excluded {
		if p := phrase(); p != "" {
			excluded = append(excluded, p)
		}
	}
	text := strings.Join(groups, " & ")
	if len(excluded) > 0 {
		text += " & !( " + strings.Join(excluded, " | ") + " )"
	}
	return text
}
