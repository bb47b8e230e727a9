package api

import (
	"errors"
	"strings"

	"tidings/model"
)

// NewsAPI's answers have the spec's shapes (status, totalResults and
// articles; status and sources), so the spec's tolerant decoders read
// them. What differs is handled here: the sources list is complete and
// carries no totalResults, codes are NewsAPI's, and removed articles are
// left in the list as placeholders.

// decodeSources reads /top-headlines/sources: every matching source at
// once, with no totalResults. The page says it is the whole list, so a
// reader shows "N sources", not "loaded N of N+1", and asks for no more.
func (newsAPIProtocol) decodeSources(body []byte, _ request, redact func(string) string) (model.Page[model.Source], error) {
	p, err := decodeSourcesPage(body, pagingHint{}, redact)
	if err != nil {
		return p, classifyNewsAPIBody(err)
	}
	for i := range p.Items {
		s := &p.Items[i]
		if l, ok := model.LanguageFromNewsAPI(string(s.Language)); ok {
			s.Language = l // "sv" is the spec's "se"
		}
		if c, ok := model.CountryFromNewsAPI(string(s.Country)); ok {
			s.Country = c
		}
	}
	n := len(p.Items)
	return model.Page[model.Source]{Items: p.Items, TotalResults: n, Page: 1, PageSize: n}, nil
}

// decodeArticles reads /top-headlines and /everything. Articles NewsAPI
// has withdrawn stay in its lists as placeholders titled "[Removed]" with
// the link https://removed.com (seen in answers quoted in
// Qrome/marquee-scroller#293 and elsewhere); they are dropped, as they
// have nothing to read. The total is NewsAPI's, placeholders included.
func (newsAPIProtocol) decodeArticles(body []byte, r request, redact func(string) string) (model.Page[model.Article], error) {
	p, err := decodeArticlesPage(body, r.hint, redact)
	if err != nil {
		return p, classifyNewsAPIBody(err)
	}
	kept := p.Items[:0]
	for _, a := range p.Items {
		if !removedPlaceholder(a) {
			kept = append(kept, a)
		}
	}
	p.Items = kept
	return p, nil
}

func removedPlaceholder(a model.Article) bool {
	return strings.TrimSpace(a.Title) == "[Removed]" ||
		strings.TrimRight(strings.ToLower(strings.TrimSpace(a.URL)), "/") == "https://removed.com"
}

// classifyNewsAPIBody gives an error read from a 2xx body ({"status":
// "error", "code": …}) NewsAPI's meaning; other errors pass unchanged.
func classifyNewsAPIBody(err error) error {
	var e *Error
	if errors.As(err, &e) {
		classifyNewsAPI(e)
	}
	return err
}
