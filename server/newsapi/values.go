package newsapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"tidings/model"
)

// Limits of NewsAPI's that this server keeps.
const (
	// MaxSources is the most source ids one request may name
	// (/docs/endpoints/everything: "maximum 20"); more is sourcesTooMany.
	MaxSources = 20
	// MaxPageSize is the largest pageSize (every endpoint's docs).
	MaxPageSize = 100
	// HeadlinesPageSize and EverythingPageSize are the page sizes when
	// none is sent: 20 on top-headlines, 100 on everything.
	HeadlinesPageSize  = 20
	EverythingPageSize = 100
)

// languageList is NewsAPI's list, in its documentation's order, for
// messages: the catalogue's languages in NewsAPI's codes, and "zh".
func languageList() string { return strings.Join(model.NewsAPILanguageCodes(), ", ") + ", zh" }

// ParseLanguage reads NewsAPI's language parameter, in any case: "" is
// any language, "sv" (or NewsAPI's older "se") is the catalogue's Swedish
// (model.LanguageFromNewsAPI). "zh" is a NewsAPI language the catalogue
// has no label for (the spec's list has no Chinese, so an imported or
// polled Chinese source is stored without a language): answering it with
// no results would hide such sources, so it is refused with a message
// saying why.
func ParseLanguage(s string) (model.Language, error) {
	c := strings.ToLower(strings.TrimSpace(s))
	switch c {
	case "":
		return "", nil
	case "zh":
		return "", invalid("The language zh is not supported by this server: its catalogue has no label for Chinese. Leave language out, or use one of " +
			strings.TrimSuffix(languageList(), ", zh") + ".")
	}
	if l, ok := model.LanguageFromNewsAPI(c); ok {
		return l, nil
	}
	return "", invalid(fmt.Sprintf("The language param %s is not a language NewsAPI supports. Possible options: %s.", quote(s), languageList()))
}

// LanguageCode is NewsAPI's code for a stored language: Swedish ("se" in
// the spec) is "sv"; a language NewsAPI lacks (none today) keeps its code.
func LanguageCode(l model.Language) string {
	if code, ok := model.NewsAPILanguage(l); ok {
		return code
	}
	return string(l)
}

// parseCountry reads NewsAPI's country parameter. NewsAPI's list (the 54
// of /docs/endpoints/sources and, until 2024, /docs/endpoints/top-headlines)
// is exactly the spec's, so the model's parser decides.
func parseCountry(s string) (model.Country, error) {
	c, err := model.ParseCountry(s)
	if err != nil {
		return "", invalid(fmt.Sprintf("The country param %s is not a country NewsAPI supports. Possible options: %s.",
			quote(s), joinCodes(model.Countries())))
	}
	return c, nil
}

func parseCategory(s string) (model.Category, error) {
	c, err := model.ParseCategory(s)
	if err != nil {
		return "", invalid(fmt.Sprintf("The category param %s is not a category NewsAPI supports. Possible options: %s.",
			quote(s), joinCodes(model.Categories())))
	}
	return c, nil
}

func parseSortBy(s string) (model.SortBy, error) {
	o, err := model.ParseSortBy(s)
	if err != nil {
		return "", invalid(fmt.Sprintf("The sortBy param %s is not supported. Possible options: relevancy, popularity, publishedAt.", quote(s)))
	}
	if o == "" {
		o = model.SortPublishedAt // NewsAPI's default: "Default: publishedAt"
	}
	return o, nil
}

// parsePaging reads page (default 1) and pageSize (default def, at most
// MaxPageSize): each must be a whole number of at least 1, written with
// ASCII digits only.
func parsePaging(v map[string][]string, def int) (page, pageSize int, err error) {
	page, pageSize = model.DefaultPage, def
	if raw := first(v, "page"); raw != "" {
		n, ok := positive(raw)
		switch {
		case ok && n <= model.MaxPageNumber:
			page = n
		case isWholeNumber(raw):
			// A whole number, past any page (too long for an int64): say so,
			// as for any page past the results a search serves.
			return 0, 0, &Error{Status: StatusMaximumResultsReached, Code: CodeMaximumResultsReached, Message: fmt.Sprintf(
				"You have requested too many results. Page %s is past the last page of any search on this server.", raw)}
		default:
			return 0, 0, invalid(fmt.Sprintf("The page param %s is invalid: it must be a whole number of 1 or more.", quote(raw)))
		}
	}
	if raw := first(v, "pageSize"); raw != "" {
		n, ok := positive(raw)
		if !ok || n > MaxPageSize {
			return 0, 0, invalid(fmt.Sprintf("The pageSize param %s is invalid: it must be a whole number from 1 to %d.", quote(raw), MaxPageSize))
		}
		pageSize = n
	}
	return page, pageSize, nil
}

// parseSources reads the sources list: at most MaxSources ids, else
// sourcesTooMany. Ids are checked by the model later.
func parseSources(s string) ([]string, error) {
	ids := model.SplitList(strings.ToLower(s))
	if len(ids) > MaxSources {
		return nil, &Error{Status: http.StatusBadRequest, Code: CodeSourcesTooMany, Message: fmt.Sprintf(
			"You have requested too many sources in a single request: %d. The maximum is %d; try splitting the request into smaller requests.",
			len(ids), MaxSources)}
	}
	return ids, nil
}

// positive accepts 1 or more in ASCII digits, nothing else.
// isWholeNumber reports whether raw is ASCII digits of a value of 1 or
// more, however long.
func isWholeNumber(raw string) bool {
	if raw == "" || strings.Trim(raw, "0123456789") != "" {
		return false
	}
	return strings.Trim(raw, "0") != ""
}

func positive(raw string) (int, bool) {
	if raw == "" || len(raw) > 18 {
		return 0, false
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] < '0' || raw[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(raw)
	return n, err == nil && n >= 1
}

// first is the first value of a parameter ("" when absent): a repeated
// parameter takes its first value, as on the spec's paths.
func first(v map[string][]string, name string) string {
	if vs := v[name]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// has reports whether a parameter has a value that is not blank.
func has(v map[string][]string, name string) bool {
	return strings.TrimSpace(first(v, name)) != ""
}

// quote quotes a user's value for a message, cut to a readable length.
func quote(s string) string {
	const max = 60
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}

func joinCodes[T ~string](list []T) string {
	parts := make([]string, len(list))
	for i, v := range list {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}
