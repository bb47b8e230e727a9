package api

import (
	"errors"

	"tidings/model"
)

// ErrSearchUnsupported: the service has no keyword search. The Google
// Reader API has none of its own; FreshRSS's and Miniflux's
// implementations of it offer none. Errors that match it name the
// service and say what to do instead.
var ErrSearchUnsupported = errors.New("the service has no search")

// greaderProtocol holds the rules of [DialectGReader] for the Validate
// methods of [Dialect]. Package api/greader speaks the dialect; [New]
// refuses it, so the wire methods inherited from the spec's are never
// reached.
type greaderProtocol struct{ specProtocol }

// The filters a Google Reader service cannot apply: its subscriptions
// carry labels but no country and no language.
var (
	errGReaderCountry = &model.ValidationError{Param: "country", Kind: model.KindParameter,
		Message: "a Google Reader service has no countries; keep All countries"}
	errGReaderLanguage = &model.ValidationError{Param: "language", Kind: model.KindParameter,
		Message: "a Google Reader service has no languages; keep All languages"}
	errGReaderSources = &model.ValidationError{Param: "sources", Kind: model.KindParameter,
		Message: "a Google Reader service lists one subscription at a time: name one source"}
)

func (greaderProtocol) headlines(q model.HeadlinesQuery) request {
	switch {
	case q.Country != "":
		return request{err: errGReaderCountry}
	case len(q.Sources) > 1:
		return request{err: errGReaderSources}
	}
	return specProtocol{}.headlines(q)
}

func (greaderProtocol) sources(q model.SourcesQuery) request {
	switch {
	case q.Country != "":
		return request{err: errGReaderCountry}
	case q.Language != "":
		return request{err: errGReaderLanguage}
	}
	return specProtocol{}.sources(q)
}

// articles takes one source's articles without keywords (the Source
// screen's s lists them at once). Keywords pass the spec's rules here;
// the client answers them with [ErrSearchUnsupported], naming the
// service.
func (greaderProtocol) articles(q model.ArticlesQuery) request {
	if len(q.Sources) > 1 {
		return request{err: errGReaderSources}
	}
	if q.Q == "" && q.Story == "" && len(q.Sources) == 1 {
		if err := q.ValidateFilters(); err != nil {
			return request{err: err}
		}
		return request{}
	}
	return specProtocol{}.articles(q)
}
