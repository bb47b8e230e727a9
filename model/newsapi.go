package model

import (
	"fmt"
	"strings"
)

// NewsAPI (newsapi.org) is the service the spec was drawn from, and it
// differs from the spec in names, values and rules. This file holds what
// the reader (and the server, should it ever speak NewsAPI) needs to know
// about those values and rules, as pure functions: NewsAPI's own codes and
// their mapping to and from the spec's, and the request rules NewsAPI
// enforces that the spec does not.
//
// Where the values come from, and where the sources disagree:
//
//   - Languages. newsapi.org/docs/endpoints/everything and
//     /docs/endpoints/sources list "ar de en es fr he it nl no pt ru sv ud
//     zh" today; the same pages in 2018-2019 listed "se" where they now
//     list "sv". The spec lists "se" (and no "zh"). The Python client
//     (mattlisiv/newsapi-python, newsapi/const.py) first accepted "sv" and
//     "cn" and later added "se" and "zh" besides. So Swedish is sent as
//     "sv" and both "sv" and "se" are read back as the spec's "se"; "ud"
//     (Urdu, not ISO's "ur") is NewsAPI's spelling too. Chinese ("zh", the
//     library's "cn") has no counterpart in the spec's list, so the reader,
//     whose vocabulary is the spec's, cannot ask for it.
//   - Countries. /docs/endpoints/sources lists the same 54 codes as the
//     spec (ae … za). /docs/endpoints/top-headlines listed those 54 too,
//     but since 2024 lists only "us"; other countries answer "ok" with no
//     articles (newsapi-python issues #77 and #93). They are still valid
//     parameters, so they are kept: a reader should explain the empty
//     list rather than refuse the country. newsapi-python's const.py adds
//     es, is, pk and zh, which no NewsAPI page lists; they are not taken.
//   - Categories and sort orders are the spec's seven and three.
//   - Rules: top-headlines cannot mix sources with country or category,
//     and needs at least one of country, category, sources or q (its
//     parametersMissing message); everything needs q, qInTitle, sources or
//     domains ("the scope of your search is too broad"); sources holds at
//     most 20 ids; q at most 500 characters (/docs/endpoints/everything);
//     the Developer plan serves only the first 100 results of a query
//     (its maximumResultsReached message).

// NewsAPI's limits, from its documentation and error messages.
const (
	// NewsAPIMaxResults is how many results of one query the Developer
	// (free) plan serves; asking for a page beyond them fails with
	// maximumResultsReached (HTTP 426). Paid plans have no such cap.
	NewsAPIMaxResults = 100
	// NewsAPIMaxSources is the most source ids one request may name.
	NewsAPIMaxSources = 20
	// NewsAPIHeadlinesPageSize is the page size of top-headlines when
	// none is sent (the spec's default, 20, everywhere).
	NewsAPIHeadlinesPageSize = 20
	// NewsAPIEverythingPageSize is the page size of everything when none
	// is sent: 100, not the spec's 20.
	NewsAPIEverythingPageSize = 100
)

// newsAPICode is NewsAPI's code of every spec language NewsAPI has: the
// spec's own but for Swedish, "sv".
func newsAPICode(l Language) (string, bool) {
	switch l {
	case "se":
		return "sv", true
	case "ar", "de", "en", "es", "fr", "he", "it", "nl", "no", "pt", "ru", "ud":
		return string(l), true
	}
	return "", false
}

// NewsAPILanguage is the code NewsAPI uses for l ("se", Swedish, is
// "sv"); ok is false when NewsAPI has no such language. The empty
// Language ("any") maps to "" and true.
func NewsAPILanguage(l Language) (string, bool) {
	if l == "" {
		return "", true
	}
	return newsAPICode(l)
}

// LanguageFromNewsAPI is the spec language of a NewsAPI language code, in
// any case ("sv" and the older "se" are both "se"); ok is false for codes
// the spec has no language for, such as "zh".
func LanguageFromNewsAPI(code string) (Language, bool) {
	c := strings.ToLower(strings.TrimSpace(code))
	if c == "se" || c == "sv" {
		// "sv", and "se": NewsAPI's code until 2019, no longer documented.
		return "se", true
	}
	if nc, ok := newsAPICode(Language(c)); ok && nc == c {
		return Language(c), true
	}
	return "", false
}

// NewsAPILanguages returns the spec languages NewsAPI has, in the spec's
// order: the languages a reader may offer when it talks to NewsAPI.
func NewsAPILanguages() []Language {
	var out []Language
	for _, l := range languages {
		if _, ok := newsAPICode(l); ok {
			out = append(out, l)
		}
	}
	return out
}

