package api

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"tidings/model"
)

// NewsAPI's v2 endpoints (newsapi.org/docs/endpoints), relative to
// NewsAPIBaseURL. The sources list moved under /top-headlines in the
// current documentation; the older /v2/sources is not used.
const (
	pathNewsAPIHeadlines  = "/top-headlines"
	pathNewsAPIEverything = "/everything"
	pathNewsAPISources    = "/top-headlines/sources"
)

// newsAPIKeyHeader carries the key (newsapi.org/docs/authentication: the
// apiKey query parameter, X-Api-Key, or Authorization). The header keeps
// the key out of URLs, which end up in logs and error texts; Authorization
// is not sent, so that nothing reads it as the spec's bearer token.
const newsAPIKeyHeader = "X-Api-Key"

// newsAPIProtocol is DialectNewsAPI. Its rules and values come from
// model/newsapi.go, which says where each was found.
type newsAPIProtocol struct{}

func (newsAPIProtocol) authorize(h http.Header, key string) { h.Set(newsAPIKeyHeader, key) }

// headlines asks /top-headlines. Its country and category are the spec's
// values; NewsAPI refuses the request without one of them
// (parametersMissing), so such a query fails here, unsent.
func (newsAPIProtocol) headlines(q model.HeadlinesQuery) request {
	if err := model.ValidateNewsAPIHeadlines(q); err != nil {
		return request{err: err}
	}
	v := url.Values{}
	country, _ := model.NewsAPICountry(q.Country)
	setValue(v, "country", country)
	setValue(v, "category", string(q.Category))
	setValue(v, "sources", strings.Join(q.Sources, ","))
	setNewsAPIPaging(v, q.Page, q.PageSize)
	return request{path: pathNewsAPIHeadlines, query: v,
		hint: pagingHint{q.Page, pageSizeOr(q.PageSize, model.NewsAPIHeadlinesPageSize)}}
}

// articles asks /everything, which takes keywords, sources or domains, and
// languages and times in its own spelling.
func (newsAPIProtocol) articles(q model.ArticlesQuery) request {
	if err := model.ValidateNewsAPIArticles(q); err != nil {
		return request{err: err}
	}
	from, err := model.NewsAPITimeBound(q.From, false)
	if err != nil {
		return request{err: err}
	}
	to, err := model.NewsAPITimeBound(q.To, true)
	if err != nil {
		return request{err: err}
	}
	lang, _ := model.NewsAPILanguage(q.Language)
	v := url.Values{}
	setValue(v, "q", strings.TrimSpace(q.Q))
	setValue(v, "sources", strings.Join(q.Sources, ","))
	setValue(v, "domains", strings.Join(q.Domains, ","))
	setValue(v, "excludeDomains", strings.Join(q.ExcludeDomains, ","))
	setValue(v, "from", from)
	setValue(v, "to", to)
	setValue(v, "language", lang)
	setValue(v, "sortBy", string(q.SortBy))
	setNewsAPIPaging(v, q.Page, q.PageSize)
	return request{path: pathNewsAPIEverything, query: v,
		hint: pagingHint{q.Page, pageSizeOr(q.PageSize, model.NewsAPIEverythingPageSize)}}
}

// sources asks /top-headlines/sources, which is not paginated: it takes no
// page or pageSize and answers every matching source at once, so page 1 is
// the whole list and later pages are empty without asking.
func (newsAPIProtocol) sources(q model.SourcesQuery) request {
	if err := model.ValidateNewsAPISources(q); err != nil {
		return request{err: err}
	}
	if q.Page > 1 {
		return request{none: true}
	}
	lang, _ := model.NewsAPILanguage(q.Language)
	country, _ := model.NewsAPICountry(q.Country)
	v := url.Values{}
	setValue(v, "category", string(q.Category))
	setValue(v, "language", lang)
	setValue(v, "country", country)
	return request{path: pathNewsAPISources, query: v}
}

func setValue(v url.Values, key, value string) {
	if value != "" {
		v.Set(key, value)
	}
}

func setNewsAPIPaging(v url.Values, page, pageSize int) {
	if page > 0 {
		v.Set("page", strconv.Itoa(page))
	}
	if pageSize > 0 {
		v.Set("pageSize", strconv.Itoa(pageSize))
	}
}

func pageSizeOr(n, def int) int {
	if n > 0 {
		return n
	}
	return def
}
