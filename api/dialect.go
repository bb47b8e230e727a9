package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"tidings/model"
)

// Dialect is the wire protocol a [Client] speaks: the spec's (the default,
// and what `tidings serve` implements) or NewsAPI's (newsapi.org, which
// the spec was drawn from). The three reads are the same to callers;
// paths, parameter values, authentication, error bodies and a few rules
// differ, and those differences live behind the dialect (newsapi*.go).
//
// The zero value is [DialectSpec].
type Dialect int

// The dialects.
const (
	// DialectSpec is shared/spec/news-service.md: /sources,
	// /latest-headlines and /articles, "Authorization: Bearer <key>".
	DialectSpec Dialect = iota
	// DialectNewsAPI is newsapi.org's v2: /top-headlines/sources,
	// /top-headlines and /everything, "X-Api-Key: <key>".
	DialectNewsAPI
	// DialectGReader is the Google Reader API of FreshRSS, Miniflux and
	// tidings serve's /api/greader. Package api/greader speaks it, not
	// [Client]; this package knows its rules (dialect_greader.go).
	DialectGReader
)

// NewsAPIBaseURL is NewsAPI's address, the default base URL of
// [DialectNewsAPI].
const NewsAPIBaseURL = "https://newsapi.org/v2"

// Dialects returns every dialect, the default first.
func Dialects() []Dialect { return []Dialect{DialectSpec, DialectNewsAPI, DialectGReader} }

// String is the dialect's name as the command line spells it.
func (d Dialect) String() string {
	switch d {
	case DialectSpec:
		return "spec"
	case DialectNewsAPI:
		return "newsapi"
	case DialectGReader:
		return "greader"
	}
	return fmt.Sprintf("Dialect(%d)", int(d))
}

// Description says in a few words what the dialect talks to.
func (d Dialect) Description() string {
	switch d {
	case DialectNewsAPI:
		return "newsapi.org"
	case DialectGReader:
		return "a Google Reader service (FreshRSS, Miniflux, tidings serve's /api/greader)"
	}
	return "a service that follows the news service spec"
}

// ServiceName names the service in messages: "NewsAPI", or "the service".
func (d Dialect) ServiceName() string {
	switch d {
	case DialectNewsAPI:
		return "NewsAPI"
	case DialectGReader:
		return "the Google Reader service"
	}
	return "the service"
}

// DefaultBaseURL is the address used when none is configured: NewsAPI's
// for DialectNewsAPI, none (the caller decides) for the spec.
func (d Dialect) DefaultBaseURL() string {
	if d == DialectNewsAPI {
		return NewsAPIBaseURL
	}
	return ""
}

// ParseDialect reads a dialect name in any case; "" is the default.
func ParseDialect(s string) (Dialect, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return DialectSpec, nil
	}
	for _, d := range Dialects() {
		if t == d.String() {
			return d, nil
		}
	}
	return DialectSpec, fmt.Errorf("unknown dialect %q: allowed values are spec, newsapi, greader", s)
}

// Languages returns the languages the dialect's service can filter by, in
// the model's spelling: what a reader may offer in a picker.
func (d Dialect) Languages() []model.Language {
	switch d {
	case DialectNewsAPI:
		return model.NewsAPILanguages()
	case DialectGReader:
		return nil // subscriptions have no language to filter by
	}
	return model.Languages()
}

// ParseLanguage reads a language as a user of the dialect's service may
// type it; the error names the values that service takes.
func (d Dialect) ParseLanguage(s string) (model.Language, error) {
	if d == DialectNewsAPI {
		return model.ParseNewsAPILanguage(s)
	}
	return model.ParseLanguage(s)
}

// ValidateHeadlines checks q against the rules of the dialect's service;
// the client applies it before sending anything.
func (d Dialect) ValidateHeadlines(q model.HeadlinesQuery) error {
	return d.protocol().headlines(q).err
}

// ValidateSources checks q against the rules of the dialect's service.
func (d Dialect) ValidateSources(q model.SourcesQuery) error {
	return d.protocol().sources(q).err
}

