package newsapi

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"tidings/model"
)

// Headlines is a /v2/top-headlines request that passed NewsAPI's rules.
// With neither Q, Sources nor Language it is the store's HeadlinesQuery
// (see [Headlines.Plain] and [Headlines.Query]); otherwise an article
// search (see [Headlines.Search]), since the store's headlines filter by
// country and category only.
type Headlines struct {
	Q        string
	Sources  []string
	Country  model.Country
	Category model.Category
	Language model.Language
	Page     int
	PageSize int
}

// Plain reports whether the request is the store's headlines as they are:
// by country and category, no keywords, sources or language.
func (h Headlines) Plain() bool { return h.Q == "" && len(h.Sources) == 0 && h.Language == "" }

// Query is the store's headline query of a Plain request.
func (h Headlines) Query() model.HeadlinesQuery {
	return model.HeadlinesQuery{Country: h.Country, Category: h.Category, Page: h.Page, PageSize: h.PageSize}
}

// Search is the store's article search for a request that is not Plain:
// newest first, as headlines are. Q may be empty (the store then lists
// what the sources or language select). It does not carry Country and
// Category, which the article search cannot filter by: the caller turns
// them into the sources they select.
func (h Headlines) Search() model.ArticlesQuery {
	return model.ArticlesQuery{Q: h.Q, Sources: h.Sources, Language: h.Language, SortBy: model.SortPublishedAt,
		Page: h.Page, PageSize: h.PageSize}
}

// ParseHeadlines reads a /v2/top-headlines request by NewsAPI's rules:
// at least one of sources, q, language, country and category; sources
// not mixed with country or category; at most MaxSources sources; known
// values; pageSize 1 to 100 (default 20).
func ParseHeadlines(v url.Values) (Headlines, error) {
	var h Headlines
	if !has(v, "sources") && !has(v, "q") && !has(v, "language") && !has(v, "country") && !has(v, "category") {
		return h, missing("Required parameters are missing. Please set any of the following parameters and try again: sources, q, language, country, category.")
	}
	if has(v, "sources") && (has(v, "country") || has(v, "category")) {
		return h, &Error{Status: http.StatusBadRequest, Code: CodeParametersIncompatible,
			Message: "You cannot mix the sources parameter with the country or category parameters."}
	}
	var err error
	if h.Sources, err = parseSources(first(v, "sources")); err != nil {
		return h, err
	}
	if h.Country, err = parseCountry(first(v, "country")); err != nil {
		return h, err
	}
	if h.Category, err = parseCategory(first(v, "category")); err != nil {
		return h, err
	}
	if h.Language, err = ParseLanguage(first(v, "language")); err != nil {
		return h, err
	}
	if h.Page, h.PageSize, err = parsePaging(v, HeadlinesPageSize); err != nil {
		return h, err
	}
	h.Q = strings.TrimSpace(first(v, "q"))
	if h.Plain() {
		return h, fromModel(h.Query().Validate())
	}
	return h, fromModel(validateSearch(h.Search()))
}