// NewsAPILanguageCodes returns NewsAPI's codes of NewsAPILanguages, in the
// same order ("sv" for Swedish), for messages that name allowed values.
func NewsAPILanguageCodes() []string {
	langs := NewsAPILanguages()
	out := make([]string, len(langs))
	for i, l := range langs {
		out[i], _ = newsAPICode(l)
	}
	return out
}

// ParseNewsAPILanguage reads a language as a NewsAPI user may type it: the
// spec's code or NewsAPI's ("se" or "sv"), in any case. The empty string is
// "any". The error names NewsAPI's codes.
func ParseNewsAPILanguage(s string) (Language, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return "", nil
	}
	if _, ok := newsAPICode(Language(t)); ok {
		return Language(t), nil
	}
	if l, ok := LanguageFromNewsAPI(t); ok {
		return l, nil
	}
	return "", fmt.Errorf("unknown language %q for NewsAPI: allowed values are %s", s, strings.Join(NewsAPILanguageCodes(), ", "))
}

// NewsAPICountry is the code NewsAPI uses for c (the same two letters);
// ok is false for a country NewsAPI does not list. The empty Country maps
// to "" and true.
func NewsAPICountry(c Country) (string, bool) {
	if c == "" {
		return "", true
	}
	if contains(countries, c) {
		return string(c), true
	}
	return "", false
}

// CountryFromNewsAPI is the country of a NewsAPI country code, in any case;
// ok is false for codes NewsAPI does not list.
func CountryFromNewsAPI(code string) (Country, bool) {
	c := Country(strings.ToLower(strings.TrimSpace(code)))
	if c != "" && contains(countries, c) {
		return c, true
	}
	return "", false
}

// NewsAPICountries returns the countries NewsAPI lists for sources and
// headlines: the spec's 54.
func NewsAPICountries() []Country { return Countries() }

// NewsAPITimeBound turns a from or to value the spec accepts into the form
// NewsAPI documents, an ISO 8601 time without a zone, in UTC
// ("2026-11-20T08:00:00"). A bare date is made explicit (its first second
// for from, its last for to) so NewsAPI reads the same span the spec
// does. "" stays "".
func NewsAPITimeBound(s string, isTo bool) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	t, err := ParseTimeBound(s, isTo)
	if err != nil {
		return "", err
	}
	return t.UTC().Format("2006-01-02T15:04:05"), nil
}

// ValidateNewsAPIHeadlines checks q against the spec's rules and
// NewsAPI's: top-headlines needs a country or a category (the reader's
// headlines carry neither sources nor keywords, NewsAPI's other two ways
// to narrow them).
func ValidateNewsAPIHeadlines(q HeadlinesQuery) error {
	if err := q.Validate(); err != nil {
		return err
	}
	if len(q.Sources) > 0 {
		return nil // validated above, and not mixed with a country
	}
	if q.Country == "" && q.Category == "" {
		return paramError("country", "NewsAPI's top headlines need a country or a category")
	}
	if _, ok := NewsAPICountry(q.Country); !ok {
		return &ValidationError{Param: "country", Kind: KindCountry,
			Message: fmt.Sprintf("NewsAPI has no country %q", q.Country)}
	}
	return nil
}

// ValidateNewsAPISources checks q against the spec's rules and NewsAPI's
// values. Page and PageSize are not NewsAPI's concern: its sources come
// as one list.
func ValidateNewsAPISources(q SourcesQuery) error {
	if err := q.Validate(); err != nil {
		return err
	}
	return checkNewsAPILanguage(q.Language)
}

// ValidateNewsAPIArticles checks q against NewsAPI's rules for
// /everything: keywords are optional when sources or domains narrow the
// search, and the language must be one NewsAPI has. Every other rule is
// the spec's (the 500-character q and the 20 ids of sources are NewsAPI's
// limits too).
func ValidateNewsAPIArticles(q ArticlesQuery) error {
	validate := q.Validate
	if strings.TrimSpace(q.Q) == "" {
		if len(q.Sources) == 0 && len(q.Domains) == 0 {
			return paramError("q", "NewsAPI needs keywords, sources or domains: give at least one")
		}
		validate = q.ValidateFilters
	}
	if err := validate(); err != nil {
		return err
	}
	return checkNewsAPILanguage(q.Language)
}

func checkNewsAPILanguage(l Language) error {
	if _, ok := NewsAPILanguage(l); !ok {
		return paramError("language", "NewsAPI has no language %q: allowed values are %s",
			l, strings.Join(NewsAPILanguageCodes(), ", "))
	}
	return nil
}