// ValidateArticles checks a search against the rules of the dialect's
// service (NewsAPI takes sources or domains instead of keywords).
func (d Dialect) ValidateArticles(q model.ArticlesQuery) error {
	return d.protocol().articles(q).err
}

// DefaultHeadlinesCountry is the country headlines start with when the
// user chose neither a country nor a category: none ("all") for the spec;
// "us" for NewsAPI, whose top headlines need a country or a category, and
// whose documentation lists only us for headlines by country since 2024
// (model/newsapi.go).
func (d Dialect) DefaultHeadlinesCountry() model.Country {
	if d == DialectNewsAPI {
		return "us"
	}
	return ""
}

// DocumentsHeadlinesFor reports whether the service's documentation says
// it has top headlines for country c ("" is all countries). NewsAPI takes
// every country it lists for sources but answers only us with headlines;
// a reader can say so when another country's list comes back empty.
func (d Dialect) DocumentsHeadlinesFor(c model.Country) bool {
	return d != DialectNewsAPI || c == "" || c == "us"
}

// known reports whether d is a dialect [Client] speaks: the Google
// Reader dialect is package api/greader's.
func (d Dialect) known() bool { return d == DialectSpec || d == DialectNewsAPI }

func (d Dialect) protocol() protocol {
	switch d {
	case DialectNewsAPI:
		return newsAPIProtocol{}
	case DialectGReader:
		return greaderProtocol{}
	}
	return specProtocol{}
}

// protocol is how one dialect puts the three reads on the wire and reads
// the answers. Implementations hold no state.
type protocol interface {
	sources(q model.SourcesQuery) request
	headlines(q model.HeadlinesQuery) request
	articles(q model.ArticlesQuery) request
	// authorize puts the key (never empty) on a request.
	authorize(h http.Header, key string)
	decodeSources(body []byte, r request, redact func(string) string) (model.Page[model.Source], error)
	decodeArticles(body []byte, r request, redact func(string) string) (model.Page[model.Article], error)
	// errorResponse reads a non-2xx answer.
	errorResponse(status int, h http.Header, body []byte, now time.Time, redact func(string) string) *Error
}

// request is one read as a dialect asks it: the query failed the
// dialect's rules (err), or there is nothing to ask (none: the answer is
// an empty page), or a GET of path with query.
type request struct {
	err   error
	none  bool
	path  string
	query url.Values
	hint  pagingHint
}

// specProtocol is the spec's dialect, exactly as the client spoke before
// dialects existed.
type specProtocol struct{}

func (specProtocol) sources(q model.SourcesQuery) request {
	if err := q.Validate(); err != nil {
		return request{err: err}
	}
	return request{path: pathSources, query: q.Values(), hint: pagingHint{q.Page, q.PageSize}}
}

func (specProtocol) headlines(q model.HeadlinesQuery) request {
	if err := q.Validate(); err != nil {
		return request{err: err}
	}
	return request{path: pathHeadlines, query: q.Values(), hint: pagingHint{q.Page, q.PageSize}}
}

func (specProtocol) articles(q model.ArticlesQuery) request {
	if err := q.Validate(); err != nil {
		return request{err: err}
	}
	return request{path: pathArticles, query: q.Values(), hint: pagingHint{q.Page, q.PageSize}}
}

func (specProtocol) authorize(h http.Header, key string) { h.Set("Authorization", "Bearer "+key) }

func (specProtocol) decodeSources(body []byte, r request, redact func(string) string) (model.Page[model.Source], error) {
	return decodeSourcesPage(body, r.hint, redact)
}

func (specProtocol) decodeArticles(body []byte, r request, redact func(string) string) (model.Page[model.Article], error) {
	return decodeArticlesPage(body, r.hint, redact)
}

func (specProtocol) errorResponse(status int, h http.Header, body []byte, now time.Time, redact func(string) string) *Error {
	return decodeErrorResponse(status, h, body, now, redact)
}

// WithDialect makes the client speak d (default [DialectSpec]).
func WithDialect(d Dialect) Option {
	return func(s *settings) { s.dialect = d }
}
