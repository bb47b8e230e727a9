package store

import (
	"hash/fnv"
	"strconv"
	"strings"
)

// Filters of a search (language, sources, domains) are also written into
// the full-text index, as tokens in a hidden "facets" column, so that FTS5
// intersects them with the words of q while reading its index. Without
// them a selective filter (one domain of hundreds) would make a search
// read every match of its words just to drop most of them.
//
// Language tokens are exact ("langde"). Source ids and domains are hashed
// to 64 bits to keep tokens short and free of punctuation; inclusion
// filters re-check the exact value on the article row, so a hash collision
// can only cost time, never add a wrong result.

// textColumns are the columns user words are matched against.
const textColumns = "{title description content}"

// langMarker starts the language token; it never occurs in the other
// tokens, so it marks where the language part of facets begins.
const langMarker = " lang"

// languageToken is the facet token of a language code.
func languageToken(lang string) string { return strings.TrimSpace(langMarker) + lang }

func hashToken(kind string, value string) string {
	h := fnv.New64a()
	h.Write([]byte(value))
	return kind + strconv.FormatUint(h.Sum64(), 36)
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
			toks = append(toks, domainToken(reverseDomain(strings.Join(labels[:i], "."))))
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
	parts := []string{textColumns + " : (" + sr.expr + ")"}
	if q.language != "" {
		parts = append(parts, "facets : "+languageToken(q.language))
	}
	if len(q.sources) > 0 {
		parts = append(parts, "facets : ("+tokens(q.sources, sourceToken)+")")
	}
	if len(q.domains) > 0 {
		parts = append(parts, "facets : ("+tokens(q.domains, domainToken)+")")
	}
	expr := strings.Join(parts, " AND ")
	if len(q.excludeDomains) > 0 {
		expr = "(" + expr + ") NOT facets : (" + tokens(q.excludeDomains, domainToken) + ")"
	}
	return expr
}

type searchFilters struct {
	language                         string
	sources, domains, excludeDomains []string
}

func tokens(values []string, token func(string) string) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = token(v)
	}
	return strings.Join(out, " OR ")
}
