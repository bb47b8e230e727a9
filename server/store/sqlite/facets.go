package sqlite

import (
	"hash/fnv"
	"strconv"
	"strings"
	"tidings/server/store"
)

// Filters of a search (language, sources, domains) are also written into
// the full-text index, as tokens in a hidden "facets" column, so that FTS5
// intersects them with the words of q while reading its index. Without
// them a selective filter (one domain of hundreds) would make a search
// read every match of its words just to drop most of them.
//
// Every facet token starts with facetMark, a private-use character: the
// tokenizer keeps it inside the token (unicode61 counts private use as a
// token character), while MatchExpression never puts one in a user's word.
// So user words can never match a facet token, and searches need no
// column filter (which would make FTS5 read every position list).
//
// Language tokens are exact. Source ids and domains are hashed to 64 bits
// to keep tokens short; inclusion filters re-check the exact value on the
// article row, so a collision can only cost time, never add a wrong result.

// facetMark starts every facet token.
const facetMark = "\ue000"

// langMarker starts the language token, the last in an article's facets;
// it never occurs in the others, so it marks where the language begins.
const langMarker = " " + facetMark + "lang"

// languageToken is the facet token of a language code.
func languageToken(lang string) string { return facetMark + "lang" + lang }

func hashToken(kind string, value string) string {
	h := fnv.New64a()
	h.Write([]byte(value))
	return facetMark + kind + strconv.FormatUint(h.Sum64(), 36)
}

func sourceToken(id string) string { return hashToken("src", id) }

// domainToken is the token of a lower-case domain: every article carries
// one for its host and each parent domain, so domains=example.com finds
// www.example.com.
func domainToken(domain string) string { return hashToken("dom", domain) }

// baseFacets are an article's facet tokens other than its language, which
// comes from its source and may arrive later.
func baseFacets(sourceID, rhost string) string {
	var toks []string
	if sourceID != "" {
		toks = append(toks, sourceToken(sourceID))
	}
	if rhost != "" {
		labels := strings.Split(rhost, ".")
		// Single labels ("com") are left out: a domain has a dot.
		for i := len(labels); i >= 2; i-- {
			toks = append(toks, domainToken(store.ReverseDomain(strings.Join(labels[:i], "."))))
		}
		if len(labels) == 1 {
			toks = append(toks, domainToken(rhost))
		}
	}
	return strings.Join(toks, " ")
}

// facetMatch is the FTS5 expression that ANDs the search's words with its
// filters.
func (sr search) facetMatch(q searchFilters) string {
	var parts []string
	if sr.expr != "" { // keywords; a search without them has facets alone
		parts = append(parts, "("+sr.expr+")")
	}
	if q.language != "" {
		parts = append(parts, quoteToken(languageToken(q.language)))
	}
	if len(q.sources) > 0 {
		parts = append(parts, "("+tokens(q.sources, sourceToken)+")")
	}
	if len(q.domains) > 0 {
		parts = append(parts, "("+tokens(q.domains, domainToken)+")")
	}
	expr := strings.Join(parts, " AND ")
	if len(q.excludeDomains) > 0 {
		expr = "(" + expr + ") NOT (" + tokens(q.excludeDomains, domainToken) + ")"
	}
	return expr
}

func quoteToken(t string) string { return `"` + t + `"` }

type searchFilters struct {
	language                         string
	sources, domains, excludeDomains []string
}

func tokens(values []string, token func(string) string) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = quoteToken(token(v))
	}
	return strings.Join(out, " OR ")
}