// ParseEverything reads a /v2/everything request by NewsAPI's rules and
// returns the store's article search for it: country and category are
// not /everything parameters; one of q, qInTitle, sources and domains is
// required; at most MaxSources sources; known values; from and to in ISO
// 8601 (a date, or a date and time); sortBy defaults to publishedAt and
// pageSize to 100. What the store cannot answer is refused in NewsAPI's
// words: qInTitle and a searchIn of fewer than all three fields
// (parameterInvalid: every search covers titles, descriptions and content
// together). Sources or domains without q list their articles, newest
// first by default.
func ParseEverything(v url.Values) (model.ArticlesQuery, error) {
	var q model.ArticlesQuery
	for _, p := range []string{"country", "category"} {
		if has(v, p) {
			return q, invalid(fmt.Sprintf("The %s param is not currently supported on the /everything endpoint.", p))
		}
	}
	if !has(v, "q") && !has(v, "qInTitle") && !has(v, "sources") && !has(v, "domains") {
		return q, missing("Required parameters are missing, the scope of your search is too broad. Please set any of the following required parameters and try again: q, qInTitle, sources, domains.")
	}
	var err error
	if q.Sources, err = parseSources(first(v, "sources")); err != nil {
		return q, err
	}
	if q.Language, err = ParseLanguage(first(v, "language")); err != nil {
		return q, err
	}
	if q.SortBy, err = parseSortBy(first(v, "sortBy")); err != nil {
		return q, err
	}
	if q.Page, q.PageSize, err = parsePaging(v, EverythingPageSize); err != nil {
		return q, err
	}
	if err := checkSearchIn(first(v, "searchIn")); err != nil {
		return q, err
	}
	if has(v, "qInTitle") {
		return q, invalid("The qInTitle param is not supported by this server: it searches titles, descriptions and content together. Use q instead.")
	}
	q.Q = strings.TrimSpace(first(v, "q"))
	q.Domains = model.SplitList(strings.ToLower(first(v, "domains")))
	q.ExcludeDomains = model.SplitList(strings.ToLower(first(v, "excludeDomains")))
	q.From = strings.TrimSpace(first(v, "from"))
	q.To = strings.TrimSpace(first(v, "to"))
	if q.Q == "" && len(q.Sources) == 0 && len(q.Domains) == 0 {
		// sources= or domains= given empty: nothing narrows the search.
		return q, missing("Required parameters are missing, the scope of your search is too broad. Please set any of the following required parameters and try again: q, qInTitle, sources, domains.")
	}
	return q, fromModel(validateSearch(q))
}

// validateSearch checks a search by the model's rules; keywords are
// checked only when there are some (NewsAPI lets sources, domains or a
// language stand without them).
func validateSearch(q model.ArticlesQuery) error {
	if q.Q == "" {
		return q.ValidateFilters()
	}
	return q.Validate()
}

// ParseSources reads a /v2/top-headlines/sources request: category,
// language and country, each optional. The answer is not paginated, so
// Page and PageSize are left for the caller, which lists every page.
func ParseSources(v url.Values) (model.SourcesQuery, error) {
	var q model.SourcesQuery
	var err error
	if q.Category, err = parseCategory(first(v, "category")); err != nil {
		return q, err
	}
	if q.Language, err = ParseLanguage(first(v, "language")); err != nil {
		return q, err
	}
	if q.Country, err = parseCountry(first(v, "country")); err != nil {
		return q, err
	}
	return q, fromModel(q.Validate())
}

// searchFields are NewsAPI's searchIn values.
var searchFields = []string{"title", "description", "content"}

// checkSearchIn accepts searchIn when it is absent or names all three
// fields (what every search covers anyway); an unknown field is invalid,
// and a subset is this server's limit.
func checkSearchIn(raw string) error {
	fields := model.SplitList(strings.ToLower(raw))
	seen := map[string]bool{}
	for _, f := range fields {
		known := false
		for _, k := range searchFields {
			known = known || f == k
		}
		if !known {
			return invalid(fmt.Sprintf("The searchIn param %s is invalid. Possible options: title, description, content.", quote(raw)))
		}
		seen[f] = true
	}
	if len(seen) > 0 && len(seen) < len(searchFields) {
		return invalid(fmt.Sprintf("searchIn %s is not supported by this server: it searches titles, descriptions and content together. Leave searchIn out, or name all three.", quote(raw)))
	}
	return nil
}

// fromModel turns the model's validation failure (a q of no words, an
// id or domain that is not one, a date that is not one, from after to)
// into parameterInvalid with the model's message.
func fromModel(err error) error {
	if err == nil {
		return nil
	}
	var verr *model.ValidationError
	if errors.As(err, &verr) {
		return invalid(verr.Message)
	}
	return err
}
