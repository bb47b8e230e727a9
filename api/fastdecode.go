package api

import (
	"bytes"
	"encoding/json"

	"tidings/model"
)

// The tolerant wire types (wire.go) take every list element and every
// article source apart with a json.Unmarshal of their own, which makes
// encoding/json scan each article four times: a 100-article page took
// about 1.5 ms. Nearly every page a service sends has one shape, though:
// the elements are objects (or null) and each source is an object (or
// null). fastArticlesEnvelope reads that shape in one json.Unmarshal; any
// other shape makes encoding/json report a type error, and only then is
// the page read again with the tolerant types.

// fastArticlesEnvelope is articlesEnvelope for the common shape. A null
// element stays a nil pointer, so it is dropped as before while {} is
// kept as an empty article.
type fastArticlesEnvelope struct {
	envelopeHeader
	Articles *[]*fastArticle `json:"articles"`
}

// fastArticle is an article whose source must be an object or null: its
// Source field, being shallower, hides articleFields.Source from
// encoding/json. It is a pointer so that a later "source": null clears an
// earlier one, as in the tolerant decoder.
type fastArticle struct {
	articleFields
	Source *fastSourceRef `json:"source"`
}

type fastSourceRef struct {
	ID   text `json:"id"`
	Name text `json:"name"`
}

// decodeArticlesFast decodes the common shape in one pass. ok is false
// when the body has another shape or is not JSON: the caller then takes
// the tolerant path, which also produces the right error.
func decodeArticlesFast(trimmed []byte) (h envelopeHeader, items []*fastArticle, hasList, ok bool) {
	var env fastArticlesEnvelope
	if json.Unmarshal(trimmed, &env) != nil {
		return envelopeHeader{}, nil, false, false
	}
	if env.Articles == nil {
		return env.envelopeHeader, nil, false, true
	}
	return env.envelopeHeader, *env.Articles, true, true
}

// article converts to the model exactly as wireArticle.article does.
func (f *fastArticle) article() model.Article {
	w := wireArticle{articleFields: f.articleFields}
	if f.Source != nil {
		w.articleFields.Source.ref = model.SourceRef{ID: string(f.Source.ID), Name: string(f.Source.Name)}
	}
	return w.article()
}

// readArticles decodes an articles envelope: in one pass when it has the
// common shape, else with the tolerant types. items is nil when the body
// has no list.
func readArticles(body []byte) (h envelopeHeader, items []model.Article, hasList bool, err error) {
	if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && trimmed[0] == '{' {
		if h, list, hasList, ok := decodeArticlesFast(trimmed); ok {
			if hasList {
				items = make([]model.Article, 0, len(list))
				for _, f := range list {
					if f != nil {
						items = append(items, f.article())
					}
				}
			}
			return h, items, hasList, nil
		}
	}
	return readArticlesTolerant(body)
}

// readArticlesTolerant is readArticles for any shape: every element and
// source is decoded on its own, so one odd element costs only itself.
func readArticlesTolerant(body []byte) (h envelopeHeader, items []model.Article, hasList bool, err error) {
	var env articlesEnvelope
	if err := unmarshalEnvelope(body, &env); err != nil {
		return envelopeHeader{}, nil, false, err
	}
	if env.Articles != nil {
		items = make([]model.Article, 0, len(*env.Articles))
		for i := range *env.Articles {
			if w := &(*env.Articles)[i]; !w.skip {
				items = append(items, w.article())
			}
		}
	}
	return env.envelopeHeader, items, env.Articles != nil, nil
}
