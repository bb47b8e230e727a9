package server

import (
	"context"
	"fmt"
	"math/big"
	"net/http"
	"net/url"

	"tidings/model"
	"tidings/server/newsapi"
	"tidings/wording"
)

// NewsAPI's three endpoints, answered from the store's three queries. The
// rules they apply are package newsapi's; what follows is how each request
// becomes store queries, and NewsAPI's response shapes. doc.go has the
// mapping table.

// maxSearchResults is how many results of one search the store serves
// (sqlite.MaxResults; a test keeps the two equal). NewsAPI answers a page
// that reaches past its plan's cap with maximumResultsReached rather than
// an empty page, so searches on NewsAPI's paths do the same at this cap.
const maxSearchResults = 10_000

// maxResolvedSources bounds the sources a country or category may stand
// for in a top-headlines search (see resolveSources): each becomes a term
// of the search, and hundreds are already far beyond one country's
// outlets.
const maxResolvedSources = 500

// newsAPIArticles is NewsAPI's envelope of top-headlines and everything:
// no page or pageSize, unlike the spec's.
type newsAPIArticles struct {
	Status       string        `json:"status"`
	TotalResults int           `json:"totalResults"`
	Articles     []wireArticle `json:"articles"`
}

// newsAPISources is NewsAPI's envelope of top-headlines/sources: every
// matching source, no totalResults, no paging.
type newsAPISources struct {
	Status  string          `json:"status"`
	Sources []newsAPISource `json:"sources"`
}

// newsAPISource is a source with NewsAPI's language code ("sv", not the
// spec's "se").
type newsAPISource struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	URL         string `json:"url"`
	Category    string `json:"category"`
	Language    string `json:"language"`
	Country     string `json:"country"`
}

// articlesAnswer is a page in NewsAPI's exact shape: our story extension
// (storyId, storySize) is left out, as clients written for NewsAPI may
// read its articles strictly; it is served on the spec's paths.
func articlesAnswer(p model.Page[model.Article]) newsAPIArticles {
	articles := toWire(p.Items)
	for i := range articles {
		articles[i].StoryID, articles[i].StorySize = "", 0
	}
	return newsAPIArticles{Status: "ok", TotalResults: p.TotalResults, Articles: articles}
}

// topHeadlines answers /v2/top-headlines. By country and category alone
// it is the store's headlines; with q, sources or a language it is an
// article search, newest first, its country and category turned into the
// sources they select.
func (h *handler) topHeadlines(ctx context.Context, v url.Values) (any, error) {
	req, err := newsapi.ParseHeadlines(v)
	if err != nil {
		return nil, err
	}
	if req.Plain() {
		p, err := h.st.Headlines(ctx, req.Query())
		if err != nil {
			return nil, err
		}
		return articlesAnswer(p), nil
	}
	if err := checkSearchWindow(req.Page, req.PageSize); err != nil {
		return nil, err
	}
	q := req.Search()
	if req.Country != "" || req.Category != "" {
		ids, err := h.resolveSources(ctx, req.Country, req.Category)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			// No source is in that country and category, so no article is:
			// an empty Sources list would mean "any source" to the store.
			return articlesAnswer(model.Page[model.Article]{Page: req.Page, PageSize: req.PageSize}), nil
		}
		q.Sources = ids
	}
	p, err := h.st.Articles(ctx, q)
	if err != nil {
		return nil, err
	}
	return articlesAnswer(p), nil
}

// resolveSources lists the ids of the sources in country and category:
// the article search cannot filter by either, but an article's country
// and category are its source's, so searching those sources is exact.
func (h *handler) resolveSources(ctx context.Context, country model.Country, category model.Category) ([]string, error) {
	var ids []string
	for page := 1; ; page++ {
		p, err := h.st.Sources(ctx, model.SourcesQuery{Country: country, Category: category, Page: page, PageSize: model.MaxPageSize})
		if err != nil {
			return nil, err
		}
		if p.TotalResults > maxResolvedSources {
			return nil, &newsapi.Error{Status: http.StatusBadRequest, Code: newsapi.CodeParameterInvalid, Message: fmt.Sprintf(
				"q with this country and category would search %s, more than the %s this server searches at once. Narrow it with a category or a country, or use /v2/everything.",
				wording.Count(p.TotalResults, "source", "sources"), wording.Thousands(maxResolvedSources))}
		}
		for _, s := range p.Items {
			ids = append(ids, s.ID)
		}
		if len(p.Items) == 0 || len(ids) >= p.TotalResults {
			return ids, nil
		}
	}
}

// everything answers /v2/everything: the store's article search.
func (h *handler) everything(ctx context.Context, v url.Values) (any, error) {
	q, err := newsapi.ParseEverything(v)
	if err != nil {
		return nil, err
	}
	if err := checkSearchWindow(q.Page, q.PageSize); err != nil {
		return nil, err
	}
	p, err := h.st.Articles(ctx, q)
	if err != nil {
		return nil, err
	}
	return articlesAnswer(p), nil
}

// checkSearchWindow refuses a page that reaches past the results a search
// serves, as NewsAPI does ("You have requested too many results …").
// Results are numbered from 1: page 101 of 100 a page is results 10001 to
// 10100. Page numbers reach 18 digits: big.Int keeps the product exact.
func checkSearchWindow(page, pageSize int) error {
	size := big.NewInt(int64(pageSize))
	to := new(big.Int).Mul(big.NewInt(int64(page)), size)
	if to.Cmp(big.NewInt(maxSearchResults)) <= 0 {
		return nil
	}
	from := new(big.Int).Add(new(big.Int).Sub(to, size), big.NewInt(1))
	return &newsapi.Error{Status: newsapi.StatusMaximumResultsReached, Code: newsapi.CodeMaximumResultsReached, Message: fmt.Sprintf(
		"You have requested too many results. This server serves at most the first %d results of a search. You are trying to request results %s to %s.",
		maxSearchResults, from, to)}
}

// newsAPISources answers /v2/top-headlines/sources: every matching source
// in one list, the store's pages read to the end.
func (h *handler) newsAPISources(ctx context.Context, v url.Values) (any, error) {
	q, err := newsapi.ParseSources(v)
	if err != nil {
		return nil, err
	}
	out := []newsAPISource{}
	q.PageSize = model.MaxPageSize
	for q.Page = 1; ; q.Page++ {
		p, err := h.st.Sources(ctx, q)
		if err != nil {
			return nil, err
		}
		for _, s := range p.Items {
			out = append(out, newsAPISource{ID: s.ID, Name: s.Name, Description: s.Description, URL: s.URL,
				Category: string(s.Category), Language: newsapi.LanguageCode(s.Language), Country: string(s.Country)})
		}
		if len(p.Items) == 0 || len(out) >= p.TotalResults {
			return newsAPISources{Status: "ok", Sources: out}, nil
		}
	}
}
